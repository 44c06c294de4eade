import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Rating as five stars (whole stars filled; a half star from .5), with the review count. */
export function StarRating({ rating, reviews }: { rating: number; reviews: number }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <div className="flex items-center gap-2 text-sm">
      <span role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} className="flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className="relative size-4">
            <Star aria-hidden="true" className="absolute inset-0 size-4 text-slate-300" fill="currentColor" strokeWidth={0} />
            {rounded >= n - 0.5 && (
              <span className={cn('absolute inset-0 overflow-hidden', rounded === n - 0.5 ? 'w-1/2' : 'w-full')}>
                <Star aria-hidden="true" className="size-4 text-amber-500" fill="currentColor" strokeWidth={0} />
              </span>
            )}
          </span>
        ))}
      </span>
      <span className="text-muted-foreground">
        {rating.toFixed(1)} ({reviews.toLocaleString('en-GB')} reviews)
      </span>
    </div>
  );
}
