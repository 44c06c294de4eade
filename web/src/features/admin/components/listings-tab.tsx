import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, Textarea } from '@/components/ui/input';
import { type ManagedImage, ImageManager, releasePreviews, storedImages } from '@/components/listing-images/image-manager';
import { uploadNewImages } from '@/components/listing-form/upload-new-images';
import { formatPrice } from '@/lib/format';
import {
  ADMIN_LISTING_FILTERS,
  ADMIN_SETTABLE_STATUSES,
  type AdminListing,
  type AdminListingFilter,
  type AdminSettableStatus,
} from '@shared/schemas/admin';
import {
  useAdminListings,
  useDeleteAdminListing,
  useScraped,
  useSetAdminListingStatus,
  useSetListingDescription,
  useSetListingImages,
  useSetScrapedHidden,
} from '../api/admin-api';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { PendingImportsPanel } from './dealer-review';
import { ADMIN_TEXTS } from '../lib/texts';
import { FilterButtons, PagedList, capitalise, formatDate } from './shared';

type View = AdminListingFilter | 'pending-import' | 'scraped' | 'scraped-hidden';
const VIEWS: ReadonlyArray<{ value: View; label: string }> = [
  ...ADMIN_LISTING_FILTERS.map((v) => ({ value: v as View, label: capitalise(v) })),
  // Dealers' first stock imports, reviewed as a whole (issue 23).
  { value: 'pending-import', label: 'Pending import' },
  { value: 'scraped', label: 'Scraped' },
  { value: 'scraped-hidden', label: 'Scraped (hidden)' },
];

/** Listings: filters, status dropdown, description, images, delete; scraped listings with hide/unhide. */
export function ListingsTab() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? 'all';
  const view: View = VIEWS.some((v) => v.value === raw) ? (raw as View) : 'all';
  return (
    <div className="space-y-4">
      <FilterButtons label="Filter listings" options={VIEWS} value={view} onChange={(v) => setParams({ tab: 'listings', status: v })} />
      {view === 'pending-import' ? (
        <PendingImportsPanel />
      ) : view === 'scraped' || view === 'scraped-hidden' ? (
        <ScrapedList hidden={view === 'scraped-hidden'} />
      ) : (
        <UserListings status={view} />
      )}
    </div>
  );
}

