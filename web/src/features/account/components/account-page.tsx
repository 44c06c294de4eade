import { zodResolver } from '@hookform/resolvers/zod';
import { Download, KeyRound, Package, Trash2, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import {
  type ChangePasswordInput,
  DELETE_ACCOUNT_CONFIRMATION,
  type DeleteAccountInput,
  RETAINED_ON_DELETION,
  changePasswordSchema,
  deleteAccountSchema,
} from '@shared/schemas/account';
import { formatPhone } from '@shared/phone';
import { type UpdateProfile, type UpdateProfileInput, updateProfileSchema } from '@shared/schemas/profile';
import { paths } from '@/app/paths';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toastApiFailure } from '@/lib/api-error-toast';
import { loadAuthSession, useAuth } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { newPasswordProblem } from '@/lib/new-password';
import { LIMITS } from '@shared/constants';
import { toast } from '@/lib/toast';
import { ORDER_STATUS_LABELS } from '@shared/schemas/equipment';
import { useDeleteAccount } from '../api/delete-account';
import { useMyEquipmentOrders } from '../api/equipment-orders';
import { useExportMyData } from '../api/export-my-data';
import { useMe } from '../api/me';
import { useUpdateMe } from '../api/update-me';

/** /account — the signed-in user's details, password, data download and account deletion (issue 10 §6, UK GDPR). */
export function AccountPage() {
  usePageMeta('Your Account', 'Your TruckYard account: details, password, your data and account deletion.');
  const { email } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Your Account</h1>
        <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">
          Signed in as <span className="font-medium text-foreground">{email}</span>
        </p>
        <nav aria-label="Account shortcuts" className="mt-4 flex flex-wrap gap-2 text-sm">
          <Link className="rounded-md border border-border px-3 py-1.5 hover:bg-muted" to={paths.dashboard}>
            Subscription &amp; alerts
          </Link>
          <Link className="rounded-md border border-border px-3 py-1.5 hover:bg-muted" to={paths.dealerDashboard}>
            My listings
          </Link>
          <Link className="rounded-md border border-border px-3 py-1.5 hover:bg-muted" to={paths.saved}>
            Saved trucks
          </Link>
        </nav>
      </header>
      <div className="mt-8 space-y-6">
        <Section icon={<UserRound />} title="Your details">
          <DetailsForm />
        </Section>
        <Section icon={<Package />} title="Your equipment orders">
          <EquipmentOrders />
        </Section>
        <Section icon={<KeyRound />} title="Change password">
          <PasswordForm />
        </Section>
        <Section icon={<Download />} title="Your data">
          <DownloadData />
        </Section>
        <Section icon={<Trash2 />} title="Delete your account" danger>
          <DeleteAccount />
        </Section>
      </div>
    </div>
  );
}

