import { dialablePhone, formatPhone } from '@shared/phone';
import { Eye, LogIn, Mail, MessageSquare, Pencil, Phone, Plus, Power, PowerOff, RotateCcw, Trash2, Truck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toastApiFailure } from '@/lib/api-error-toast';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDate, formatPrice, vatSuffix } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import type { Enquiry, OwnerListing } from '@shared/schemas/enquiry';
import { SELL_TEXTS, ownerToggleFor } from '@shared/schemas/sell';
import type { ListingStatus } from '@shared/listing-options';
import { useDeleteListing } from '../api/delete-listing';
import { useMyEnquiries } from '../api/list-my-enquiries';
import { useDashboardMe } from '../api/dealer-application';
import { DealerApplicationSection } from './dealer-application-section';
import { StockImportSection } from './stock-import-section';
import { StorefrontEditor } from './storefront-editor';
import { useMyListings } from '../api/list-my-listings';
import { useSetListingStatus } from '../api/set-listing-status';
import { TruckThumb } from '@/components/ui/truck-thumb';

const STATUS_BADGE: Record<ListingStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-success text-white' },
  inactive: { label: 'Inactive', className: 'bg-muted text-muted-foreground' },
  pending: { label: 'Pending', className: 'border border-border bg-card text-foreground' },
  sold: { label: 'Sold', className: 'bg-destructive text-destructive-foreground' },
  expired: { label: 'Expired', className: 'bg-muted text-muted-foreground' },
};

/** /dealer-dashboard — the signed-in user's own listings (spec §2 Dealer dashboard, §4, §8). */
export function DealerDashboardPage() {
  usePageMeta('Dealer Dashboard', 'Manage your truck listings.');
  const { ready, isSignedIn, name } = useAuth();
  const listings = useMyListings(isSignedIn);
  const enquiries = useMyEnquiries(isSignedIn);
  const me = useDashboardMe(isSignedIn);

  if (!ready) return <PageLoading />;
  if (!isSignedIn) {
    return (
      <PageContainer className="py-16">
        <Card className="mx-auto max-w-md p-8 text-center">
          <h1 className="text-xl font-semibold">Please log in to access your dashboard</h1>
          <Link to={paths.dealerLogin} className={cn(buttonVariants(), 'mt-6')}>
            <LogIn aria-hidden="true" />
            Log In
          </Link>
        </Card>
      </PageContainer>
    );
  }

  const items = listings.data ?? [];
  const activeCount = items.filter((l) => l.status === 'active').length;
  const totalViews = items.reduce((n, l) => n + (l.views ?? 0), 0);
  const totalEnquiries = items.reduce((n, l) => n + (l.enquiries ?? 0), 0);

  return (
    <div className="bg-muted/40 pb-16">
      <PageContainer className="pt-8 sm:pt-10">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-bold text-foreground sm:text-4xl">Dealer Dashboard</h1>
            <p className="mt-1 text-muted-foreground">Manage your truck listings</p>
            {name ? <p className="mt-1 text-sm text-muted-foreground">Signed in as {name}</p> : null}
            {me.data?.dealerStatus === 'approved' ? <DealerApplicationSection profile={me.data} /> : null}
          </div>
          {items.length ? (
            <Link to={paths.sellTruck} className={buttonVariants({ variant: 'accent' })}>
              <Plus aria-hidden="true" />
              Add New Listing
            </Link>
          ) : null}
        </div>

        {listings.isPending ? (
          <PageLoading label="Loading your listings..." />
        ) : listings.isError ? (
          <Card className="mt-8 p-8 text-center">
            <p className="font-semibold">Failed to load your listings</p>
            <Button variant="outline" className="mt-4" onClick={() => void listings.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
          </Card>
        ) : items.length === 0 ? (
          <Card className="mt-8 flex flex-col items-center p-10 text-center">
            <Truck className="size-12 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold">No listings yet</p>
            <p className="mt-1 text-muted-foreground">List your first truck for free and we'll start matching it with buyers.</p>
            <Link to={paths.sellTruck} className={cn(buttonVariants({ variant: 'accent' }), 'mt-6')}>
              <Plus aria-hidden="true" />
              Create First Listing
            </Link>
          </Card>
        ) : (
          <>
            <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:max-w-3xl">
              <div className="rounded-lg border border-border bg-card p-4">
                <dt className="text-sm text-muted-foreground">Listings</dt>
                <dd className="text-2xl font-bold">{items.length}</dd>
              </div>
              <div className="rounded-lg border border-border bg-card p-4">
                <dt className="text-sm text-muted-foreground">Active</dt>
                <dd className="text-2xl font-bold text-success">{activeCount}</dd>
              </div>
              <div className="rounded-lg border border-border bg-card p-4">
                <dt className="text-sm text-muted-foreground">Views</dt>
                <dd className="text-2xl font-bold">{totalViews.toLocaleString('en-GB')}</dd>
              </div>
              <div className="rounded-lg border border-border bg-card p-4">
                <dt className="text-sm text-muted-foreground">Enquiries</dt>
                <dd className="text-2xl font-bold">{totalEnquiries.toLocaleString('en-GB')}</dd>
              </div>
            </dl>
            <ul className="mt-6 space-y-3" aria-label="Your listings">
              {items.map((listing) => (
                <ListingRow key={listing.id} listing={listing} />
              ))}
            </ul>
          </>
        )}

        {me.data && me.data.dealerStatus !== 'approved' ? <DealerApplicationSection profile={me.data} /> : null}
        <StockImportSection approved={me.data?.dealerStatus === 'approved'} loading={me.isPending} />
        <StorefrontEditor enabled={me.data?.accountType === 'dealer'} />
        <EnquiriesSection query={enquiries} />
      </PageContainer>
    </div>
  );
}

function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status">
      <span className="inline-flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {label}
      </span>
    </div>
  );
}

