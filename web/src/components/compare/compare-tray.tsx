import { useStoredTrucks } from '@/lib/stored-list';
import { GitCompareArrows, X } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { clearCompare, compareTray, removeTruckFromCompare } from './compare-store';
import { compareHref } from './compare-tray-logic';
import { TruckThumb } from '@/components/ui/truck-thumb';

/**
 * The compare tray (issue 26 §2): a bar at the foot of every page once a truck is added, with the
 * trucks, "Compare" (the shareable /compare link) and "Clear". Nothing on the server or while the
 * page hydrates; a spacer keeps it from covering the footer.
 */
export function CompareTray() {
  const items = useStoredTrucks(compareTray);
  const { pathname } = useLocation();
  if (!items.length || pathname === '/compare') return null;
  return (
    <>
      <div aria-hidden="true" className="h-24 sm:h-20" />
      <section
        aria-label="Compare tray"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2.5 sm:gap-4 sm:px-6">
          <ul className="flex min-w-0 flex-1 gap-2" aria-label="Trucks to compare">
            {items.map((t) => (
              <li
                key={t.id}
                className="flex min-w-0 max-w-56 flex-1 items-center gap-2 rounded-md border border-border bg-background p-1.5"
              >
                <TruckThumb
                  src={t.thumbUrl}
                  width={48}
                  height={36}
                  iconClassName="size-5"
                  className="hidden h-9 w-12 shrink-0 rounded sm:flex"
                />
                <span className="line-clamp-2 min-w-0 flex-1 text-xs leading-tight font-medium">{t.title}</span>
                <button
                  type="button"
                  onClick={() => removeTruckFromCompare(t.id)}
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  <X className="size-4" aria-hidden="true" />
                  <span className="sr-only">Remove {t.title} from compare</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
            <Link to={compareHref(items.map((t) => t.id))} className={cn(buttonVariants({ size: 'sm' }), 'h-9')} data-testid="compare-open">
              <GitCompareArrows aria-hidden="true" />
              Compare ({items.length})
            </Link>
            <button type="button" onClick={clearCompare} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'h-8 text-xs')}>
              Clear
            </button>
          </div>
        </div>
      </section>
    </>
  );
}
