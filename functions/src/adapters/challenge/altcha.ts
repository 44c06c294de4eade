import { type Challenge, type Payload, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CHALLENGE_SETTINGS } from '../../../../shared/schemas/challenge.js';
import type { ChallengeGate } from '../../domain/challenge/challenge.js';
import { keys } from '../dynamodb/keys.js';
import { TTL_ATTRIBUTE } from '../dynamodb/table.js';

export interface AltchaDeps {
  /** The HMAC key challenges are signed with (secret `altchaHmacKey`). */
  hmacKey: () => Promise<string>;
  ddb: DynamoDBDocumentClient;
  tableName: string;
  now?: () => Date;
}

/** A new challenge, signed, valid for CHALLENGE_SETTINGS.ttlSeconds (GET /api/challenge). */
export async function issueChallenge(hmacKey: string, now: Date = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: CHALLENGE_SETTINGS.algorithm,
    cost: CHALLENGE_SETTINGS.cost,
    keyPrefix: CHALLENGE_SETTINGS.keyPrefix,
    deriveKey,
    hmacSignatureSecret: hmacKey,
    expiresAt: Math.floor(now.getTime() / 1000) + CHALLENGE_SETTINGS.ttlSeconds,
  });
}

/** The widget's payload (base64 JSON `{ challenge, solution }`), or null when it is not one. */
function parseAltchaPayload(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload> | null;
    const c = value?.challenge;
    if (!c || typeof c !== 'object' || typeof c.signature !== 'string' || !c.parameters || typeof c.parameters !== 'object') return null;
    if (!value.solution || typeof value.solution !== 'object') return null;
    return value as Payload;
  } catch {
    return null;
  }
}

/**
 * ALTCHA's self-hosted check. A solution passes when its challenge carries our signature, has an
 * expiry that has not passed, uses our algorithm and difficulty, and is solved; then its signature
 * is recorded (pattern 60, a conditional put, TTL the challenge's expiry), so the same solution
 * is refused the second time, even by two requests at once. Only self-hosted payloads are
 * accepted: the library's "server signature" form (for ALTCHA's paid Sentinel) is not.
 */
export function altchaGate(deps: AltchaDeps): ChallengeGate {
  const now = deps.now ?? (() => new Date());
  return {
    async verify(raw) {
      const payload = parseAltchaPayload(raw);
      if (!payload) return false;
      const p = payload.challenge.parameters;
      const nowSeconds = Math.floor(now().getTime() / 1000);
      // Our own challenges always expire; one without expiresAt (or easier than ours) was not issued here.
      if (typeof p.expiresAt !== 'number' || p.expiresAt < nowSeconds || p.expiresAt > nowSeconds + CHALLENGE_SETTINGS.ttlSeconds)
        return false;
      if (
        p.algorithm !== CHALLENGE_SETTINGS.algorithm ||
        p.cost !== CHALLENGE_SETTINGS.cost ||
        p.keyPrefix !== CHALLENGE_SETTINGS.keyPrefix
      )
        return false;
      let verified: boolean;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: await deps.hmacKey(),
        });
        verified = result.verified;
      } catch {
        // Malformed parameters (a forged payload) make the library throw.
        return false;
      }
      if (!verified) return false;
      try {
        await deps.ddb.send(
          new PutCommand({
            TableName: deps.tableName,
            Item: { ...keys.usedChallenge(payload.challenge.signature as string), [TTL_ATTRIBUTE]: p.expiresAt + 60 },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },
  };
}
