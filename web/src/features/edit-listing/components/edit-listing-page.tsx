import { ArrowLeft, LogIn, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { useMyListing } from '../api/get-my-listing';
import { EditListingForm } from './edit-listing-form';

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageContainer className="py-16">
      <Card className="mx-auto flex max-w-md flex-col items-center p-8 text-center">
        <h1 className="text-xl font-semibold">{title}</h1>
        {children}
      </Card>
    </PageContainer>
  );
}

const backToDashboard = (
  <Link to={paths.dealerDashboard} className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
    <ArrowLeft aria-hidden="true" />
    Back to Dashboard
  </Link>
);

/** /edit-truck/:id — the owner edits a listing (spec §2 Edit listing, §5, §8). */
export function EditListingPage() {
  usePageMeta('Edit Listing');
  const { id = '' } = useParams();
  const { ready, isSignedIn } = useAuth();
  const listing = useMyListing(id, ready && isSignedIn && id !== '');

  if (!ready) return <Loading />;
  if (!isSignedIn) {
    return (
      <Message title="Please log in to edit truck listings">
        <Link to={paths.dealerLogin} className={cn(buttonVariants(), 'mt-6')}>
          <LogIn aria-hidden="true" />
          Log In
        </Link>
      </Message>
    );
  }
  if (listing.isPending) return <Loading />;
  if (listing.isError) {
    const err = listing.error;
    if (err instanceof ApiError && err.status === 403) {
      return (
        <Message title="You don't have permission to edit this truck">
          <ShieldAlert className="mt-4 size-10 text-destructive" aria-hidden="true" />
          {backToDashboard}
        </Message>
      );
    }
    if (err instanceof ApiError && err.isNotFound) return <Message title="Truck not found">{backToDashboard}</Message>;
    return (
      <Message title="Failed to load this listing">
        <p className="mt-2 text-muted-foreground">Please try again in a moment.</p>
        {backToDashboard}
      </Message>
    );
  }
  return (
    <div className="bg-muted/40 pb-16">
      <PageContainer className="max-w-5xl pt-8 sm:pt-10">
        <Link to={paths.dealerDashboard} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
        <h1 className="mt-3 text-3xl font-bold text-foreground sm:text-4xl">Edit Listing</h1>
        <p className="mt-1 text-muted-foreground">{listing.data.title}</p>
        <EditListingForm key={listing.data.id} listing={listing.data} />
      </PageContainer>
    </div>
  );
}

function Loading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <Spinner className="size-8 text-primary" label="Loading listing" />
    </div>
  );
}
