import { CHALLENGE_TEXTS } from '../../../../shared/schemas/challenge.js';
import { DomainError } from '../errors.js';

/**
 * Port: the ALTCHA proof-of-work check (adapters/challenge/altcha.ts). `verify` is true only for a
 * solution to a challenge we signed, not expired, and not used before (each is accepted once).
 */
export interface ChallengeGate {
  verify(payload: string): Promise<boolean>;
}

/** Refuses the request (403, one message for every reason) unless the payload passes the check. */
export async function requireSolvedChallenge(gate: ChallengeGate, payload: string): Promise<void> {
  if (!(await gate.verify(payload))) throw new DomainError('FORBIDDEN', CHALLENGE_TEXTS.failed);
}