function UserListings({ status }: { status: AdminListingFilter }) {
  const listings = useAdminListings(status);
  return (
    <PagedList query={listings} failureText={ADMIN_TEXTS.loadListings} emptyText={ADMIN_TEXTS.empty.listings}>
      {(items) => (
        <ul className="space-y-3">
          {items.map((l) => (
            <ListingRow key={l.id} listing={l} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function ListingRow({ listing }: { listing: AdminListing }) {
  const setStatus = useSetAdminListingStatus();
  const setDescription = useSetListingDescription();
  const setImages = useSetListingImages();
  const remove = useDeleteAdminListing();
  const [editing, setEditing] = useState<'description' | 'images' | null>(null);
  const [description, setDescriptionDraft] = useState(listing.description ?? '');
  const [images, setImageDraft] = useState<ManagedImage[]>([]);

  const changeStatus = async (status: AdminSettableStatus) => {
    try {
      await setStatus.mutateAsync({ id: listing.id, status });
      notifySuccess(ADMIN_TEXTS.listingStatus(status));
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.updateListingStatus, err);
    }
  };
  const saveDescription = async () => {
    try {
      await setDescription.mutateAsync({ id: listing.id, description: description.trim() || null });
      notifySuccess(ADMIN_TEXTS.descriptionUpdated);
      setEditing(null);
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.updateDescription, err);
    }
  };
  const startImages = () => {
    setImageDraft(storedImages(listing.images));
    setEditing('images');
  };
  const saveImages = async () => {
    const uploaded = await uploadNewImages(images, ADMIN_TEXTS.updateImages);
    if (!uploaded) return;
    try {
      await setImages.mutateAsync({ id: listing.id, imageKeys: uploaded.keys });
      notifySuccess(ADMIN_TEXTS.imagesUpdated);
      releasePreviews(images);
      setEditing(null);
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.updateImages, err);
    }
  };
  const onDelete = async () => {
    if (!window.confirm(`Delete "${listing.title}"? This cannot be undone.`)) return;
    try {
      await remove.mutateAsync(listing.id);
      notifySuccess('Listing deleted successfully');
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.deleteListing, err);
    }
  };

  const settable = (ADMIN_SETTABLE_STATUSES as readonly string[]).includes(listing.status) ? listing.status : '';
  return (
    <li className="rounded-md border p-3" data-testid="admin-listing-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 gap-3">
          {listing.images[0] ? (
            <img src={listing.images[0].thumbUrl} alt="" className="h-16 w-24 rounded object-cover" width={96} height={64} loading="lazy" />
          ) : (
            <div className="h-16 w-24 rounded bg-muted" />
          )}
          <div className="min-w-0">
            <a href={`/truck/${listing.id}`} className="font-medium hover:underline">
              {listing.title}
            </a>
            <p className="text-sm text-muted-foreground">
              {formatPrice(listing.price)} · {listing.companyName ?? listing.contactName} · {formatDate(listing.createdAt)}
            </p>
            <div className="mt-1 flex gap-1">
              <Badge variant={listing.status === 'active' ? 'success' : 'muted'}>{capitalise(listing.status)}</Badge>
              {listing.ownerSuspended && <Badge variant="destructive">Owner suspended</Badge>}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`status-${listing.id}`}>
            Status of {listing.title}
          </label>
          <Select
            id={`status-${listing.id}`}
            value={settable}
            onChange={(e) => void changeStatus(e.target.value as AdminSettableStatus)}
            className="h-9 w-32"
          >
            {!settable && <option value="">{capitalise(listing.status)}</option>}
            {ADMIN_SETTABLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)}
              </option>
            ))}
          </Select>
          <Button size="sm" variant="outline" onClick={() => setEditing(editing === 'description' ? null : 'description')}>
            Edit description
          </Button>
          <Button size="sm" variant="outline" onClick={startImages}>
            Edit images
          </Button>
          <Button size="sm" variant="destructive" onClick={() => void onDelete()} disabled={remove.isPending}>
            Delete
          </Button>
        </div>
      </div>
      {editing === 'description' && (
        <div className="mt-3 space-y-2">
          <label className="sr-only" htmlFor={`desc-${listing.id}`}>
            Description
          </label>
          <Textarea id={`desc-${listing.id}`} rows={4} value={description} onChange={(e) => setDescriptionDraft(e.target.value)} />
          <Button size="sm" onClick={() => void saveDescription()} disabled={setDescription.isPending}>
            Save description
          </Button>
        </div>
      )}
      {editing === 'images' && (
        <div className="mt-3 space-y-2">
          <ImageManager images={images} onChange={setImageDraft} />
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void saveImages()} disabled={setImages.isPending}>
              Save images
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function ScrapedList({ hidden }: { hidden: boolean }) {
  const scraped = useScraped(hidden);
  const setHidden = useSetScrapedHidden();
  const toggle = async (id: string) => {
    try {
      await setHidden.mutateAsync({ id, hidden: !hidden });
      notifySuccess(hidden ? 'Listing shown again' : 'Listing hidden');
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.updateListingStatus, err);
    }
  };
  return (
    <PagedList query={scraped} failureText={ADMIN_TEXTS.loadListings} emptyText={ADMIN_TEXTS.empty.listings}>
      {(items) => (
        <ul className="divide-y rounded-md border">
          {items.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div>
                <p className="font-medium">{s.title}</p>
                <p className="text-sm text-muted-foreground">
                  {s.sourceWebsite} · {s.price ? formatPrice(s.price) : 'POA'} · collected {formatDate(s.scrapedAt)}
                </p>
              </div>
              <Button size="sm" variant="outline" onClick={() => void toggle(s.id)}>
                {hidden ? 'Unhide' : 'Hide'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
