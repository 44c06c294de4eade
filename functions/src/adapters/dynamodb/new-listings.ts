import { type DynamoDBDocumentClient, paginateQuery } from '@aws-sdk/lib-dynamodb';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { mapScrapedToListing, toListingDto } from '../../domain/listings/to-listing.js';
import type { ListingRecord, ScrapedRecord } from '../../domain/listings/types.js';

const KEYS = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type', 'expiresAt'];
const strip = <T>(item: Record<string, unknown>): T => {
  const copy = { ...item };
  for (const k of KEYS) delete copy[k];
  return copy as T;
};

/**
 * Active listings and scraped listings created after `sinceIso` (patterns 2 and 8, read as a range
 * of the "newest first" index, not a scan), as the API's listing shape: what a digest considers.
 */
export async function newActiveListingsSince(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  sinceIso: string,
  imagesBaseUrl: string,
): Promise<Listing[]> {
  const read = async (partition: string) => {
    const items: Record<string, unknown>[] = [];
    for await (const page of paginateQuery(
      { client: ddb },
      {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk > :since',
        ExpressionAttributeValues: { ':pk': partition, ':since': sinceIso },
      },
    ))
      items.push(...(page.Items ?? []));
    return items;
  };
  const [listings, scraped] = await Promise.all([read('LSTATUS#active'), read('SSTATUS#active')]);
  return [
    ...listings.map((i) => toListingDto(strip<ListingRecord>(i), imagesBaseUrl)),
    ...scraped.map((i) => mapScrapedToListing(strip<ScrapedRecord>(i))),
  ];
}
