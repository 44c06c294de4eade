import { useSearchParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { ALERT_TEXTS } from '@shared/schemas/alerts';
import { paths } from '@/app/paths';
import { PageContainer, PageFallback } from '@/components/layout/page-shell';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { signInPath } from '@/lib/auth-links';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useUnsubscribe, useUnsubscribeToken } from '../api/unsubscribe';

/**
 * /unsubscribe?token=… — the link in every alert e-mail. Opening it changes nothing (mail
 * scanners follow links); the one button POSTs the signed token.
 */
export function UnsubscribePage() {
  usePageMeta('Unsubscribe from truck alerts');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useUnsubscribeToken(token);
  const unsubscribe = useUnsubscribe();

  const signIn = (
    <Link to={signInPath(paths.dashboard)} className={buttonVariants({ className: 'mt-6' })}>
      Sign in to manage alerts
    </Link>
  );

  let body: React.ReactNode;
  if (!token || check.data?.valid === false || check.isError) {
    const expired = check.data?.valid === false && check.data.reason === 'expired';
    body = (
      <>
        <h1 className="text-2xl font-bold">{expired ? 'This link has expired' : 'This link is not valid'}</h1>
        <p className="mt-2 text-muted-foreground">
          {expired ? 'Unsubscribe links work for 90 days.' : 'The link may have been changed or cut short.'} Sign in to manage your alerts
          instead.
        </p>
        {signIn}
      </>
    );
  } else if (check.isPending) {
    return <PageFallback />;
  } else if (unsubscribe.isSuccess) {
    body = (
      <>
        <h1 className="text-2xl font-bold">{ALERT_TEXTS.unsubscribed.title}</h1>
        <p className="mt-2">{ALERT_TEXTS.unsubscribed.description}</p>
        <p className="mt-4 text-sm text-muted-foreground">
          This stops the alert messages (e-mail and WhatsApp) only. Your paid subscription continues until you cancel it from your
          dashboard.
        </p>
        <Link to={paths.dashboard} className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          Cancel your subscription
        </Link>
      </>
    );
  } else {
    body = (
      <>
        <h1 className="text-2xl font-bold">Unsubscribe from truck alerts?</h1>
        <p className="mt-2 text-muted-foreground">You will stop receiving truck alert e-mails and WhatsApp messages.</p>
        <Button
          className="mt-6"
          disabled={unsubscribe.isPending}
          onClick={() =>
            unsubscribe.mutate(token, {
              onSuccess: () => toast({ ...ALERT_TEXTS.unsubscribed, variant: 'success' }),
              onError: () => toast({ title: 'Error', description: ALERT_TEXTS.unsubscribeFailed, variant: 'destructive' }),
            })
          }
        >
          {unsubscribe.isPending ? <Spinner /> : null}
          Unsubscribe
        </Button>
      </>
    );
  }

  return (
    <PageContainer className="max-w-xl py-12">
      <Card className="p-8 text-center">{body}</Card>
    </PageContainer>
  );
}
