/**
 * Authenticator-app codes for tests and the demo logins (RFC 6238: SHA-1, 6 digits, 30 s), from a
 * base32 secret, with the `otpauth` library. Cognito, and the stand-in (dev/stand-ins/cognito-mfa.ts),
 * accept a code from the step before or after the current one, and each code signs in once:
 * `freshTotpCode` hands out a step this process has not used yet, waiting for the next step when
 * both usable ones are spent.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_MS = 30_000;

const totpFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** The code for the time step containing `at` (ms since the epoch). */
export function totpCode(secret: string, at = Date.now()): string {
  return totpFor(secret).generate({ timestamp: at });
}

/** A new random secret, as Cognito's AssociateSoftwareToken gives (160 bits, base32). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const lastUsedStep = new Map<string, number>();
const stepAt = (ms: number) => Math.floor(ms / TOTP_PERIOD_MS);

/** Marks a code's step as spent (e.g. after the server answered ExpiredCodeException for it). */
export function markTotpStepUsed(secret: string, step: number): void {
  lastUsedStep.set(secret, Math.max(step, lastUsedStep.get(secret) ?? Number.NEGATIVE_INFINITY));
}

/**
 * A code for a step this process has not used for `secret` yet: the current step, else the next
 * one (still accepted, ±1 step), else it waits for the step after. Returns the code and its step.
 */
export async function freshTotpCode(secret: string): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const current = stepAt(now);
    const step = Math.max(current, (lastUsedStep.get(secret) ?? Number.NEGATIVE_INFINITY) + 1);
    if (step <= current + 1) {
      markTotpStepUsed(secret, step);
      return { code: totpCode(secret, step * TOTP_PERIOD_MS), step };
    }
    await new Promise((r) => setTimeout(r, (current + 1) * TOTP_PERIOD_MS - now + 50));
  }
}
