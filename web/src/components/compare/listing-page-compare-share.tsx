import { ShareButton } from '@/components/share/share-button';
import type { Listing } from '@shared/schemas/listing';
import { CompareButton } from './compare-button';

/** The listing page's "Compare" and "Share" (issue 26 §2, §4), one line in the page. */
export function ListingPageCompareShare({ listing }: { listing: Listing }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <CompareButton listing={listing} />
      <ShareButton listing={listing} />
    </div>
  );
}
