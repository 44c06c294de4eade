import { XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';

/** /payment-cancelled (spec §2). */
export function PaymentCancelledPage() {
  usePageMeta('Payment Cancelled', 'No charge was made.');
  return (
    <PageContainer className="max-w-2xl py-12">
      <Card className="p-8 text-center">
        <XCircle className="mx-auto size-14 text-muted-foreground" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-extrabold">Payment Cancelled</h1>
        <p className="mt-2 text-muted-foreground">
          Your payment was cancelled and no charge was made. You can pick a plan again whenever you like.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.subscribe} className={buttonVariants()}>
            Try Again
          </Link>
          <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
            Browse Trucks
          </Link>
        </div>
      </Card>
    </PageContainer>
  );
}
