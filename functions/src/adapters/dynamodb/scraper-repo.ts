import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobRunReport, SourceRunReport, SourceRunStatus } from '../../../../shared/schemas/scraper.js';
import type { ScrapedRecord } from '../../domain/listings/types.js';
import type { MatchFields } from '../../domain/scraper/duplicates.js';
import type { ChunkCounts, PageCacheEntry, ScrapeStore } from '../../domain/scraper/ports.js';
import { keys } from './keys.js';
import { createListingsRepo } from './listings-repo.js';
import { queryAll } from './query-all.js';

type Item = Record<string, unknown>;
const COUNT_FIELDS: Array<keyof ChunkCounts> = [
  'pagesFetched',
  'pagesNotModified',
  'listingsParsed',
  'new',
  'updated',
  'reactivated',
  'skippedByRobots',
  'imagesCopied',
  'pageErrors',
];
const STRIP = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type'];
const strip = <T>(item: Item): T => {
  const copy = { ...item };
  for (const k of STRIP) delete copy[k];
  return copy as T;
};

export interface ScraperRepoOptions {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  /** Called on every scraped-listing item write (the benchmark counts them). */
  onListingWrite?: () => void;
}

/** Queries every page of a partition of this table. */
const allOf = (ddb: DynamoDBDocumentClient, TableName: string) => (input: Omit<Parameters<typeof queryAll>[1], 'TableName'>) =>
  queryAll(ddb, { ...input, TableName });

/** The per-source reports of one run (GSI1). */
function runSourcesOf(ddb: DynamoDBDocumentClient, TableName: string) {
  const all = allOf(ddb, TableName);
  return (runId: string): Promise<Item[]> =>
    all({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.scraperSourceRunByRun(runId, '').gsi1pk },
    });
}

/** Scraper runs, their per-source reports, seen ids, page validators and scraped-listing upserts (docs/data-model.md 7–9, 30, 36–39). */
export function createScraperRepo({ ddb, tableName, onListingWrite }: ScraperRepoOptions) {
  const store: ScrapeStore = {
    ...scrapedRecords(ddb, tableName, onListingWrite),
    ...runLifecycle(ddb, tableName),
    ...runProgress(ddb, tableName),
  };
  return {
    ...store,
    ...runReports(ddb, tableName),
  };
}

/** Scraped listings and the validators of fetched pages. */
function scrapedRecords(
  ddb: DynamoDBDocumentClient,
  TableName: string,
  onListingWrite?: () => void,
): Pick<ScrapeStore, 'getScrapedMany' | 'putScraped' | 'activeOfSource' | 'getPageCache' | 'putPageCache'> {
  const all = allOf(ddb, TableName);
  const listings = createListingsRepo({ ddb, tableName: TableName });
  return {
    async getScrapedMany(ids) {
      const out = new Map<string, ScrapedRecord>();
      for (let i = 0; i < ids.length; i += 100) {
        let request: Record<string, unknown>[] | undefined = [...new Set(ids.slice(i, i + 100))].map((id) => keys.scraped(id));
        for (let attempt = 0; request?.length; attempt++) {
          if (attempt > 8) throw new Error('BatchGet: keys still unprocessed');
          const res = await ddb.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: request } } }));
          for (const item of res.Responses?.[TableName] ?? []) {
            const r = strip<ScrapedRecord>(item);
            out.set(r.id, r);
          }
          request = res.UnprocessedKeys?.[TableName]?.Keys as Record<string, unknown>[] | undefined;
        }
      }
      return out;
    },
    async putScraped(record) {
      // Through the listings repo: the table increments the item's version, which search applies changes by.
      await listings.putScraped(record);
      onListingWrite?.();
    },
    async activeOfSource(sourceName) {
      const items = await all({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.scrapedBySource(sourceName, '').gsi1pk },
      });
      return items.map((i) => strip<ScrapedRecord>(i)).filter((r) => r.isActive);
    },

    async getPageCache(sourceId, url) {
      const res = await ddb.send(new GetCommand({ TableName, Key: keys.scraperPage(sourceId, url) }));
      return res.Item ? strip<PageCacheEntry>(res.Item) : null;
    },
    async putPageCache(sourceId, entry) {
      await ddb.send(new PutCommand({ TableName, Item: { ...keys.scraperPage(sourceId, entry.url), type: 'ScraperPage', ...entry } }));
    },
  };
}

