import type { DomainEvent } from '../../events/contracts.js';
import type { ProfileStore } from '../accounts/profiles.js';
import type { RateLimiter } from '../rate-limit.js';
import type { ListingRecord, StoredImage } from './types.js';

/** The owner's view of the listings table (patterns 1, 4, 6, 20–21). */
export interface OwnerListingStore {
  get(id: string): Promise<ListingRecord | null>;
  /** Pattern 4: every status, newest first. */
  listByOwner(userId: string): Promise<ListingRecord[]>;
  /** Pattern 4, counted: the owner's live listings (active, or pending review), for the cap of shared/limits.ts. */
  countLive(userId: string): Promise<number>;
  /**
   * Writes a new listing, in one transaction with taking the owner's pending uploads
   * `claimedImageKeys` (so two listings can never share an image: the second claim fails with a
   * VALIDATION DomainError) and, with an idempotency key, remembering which listing it made
   * (IdempotentReplay when that key already made one).
   */
  create(record: ListingRecord, options?: CreateListingOptions): Promise<void>;
  /** The listing an earlier create with this Idempotency-Key made, if any (24 hours). */
  findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<string | null>;
  /**
   * Replaces a listing written by its owner, taking the pending uploads `claimedImageKeys` in the
   * same transaction; a CONFLICT DomainError when it changed since `expectedUpdatedAt` or is no
   * longer theirs, VALIDATION when an image was taken meanwhile. `previousStatus`, when the status
   * changes, moves the analytics counters with it.
   */
  replace(
    record: ListingRecord,
    expectedUpdatedAt: string,
    claimedImageKeys?: string[],
    previousStatus?: ListingRecord['status'],
  ): Promise<void>;
  /** Deletes the listing and leaves a tombstone for the search change feed. */
  remove(record: ListingRecord, deletedAt: string): Promise<void>;
  /** Pattern 21: removes everyone's saved-truck entries for the listing. */
  removeSavedEntries(listingId: string): Promise<void>;
}

interface CreateListingOptions {
  claimedImageKeys?: string[];
  idempotencyKey?: string;
  /**
   * The caller adds the analytics counters itself, once for a whole batch (the stock import): the
   * counter items are hot, and one ADD per row in each row's transaction conflicts under a big import.
   */
  countersByCaller?: boolean;
}

/** A create whose Idempotency-Key already made a listing: answer with that one, make nothing new. */
export class IdempotentReplay extends Error {
  constructor(readonly listingId: string) {
    super(`Idempotency key already used for listing ${listingId}`);
    this.name = 'IdempotentReplay';
  }
}

/** Images verified by POST /api/uploads/listing-images/complete, waiting to be attached (pk USER#, sk UPLOAD#, with a TTL). */
export interface PendingImageStore {
  /** The pending images of this user among `keys`. */
  find(userId: string, keys: string[]): Promise<Map<string, StoredImage>>;
  forget(userId: string, keys: string[]): Promise<void>;
}

/** The processed image files in the truck-images bucket. */
export interface ListingImageFiles {
  /** Deletes each image's original and variants. */
  deleteImages(keys: string[]): Promise<void>;
}

/** A domain event whose detail matches its contract (events/contracts.ts). */
export type ListingEvent = DomainEvent;

/** Publishes to the event bus (adapters/events/publisher.ts satisfies this). */
export interface ListingEventPublisher {
  publish(events: ListingEvent[]): Promise<void>;
}

export interface ManageListingDeps {
  listings: OwnerListingStore;
  profiles: ProfileStore;
  pendingImages: PendingImageStore;
  imageFiles: ListingImageFiles;
  events: ListingEventPublisher;
  now: () => Date;
  newId: () => string;
  /** Errors that must not fail the request (spec §8: a failed matching trigger is only logged). */
  logError: (message: string, err: unknown) => void;
  /** Caps how many listings one account creates (spam); absent in unit tests and the benchmark. */
  rateLimit?: RateLimiter;
}
