/**
 * Solves an ALTCHA challenge from the API as the browser's widget does (GET /api/challenge, then
 * brute force with altcha-lib): the payload the forms behind the check send as `altcha`.
 */
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export async function solvedChallenge(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/challenge`);
  if (!res.ok) throw new Error(`GET /api/challenge answered ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('Could not solve the challenge in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
