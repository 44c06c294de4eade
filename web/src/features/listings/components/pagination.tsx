import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { pageWindow } from '../lib/page-window';

/** Page navigation: previous/next and a window of page numbers. */
export function Pagination({ page, totalPages, onPageChange }: { page: number; totalPages: number; onPageChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  const base =
    'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border border-border bg-card px-3 text-sm font-semibold hover:bg-muted disabled:pointer-events-none disabled:opacity-50';
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      <button type="button" className={base} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span>Previous</span>
      </button>
      <ul className="hidden items-center gap-1.5 sm:flex">
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={cn(base, p === page && 'border-primary bg-primary text-primary-foreground hover:bg-primary')}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onPageChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
      </ul>
      <span className="px-2 text-sm text-muted-foreground sm:hidden">
        Page {page} of {totalPages}
      </span>
      <button type="button" className={base} disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        <span>Next</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
