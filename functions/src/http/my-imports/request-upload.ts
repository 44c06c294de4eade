import {
  type ImportUpload,
  IMPORT_FILE_CONTENT_TYPE,
  IMPORT_FILE_MAX_BYTES,
  importUploadRequestSchema,
} from '../../../../shared/schemas/stock-import.js';
import { s3 } from '../../adapters/s3/client.js';
import { presignFilePost } from '../../adapters/s3/uploads.js';
import { config } from '../../config.js';
import { planImportUpload } from '../../domain/stock-import/stock-imports.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile } from '../my-listings/deps.js';
import { stockImportDeps } from './deps.js';

/** Minutes the browser has to post the file. */
export const IMPORT_UPLOAD_EXPIRY_SECONDS = 10 * 60;

/**
 * POST /api/my-imports/uploads — a presigned POST for one stock file, straight to the PRIVATE
 * uploads bucket at imports/<sub>/<id>.csv (key fixed here; 1 byte..4 MB and text/csv pinned by
 * the policy, checked again when the preview reads it). The browser then names the key in
 * POST /api/my-imports, so the file never passes through the API or its WAF body rule.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  parseWith(importUploadRequestSchema, jsonBody(event));
  await ensureProfile(event, caller);
  const { key } = await planImportUpload(stockImportDeps(), caller);
  const post = await presignFilePost(s3, {
    bucket: config.privateUploadsBucket,
    key,
    contentType: IMPORT_FILE_CONTENT_TYPE,
    maxBytes: IMPORT_FILE_MAX_BYTES,
    expiresSeconds: IMPORT_UPLOAD_EXPIRY_SECONDS,
    publicEndpoint: config.s3PublicEndpoint,
  });
  const upload: ImportUpload = {
    key,
    url: post.url,
    fields: post.fields,
    expiresAt: new Date(Date.now() + IMPORT_UPLOAD_EXPIRY_SECONDS * 1000).toISOString(),
    maxBytes: IMPORT_FILE_MAX_BYTES,
  };
  return json(200, upload, { 'cache-control': 'private, no-store' });
});
