import { accountDataStore } from '../../adapters/dynamodb/account-data-repo.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { cognitoSignIns } from '../../adapters/cognito/account-directory.js';
import { config } from '../../config.js';
import type { AccountDataDeps } from '../../domain/accounts/account-data.js';
import { paymentsGateway$ } from '../alerts/deps.js';
import { logError, manageListingDeps } from '../my-listings/deps.js';

/** Composition for the data download and account deletion (issue 10 §6). */
export function accountDataDeps(): AccountDataDeps {
  const manage = manageListingDeps();
  return {
    store: accountDataStore(ddb, config.tableName),
    listings: manage.listings,
    imageFiles: manage.imageFiles,
    events: manage.events,
    payments: { cancelSubscriptionNow: (id) => paymentsGateway$().cancelSubscriptionNow(id) },
    signIns: cognitoSignIns(config.cognito.userPoolId),
    now: () => new Date(),
    logError,
  };
}
