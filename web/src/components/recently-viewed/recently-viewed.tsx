import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatMileage, formatPrice } from '@/lib/format';
import { createStoredTruckList, snapshotOf, useStoredTrucks } from '@/lib/stored-list';
import { RECENTLY_VIEWED_MAX, type TruckSnapshot } from '@shared/compare-limits';
import type { Listing } from '@shared/schemas/listing';
import { clearRecentlyViewed, recentlyViewedQueryOptions, recordRecentlyViewed } from './recently-viewed-api';
import { TruckThumb } from '@/components/ui/truck-thumb';

/** The last 12 trucks viewed in this browser (issue 26 §4), newest first. */
const recentlyViewedList = createStoredTruckList('truckyard.recently-viewed', RECENTLY_VIEWED_MAX);

/** Puts a truck at the front of the browser's list (once), keeping the last RECENTLY_VIEWED_MAX. */
function rememberViewed(items: readonly TruckSnapshot[], truck: TruckSnapshot): TruckSnapshot[] {
  return [truck, ...items.filter((t) => t.id !== truck.id)].slice(0, RECENTLY_VIEWED_MAX);
}

/** Accounts whose browser list was sent up this session (the first visit signed in on a device). */
const merged = new Set<string>();

/**
 * "Recently viewed" on home and under each listing (`current`: the listing shown, which is recorded
 * and left out of the strip). Kept in the browser; a signed-in user's list is also kept on the
 * account (GET/PUT/DELETE /api/recently-viewed), so it follows them to another device.
 * Nothing on the server render or before hydration: the strip sits below the fold.
 */
export function RecentlyViewed({ current, className }: { current?: Listing; className?: string }) {
  const local = useStoredTrucks(recentlyViewedList);
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const account = useQuery(recentlyViewedQueryOptions(userId));
  const recorded = useRef<string | null>(null);

  const currentId = current?.id;
  // Record the truck shown, once per listing and account (StrictMode runs effects twice).
  useEffect(() => {
    const key = current ? `${current.id}:${userId ?? ''}` : null;
    if (!current || recorded.current === key) return;
    recorded.current = key;
    recentlyViewedList.set(rememberViewed(recentlyViewedList.get(), snapshotOf(current)));
    if (userId) {
      recordRecentlyViewed([current.id])
        .then(() => queryClient.invalidateQueries({ queryKey: ['recently-viewed', userId] }))
        .catch(() => {});
    }
  }, [current, userId, queryClient]);

  // The first time an account is seen on this device, this browser's list joins the account's.
  useEffect(() => {
    if (!userId || !account.data || merged.has(userId)) return;
    merged.add(userId);
    const onAccount = new Set(account.data.map((e) => e.listingId));
    const missing = recentlyViewedList
      .get()
      .filter((t) => !onAccount.has(t.id))
      .map((t) => t.id);
    if (missing.length) {
      recordRecentlyViewed(missing)
        .then(() => queryClient.invalidateQueries({ queryKey: ['recently-viewed', userId] }))
        .catch(() => {});
    }
  }, [userId, account.data, queryClient]);

  const fromAccount = account.data?.flatMap((e) => (e.listing ? [snapshotOf(e.listing)] : []));
  const items = (userId && fromAccount ? fromAccount : local).filter((t) => t.id !== currentId);
  if (!items.length) return null;

  const clear = () => {
    recentlyViewedList.set([]);
    if (userId) {
      queryClient.setQueryData(recentlyViewedQueryOptions(userId).queryKey, []);
      clearRecentlyViewed().catch(() => {});
    }
  };

  return (
    <section aria-labelledby="recently-viewed-heading" className={cn('space-y-3', className)} data-testid="recently-viewed">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recently-viewed-heading" className="flex items-center gap-2 text-xl font-bold text-primary">
          <History className="size-5" aria-hidden="true" />
          Recently viewed
        </h2>
        <button type="button" onClick={clear} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }))}>
          Clear<span className="sr-only"> recently viewed trucks</span>
        </button>
      </div>
      <ul className="-mx-1 flex gap-3 overflow-x-auto px-1 pb-2">
        {items.map((t) => (
          <li key={t.id} className="w-44 shrink-0 sm:w-52">
            <Link
              to={paths.truck(t.id)}
              className="block overflow-hidden rounded-lg border border-border bg-card shadow-sm transition-shadow hover:shadow-md"
            >
              <div className="aspect-[4/3] bg-muted">
                <TruckThumb src={t.thumbUrl} width={208} height={156} lazy className="size-full" />
              </div>
              <div className="space-y-0.5 p-2.5">
                <p className="line-clamp-2 text-sm leading-snug font-semibold">{t.title}</p>
                <p className="text-sm font-bold text-primary">
                  {formatPrice(t.price)}
                  {t.vatStatus === 'plus_vat' && t.price > 0 ? <span className="ml-1 text-xs text-muted-foreground">+VAT</span> : null}
                </p>
                <p className="truncate text-xs text-muted-foreground">{[t.year, formatMileage(t.mileage)].filter(Boolean).join(' · ')}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
