import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable, applyLocalCloudEnv } from '../../../../dev/testing/harness.js';
import { makeDynamoClient } from '../../../../dev/stand-ins/dynamodb-local.js';
import type { ListingRecord, ScrapedRecord } from '../../domain/listings/types.js';
import { type ListingsRepo, createListingsRepo } from './listings-repo.js';

let repo: ListingsRepo;
let doc: DynamoDBDocumentClient;
let drop: () => Promise<void>;

const DAY = 86_400_000;
const base = Date.parse('2025-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

const listing = (i: number, over: Partial<ListingRecord> = {}): ListingRecord =>
  ({
    id: `L${String(i).padStart(4, '0')}`,
    userId: `u${i % 7}`,
    title: `Truck ${i}`,
    make: 'daf',
    model: null,
    year: 2018,
    category: 'rigid',
    fuelType: null,
    transmission: null,
    mileage: null,
    engineSize: null,
    price: 1000 + i,
    vatStatus: null,
    axleConfig: null,
    gvwTonnes: null,
    euroStandard: null,
    cabType: null,
    description: null,
    features: null,
    contactName: 'Sam',
    companyName: null,
    phone: '0',
    email: null,
    location: null,
    postcode: null,
    images: [{ key: `listings/L${i}/a`, width: 800, height: 600 }],
    status: i % 10 === 0 ? 'inactive' : 'active',
    // Spread over two years so the cold-start load splits the partition into several segments.
    createdAt: at(base + i * 2 * DAY),
    updatedAt: at(base + i * 2 * DAY),
    ...over,
  }) as ListingRecord;

const scraped = (i: number, over: Partial<ScrapedRecord> = {}): ScrapedRecord => ({
  id: `s${i}`,
  externalId: `e${i}`,
  sourceWebsite: 'site.example',
  sourceUrl: null,
  make: 'Volvo',
  model: null,
  year: null,
  mileage: null,
  price: null,
  location: null,
  dealerName: null,
  dealerContact: null,
  category: null,
  fuelType: null,
  transmission: null,
  description: null,
  scrapedAt: at(base + i * DAY),
  isActive: i % 5 !== 0,
  updatedAt: at(base + i * DAY),
  ...over,
});

beforeAll(async () => {
  const env = applyLocalCloudEnv();
  const table = await createTestTable('listings-repo');
  drop = table.drop;
  doc = DynamoDBDocumentClient.from(makeDynamoClient(env.AWS_ENDPOINT_URL_DYNAMODB), { marshallOptions: { removeUndefinedValues: true } });
  repo = createListingsRepo({ ddb: doc, tableName: table.tableName });
  await repo.putListingsBatch(Array.from({ length: 360 }, (_, i) => listing(i)));
  await repo.putScrapedBatch(Array.from({ length: 40 }, (_, i) => scraped(i)));
});

afterAll(async () => {
  doc?.destroy();
  await drop?.();
});

describe('listings repo', () => {
  it('round-trips a listing and a scraped listing without their keys, with the version the table gave them', async () => {
    expect(await repo.getListing('L0003')).toEqual({ ...listing(3), version: 1 });
    expect(await repo.getScraped('s3')).toEqual({ ...scraped(3), version: 1 });
    expect(await repo.getListing('nope')).toBeNull();
  });

  it('increments the version on every write, whatever updatedAt the writer sends (issue 7)', async () => {
    await repo.putListing({ ...listing(5), title: 'Second write', updatedAt: '2000-01-01T00:00:00.000Z' });
    await repo.putListing({ ...listing(5), title: 'Third write', updatedAt: '2000-01-01T00:00:00.000Z' });
    expect(await repo.getListing('L0005')).toMatchObject({ title: 'Third write', version: 3 });
    const feed = await repo.changesSince('2001-01-01T00:00:00.000Z');
    expect(feed.listings.find((l) => l.id === 'L0005')).toMatchObject({ title: 'Third write', version: 3 });
  });

  it('loads every active listing and active scraped listing exactly once, across its parallel segments', async () => {
    const { listings, scraped: loadedScraped } = await repo.loadAllActive();
    const ids = listings.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(
      Array.from({ length: 360 }, (_, i) => listing(i))
        .filter((l) => l.status === 'active')
        .map((l) => l.id)
        .sort(),
    );
    expect(loadedScraped.map((s) => s.id).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => i)
        .filter((i) => i % 5 !== 0)
        .map((i) => `s${i}`)
        .sort(),
    );
  });

  it('reports changes after a cursor, including scraped listings and tombstones of deleted listings', async () => {
    const cursor = new Date().toISOString();
    const now = Date.now() + 10;
    await repo.putListing(listing(1, { title: 'Edited', updatedAt: at(now) }));
    await repo.putScraped(scraped(1, { isActive: false, updatedAt: at(now) }));
    expect(await repo.deleteListing('L0002', new Date(now))).toBe(true);
    expect(await repo.deleteListing('L0002')).toBe(false);

    const changes = await repo.changesSince(cursor);
    expect(changes.listings.map((l) => [l.id, l.title])).toEqual([['L0001', 'Edited']]);
    expect(changes.scraped.map((s) => [s.id, s.isActive])).toEqual([['s1', false]]);
    expect(changes.removedIds).toEqual(['L0002']);
    expect(await repo.getListing('L0002')).toBeNull();
  });

  it('puts a record written with an old updatedAt on the change feed at the time of writing', async () => {
    const cursor = new Date().toISOString();
    await repo.putListingsBatch([listing(900, { createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' })]);
    expect((await repo.changesSince(cursor)).listings.map((l) => l.id)).toEqual(['L0900']);
  });
});
