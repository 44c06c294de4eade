import { Mail, Phone } from 'lucide-react';
import { PromotionSlot } from '@/components/site/promotion-slot';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { useAuth } from '@/lib/auth';
import { SITE_NAME, SUPPORT } from '@shared/constants';
import { CATEGORY_PAGES } from '@shared/values';
import { Wordmark } from './logo';

const services = [
  { to: paths.valuation, label: 'Vehicle Valuation' },
  { to: paths.finance, label: 'Truck Finance' },
  { to: paths.insurance, label: 'Truck Insurance' },
  { to: paths.warranty, label: 'Warranty' },
  { to: paths.equipment, label: 'Equipment Store' },
  { to: paths.subscribe, label: 'Get Truck Alerts' },
];

const socials = [
  {
    href: 'https://www.facebook.com/',
    label: 'Facebook',
    path: 'M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.2C16.7 2.1 15.6 2 14.4 2 11.9 2 10.2 3.5 10.2 6.3v2.2H7.5v3.7h2.7V22H14v-9.8h2.8l.4-3.7H14z',
  },
  {
    href: 'https://x.com/',
    label: 'X (Twitter)',
    path: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.5l11.2 14.5z',
  },
  {
    href: 'https://www.linkedin.com/',
    label: 'LinkedIn',
    path: 'M6.9 8.8H3.2V21h3.7V8.8zM5 3a2.1 2.1 0 1 0 0 4.3A2.1 2.1 0 0 0 5 3zm15.9 10.9c0-3.3-.7-5.4-4.5-5.4-1.8 0-3 .7-3.5 1.6V8.8H9.4V21h3.7v-6c0-1.6.3-3.1 2.3-3.1 1.9 0 2 1.8 2 3.2V21h3.6v-7.1z',
  },
  {
    href: 'https://www.youtube.com/',
    label: 'YouTube',
    path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3-5.2 3z',
  },
];

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-sm text-white/75 hover:text-white hover:underline">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The footer (spec §2 Home): every category, service and help link, and the social links. */
export function Footer() {
  const { isSignedIn } = useAuth();
  const help = [
    { to: paths.contact, label: 'Contact Us' },
    { to: paths.faq, label: 'FAQ' },
    { to: paths.terms, label: 'Terms & Conditions' },
    { to: paths.privacy, label: 'Privacy Policy' },
    // Signed in, 'Account' opens the account page (/account), not /auth as the spec has it (README, "Account page").
    { to: isSignedIn ? paths.account : paths.auth, label: isSignedIn ? 'Account' : 'Sign In' },
  ];
  return (
    <footer className="mt-16 bg-primary text-white">
      <PromotionSlot position="footer" className="mx-auto max-w-7xl border-b border-white/15 px-4 py-4 sm:px-6 lg:px-8" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Link to={paths.home} className="inline-block rounded-md" aria-label="TruckYard home">
            <Wordmark />
          </Link>
          <p className="max-w-xs text-sm text-white/75">
            The UK marketplace for used trucks and HGVs. List for free and reach buyers and dealers across the country.
          </p>
          <ul className="space-y-1.5 text-sm text-white/75">
            <li>
              <a href={`tel:${SUPPORT.phone.replace(/\s/g, '')}`} className="inline-flex items-center gap-2 hover:text-white">
                <Phone className="size-4" aria-hidden="true" />
                {SUPPORT.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT.email}`} className="inline-flex items-center gap-2 hover:text-white">
                <Mail className="size-4" aria-hidden="true" />
                {SUPPORT.email}
              </a>
            </li>
          </ul>
          <ul className="flex gap-2" aria-label="TruckYard on social media">
            {socials.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex size-9 items-center justify-center rounded-full bg-white/10 hover:bg-accent hover:text-accent-foreground"
                >
                  <span className="sr-only">{`${s.label} (opens in a new tab)`}</span>
                  <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true" focusable="false">
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title="Categories" links={CATEGORY_PAGES.map((c) => ({ to: c.path, label: c.title }))} />
        <FooterColumn title="Services" links={services} />
        <FooterColumn title="Help & Company" links={help} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-white/70 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {new Date().getFullYear()} {SITE_NAME} Ltd. All rights reserved.
          </p>
          <p>Prices shown exclude VAT where marked +VAT.</p>
        </div>
      </div>
    </footer>
  );
}
