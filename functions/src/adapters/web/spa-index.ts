import { readFile, stat } from 'node:fs/promises';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

export type SpaIndexSource = { path: string } | { bucket: string; key: string };

/** Served when the web app has not been built locally, so the head still renders. */
export const FALLBACK_INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const BUCKET_TTL_MS = 60_000;
let cached: { id: string; version: number; html: string } | undefined;

const isMissingFile = (err: unknown) => (err as { code?: string })?.code === 'ENOENT';

/**
 * The SPA's index.html. From S3 it is cached in module scope for a minute (a deploy replaces it
 * with new asset hashes); a local file is re-read when its mtime changes, so a rebuild shows at once.
 */
export async function loadSpaIndex(source: SpaIndexSource, s3: () => S3Client, nowMs: number = Date.now()): Promise<string> {
  if ('path' in source) {
    const id = `file:${source.path}`;
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(source.path)).mtimeMs;
    } catch (err) {
      if (isMissingFile(err)) return FALLBACK_INDEX_HTML;
      throw err;
    }
    if (cached?.id === id && cached.version === mtimeMs) return cached.html;
    const html = await readFile(source.path, 'utf8');
    cached = { id, version: mtimeMs, html };
    return html;
  }
  const id = `s3:${source.bucket}/${source.key}`;
  if (cached?.id === id && nowMs - cached.version < BUCKET_TTL_MS) return cached.html;
  const res = await s3().send(new GetObjectCommand({ Bucket: source.bucket, Key: source.key }));
  const html = (await res.Body?.transformToString('utf-8')) ?? '';
  if (!html) throw new Error(`s3://${source.bucket}/${source.key} is empty`);
  cached = { id, version: nowMs, html };
  return html;
}
