import { cognitoSignIns } from '../../adapters/cognito/account-directory.js';
import { accountDataStore } from '../../adapters/dynamodb/account-data-repo.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { deletedAccountsStore } from '../../adapters/dynamodb/deleted-accounts-repo.js';
import { sentMessagesStore } from '../../adapters/dynamodb/sent-messages-repo.js';
import { s3 } from '../../adapters/s3/client.js';
import { deleteStockFilesOf } from '../../adapters/s3/import-files.js';
import { config } from '../../config.js';
import type { AccountDataDeps } from '../../domain/accounts/account-data.js';
import { paymentsGateway$ } from '../alerts/deps.js';
import { logError, manageListingDeps } from '../my-listings/deps.js';

/** Composition for the data download and account deletion (issue 10 §6, issue 23). */
export function accountDataDeps(): AccountDataDeps {
  const manage = manageListingDeps();
  return {
    store: accountDataStore(ddb, config.tableName),
    sentMessages: sentMessagesStore(ddb, config.tableName),
    stockFiles: { deleteAll: (userId) => deleteStockFilesOf(s3, config.privateUploadsBucket, userId) },
    tombstones: deletedAccountsStore(ddb, config.tableName),
    listings: manage.listings,
    imageFiles: manage.imageFiles,
    events: manage.events,
    payments: { cancelSubscriptionNow: (id) => paymentsGateway$().cancelSubscriptionNow(id) },
    signIns: cognitoSignIns(config.cognito.userPoolId, config.cognito.clientId),
    now: () => new Date(),
    logError,
  };
}
