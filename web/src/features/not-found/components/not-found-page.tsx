import { ArrowLeft, Search, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { CATEGORY_PAGES } from '@shared/values';

/** Unknown routes: say so plainly and offer the ways back into the marketplace. */
export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you were looking for is not on TruckYard. Browse used trucks and HGVs for sale across the UK.');
  return (
    <PageContainer className="py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent/15 text-accent">
          <Truck className="size-8" aria-hidden="true" />
        </div>
        <p className="mt-6 text-sm font-semibold tracking-wider text-amber-800 uppercase">Error 404</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">Page not found</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          We couldn't find that page. It may have moved, or the link may be wrong. The trucks are still here, though.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.home} className={cn(buttonVariants({ variant: 'default', size: 'lg' }))}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
          <Link to={`${paths.home}#browse`} className={cn(buttonVariants({ variant: 'accent', size: 'lg' }))}>
            <Search aria-hidden="true" />
            Browse all trucks
          </Link>
        </div>
      </div>
      <nav aria-labelledby="nf-categories" className="mx-auto mt-14 max-w-3xl">
        <h2 id="nf-categories" className="text-center text-sm font-semibold tracking-wider text-muted-foreground uppercase">
          Or browse by category
        </h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-2">
          {CATEGORY_PAGES.map((c) => (
            <li key={c.path}>
              <Link
                to={c.path}
                className="inline-flex rounded-full border border-border bg-card px-4 py-2 text-sm font-medium hover:border-primary hover:text-primary"
              >
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageContainer>
  );
}
