import { BadgeCheck, Clock, Megaphone, Users } from 'lucide-react';
import { PageContainer } from '@/components/layout/page-shell';
import { useContentSection } from '@/components/site/api/get-page-content';
import { SanitizedHtml } from '@/components/site/sanitized-html';
import { usePageMeta } from '@/lib/page-meta';
import { SellForm } from './sell-form';

const PROMISES = [
  { icon: Users, text: 'Matched with a network of over 10,000 buyers and dealers' },
  { icon: Clock, text: '85% of trucks sell within 30 days' },
  { icon: BadgeCheck, text: '£0 listing fees, always' },
] as const;

/** /sell-truck — Sell Your Truck (spec §2): promotion banner, then the form. */
export function SellPage() {
  usePageMeta('Sell Your Truck', 'List your used truck for free and reach thousands of buyers across the UK.');
  // Staff edit the banner in /admin → Content (sell-truck / banner); the built-in text is the fallback.
  const banner = useContentSection('sell-truck', 'banner');
  return (
    <div className="bg-muted/40 pb-16">
      <PageContainer className="max-w-5xl pt-8 sm:pt-10">
        <h1 className="text-3xl font-bold text-foreground sm:text-4xl">Sell Your Truck</h1>
        <p className="mt-2 text-muted-foreground">List for free in minutes. Fields marked * are required.</p>

        <section aria-labelledby="promo-title" className="mt-6 overflow-hidden rounded-xl bg-primary text-primary-foreground shadow-md">
          <div className="flex flex-col gap-4 p-5 sm:p-6 md:flex-row md:items-center md:justify-between">
            <div className="flex items-start gap-3">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <Megaphone className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h2 id="promo-title" className="text-lg font-bold">
                  {banner?.title ?? 'Proactive promotion, included free'}
                </h2>
                {banner?.text ? (
                  // Sanitised on the server (renderContentHtml).
                  <SanitizedHtml className="mt-1 text-sm text-white/85" data-testid="sell-banner-text" html={banner.html} />
                ) : (
                  <p className="mt-1 text-sm text-white/85">
                    We don't wait for buyers to find you: as soon as your truck is listed we match it with subscribed buyers and dealers
                    looking for exactly this vehicle.
                  </p>
                )}
              </div>
            </div>
            <ul className="grid shrink-0 gap-2 text-sm md:w-72">
              {PROMISES.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon className="size-4 shrink-0 text-accent" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <SellForm />
      </PageContainer>
    </div>
  );
}
