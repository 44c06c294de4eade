import { cognitoAccountDirectory } from '../../adapters/cognito/account-directory.js';
import { accountCodeStore } from '../../adapters/dynamodb/account-codes-repo.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { config } from '../../config.js';
import type { AccountDeps } from '../../domain/accounts/account-ports.js';
import { challengeGate$ } from '../challenge/deps.js';
import { storefrontOnConfirm } from '../dealers/deps.js';
import { profiles$ } from '../my-listings/deps.js';

/** The account flows' dependencies (read per call: the local API server and tests switch TABLE_NAME). */
export const accountDeps = (requestId: string): AccountDeps => ({
  directory: cognitoAccountDirectory(config.cognito.userPoolId),
  codes: accountCodeStore(ddb, config.tableName),
  profiles: profiles$(),
  profileConfirmed: (profile) => storefrontOnConfirm(profile),
  challenge: challengeGate$(),
  mailer: getMailer(),
  rateLimit: createRateLimiter(ddb, config.tableName),
  mail: { siteUrl: config.siteUrl },
  now: () => new Date(),
  log: (level, message, fields = {}) => {
    const line = JSON.stringify({ level, requestId, message, ...fields });
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  },
});
