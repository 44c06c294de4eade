import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Loader2, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { toastApiFailure } from '@/lib/api-error-toast';
import { toast } from '@/lib/toast';
import { ENQUIRY_LIMITS, ENQUIRY_TEXTS, type EnquiryBody, type EnquiryInput, enquirySchema } from '@shared/schemas/enquiry';
import { useSendEnquiry } from '../api/send-enquiry';

const EMPTY: EnquiryInput = { message: '', phone: '' };

/** "Message the seller" (issue 3 §4): signed-in buyers, user listings; the seller replies by e-mail. */
export function EnquiryForm({ listingId }: { listingId: string }) {
  const id = useId();
  const send = useSendEnquiry();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EnquiryInput, unknown, EnquiryBody>({ resolver: zodResolver(enquirySchema), defaultValues: EMPTY });

  const onSubmit = async (values: EnquiryBody) => {
    try {
      await send.mutateAsync({ listingId, ...values });
      reset(EMPTY);
      setSent(true);
      toast({ title: 'Message sent', description: ENQUIRY_TEXTS.sent, variant: 'success' });
    } catch (err) {
      // Refusals the buyer can act on (rate limit, unavailable truck) carry their own message.
      if (err instanceof ApiError && (err.status === 429 || err.status === 400)) {
        toast({ title: 'Message not sent', description: err.message, variant: 'destructive' });
        return;
      }
      toastApiFailure(err, 'Error', ENQUIRY_TEXTS.failed);
    }
  };

  if (sent) {
    return (
      <div role="status" className="rounded-md bg-success/10 p-4 text-sm text-green-900">
        <p className="flex items-center gap-2 font-semibold">
          <CircleCheck className="size-4" aria-hidden="true" />
          Message sent
        </p>
        <p className="mt-1">{ENQUIRY_TEXTS.sent}</p>
        <Button variant="link" className="mt-1 h-auto px-0" onClick={() => setSent(false)}>
          Send another message
        </Button>
      </div>
    );
  }

  const idOf = (name: keyof EnquiryInput) => `${id}-${name}`;
  const control = (name: keyof EnquiryInput) => ({ id: idOf(name), ...invalidProps(idOf(name), errors[name]?.message) });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby={`${id}-heading`} className="space-y-4">
      <h3 id={`${id}-heading`} className="text-base font-bold text-primary">
        Message the seller
      </h3>
      <FormField id={idOf('message')} label="Your message" error={errors.message?.message}>
        <Textarea
          {...control('message')}
          {...register('message')}
          required
          rows={4}
          maxLength={ENQUIRY_LIMITS.messageMax}
          placeholder="Hi, is this truck still available?"
        />
      </FormField>
      <FormField id={idOf('phone')} label="Phone" optional error={errors.phone?.message}>
        <Input {...control('phone')} {...register('phone')} type="tel" autoComplete="tel" />
      </FormField>
      <p className="text-xs text-muted-foreground">The seller gets your name and e-mail address so they can reply.</p>
      <Button type="submit" variant="accent" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        {isSubmitting ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}
