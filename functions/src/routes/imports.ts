import { STOCK_IMPORTS_PREFIX } from '../../../shared/schemas/stock-import.js';
import type { RouteDef } from '../routes.js';

/**
 * Dealer stock import (issue 13 §3): an upload URL, dry run, apply (queued), status. The file goes
 * from the browser straight to the private bucket (imports/<sub>/…, presigned POST); the API only
 * ever sees its key (issue 22 §2: a file in the request body met the WAF's 32 KB body rule).
 */
export const importRoutes: RouteDef[] = [
  {
    id: 'RequestStockImportUpload',
    method: 'POST',
    path: '/api/my-imports/uploads',
    handler: 'http/my-imports/request-upload.ts',
    auth: 'user',
    // Table: the profile (made on first call) and the upload rate limit. Bucket: s3:PutObject under
    // imports/, which the presigned POST is signed with (the policy pins the one key).
    access: { table: 'readWrite', buckets: [{ bucket: 'private-uploads', prefixes: [STOCK_IMPORTS_PREFIX], access: 'write' }] },
  },
  {
    id: 'PreviewStockImport',
    method: 'POST',
    path: '/api/my-imports',
    handler: 'http/my-imports/preview-import.ts',
    auth: 'user',
    // Parses and plans up to 10,000 rows.
    memoryMb: 1024,
    timeoutSeconds: 29,
    access: {
      table: 'readWrite',
      // Reads the uploaded file; writes a fetched feed's file.
      buckets: [{ bucket: 'private-uploads', prefixes: [STOCK_IMPORTS_PREFIX], access: 'readWrite' }],
      // Fetches a feed URL.
      outboundHttp: true,
    },
  },
  {
    id: 'ApplyStockImport',
    method: 'POST',
    path: '/api/my-imports/{id}/apply',
    handler: 'http/my-imports/apply-import.ts',
    auth: 'user',
    // The queue worker (queues.ts 'stock-imports') reads the file; this only queues.
    access: { table: 'readWrite', queues: ['stock-imports'] },
  },
  {
    id: 'GetStockImport',
    method: 'GET',
    path: '/api/my-imports/{id}',
    handler: 'http/my-imports/get-import.ts',
    auth: 'user',
    access: { table: 'read' },
  },
];