function ListingRow({ listing }: { listing: OwnerListing }) {
  const setStatus = useSetListingStatus();
  const remove = useDeleteListing();
  const { refetch } = useMyListings();
  const [deleting, setDeleting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toggle = ownerToggleFor(listing.status);
  const badge = STATUS_BADGE[listing.status] ?? STATUS_BADGE.inactive;
  const image = listing.images[0];
  const vat = vatSuffix(listing.price, listing.vatStatus);

  const onToggle = async () => {
    try {
      await setStatus.mutateAsync({ id: listing.id, status: toggle.next });
      toast({
        title: 'Success',
        description: toggle.next === 'active' ? SELL_TEXTS.activated : SELL_TEXTS.deactivated,
        variant: 'success',
      });
    } catch (err) {
      console.error('Status change failed', err);
      toastApiFailure(err, 'Error', SELL_TEXTS.statusFailed);
    }
  };

  const onDelete = async () => {
    setConfirming(false);
    setDeleting(true);
    try {
      await remove.mutateAsync(listing.id);
      toast({ title: 'Success', description: SELL_TEXTS.deleted, variant: 'success' });
      await refetch();
    } catch (err) {
      console.error('Delete failed', err);
      toastApiFailure(err, 'Error', SELL_TEXTS.deleteFailed);
      setDeleting(false);
    }
  };

  return (
    <li aria-busy={deleting || undefined}>
      <Card className={cn('flex flex-col gap-4 p-4 sm:flex-row sm:items-center', deleting && 'opacity-60')}>
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-md bg-muted sm:w-32">
            <TruckThumb src={image && (image.thumbUrl || image.url)} lazy className="size-full" />
          </div>
          <div className="min-w-0">
            <h2 className="truncate font-semibold text-foreground">
              <Link to={paths.truck(listing.id)} className="hover:text-primary hover:underline">
                {listing.title}
              </Link>
            </h2>
            <p className="mt-0.5 text-lg font-bold text-primary">
              {formatPrice(listing.price)}
              {vat ? <span className="ml-1 text-sm font-semibold text-muted-foreground">{vat}</span> : null}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge className={badge.className}>{badge.label}</Badge>
              <span>Listed {formatDate(listing.createdAt)}</span>
              <span>
                {listing.images.length} image{listing.images.length === 1 ? '' : 's'}
              </span>
              <span className="inline-flex items-center gap-1">
                <Eye className="size-3.5" aria-hidden="true" />
                {plural(listing.views ?? 0, 'view')}
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageSquare className="size-3.5" aria-hidden="true" />
                {plural(listing.enquiries ?? 0, 'enquiry', 'enquiries')}
              </span>
            </div>
          </div>
        </div>
        <div className="grid grid-cols-3 gap-2 sm:flex sm:justify-end">
          <Link to={paths.editTruck(listing.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {listing.title}</span>
          </Link>
          {listing.statusSetByStaff ? (
            // Staff marked it sold or expired: the owner cannot re-activate it (a deviation from the spec's owner rule; README).
            <p className="self-center text-xs text-muted-foreground" data-testid="staff-status-note">
              Marked {listing.status} by TruckYard staff —{' '}
              <Link to={paths.contact} className="underline">
                contact us
              </Link>
            </p>
          ) : (
            <Button variant="outline" size="sm" onClick={onToggle} disabled={setStatus.isPending || deleting}>
              {setStatus.isPending ? (
                <Spinner />
              ) : toggle.next === 'active' ? (
                <Power aria-hidden="true" />
              ) : (
                <PowerOff aria-hidden="true" />
              )}
              {toggle.label}
              <span className="sr-only"> {listing.title}</span>
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            className="border-destructive/40 text-destructive hover:bg-destructive/10"
            onClick={() => setConfirming(true)}
            disabled={deleting}
          >
            {deleting ? <Spinner label="Deleting" /> : <Trash2 aria-hidden="true" />}
            Delete<span className="sr-only"> {listing.title}</span>
          </Button>
        </div>
      </Card>
      {confirming ? <ConfirmDelete title={listing.title} onConfirm={onDelete} onCancel={() => setConfirming(false)} /> : null}
    </li>
  );
}

/** A modal confirmation (native <dialog>: focus is trapped and Escape cancels). */
function ConfirmDelete({ title, onConfirm, onCancel }: { title: string; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      onCancel={onCancel}
      aria-labelledby="confirm-delete-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-border bg-card p-6 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <h2 id="confirm-delete-title" className="text-lg font-semibold">
        Delete this listing?
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">“{title}” will be removed from TruckYard. This cannot be undone.</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm}>
          <Trash2 aria-hidden="true" />
          Delete Listing
        </Button>
      </div>
    </dialog>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** Messages buyers sent through "Message the seller", newest first (issue 3 §5). */
function EnquiriesSection({ query }: { query: ReturnType<typeof useMyEnquiries> }) {
  const items = query.data ?? [];
  return (
    <section aria-labelledby="enquiries-heading" className="mt-10">
      <h2 id="enquiries-heading" className="flex items-center gap-2 text-2xl font-bold text-foreground">
        <MessageSquare className="size-6" aria-hidden="true" />
        Enquiries
      </h2>
      <p className="mt-1 text-muted-foreground">Messages from buyers about your trucks. Reply by e-mail or phone.</p>
      {query.isPending ? (
        <PageLoading label="Loading enquiries..." />
      ) : query.isError ? (
        <Card className="mt-4 p-6 text-center">
          <p className="font-semibold">Failed to load your enquiries</p>
          <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </Button>
        </Card>
      ) : items.length === 0 ? (
        <Card className="mt-4 p-6 text-center text-muted-foreground">No enquiries yet. Buyers' messages will appear here.</Card>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Enquiries">
          {items.map((e) => (
            <EnquiryRow key={e.id} enquiry={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EnquiryRow({ enquiry }: { enquiry: Enquiry }) {
  const tel = dialablePhone(enquiry.phone);
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <h3 className="font-semibold text-foreground">
            <Link to={paths.truck(enquiry.listingId)} className="hover:text-primary hover:underline">
              {enquiry.listingTitle}
            </Link>
          </h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={enquiry.createdAt}>
              {new Date(enquiry.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </p>
        </div>
        <p className="mt-1 text-sm">
          From <span className="font-medium">{enquiry.buyerName ?? 'A buyer'}</span>
        </p>
        <p className="mt-3 whitespace-pre-line break-words rounded-md bg-muted/60 p-3 text-sm">{enquiry.message}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {enquiry.buyerEmail ? (
            <a
              href={`mailto:${enquiry.buyerEmail}?subject=${encodeURIComponent(`Re: ${enquiry.listingTitle}`)}`}
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'max-w-full')}
            >
              <Mail aria-hidden="true" />
              <span className="truncate">{enquiry.buyerEmail}</span>
            </a>
          ) : null}
          {enquiry.phone ? (
            <a href={`tel:${tel ?? enquiry.phone}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Phone aria-hidden="true" />
              {formatPhone(enquiry.phone)}
            </a>
          ) : null}
        </div>
      </Card>
    </li>
  );
}