/** A run and its sources: started, each step claimed once, each source finished, the run completed. */
function runLifecycle(ddb: DynamoDBDocumentClient, TableName: string): Pick<ScrapeStore, 'startRun' | 'claimStep' | 'finishSource'> {
  const runSources = runSourcesOf(ddb, TableName);
  return {
    async startRun({ runId, startedAt, sources }) {
      await ddb.send(
        new PutCommand({
          TableName,
          Item: {
            ...keys.scraperRun(runId),
            type: 'ScraperRun',
            id: runId,
            job: 'scrape',
            startedAt,
            finishedAt: null,
            status: 'running',
            sourcesPending: sources.length,
          },
        }),
      );
      await Promise.all(
        sources.map((s) => {
          const report: SourceRunReport & { lastStep: number; newListingIds: string[]; runId: string } = {
            runId,
            sourceId: s.id,
            sourceName: s.name,
            status: 'running',
            pagesFetched: 0,
            pagesNotModified: 0,
            listingsParsed: 0,
            new: 0,
            updated: 0,
            reactivated: 0,
            deactivated: 0,
            skippedByRobots: 0,
            imagesCopied: 0,
            errors: [],
            startedAt,
            finishedAt: null,
            lastStep: -1,
            newListingIds: [],
          };
          return ddb.send(
            new PutCommand({
              TableName,
              Item: {
                ...keys.scraperSourceRun(s.id, runId),
                ...keys.scraperSourceRunByRun(runId, s.id),
                type: 'ScraperSourceRun',
                pageErrors: 0,
                ...report,
              },
            }),
          );
        }),
      );
    },

    async claimStep(runId, sourceId, step) {
      try {
        await ddb.send(
          new UpdateCommand({
            TableName,
            Key: keys.scraperSourceRun(sourceId, runId),
            UpdateExpression: 'SET lastStep = :step',
            ConditionExpression: 'lastStep = :prev',
            ExpressionAttributeValues: { ':step': step, ':prev': step - 1 },
          }),
        );
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw err;
      }
    },

    async finishSource(runId, sourceId, result) {
      await ddb.send(
        new UpdateCommand({
          TableName,
          Key: keys.scraperSourceRun(sourceId, runId),
          UpdateExpression: 'SET #status = :status, deactivated = :deactivated, finishedAt = :at, errors = list_append(errors, :errors)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': result.status,
            ':deactivated': result.deactivated,
            ':at': result.finishedAt,
            ':errors': result.errors,
          },
        }),
      );
      const res = await ddb.send(
        new UpdateCommand({
          TableName,
          Key: keys.scraperRun(runId),
          UpdateExpression: 'ADD sourcesPending :minus',
          ExpressionAttributeValues: { ':minus': -1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const startedAt = String(res.Attributes?.startedAt ?? result.finishedAt);
      if (Number(res.Attributes?.sourcesPending) !== 0)
        return { runComplete: false, newListingIds: [], run: { startedAt, finishedAt: result.finishedAt } };
      await ddb.send(
        new UpdateCommand({
          TableName,
          Key: keys.scraperRun(runId),
          UpdateExpression: 'SET #status = :done, finishedAt = :at',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':done': 'completed', ':at': result.finishedAt },
        }),
      );
      const sources = await runSources(runId);
      return {
        runComplete: true,
        newListingIds: sources.flatMap((s) => (s.newListingIds as string[]) ?? []),
        run: { startedAt, finishedAt: result.finishedAt },
      };
    },
  };
}

/** What a source has done so far in a run, and the ids recent successful runs saw. */
function runProgress(
  ddb: DynamoDBDocumentClient,
  TableName: string,
): Pick<ScrapeStore, 'recordChunk' | 'sourceProgress' | 'seenByRecentSuccessfulRuns'> {
  const all = allOf(ddb, TableName);
  return {
    async recordChunk(runId, sourceId, chunk) {
      const values: Item = { ':errors': chunk.errors, ':newIds': chunk.newListingIds };
      const adds = COUNT_FIELDS.map((f) => {
        values[`:${f}`] = chunk.counts[f];
        return `#${f} :${f}`;
      });
      const names = Object.fromEntries(COUNT_FIELDS.map((f) => [`#${f}`, f]));
      await ddb.send(
        new UpdateCommand({
          TableName,
          Key: keys.scraperSourceRun(sourceId, runId),
          UpdateExpression: `ADD ${adds.join(', ')} SET errors = list_append(errors, :errors), newListingIds = list_append(newListingIds, :newIds)`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      // Seen ids live in the run's own records, never on the listings (no write per unchanged listing).
      await ddb.send(
        new PutCommand({
          TableName,
          Item: { ...keys.scraperSeen(sourceId, runId, chunk.step), type: 'ScraperSeen', runId, ids: chunk.seenExternalIds },
        }),
      );
    },

    async sourceProgress(runId, sourceId) {
      const res = await ddb.send(new GetCommand({ TableName, Key: keys.scraperSourceRun(sourceId, runId), ConsistentRead: true }));
      if (!res.Item) return null;
      const counts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, Number(res.Item?.[f] ?? 0)])) as unknown as ChunkCounts;
      return { counts, errors: (res.Item.errors as string[]) ?? [] };
    },

    async seenByRecentSuccessfulRuns(sourceId, n, currentRunId) {
      const reports = await ddb.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :run)',
          ExpressionAttributeValues: { ':pk': `SCRAPESRC#${sourceId}`, ':run': 'RUN#' },
          ScanIndexForward: false,
          Limit: 100,
        }),
      );
      const runIds = [
        currentRunId,
        ...(reports.Items ?? [])
          .filter((r) => r.status === 'succeeded' && r.runId !== currentRunId)
          .map((r) => String(r.runId))
          .slice(0, n - 1),
      ];
      return Promise.all(
        runIds.map(async (runId) => {
          const chunks = await all({
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :seen)',
            ExpressionAttributeValues: { ':pk': `SCRAPESRC#${sourceId}`, ':seen': `SEEN#${runId}#` },
            ConsistentRead: true,
          });
          return new Set(chunks.flatMap((c) => (c.ids as string[]) ?? []));
        }),
      );
    },
  };
}

