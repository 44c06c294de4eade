import { apiRequest } from '@/lib/api-client';
import type { AccountMessageAnswer, PasswordResetConfirmInput, PasswordResetRequestInput, VerifyEmailInput } from '@shared/schemas/account';

/** POST /api/accounts/verify-email — the code from the verification e-mail (400 when wrong or expired). */
export const verifyAccountEmail = (body: VerifyEmailInput) =>
  apiRequest<AccountMessageAnswer>('/accounts/verify-email', { method: 'POST', body });

/** POST /api/accounts/verify-email/resend — a new code; the same answer for every address. */
export const resendVerificationCode = (email: string) =>
  apiRequest<AccountMessageAnswer>('/accounts/verify-email/resend', { method: 'POST', body: { email } });

/** POST /api/accounts/password-reset — a reset code if the address has an account; the same answer either way. */
export const requestPasswordReset = (body: PasswordResetRequestInput) =>
  apiRequest<AccountMessageAnswer>('/accounts/password-reset', { method: 'POST', body });

/** POST /api/accounts/password-reset/confirm — the code and the new password. */
export const confirmPasswordReset = (body: PasswordResetConfirmInput) =>
  apiRequest<AccountMessageAnswer>('/accounts/password-reset/confirm', { method: 'POST', body });
