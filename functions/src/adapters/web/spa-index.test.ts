import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadSpaManifest } from './spa-index.js';

/** An S3 client whose GetObject fails the way S3 does (only `send` is used by the loader). */
const failingS3 = (name: string) => () =>
  ({
    send: async () => {
      throw Object.assign(new Error(`${name} from S3`), { name });
    },
  }) as unknown as S3Client;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('loadSpaManifest: a manifest that is not there means no preload list', () => {
  // Each case uses its own bucket name and clock: the loader caches per key for a minute.
  it('is null when the site bucket has no .vite/manifest.json (NoSuchKey)', async () => {
    await expect(loadSpaManifest({ bucket: 'site-a', key: 'index.html' }, failingS3('NoSuchKey'), 1)).resolves.toBeNull();
  });

  it('is null, and logged, when the manifest cannot be read (AccessDenied), instead of failing the page', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(loadSpaManifest({ bucket: 'site-b', key: 'index.html' }, failingS3('AccessDenied'), 2)).resolves.toBeNull();
    expect(log.mock.calls[0]?.[0]).toContain('s3://site-b/.vite/manifest.json unreadable');
    log.mockRestore();
  });

  it('is null when a local build has no manifest, and the parsed manifest when it has one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-index-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    const source = { path: join(dir, 'index.html') };
    await expect(loadSpaManifest(source, failingS3('unused'))).resolves.toBeNull();
    await mkdir(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify({ 'src/main.tsx': { file: 'assets/main.js', isEntry: true } }));
    await expect(loadSpaManifest(source, failingS3('unused'))).resolves.toEqual({
      'src/main.tsx': { file: 'assets/main.js', isEntry: true },
    });
  });
});