/** What the Jobs panel and the duplicate rule read. */
function runReports(ddb: DynamoDBDocumentClient, TableName: string) {
  const all = allOf(ddb, TableName);
  const runSources = runSourcesOf(ddb, TableName);
  return {
    /** Pattern 30 + 37: the latest runs with their per-source reports, newest first. */
    async recentRuns(limit: number): Promise<JobRunReport[]> {
      const res = await ddb.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': 'SCRAPERUN' },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return Promise.all(
        (res.Items ?? []).map(async (run) => {
          const items = await runSources(String(run.id));
          const sources = items.map((s) => toSourceReport(s));
          return {
            id: String(run.id),
            job: 'scrape' as const,
            startedAt: String(run.startedAt),
            finishedAt: (run.finishedAt as string | null) ?? null,
            status: run.status === 'completed' ? ('completed' as const) : ('running' as const),
            sources,
            newListingIds: items.flatMap((s) => (s.newListingIds as string[]) ?? []),
          };
        }),
      );
    },
    /** Sellers' active listings (pattern 2), as the duplicate rule compares them. */
    async activeOwnListings(): Promise<Array<MatchFields & { id: string }>> {
      const items = await all({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': 'LSTATUS#active' },
        ProjectionExpression: 'id, make, model, #year, price, mileage, registration',
        ExpressionAttributeNames: { '#year': 'year' },
      });
      return items.map((i) => ({
        id: String(i.id),
        make: (i.make as string | null) ?? null,
        model: (i.model as string | null) ?? null,
        year: (i.year as number | null) ?? null,
        price: (i.price as number | null) ?? null,
        mileage: (i.mileage as number | null) ?? null,
        registration: (i.registration as string | null | undefined) ?? null,
      }));
    },
  };
}

export type ScraperRepo = ReturnType<typeof createScraperRepo>;

function toSourceReport(s: Item): SourceRunReport {
  const n = (k: string) => Number(s[k] ?? 0);
  return {
    sourceId: String(s.sourceId),
    sourceName: String(s.sourceName),
    status: s.status as SourceRunStatus,
    pagesFetched: n('pagesFetched'),
    pagesNotModified: n('pagesNotModified'),
    listingsParsed: n('listingsParsed'),
    new: n('new'),
    updated: n('updated'),
    reactivated: n('reactivated'),
    deactivated: n('deactivated'),
    skippedByRobots: n('skippedByRobots'),
    imagesCopied: n('imagesCopied'),
    errors: (s.errors as string[]) ?? [],
    startedAt: String(s.startedAt),
    finishedAt: (s.finishedAt as string | null) ?? null,
  };
}
