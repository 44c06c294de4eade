import { apiRequest } from '@/lib/api-client';
import type { SignUpAnswer, SignUpInput } from '@shared/schemas/account';

/**
 * POST /api/accounts/sign-up — creates the account (our API then e-mails the code). The answer is
 * the same whether or not the address already had an account: its owner gets an e-mail instead.
 */
export function signUp(body: SignUpInput): Promise<SignUpAnswer> {
  return apiRequest<SignUpAnswer>('/accounts/sign-up', { method: 'POST', body });
}
