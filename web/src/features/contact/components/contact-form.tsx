import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  CONTACT_LIMITS,
  type ContactForm as ContactFormValues,
  type ContactMessageInput,
  contactFormSchema,
} from '@shared/schemas/contact';
import { useChallenge } from '@/components/forms/challenge-field';
import { HoneypotField } from '@/components/forms/honeypot-field';
import { RequiredMark } from '@/components/forms/required-mark';
import { SendButton } from '@/components/forms/send-button';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import { showSubmitError } from '@/components/forms/submit-error-toast';

const EMPTY: ContactMessageInput = { firstName: '', lastName: '', email: '', phone: '', subject: '', message: '', website: '' };

export function ContactForm() {
  const id = useId();
  const send = useSendContactMessage();
  const challenge = useChallenge();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async (values: ContactFormValues) => {
    try {
      await send.mutateAsync({ ...values, altcha: await challenge.handle.solve() });
      toast({
        title: 'Message sent',
        description: 'Thanks for getting in touch. We reply to every message within 24 hours.',
        variant: 'success',
      });
      reset(EMPTY);
    } catch (error) {
      showSubmitError(error);
    } finally {
      challenge.handle.reset();
    }
  };

  const field = (name: keyof ContactMessageInput) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <p className="text-sm text-muted-foreground">
        Fields marked{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-firstName`}>
            First name <RequiredMark />
          </Label>
          <Input
            {...field('firstName')}
            {...register('firstName')}
            required
            autoComplete="given-name"
            className="mt-1.5"
            maxLength={CONTACT_LIMITS.nameMax}
          />
          <FieldError id={`${id}-firstName-error`} message={errors.firstName?.message} />
        </div>
        <div>
          <Label htmlFor={`${id}-lastName`}>
            Last name <RequiredMark />
          </Label>
          <Input
            {...field('lastName')}
            {...register('lastName')}
            required
            autoComplete="family-name"
            className="mt-1.5"
            maxLength={CONTACT_LIMITS.nameMax}
          />
          <FieldError id={`${id}-lastName-error`} message={errors.lastName?.message} />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-email`}>
            Email <RequiredMark />
          </Label>
          <Input {...field('email')} {...register('email')} type="email" required autoComplete="email" className="mt-1.5" />
          <FieldError id={`${id}-email-error`} message={errors.email?.message} />
        </div>
        <div>
          <Label htmlFor={`${id}-phone`}>
            Phone <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input {...field('phone')} {...register('phone')} type="tel" autoComplete="tel" className="mt-1.5" />
          <FieldError id={`${id}-phone-error`} message={errors.phone?.message} />
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-subject`}>
          Subject <RequiredMark />
        </Label>
        <Input {...field('subject')} {...register('subject')} required className="mt-1.5" maxLength={CONTACT_LIMITS.subjectMax} />
        <FieldError id={`${id}-subject-error`} message={errors.subject?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-message`}>
          Message <RequiredMark />
        </Label>
        <Textarea
          {...field('message')}
          {...register('message')}
          required
          rows={6}
          className="mt-1.5"
          maxLength={CONTACT_LIMITS.messageMax}
        />
        <FieldError id={`${id}-message-error`} message={errors.message?.message} />
      </div>

      <HoneypotField id={`${id}-website`} registration={register('website')} />

      {challenge.field}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">We reply to every message within 24 hours.</p>
        <SendButton busy={isSubmitting} busyText="Sending…">
          Send Message
        </SendButton>
      </div>
    </form>
  );
}
