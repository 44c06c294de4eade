import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Store } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { ApprovedDealerBadge } from '@/components/ui/approved-dealer-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toastApiFailure } from '@/lib/api-error-toast';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ACTIVE_LISTING_CAPS, activeListingCapOf } from '@shared/limits';
import { APPROVED_DEALER_LABEL } from '@shared/dealer-labels';
import { type DealerApplicationFields, type DealerApplicationInput, dealerApplicationSchema } from '@shared/schemas/dealer';
import type { Profile } from '@shared/schemas/profile';
import { useApplyAsDealer } from '../api/dealer-application';

/** Dashboard: the account's dealer state, and the application form until it is approved or waiting. */
export function DealerApplicationSection({ profile }: { profile: Profile }) {
  const ids = useId();
  const status = profile.dealerStatus ?? 'none';
  if (status === 'approved') {
    return (
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <ApprovedDealerBadge />
        Up to {activeListingCapOf(profile).toLocaleString('en-GB')} live listings, and stock import.
      </p>
    );
  }
  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-10">
      <h2 id={`${ids}-heading`} className="flex items-center gap-2 text-2xl font-bold text-foreground">
        <Store className="size-6" aria-hidden="true" />
        Become an approved dealer
      </h2>
      <Card className="mt-4 p-5 sm:p-6">
        {status === 'pending' ? (
          <p className="flex items-center gap-2 text-sm" role="status">
            <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
            Your dealer application is waiting for review. We will e-mail you when it is decided.
          </p>
        ) : (
          <ApplicationForm refused={status === 'refused'} />
        )}
      </Card>
    </section>
  );
}

function ApplicationForm({ refused }: { refused: boolean }) {
  const id = useId();
  const apply = useApplyAsDealer();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DealerApplicationInput, unknown, DealerApplicationFields>({
    resolver: zodResolver(dealerApplicationSchema),
    defaultValues: { tradingName: '', address: '', companyNumber: '', vatNumber: '' },
  });

  const onSubmit = async (values: DealerApplicationFields) => {
    try {
      await apply.mutateAsync(values);
      toast({ title: 'Application sent', description: 'We will e-mail you when it is decided.', variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError('root', { message: err.message });
      else toastApiFailure(err, 'Application not sent', 'Your application could not be sent. Please try again.');
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-muted-foreground sm:col-span-2">
        {refused ? 'We could not approve your last application. Check your details and apply again. ' : ''}
        Approved dealers import their stock from a file or feed, may have up to{' '}
        {ACTIVE_LISTING_CAPS.approvedDealerDefault.toLocaleString('en-GB')} live listings (everyone else {ACTIVE_LISTING_CAPS.individual}),
        and show the "{APPROVED_DEALER_LABEL}" badge. Give your Companies House number, or your VAT number if you trade as a sole trader or
        partnership.
      </p>
      <FormField id={`${id}-trading`} label="Trading name" required error={errors.tradingName?.message}>
        <Input
          id={`${id}-trading`}
          autoComplete="organization"
          {...register('tradingName')}
          {...invalidProps(`${id}-trading`, errors.tradingName?.message)}
        />
      </FormField>
      <FormField id={`${id}-address`} label="Business address" required error={errors.address?.message}>
        <Textarea
          id={`${id}-address`}
          rows={2}
          autoComplete="street-address"
          {...register('address')}
          {...invalidProps(`${id}-address`, errors.address?.message)}
        />
      </FormField>
      <FormField id={`${id}-company`} label="Companies House number" error={errors.companyNumber?.message} hint="e.g. 01234567 or SC123456">
        <Input id={`${id}-company`} {...register('companyNumber')} {...invalidProps(`${id}-company`, errors.companyNumber?.message)} />
      </FormField>
      <FormField id={`${id}-vat`} label="VAT number" error={errors.vatNumber?.message} hint="e.g. GB 123 4567 89">
        <Input id={`${id}-vat`} {...register('vatNumber')} {...invalidProps(`${id}-vat`, errors.vatNumber?.message)} />
      </FormField>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {errors.root.message}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Apply to be an approved dealer
        </Button>
      </div>
    </form>
  );
}
