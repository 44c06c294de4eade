import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../shared/schemas/admin.js';
import { archiveAuditDay } from './audit-archive.js';

/** What archiveAuditDay does for a run at `now` (for `day`): the window it asks for and the day it archives. */
async function archiveRun(now: Date, day?: string) {
  let window: [string, string] = ['', ''];
  const deps = {
    audit: {
      between: async (from: string, to: string) => {
        window = [from, to];
        return [];
      },
    },
    archive: { put: async () => undefined },
  };
  const result = await archiveAuditDay(deps, now, day);
  return { window, day: result.day };
}
const ukDayStart = async (day: string) => (await archiveRun(new Date(), day)).window[0];
const previousUkDay = async (now: Date) => (await archiveRun(now)).day;

describe('UK days for the nightly audit archive', () => {
  it('starts a UK day at 00:00 UTC in winter and 23:00 UTC the evening before in summer, clock-change days included', async () => {
    expect(await ukDayStart('2026-01-15')).toBe('2026-01-15T00:00:00.000Z');
    expect(await ukDayStart('2026-07-14')).toBe('2026-07-13T23:00:00.000Z');
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(await ukDayStart('2026-03-29')).toBe('2026-03-29T00:00:00.000Z');
    expect(await ukDayStart('2026-03-30')).toBe('2026-03-29T23:00:00.000Z');
    expect(await ukDayStart('2026-10-25')).toBe('2026-10-24T23:00:00.000Z');
    expect(await ukDayStart('2026-10-26')).toBe('2026-10-26T00:00:00.000Z');
  });

  it("takes the day before the UK day the job runs in (00:30 BST is still the next day's early hours)", async () => {
    expect(await previousUkDay(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-14');
    expect(await previousUkDay(new Date('2026-01-01T01:30:00Z'))).toBe('2025-12-31');
  });
});

describe('archiveAuditDay', () => {
  it("asks for exactly the day's window and writes one JSON line per entry under audit/YYYY/MM/", async () => {
    // Prepare
    const asked: Array<[string, string]> = [];
    const written: Array<[string, string]> = [];
    const entry = { id: 'e1', action: 'read', resourceType: 'inbox', createdAt: '2026-07-14T09:00:00.000Z' } as AuditEntry;
    const deps = {
      audit: {
        between: async (from: string, to: string) => {
          asked.push([from, to]);
          return [entry];
        },
      },
      archive: { put: async (key: string, body: string) => void written.push([key, body]) },
    };

    // Act
    const result = await archiveAuditDay(deps, new Date('2026-07-15T00:30:00Z'));

    // Assess
    expect(result).toEqual({ day: '2026-07-14', key: 'audit/2026/07/2026-07-14.jsonl', entries: 1 });
    expect(asked).toEqual([['2026-07-13T23:00:00.000Z', '2026-07-14T23:00:00.000Z']]);
    expect(written).toEqual([['audit/2026/07/2026-07-14.jsonl', `${JSON.stringify(entry)}\n`]]);
    await expect(archiveAuditDay(deps, new Date(), '2026-02-30')).rejects.toThrow(/calendar day/);
  });
});
