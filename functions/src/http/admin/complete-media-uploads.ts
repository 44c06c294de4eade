import { mediaCompleteSchema } from '../../../../shared/schemas/admin.js';
import { md5Hex, probeContainer, reencodeMediaImage } from '../../adapters/images/media-images.js';
import { completeMediaUploads } from '../../domain/admin/media.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, mediaDeps } from './deps.js';

/**
 * POST /api/admin/media — checks the uploaded bytes (container by file-type; images decoded and
 * re-encoded by sharp, without their metadata) and publishes them as media assets. The one admin
 * function that ships sharp.
 */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(mediaCompleteSchema, jsonBody(event));
  const checks = { probe: probeContainer, reencode: reencodeMediaImage, md5: md5Hex };
  const items = await completeMediaUploads(mediaDeps(), checks, staff, body.category, body.uploads);
  return json(201, { items });
});
