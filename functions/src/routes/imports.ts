import type { RouteDef } from '../routes.js';

/** Dealer stock import (issue 13 §3): dry run, apply (queued), status. */
export const importRoutes: RouteDef[] = [
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
      buckets: [{ bucket: 'private-uploads', prefixes: ['imports/'], access: 'write' }],
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
