import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { compareTray } from '@/components/compare/compare-store';
import { useStoredTrucks } from '@/lib/stored-list';
import { OptionalPart } from '@/components/ui/optional-part';
import { Toaster } from '@/components/ui/toaster';
import { PromotionPopup } from '@/components/site/promotion-slot';
import { SiteNotice } from '@/components/site/site-notice';
import { whenIdleOrNear } from '@/lib/when-idle-or-near';
import { Header } from './header';
import { PageFallback } from './page-shell';
import { ScrollRestoration } from './scroll-restoration';

/**
 * The footer is below the fold, and a server-rendered page arrives with it as HTML, which stays
 * (links work) until its code has loaded: React hydrates it then. So its code is not part of the
 * first visit's JavaScript: it is fetched when the browser is idle or the visitor scrolls near it,
 * and at once when the browser renders the page itself (the server renders it with the page).
 */
const Footer = lazy(async () => {
  // The footer follows <main id="main"> (below).
  const serverRendered = typeof document === 'undefined' ? null : document.querySelector('#main ~ footer');
  if (serverRendered) await whenIdleOrNear(serverRendered);
  return { default: (await import('./footer')).Footer };
});

/** The compare tray shows only once a truck is added (never on the server): its code is not part of the first screen. */
const CompareTray = lazy(() => import('@/components/compare/compare-tray').then((m) => ({ default: m.CompareTray })));

/** Every page: skip link, header, the route, footer, and the toast area. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <OptionalPart>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </OptionalPart>
      <CompareTrayWhenFilled />
      <SiteNotice />
      <PromotionPopup />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}

/**
 * The compare tray, loaded only once it has a truck in it. Its own component: adding a truck
 * re-renders this alone, never the layout around the page, whose Suspense boundary a re-render
 * would make React client-render (dropping the server's HTML) if the page had not finished hydrating.
 */
function CompareTrayWhenFilled() {
  const hasCompareTray = useStoredTrucks(compareTray).length > 0;
  if (!hasCompareTray) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
}
