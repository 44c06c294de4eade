import { ulid } from 'ulid';
import { config } from '../../config.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { ownerListingStore, pendingUploadStore } from '../../adapters/dynamodb/owner-listings-repo.js';
import { profileStore } from '../../adapters/dynamodb/profiles-repo.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { eventPublisher } from '../../adapters/events/publisher.js';
import { s3 } from '../../adapters/s3/client.js';
import { deleteListingImageFiles } from '../../adapters/s3/uploads.js';
import { userAttributesFromAccessToken } from '../../adapters/cognito/user-attributes.js';
import { type Profile, type ProfileStore, getProfile } from '../../domain/accounts/profiles.js';
import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import { TRUCK_NOT_FOUND } from '../../domain/listings/manage-access.js';
import type { ManageListingDeps } from '../../domain/listings/manage-ports.js';
import type { HttpEvent } from '../handler.js';

/**
 * Composition for the accounts-and-selling handlers (me/, my-listings/, uploads/): the
 * adapters are picked once per cold start and reused across warm invocations.
 */
export function logError(message: string, err: unknown): void {
  console.error(
    JSON.stringify({
      level: 'error',
      message,
      error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
    }),
  );
}

let profiles: ProfileStore | undefined;
export function profiles$(): ProfileStore {
  profiles ??= profileStore(ddb, config.tableName);
  return profiles;
}

let pending: ReturnType<typeof pendingUploadStore> | undefined;
export function pendingUploads$() {
  pending ??= pendingUploadStore(ddb, config.tableName);
  return pending;
}

let manage: ManageListingDeps | undefined;
export function manageListingDeps(): ManageListingDeps {
  if (manage) return manage;
  manage = {
    listings: ownerListingStore(ddb, config.tableName),
    profiles: profiles$(),
    pendingImages: pendingUploads$(),
    // The bucket's name is read when files are deleted: only rows that declare the bucket have it.
    imageFiles: { deleteImages: (keys) => deleteListingImageFiles(s3, config.buckets.truckImages, keys) },
    events: { publish: (events) => eventPublisher().publish(events) },
    now: () => new Date(),
    newId: () => ulid(),
    logError,
    rateLimit: createRateLimiter(ddb, config.tableName),
  };
  return manage;
}

/** The {id} path parameter; a value that cannot be a listing id is simply not found. */
export function listingIdParam(event: HttpEvent): string {
  const id = event.pathParameters?.id ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound(TRUCK_NOT_FOUND);
  return id;
}

/**
 * The caller's profile, made from their Cognito attributes if the sign-up trigger never wrote
 * one. Called before a first write (selling, uploading) so the profile gets the seller's name.
 */
export function ensureProfile(event: HttpEvent, caller: Caller): Promise<Profile> {
  const token = /^Bearer\s+(.+)$/i.exec(event.headers?.authorization ?? '')?.[1];
  return getProfile(profiles$(), caller, new Date(), token ? () => userAttributesFromAccessToken(token) : undefined);
}
