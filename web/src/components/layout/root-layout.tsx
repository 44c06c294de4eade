import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { PromotionPopup } from '@/features/site/components/promotion-slot';
import { SiteNotice } from '@/features/site/components/site-notice';
import { Footer } from './footer';
import { Header } from './header';
import { PageFallback } from './page-shell';
import { ScrollRestoration } from './scroll-restoration';

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
      <Footer />
      <SiteNotice />
      <PromotionPopup />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
