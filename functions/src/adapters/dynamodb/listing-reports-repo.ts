import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '../../../../shared/schemas/admin.js';
import type { AdminListingReport } from '../../../../shared/schemas/listing-report.js';
import { SCRAPED_ID_PREFIX } from '../../domain/listings/types.js';
import type { ListingReportStore, ReportedListings } from '../../domain/reports/listing-reports.js';
import { byGsi, page } from './paging.js';
import { keys } from './keys.js';

const FIELDS = [
  'id',
  'createdAt',
  'listingId',
  'listingTitle',
  'reason',
  'details',
  'reporterUserId',
  'reporterEmail',
  'status',
  'handledBy',
  'handledAt',
] as const;

const toReport = (item: Record<string, unknown>): AdminListingReport =>
  Object.fromEntries(FIELDS.map((f) => [f, item[f] ?? null])) as unknown as AdminListingReport;

/** Reports of listings (pattern 62): one item each, newest first for staff on GSI2 `REPORTS`. */
export function listingReportStore(ddb: DynamoDBDocumentClient, tableName: string): ListingReportStore {
  return {
    async save(report) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.listingReport(report.id),
            ...keys.listingReportsByDate(report.createdAt, report.id),
            type: 'ListingReport',
            ...report,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async list(cursor, limit): Promise<Page<AdminListingReport>> {
      const res = await page(ddb, { ...byGsi(tableName, 'gsi2', 'REPORTS'), ScanIndexForward: false }, cursor, limit);
      return { items: res.items.map(toReport), nextCursor: res.nextCursor };
    },
    async get(id) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.listingReport(id) }));
      return res.Item ? toReport(res.Item) : null;
    },
    async setStatus(id, status, by, at) {
      await ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.listingReport(id),
          UpdateExpression: 'SET #s = :s, handledBy = :by, handledAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': status, ':by': by, ':at': at },
        }),
      );
    },
  };
}

/**
 * The listing a visitor reports, read by its own key only (the public route's grant is narrowed
 * to LISTING#, SCRAPED#, REPORT#, RATE# and CHALLENGE# items): a seller's listing the public can
 * see (active or sold), or a collected one staff have not hidden.
 */
export function reportedListings(ddb: DynamoDBDocumentClient, tableName: string): ReportedListings {
  return {
    async titleOf(listingId) {
      if (listingId.startsWith(SCRAPED_ID_PREFIX)) {
        const res = await ddb.send(
          new GetCommand({
            TableName: tableName,
            Key: keys.scraped(listingId.slice(SCRAPED_ID_PREFIX.length)),
            ProjectionExpression: '#y, make, model, hiddenByStaff',
            ExpressionAttributeNames: { '#y': 'year' },
          }),
        );
        if (!res.Item || res.Item.hiddenByStaff) return null;
        const { year, make, model } = res.Item as { year?: number; make?: string; model?: string };
        return [year, make, model].filter(Boolean).join(' ') || 'Used Truck';
      }
      const res = await ddb.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.listing(listingId),
          ProjectionExpression: 'title, #s',
          ExpressionAttributeNames: { '#s': 'status' },
        }),
      );
      if (!res.Item || !['active', 'sold'].includes(String(res.Item.status))) return null;
      return String(res.Item.title ?? 'Used Truck');
    },
  };
}
