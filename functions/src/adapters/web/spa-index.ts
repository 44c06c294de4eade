import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

export type SpaIndexSource = { path: string } | { bucket: string; key: string };

/** Served when the web app has not been built locally, so the head still renders. */
const FALLBACK_INDEX_HTML = `<!doctype html>
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

/** One entry of Vite's build manifest (web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type SpaManifest = Record<string, ManifestChunk>;

const MANIFEST = '.vite/manifest.json';
let cachedManifest: { id: string; version: number; manifest: SpaManifest | null } | undefined;

/**
 * Vite's build manifest, beside index.html (same caching as the index). Null when the build has
 * none (an older build, or none at all) or it cannot be read: pages then render without
 * modulepreload hints.
 */
export async function loadSpaManifest(source: SpaIndexSource, s3: () => S3Client, nowMs: number = Date.now()): Promise<SpaManifest | null> {
  if ('path' in source) {
    const file = join(dirname(source.path), MANIFEST);
    const id = `file:${file}`;
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch (err) {
      if (isMissingFile(err)) return null;
      throw err;
    }
    if (cachedManifest?.id === id && cachedManifest.version === mtimeMs) return cachedManifest.manifest;
    const manifest = JSON.parse(await readFile(file, 'utf8')) as SpaManifest;
    cachedManifest = { id, version: mtimeMs, manifest };
    return manifest;
  }
  const key = source.key.includes('/') ? `${source.key.slice(0, source.key.lastIndexOf('/'))}/${MANIFEST}` : MANIFEST;
  const id = `s3:${source.bucket}/${key}`;
  if (cachedManifest?.id === id && nowMs - cachedManifest.version < BUCKET_TTL_MS) return cachedManifest.manifest;
  let manifest: SpaManifest | null = null;
  try {
    const res = await s3().send(new GetObjectCommand({ Bucket: source.bucket, Key: key }));
    manifest = JSON.parse((await res.Body?.transformToString('utf-8')) ?? 'null') as SpaManifest | null;
  } catch (err) {
    // The hints only speed up the first screen: a manifest that is missing (NoSuchKey), refused
    // (AccessDenied) or not JSON means a page without them, never a failed page. Only a missing one
    // is expected, so the others are logged.
    if ((err as { name?: string }).name !== 'NoSuchKey') {
      console.error(
        JSON.stringify({
          level: 'error',
          message: `s3://${source.bucket}/${key} unreadable: pages render without modulepreload hints`,
          error: err instanceof Error ? { name: err.name, message: err.message } : String(err),
        }),
      );
    }
  }
  cachedManifest = { id, version: nowMs, manifest };
  return manifest;
}

/**
 * The files a module needs before it runs, from the manifest: its chunk and every chunk it imports
 * statically (transitively), and their CSS. Site-absolute paths ('/assets/…').
 */
export function preloadsOf(manifest: SpaManifest, module: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(module);
  return { scripts, styles: [...styles] };
}
