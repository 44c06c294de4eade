import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { ListingGrid } from './listing-card';
import { useQuery } from '@tanstack/react-query';
import { searchListingsQueryOptions } from '../api/search-listings';
import type { Listing } from '@shared/schemas/listing';
import { useStorefront } from '../api/get-storefront';
import { PrivateSellerBadge, TradeSellerBadge } from './seller-type-badge';

/** "Trade seller" or "Private seller" on a listing (issue 26 §1): every listing says which it is. */
export function SellerTypeBadge({ listing, className }: { listing: Pick<Listing, 'sellerType'>; className?: string }) {
  if (listing.sellerType === 'trade') return <TradeSellerBadge className={className} />;
  if (listing.sellerType === 'private') return <PrivateSellerBadge className={className} />;
  return null;
}

const OTHERS = 4;

/** On a dealer's listing: a link to their storefront and 4 of their other trucks (issue 26 §1). Nothing for private sellers or a hidden storefront. */
export function MoreFromDealer({ listing }: { listing: Pick<Listing, 'id' | 'sellerStorefront'> }) {
  const slug = listing.sellerStorefront ?? '';
  const storefront = useStorefront(slug, Boolean(slug));
  const stock = useQuery({ ...searchListingsQueryOptions({ dealer: slug, pageSize: OTHERS + 1 }), enabled: Boolean(slug) });
  if (!slug || !storefront.data) return null;
  const others = (stock.data?.items ?? []).filter((l) => l.id !== listing.id).slice(0, OTHERS);
  const name = storefront.data.companyName;
  return (
    <section aria-labelledby="more-from-dealer" className="mt-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <h2 id="more-from-dealer" className="text-xl font-bold text-primary sm:text-2xl">
          More from {name}
        </h2>
        <Link to={paths.dealer(slug)} className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
          See all stock from {name}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {others.length ? (
        <ListingGrid listings={others} />
      ) : (
        <p className="text-sm text-muted-foreground">No other trucks from this dealer right now.</p>
      )}
    </section>
  );
}
