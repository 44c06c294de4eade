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
import { FormField, invalidProps } from '@/components/forms/form-field';
import { SendButton } from '@/components/forms/send-button';
import { Input, Textarea } from '@/components/ui/input';
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

  const idOf = (name: keyof ContactMessageInput) => `${id}-${name}`;
  const control = (name: keyof ContactMessageInput) => ({ id: idOf(name), ...invalidProps(idOf(name), errors[name]?.message) });

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
        <FormField id={idOf('firstName')} label="First name" required error={errors.firstName?.message}>
          <Input
            {...control('firstName')}
            {...register('firstName')}
            required
            autoComplete="given-name"
            maxLength={CONTACT_LIMITS.nameMax}
          />
        </FormField>
        <FormField id={idOf('lastName')} label="Last name" required error={errors.lastName?.message}>
          <Input
            {...control('lastName')}
            {...register('lastName')}
            required
            autoComplete="family-name"
            maxLength={CONTACT_LIMITS.nameMax}
          />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={idOf('email')} label="Email" required error={errors.email?.message}>
          <Input {...control('email')} {...register('email')} type="email" required autoComplete="email" />
        </FormField>
        <FormField id={idOf('phone')} label="Phone" optional error={errors.phone?.message}>
          <Input {...control('phone')} {...register('phone')} type="tel" autoComplete="tel" />
        </FormField>
      </div>
      <FormField id={idOf('subject')} label="Subject" required error={errors.subject?.message}>
        <Input {...control('subject')} {...register('subject')} required maxLength={CONTACT_LIMITS.subjectMax} />
      </FormField>
      <FormField id={idOf('message')} label="Message" required error={errors.message?.message}>
        <Textarea {...control('message')} {...register('message')} required rows={6} maxLength={CONTACT_LIMITS.messageMax} />
      </FormField>

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
