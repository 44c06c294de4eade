import { DomainError } from '../errors.js';

/**
 * Deleted accounts (account deletion, issue 23). Cognito's global sign-out revokes refresh tokens,
 * but an access token it already issued stays valid for API Gateway's JWT authorizer until it
 * expires (up to an hour): a tombstone, written before the sign-in account is deleted, makes every
 * authenticated write refuse such tokens.
 */
export interface DeletedAccounts {
  record(userId: string, deletedAt: Date): Promise<void>;
  isDeleted(userId: string): Promise<boolean>;
}

const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted. Please sign in with another account.';

/** The answer to a deleted account's write: 401, so the browser signs out (its refresh token no longer works either). */
export const accountDeleted = () => new DomainError('UNAUTHENTICATED', ACCOUNT_DELETED_MESSAGE);
