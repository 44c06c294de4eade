import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredVehicleChecks, VehicleChecksStore } from '../../domain/vehicle-checks/vehicle-checks.js';
import { keys } from './keys.js';

/**
 * Pattern 60: a listing's vehicle checks as a sibling item (`LISTING#<id>` / `VCHECKS`), and their
 * summary on the listing item itself (`mileageConsistent`, `vehicleChecksAt`) so search and the
 * cards read it with the listing. Both are written in one transaction, only while the listing
 * still has the registration the checks are for; the listing's version and change key move, so
 * the search index (issue 7's change feed) picks the new summary up.
 */
export function createVehicleChecksRepo({ ddb, tableName }: { ddb: DynamoDBDocumentClient; tableName: string }): VehicleChecksStore {
  return {
    async get(listingId) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.vehicleChecks(listingId) }));
      if (!res.Item) return null;
      const { pk: _pk, sk: _sk, ...checks } = res.Item;
      return checks as StoredVehicleChecks;
    },

    async save(checks, summary) {
      const change = keys.change(new Date().toISOString(), checks.listingId);
      try {
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: { ...keys.vehicleChecks(checks.listingId), ...checks } } },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.listing(checks.listingId),
                  ConditionExpression: 'attribute_exists(pk) AND registration = :reg',
                  UpdateExpression:
                    'SET mileageConsistent = :mc, vehicleChecksAt = :at, gsi3pk = :g3pk, gsi3sk = :g3sk, #version = if_not_exists(#version, :zero) + :one',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: {
                    ':reg': checks.registration,
                    ':mc': summary.mileageConsistent,
                    ':at': checks.checkedAt,
                    ':g3pk': change.gsi3pk,
                    ':g3sk': change.gsi3sk,
                    ':zero': 0,
                    ':one': 1,
                  },
                },
              },
            ],
          }),
        );
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'TransactionCanceledException') return false;
        throw err;
      }
    },

    async clear(listingId) {
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.vehicleChecks(listingId) }));
    },
  };
}
