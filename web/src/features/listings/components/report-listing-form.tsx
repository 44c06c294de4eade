import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ListingReportForm,
  type ListingReportInput,
  listingReportFormSchema,
  REPORT_LIMITS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXTS,
} from '@shared/schemas/listing-report';
import { useChallenge } from '@/components/forms/challenge-field';
import { SendButton } from '@/components/forms/send-button';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { FieldError, Input, Textarea } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { showSubmitError } from '@/components/forms/submit-error-toast';
import { useReportListing } from '../api/report-listing';

/**
 * The report form (issue 24 §6): a reason, a text ("Other" needs one), an optional e-mail for
 * anonymous reporters, and the ALTCHA check. Loaded when "Report this listing" is opened.
 */
export function ReportListingForm({ listingId, onDone }: { listingId: string; onDone: () => void }) {
  const id = useId();
  const { userId } = useAuth();
  const send = useReportListing();
  const challenge = useChallenge();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ListingReportInput, unknown, ListingReportForm>({
    resolver: zodResolver(listingReportFormSchema),
    defaultValues: { details: '', email: '' },
  });

  const onSubmit = async (values: ListingReportForm) => {
    try {
      const res = await send.mutateAsync({ listingId, report: { ...values, altcha: await challenge.handle.solve() } });
      setSent(res?.message ?? REPORT_TEXTS.received);
    } catch (error) {
      showSubmitError(error);
    } finally {
      challenge.handle.reset();
    }
  };

  if (sent) {
    return (
      <div role="status" className="space-y-3">
        <p className="text-sm font-medium text-success">{sent}</p>
        <button type="button" className="text-sm font-semibold text-primary hover:underline" onClick={onDone}>
          Close
        </button>
      </div>
    );
  }

  const other = watch('reason') === 'other';
  const idOf = (name: 'details' | 'email') => `${id}-${name}`;
  const control = (name: 'details' | 'email') => ({ id: idOf(name), ...invalidProps(idOf(name), errors[name]?.message) });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Report this listing">
      <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="text-sm font-medium">What is wrong with this listing?</legend>
        <div className="mt-2 space-y-1.5">
          {REPORT_REASONS.map((r) => (
            <label key={r} className="flex min-h-9 cursor-pointer items-center gap-2.5 text-sm">
              <input type="radio" value={r} {...register('reason')} className="size-4 accent-primary" />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-reason-error`} message={errors.reason?.message} />
      </fieldset>
      <FormField id={idOf('details')} label="Details" optional={!other} error={errors.details?.message}>
        <Textarea {...control('details')} {...register('details')} rows={3} maxLength={REPORT_LIMITS.detailsMax} />
      </FormField>
      {userId ? null : (
        <FormField id={idOf('email')} label="Your email" optional="optional, if we may ask you more" error={errors.email?.message}>
          <Input {...control('email')} {...register('email')} type="email" autoComplete="email" />
        </FormField>
      )}
      {challenge.field}
      <SendButton busy={isSubmitting} busyText="Sending…" className="w-full">
        Send report
      </SendButton>
    </form>
  );
}
