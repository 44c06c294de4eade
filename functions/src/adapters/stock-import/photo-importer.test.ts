import { describe, expect, it } from 'vitest';
import { PHOTO_FETCH_INTERVAL_MS } from '../../../../shared/limits.js';
import { HostPacer } from '../http/host-pacer.js';
import type { SafeFetcher } from '../http/safe-fetch.js';
import { createPhotoImporter } from './photo-importer.js';

/** The scraper's pacer, on a clock that never really waits, recording the slot each caller got per host. */
class RecordingPacer extends HostPacer {
  readonly slots: Array<{ host: string; at: number; intervalMs: number }> = [];
  private t = 0;
  constructor() {
    super({ now: () => 0, sleep: async () => {} });
  }
  override async wait(host: string, intervalMs: number): Promise<void> {
    const last = this.slots.filter((s) => s.host === host).at(-1);
    this.t = last ? last.at + intervalMs : 0;
    this.slots.push({ host, at: this.t, intervalMs });
    await super.wait(host, intervalMs);
  }
}

describe('photo importer pacing (issue 23)', () => {
  it('asks the host pacer for a one-second slot of its host before every photo fetch, across rows imported side by side', async () => {
    // Prepare
    const pacer = new RecordingPacer();
    const fetched: string[] = [];
    const fetcher = {
      fetchBytes: async (url: string) => {
        fetched.push(url);
        throw new Error('404');
      },
    } as unknown as SafeFetcher;
    const importer = createPhotoImporter({ s3: {} as never, bucket: 'unused' }, fetcher, { pacer });
    // Act: two rows at once, three photos from one host and one from another
    await Promise.all([
      importer.importPhotos('d', ['https://93.184.216.34/1.jpg', 'https://93.184.216.34/2.jpg']),
      importer.importPhotos('d', ['https://93.184.216.34/3.jpg', 'https://1.1.1.1/1.jpg']),
    ]);
    // Assess
    expect(fetched).toHaveLength(4);
    expect(pacer.slots).toHaveLength(4);
    expect(pacer.slots.every((s) => s.intervalMs === PHOTO_FETCH_INTERVAL_MS && PHOTO_FETCH_INTERVAL_MS === 1000)).toBe(true);
    expect(pacer.slots.filter((s) => s.host === '93.184.216.34').map((s) => s.at)).toEqual([0, 1000, 2000]);
    expect(pacer.slots.filter((s) => s.host === '1.1.1.1')).toHaveLength(1);
  });
});
