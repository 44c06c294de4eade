import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable } from '../../../../dev/testing/harness.js';
import { ddb } from './client.js';
import { keys } from './keys.js';
import { createRateLimiter } from './rate-limit.js';

describe('createRateLimiter (DynamoDB fixed window, pattern 29)', () => {
  let table: { tableName: string; drop: () => Promise<void> };
  beforeAll(async () => {
    table = await createTestTable('rate-limit');
  });
  afterAll(() => table?.drop());

  const at = (iso: string) => () => new Date(iso);

  it('allows exactly `limit` of many concurrent requests and counts no refused ones', async () => {
    const limiter = createRateLimiter(ddb, table.tableName, at('2026-11-22T20:03:20Z'));
    const results = await Promise.all(
      Array.from({ length: 12 }, () => limiter({ scope: 'test', key: 'concurrent', limit: 5, windowSeconds: 600 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.count)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);

    const item = await ddb.send(
      new GetCommand({ TableName: table.tableName, Key: keys.rateCounter('test', 'concurrent', '2026-11-22T20:00:00.000Z') }),
    );
    // Window 20:00–20:10; the item expires (TTL) at the window's end.
    expect(item.Item).toMatchObject({ count: 5, expiresAt: Date.parse('2026-11-22T20:10:00Z') / 1000 });
    expect(results.find((r) => !r.allowed)?.retryAfterSeconds).toBe(400);
  });

  it('starts counting afresh in the next window and keeps keys and scopes apart', async () => {
    const req = { scope: 'test', key: 'windows', limit: 1, windowSeconds: 60 };
    const first = createRateLimiter(ddb, table.tableName, at('2026-11-22T20:00:59Z'));
    const next = createRateLimiter(ddb, table.tableName, at('2026-11-22T20:01:00Z'));
    expect((await first(req)).allowed).toBe(true);
    expect((await first(req)).allowed).toBe(false);
    expect((await first({ ...req, key: 'other' })).allowed).toBe(true);
    expect((await first({ ...req, scope: 'other' })).allowed).toBe(true);
    expect((await next(req)).allowed).toBe(true);
  });
});
