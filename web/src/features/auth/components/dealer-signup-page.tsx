import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isChallengeError, useChallenge } from '@/components/forms/challenge-field';
import { ApiError } from '@/lib/api-client';
import { newPasswordProblem } from '@/lib/new-password';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { LIMITS } from '@shared/constants';
import { parsePhone } from '@shared/phone';
import { normaliseEmail } from '@shared/schemas/account';
import { signUp } from '@/components/auth/api/sign-up';
import { dealerClientMetadata, rememberDealerProfile } from '../lib/dealer-profile';
import { AuthLayout } from './auth-layout';
import { VerifyEmailPanel } from '@/components/auth/verify-email-panel';

const empty = { fullName: '', email: '', companyName: '', phone: '', password: '', confirmPassword: '' };
const failed = (description: string) => toast({ title: 'Registration Failed', description, variant: 'destructive' });

/** /dealer-signup — dealer registration with e-mail verification by code (spec §2, §5). */
export function DealerSignupPage() {
  usePageMeta('Dealer Registration', 'Register your dealership to list trucks on TruckYard.');
  const id = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [submitting, setSubmitting] = useState(false);
  const [pending, setPending] = useState<{ email: string; metadata: Record<string, string> } | null>(null);
  const challenge = useChallenge();

  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const email = normaliseEmail(values.email);
    const fullName = values.fullName.trim();
    const companyName = values.companyName.trim();
    const phone = values.phone.trim();
    if (!email || !values.password || !fullName) return failed('Please fill in all required fields.');
    if (values.password !== values.confirmPassword) {
      toast({ title: 'Password Mismatch', description: 'Passwords do not match. Please try again.', variant: 'destructive' });
      return;
    }
    const e164 = phone ? parsePhone(phone) : null;
    if (phone && !e164) return failed('Please enter a valid phone number, e.g. 07700 900123.');

    setSubmitting(true);
    try {
      const weak = await newPasswordProblem(values.password);
      if (weak) return failed(weak);
      const altcha = await challenge.handle.solve();
      const metadata = dealerClientMetadata({ fullName, companyName, phone: e164 ?? '' });
      // The same answer for a new address and one that already has an account (its owner gets an e-mail).
      const answer = await signUp({
        email,
        password: values.password,
        name: fullName,
        phone: e164 ?? undefined,
        accountType: 'dealer',
        companyName: companyName || undefined,
        altcha,
      });
      rememberDealerProfile({ email, fullName, companyName, phone: e164 ?? '' });
      toast({ title: 'Registration successful', description: answer.message, variant: 'success' });
      setValues(empty);
      setPending({ email, metadata });
    } catch (err) {
      failed(
        (err instanceof ApiError || isChallengeError(err)) && err.message ? err.message : 'Failed to create account. Please try again.',
      );
    } finally {
      challenge.handle.reset();
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="Dealer Registration"
      subtitle="List your stock for free and reach thousands of buyers."
      footer={
        <>
          Already registered?{' '}
          <Link to={paths.dealerLogin} className="font-semibold text-primary hover:underline">
            Dealer login
          </Link>
        </>
      }
    >
      {pending ? (
        <VerifyEmailPanel email={pending.email} clientMetadata={pending.metadata} onVerified={() => navigate(paths.dealerLogin)} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id={`${id}-name`} label="Full Name" required>
            <Input id={`${id}-name`} autoComplete="name" value={values.fullName} onChange={set('fullName')} />
          </FormField>
          <FormField id={`${id}-email`} label="Email" required>
            <Input id={`${id}-email`} type="email" autoComplete="email" value={values.email} onChange={set('email')} />
          </FormField>
          <FormField id={`${id}-company`} label="Company Name">
            <Input id={`${id}-company`} autoComplete="organization" value={values.companyName} onChange={set('companyName')} />
          </FormField>
          <FormField id={`${id}-phone`} label="Phone Number">
            <Input
              id={`${id}-phone`}
              type="tel"
              autoComplete="tel"
              placeholder="07700 900123"
              value={values.phone}
              onChange={set('phone')}
            />
          </FormField>
          <FormField
            id={`${id}-password`}
            label="Password"
            required
            hint={`At least ${LIMITS.minPasswordLength} characters, hard to guess: a few unrelated words work well.`}
          >
            <Input id={`${id}-password`} type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
          </FormField>
          <FormField id={`${id}-confirm`} label="Confirm Password" required>
            <Input
              id={`${id}-confirm`}
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          </FormField>
          {challenge.field}
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? <Spinner /> : null}
            {submitting ? 'Registering...' : 'Register'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