/** The buyer's equipment orders with their status (issue 24 §3); the reference is the one in the e-mails. */
function EquipmentOrders() {
  const orders = useMyEquipmentOrders();
  if (orders.isPending) return <Skeleton className="h-12 w-full" />;
  if (orders.isError) return <p role="alert">We couldn't load your orders. Please reload the page.</p>;
  if (!orders.data.length)
    return (
      <p className="text-sm text-muted-foreground">
        No orders yet.{' '}
        <Link className="font-medium text-primary underline underline-offset-4" to={paths.equipment}>
          Visit the Equipment Store
        </Link>
      </p>
    );
  return (
    <ul className="divide-y divide-border" data-testid="equipment-orders">
      {orders.data.map((o) => (
        <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm">
          <div>
            <p className="font-semibold">{o.reference}</p>
            <p className="text-muted-foreground">
              {new Date(o.createdAt).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' })} · £
              {(o.amountTotal / 100).toFixed(2)} · {o.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}
            </p>
            {o.orderStatus === 'dispatched' && (o.carrier || o.trackingReference) ? (
              <p className="text-muted-foreground">
                {[o.carrier, o.trackingReference ? `tracking ${o.trackingReference}` : null].filter(Boolean).join(', ')}
              </p>
            ) : null}
          </div>
          <span className="rounded-full bg-muted px-2.5 py-0.5 font-medium">{ORDER_STATUS_LABELS[o.orderStatus]}</span>
        </li>
      ))}
    </ul>
  );
}

function Section({ icon, title, danger, children }: { icon: ReactNode; title: string; danger?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card className={danger ? 'border-destructive/40' : undefined}>
      <section aria-labelledby={headingId}>
        <CardHeader className="flex-row items-center gap-2">
          <span aria-hidden="true" className={`[&>svg]:size-5 ${danger ? 'text-destructive' : 'text-primary'}`}>
            {icon}
          </span>
          <h2 id={headingId} className="text-lg font-semibold leading-tight">
            {title}
          </h2>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

function DetailsForm() {
  const id = useId();
  const me = useMe();
  const update = useUpdateMe();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UpdateProfileInput, unknown, UpdateProfile>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { fullName: '', phone: '' },
  });
  useEffect(() => {
    if (me.data) reset({ fullName: me.data.fullName ?? '', phone: formatPhone(me.data.phone) });
  }, [me.data, reset]);

  if (me.isPending) return <Skeleton className="h-40 w-full" />;
  if (me.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load your details. Please reload the page.
      </p>
    );

  const onSubmit = async (values: UpdateProfile) => {
    try {
      await update.mutateAsync({ fullName: values.fullName, phone: values.phone ?? null });
      toast({ title: 'Details saved', description: 'Your name and phone number have been updated.', variant: 'success' });
    } catch (err) {
      toastApiFailure(err, 'Update failed', 'Could not save your details. Please try again.');
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${id}-name`} label="Name" required error={errors.fullName?.message}>
        <Input id={`${id}-name`} autoComplete="name" {...register('fullName')} {...invalidProps(`${id}-name`, errors.fullName?.message)} />
      </FormField>
      <FormField id={`${id}-phone`} label="Phone" error={errors.phone?.message} hint="UK numbers, e.g. 07700 900123.">
        <Input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          {...register('phone')}
          {...invalidProps(`${id}-phone`, errors.phone?.message)}
        />
      </FormField>
      <FormField id={`${id}-email`} label="Email" hint="Your sign-in e-mail; alerts go here." className="sm:col-span-2">
        <Input id={`${id}-email`} type="email" value={me.data.email ?? ''} readOnly disabled />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? <Spinner /> : null}
          Save details
        </Button>
      </div>
    </form>
  );
}

const EMPTY_PASSWORDS: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY_PASSWORDS });

  const onSubmit = async (values: ChangePasswordInput) => {
    // Cognito checks only the length; the strength rule is ours (shared/schemas/password.ts).
    const weak = await newPasswordProblem(values.newPassword);
    if (weak) return setError('newPassword', { message: weak }, { shouldFocus: true });
    let session: Awaited<ReturnType<typeof loadAuthSession>> | null = null;
    try {
      session = await loadAuthSession();
      await session.changePassword(values.currentPassword, values.newPassword);
      reset(EMPTY_PASSWORDS);
      toast({ title: 'Password changed', description: 'Use your new password next time you sign in.', variant: 'success' });
    } catch (err) {
      const wrong = session?.isBadCredentials(err);
      toast({
        title: 'Password not changed',
        description: wrong
          ? 'Your current password is not correct.'
          : (session?.authErrorMessage(err) ?? 'Could not change your password. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const field = (name: keyof ChangePasswordInput, label: string, autoComplete: string, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} required error={errors[name]?.message} hint={hint}>
      <Input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        {...register(name)}
        {...invalidProps(`${id}-${name}`, errors[name]?.message)}
      />
    </FormField>
  );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">{field('currentPassword', 'Current password', 'current-password')}</div>
      {field('newPassword', 'New password', 'new-password', `At least ${LIMITS.minPasswordLength} characters, hard to guess.`)}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Change password
        </Button>
      </div>
    </form>
  );
}

function DownloadData() {
  const download = useExportMyData();
  const onClick = () =>
    download.mutate(undefined, {
      onSuccess: () => toast({ title: 'Download ready', description: 'Your data has been saved as a JSON file.', variant: 'success' }),
      onError: (err) => toastApiFailure(err, 'Download failed', 'Could not prepare your data. Please try again.'),
    });
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        Everything we hold about you, in one JSON file: your profile, listings, saved trucks, alert preferences, subscription, the enquiries
        you sent and the alerts we sent you.
      </p>
      <Button type="button" variant="outline" onClick={onClick} disabled={download.isPending}>
        {download.isPending ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
        Download my data
      </Button>
    </div>
  );
}

function DeleteAccount() {
  const id = useId();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const remove = useDeleteAccount();
  // Asked for once the API says the sign-in is older than 5 minutes (REAUTH_REQUIRED).
  const [needsPassword, setNeedsPassword] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { confirm: '' },
  });
  const typed = watch('confirm');

  useEffect(() => {
    if (needsPassword) setFocus('password');
  }, [needsPassword, setFocus]);

  const onSubmit = async (values: DeleteAccountInput) => {
    try {
      await remove.mutateAsync(needsPassword ? values : { confirm: values.confirm });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'REAUTH_REQUIRED') {
        setNeedsPassword(true);
        setError('password', { message: err.message });
        setFocus('password');
        return;
      }
      toastApiFailure(err, 'Deletion failed', 'Your account was not deleted. Please try again or contact us.');
      return;
    }
    // The sign-in no longer exists: forget the session here too.
    await signOut().catch(() => undefined);
    toast({ title: 'Account deleted', description: 'Your account and your data have been deleted.', variant: 'success' });
    navigate(paths.home, { replace: true });
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div className="space-y-2 text-sm">
        <p>Deleting your account cannot be undone. It:</p>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          <li>cancels any subscription straight away (no further payments are taken);</li>
          <li>removes your listings and their photos, your saved trucks and your alert preferences;</li>
          <li>removes the enquiries you sent to sellers;</li>
          <li>removes any stock files you uploaded for import;</li>
          <li>signs you out on every device and deletes your sign-in, so you can no longer sign in with this e-mail.</li>
        </ul>
        <p className="rounded-md bg-muted p-3">{RETAINED_ON_DELETION}</p>
      </div>
      <FormField
        id={`${id}-confirm`}
        label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
        required
        error={errors.confirm?.message}
        className="max-w-xs"
      >
        <Input
          id={`${id}-confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...register('confirm')}
          {...invalidProps(`${id}-confirm`, errors.confirm?.message)}
        />
      </FormField>
      {needsPassword && (
        <FormField id={`${id}-password`} label="Your password" required error={errors.password?.message} className="max-w-xs">
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            {...register('password')}
            {...invalidProps(`${id}-password`, errors.password?.message)}
          />
        </FormField>
      )}
      <Button type="submit" variant="destructive" disabled={isSubmitting || typed !== DELETE_ACCOUNT_CONFIRMATION}>
        {isSubmitting ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
        Delete my account
      </Button>
    </form>
  );
}
