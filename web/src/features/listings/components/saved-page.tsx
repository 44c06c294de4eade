import { Heart, RotateCcw, Search, Trash2, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toastApiFailure } from '@/lib/api-error-toast';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { SAVED_TEXTS, SAVED_TRUCK_TTL_DAYS, type SavedTruck } from '@shared/schemas/saved';
import { useSavedTrucks, useSetTruckSaved } from '../api/saved-trucks';
import { CardsFinanceFootnote, CardsProvider, ListingCard } from './listing-card';
import { SavedSearchesSection } from './saved-searches-section';

/** /saved — the signed-in user's saved trucks, newest save first (issue 3 §7). */
export function SavedPage() {
  usePageMeta('Saved Trucks', 'The trucks you saved on TruckYard.');
  const saved = useSavedTrucks();
  const items = saved.data ?? [];

  return (
    <div className="bg-muted/40 pb-16">
      <PageContainer className="pt-8 sm:pt-10">
        <h1 className="flex items-center gap-2 text-3xl font-bold text-foreground sm:text-4xl">
          <Heart className="size-7 text-rose-600" aria-hidden="true" />
          Saved Trucks
        </h1>
        <p className="mt-1 text-muted-foreground">Trucks you save stay here for {SAVED_TRUCK_TTL_DAYS} days after you last saved them.</p>

        {saved.isPending ? (
          <div className="flex min-h-[30vh] items-center justify-center" role="status">
            <span className="inline-flex items-center gap-2 text-muted-foreground">
              <Spinner />
              Loading your saved trucks...
            </span>
          </div>
        ) : saved.isError ? (
          <Card className="mt-8 p-8 text-center">
            <p className="font-semibold">Failed to load your saved trucks</p>
            <Button variant="outline" className="mt-4" onClick={() => void saved.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
          </Card>
        ) : items.length === 0 ? (
          <Card className="mt-8 flex flex-col items-center p-10 text-center">
            <Heart className="size-12 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold">No saved trucks yet</p>
            <p className="mt-1 text-muted-foreground">Tap Save on any truck to keep it here and come back to it later.</p>
            <Link to={`${paths.home}#browse`} className={cn(buttonVariants({ variant: 'accent' }), 'mt-6')}>
              <Search aria-hidden="true" />
              Browse Trucks
            </Link>
          </Card>
        ) : (
          <>
            <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
              {items.length} saved truck{items.length === 1 ? '' : 's'}
            </p>
            <CardsProvider>
              <ul className="mt-3 grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your saved trucks">
                {items.map((item) => (
                  <li key={item.listingId} className="flex">
                    {item.listing ? <ListingCard listing={item.listing} className="w-full" /> : <UnavailableCard item={item} />}
                  </li>
                ))}
              </ul>
              <CardsFinanceFootnote />
            </CardsProvider>
          </>
        )}
        <SavedSearchesSection />
      </PageContainer>
    </div>
  );
}

/** A saved truck that was sold off-site, withdrawn or deleted: say so and offer to remove it. */
function UnavailableCard({ item }: { item: SavedTruck }) {
  const remove = useSetTruckSaved();
  const onRemove = () =>
    remove.mutate(
      { listing: { id: item.listingId }, saved: false },
      { onError: (err) => toastApiFailure(err, 'Error', SAVED_TEXTS.failed) },
    );
  return (
    <Card className="flex w-full flex-col items-center justify-center gap-3 p-8 text-center">
      <Truck className="size-10 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
      <p className="font-semibold">{SAVED_TEXTS.unavailable}</p>
      <p className="text-sm text-muted-foreground">
        Saved {formatDate(item.savedAt)}. This truck has been removed or withdrawn by its seller.
      </p>
      <Button variant="outline" size="sm" onClick={onRemove} disabled={remove.isPending}>
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
    </Card>
  );
}
