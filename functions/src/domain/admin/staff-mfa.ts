import { DomainError } from '../errors.js';

const MFA_REQUIRED_MESSAGE =
  'Staff accounts must set up an authenticator app (TOTP) before using the admin area. Set it up on /admin, then sign in again.';

/** Reads whether a user has TOTP enabled in the user pool (Cognito AdminGetUser in AWS). */
export interface StaffMfaReader {
  hasTotp(userId: string): Promise<boolean>;
}

export interface StaffMfaGate {
  /** Resolves when the staff member may use the admin API; throws MFA_REQUIRED otherwise. */
  check(userId: string): Promise<void>;
}

/**
 * Staff must have an authenticator app (issue 7 §4, issue 11 §2). With the pool's MFA optional,
 * Cognito challenges every user who has TOTP enabled at each sign-in, so "TOTP enabled" is what
 * proves the second factor; access tokens carry no `amr` claim to check it per session.
 *
 * The answer is cached per user in the execution environment: a yes for `okTtlMs` (a staff member
 * who later removes TOTP is refused within that time), a no only briefly (`noTtlMs`), so someone who
 * has just set it up gets in at once. There is no switch to turn it off: locally the Cognito
 * stand-in keeps the same MFA settings (dev/stand-ins/cognito-mfa.ts).
 */
export function staffMfaGate(reader: StaffMfaReader, opts: { now?: () => number; okTtlMs?: number; noTtlMs?: number } = {}): StaffMfaGate {
  const now = opts.now ?? Date.now;
  const okTtl = opts.okTtlMs ?? 5 * 60_000;
  const noTtl = opts.noTtlMs ?? 10_000;
  const cache = new Map<string, { ok: boolean; until: number }>();
  return {
    async check(userId) {
      const hit = cache.get(userId);
      let ok: boolean;
      if (hit && hit.until > now()) ok = hit.ok;
      else {
        ok = await reader.hasTotp(userId);
        // Bounded: staff are few, but an execution environment may live for hours.
        if (cache.size > 1000) cache.clear();
        cache.set(userId, { ok, until: now() + (ok ? okTtl : noTtl) });
      }
      if (!ok) throw new DomainError('MFA_REQUIRED', MFA_REQUIRED_MESSAGE);
    },
  };
}
