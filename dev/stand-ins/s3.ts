/** s3rver (pure-JS S3) in-process, on loopback only, with the product's buckets and their CORS rules. */
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { ALL_BUCKETS, serviceUrl } from '../config.js';
import { listenLoopback } from '../lib/net.js';

export interface S3StandInOptions {
  port: number;
  directory: string;
  /** Origins the browser uses (the site), allowed to POST/PUT/GET by presigned URL. */
  allowedOrigins: string[];
  buckets?: string[];
}

export interface S3StandIn {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function corsConfigXml(origins: string[]): string {
  // A CORS rule needs at least one origin; with none given, allow any (tests, scripts).
  const allowed = (origins.length ? origins : ['*']).map((o) => `<AllowedOrigin>${escapeXml(o)}</AllowedOrigin>`).join('');
  return [
    '<CORSConfiguration><CORSRule>',
    allowed,
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>',
    '<AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>',
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>',
    '<MaxAgeSeconds>3000</MaxAgeSeconds>',
    '</CORSRule></CORSConfiguration>',
  ].join('');
}

export async function startS3(opts: S3StandInOptions): Promise<S3StandIn> {
  mkdirSync(opts.directory, { recursive: true });
  const cors = corsConfigXml(opts.allowedOrigins);
  const s3rver = new S3rver({
    directory: opts.directory,
    silent: true,
    // Path-style only: virtual-host buckets would need *.localhost DNS.
    vhostBuckets: false,
    configureBuckets: (opts.buckets ?? ALL_BUCKETS).map((name) => ({ name, configs: [cors] })),
  });
  await s3rver.configureBuckets();
  const server = await listenLoopback(s3rver.callback(), opts.port);
  return {
    endpoint: serviceUrl(server.port),
    port: server.port,
    stop: () => server.close(),
  };
}
