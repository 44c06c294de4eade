import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPPORT } from '@shared/constants';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { SafetyAdvice } from '@/components/safety-advice';
import { ContactForm } from './contact-form';

export function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Call, e-mail or message the TruckYard team about buying, selling or listing a truck. We reply within 24 hours.',
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Questions about buying, selling or listing a truck? Call us, send an e-mail or use the form and we will get back to you within 24
          hours.
        </p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="contact-details-heading" className="space-y-4">
          <h2 id="contact-details-heading" className="sr-only">
            Contact details
          </h2>
          <ContactDetail icon={<Phone />} title="Phone">
            <a className="font-semibold text-primary underline-offset-4 hover:underline" href={`tel:${SUPPORT.phone.replace(/\s/g, '')}`}>
              {SUPPORT.phone}
            </a>
            <p className="text-sm text-muted-foreground">Lines open Monday to Friday 9am–6pm</p>
          </ContactDetail>
          <ContactDetail icon={<Mail />} title="Email">
            <a
              className="[overflow-wrap:anywhere] font-semibold text-primary underline-offset-4 hover:underline"
              href={`mailto:${SUPPORT.email}`}
            >
              {SUPPORT.email}
            </a>
            <p className="text-sm text-muted-foreground">We reply within 24 hours</p>
          </ContactDetail>
          <ContactDetail icon={<MapPin />} title="Office">
            <address className="not-italic">{SUPPORT.address}</address>
          </ContactDetail>
          <ContactDetail icon={<Clock />} title="Opening hours">
            <ul className="space-y-0.5">
              {SUPPORT.hours.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </ContactDetail>
          <SafetyAdvice />
        </section>

        <section aria-labelledby="contact-form-heading">
          <Card>
            <CardHeader>
              <h2 id="contact-form-heading" className="text-xl font-bold">
                Send us a message
              </h2>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>
        </section>
      </div>
    </div>
  );
}

function ContactDetail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-lg border border-border bg-card p-4">
      <div
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground [&_svg]:size-5"
      >
        {icon}
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold">{title}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}
