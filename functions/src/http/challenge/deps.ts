import { altchaGate } from '../../adapters/challenge/altcha.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { getSecret } from '../../adapters/secrets/secrets.js';
import { config } from '../../config.js';
import type { ChallengeGate } from '../../domain/challenge/challenge.js';

/** The ALTCHA check for the forms that make us send mail (read per call: tests switch TABLE_NAME). */
export const challengeGate$ = (): ChallengeGate =>
  altchaGate({ hmacKey: () => getSecret('altchaHmacKey'), ddb, tableName: config.tableName });
