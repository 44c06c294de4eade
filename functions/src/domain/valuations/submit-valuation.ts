import { LIMITS } from '../../../../shared/constants.js';
import { isHoneypotFilled } from '../../../../shared/schemas/contact.js';
import type { ValuationRequest } from '../../../../shared/schemas/valuation.js';
import { type ChallengeGate, requireSolvedChallenge } from '../challenge/challenge.js';
import { rateLimitKeyForIp } from '../client-address.js';
import { mayAcknowledge } from '../mail/acknowledgement-limit.js';
import { DomainError, forbidden, validationError } from '../errors.js';
import type { MailContext } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import { valuationAcknowledgement, valuationRequestToStaff } from '../mail/templates.js';
import type { RateLimiter } from '../rate-limit.js';
import { type ImageKind, type UploadedObjects, checkUploadClaims, verifyUploadedImage } from '../uploads/verify-upload.js';

/** Presigned valuation photos land here; only keys under it, issued by us, are accepted. */
export const VALUATION_PENDING_PREFIX = 'valuations/pending/';
/** Accepted photos: `valuations/<requestId>/<n>.<ext>` in the private uploads bucket. */
const valuationImageKey = (requestId: string, n: number, kind: ImageKind) =>
  `valuations/${requestId}/${n}.${kind === 'jpeg' ? 'jpg' : kind}`;

const PENDING_KEY = /^valuations\/pending\/[0-9A-HJKMNP-TV-Z]{26}$/;

/** Five requests per client address per ten minutes, like the contact form. */
const VALUATION_RATE_LIMIT = { scope: 'valuation', limit: 5, windowSeconds: 600 } as const;
/** Presigning is cheap but fills the bucket: twenty batches per address per ten minutes. */
const VALUATION_UPLOAD_RATE_LIMIT = { scope: 'valuation-uploads', limit: 20, windowSeconds: 600 } as const;
const VALUATION_RATE_LIMITED_MESSAGE = 'Too many requests. Please try again later.';
export const VALUATION_UPLOAD_EXPIRY_SECONDS = 600;

const CONTENT_TYPE: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** What a valuation request says, as stored and as e-mailed to staff. */
export interface ValuationRequestDetails {
  id: string;
  /** ISO time the request was received. */
  createdAt: string;
  make: string;
  model: string;
  /** The form's `type` (articulated, rigid, …); renamed so it cannot clash with the item's type tag. */
  vehicleType: string;
  age: number;
  mileage: number;
  motStatus: string;
  wheelConfiguration: string;
  horsePower?: number;
  transmissionType?: string;
  additionalInfo?: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  company?: string;
  /** Keys in the private uploads bucket. */
  imageKeys: string[];
}

export interface ValuationRequestRecord extends ValuationRequestDetails {
  /** Staff workflow state; new requests start unanswered. */
  status: 'new';
}

export interface ValuationStore {
  save(record: ValuationRequestRecord): Promise<void>;
  /** Takes back a request whose photos could not be stored (so a retry makes the only one). */
  remove(id: string): Promise<void>;
}

/** The private uploads bucket as valuations use it. */
export interface ValuationImages extends UploadedObjects {
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
}

export interface ValuationDeps {
  store: ValuationStore;
  images: ValuationImages;
  mailer: Mailer;
  rateLimit: RateLimiter;
  /** The ALTCHA check (issue 23), on the request itself (not on the photo uploads before it). */
  challenge: ChallengeGate;
  now: () => Date;
  newId: () => string;
  /** Where staff read valuation requests (SUPPORT_INBOX). */
  supportInbox: string;
  mail: MailContext;
}

async function enforceLimit(rateLimit: RateLimiter, limit: { scope: string; limit: number; windowSeconds: number }, ip: string) {
  const result = await rateLimit({ ...limit, key: rateLimitKeyForIp(ip) });
  if (!result.allowed) {
    throw new DomainError('RATE_LIMITED', VALUATION_RATE_LIMITED_MESSAGE, { retryAfterSeconds: result.retryAfterSeconds });
  }
}

export interface PlannedValuationUpload {
  name: string;
  key: string;
  contentType: string;
}

/**
 * POST /api/uploads/valuation-images: checks what the browser claims (JPEG, PNG or WebP, 1 byte..5 MB, at
 * most 10) and gives each file a fresh key under valuations/pending/. Rate-limited per address.
 */
export async function planValuationImageUploads(
  files: ReadonlyArray<{ name: string; type: string; size: number }>,
  client: { sourceIp: string },
  deps: Pick<ValuationDeps, 'rateLimit' | 'newId'>,
): Promise<PlannedValuationUpload[]> {
  if (files.length > LIMITS.maxImagesPerListing) throw validationError('You can upload a maximum of 10 images.');
  checkUploadClaims(files);
  await enforceLimit(deps.rateLimit, VALUATION_UPLOAD_RATE_LIMIT, client.sourceIp);
  return files.map((f) => ({ name: f.name, key: `${VALUATION_PENDING_PREFIX}${deps.newId()}`, contentType: f.type.trim().toLowerCase() }));
}

export type SubmitValuationResult =
  /** The honeypot was filled: a bot. Nothing stored, nothing sent, and it is told nothing different. */
  | { outcome: 'discarded' }
  /** Stored. E-mails that failed are reported for logging: the request itself is safe in the table. */
  | {
      outcome: 'accepted';
      id: string;
      emailFailures: Array<{ email: 'staff' | 'acknowledgement'; error: unknown }>;
      /** Pending photos that could not be deleted after copying (they expire with valuations/pending/). */
      leftovers: number;
    };

/**
 * A valuation request (spec §2 Valuation): photos verified on the server (our key, ≤ 5 MB, JPEG,
 * PNG or WebP by magic bytes), the request stored for staff (pattern 26) and only then its
 * photos copied under the request's id (undone if a copy fails) and the pending ones deleted,
 * e-mailed to the support inbox with Reply-To the requester, and acknowledged (at most 3 a day per
 * address). Needs a solved ALTCHA challenge. Every photo is
 * checked before anything is stored, so a refusal leaves no request; a storage failure leaves
 * the pending photos in place, so a retry works.
 */
export async function submitValuationRequest(
  input: ValuationRequest,
  client: { sourceIp: string },
  deps: ValuationDeps,
): Promise<SubmitValuationResult> {
  if (isHoneypotFilled(input)) return { outcome: 'discarded' };
  await requireSolvedChallenge(deps.challenge, input.altcha);
  await enforceLimit(deps.rateLimit, VALUATION_RATE_LIMIT, client.sourceIp);

  const pendingKeys = input.imageKeys ?? [];
  for (const key of pendingKeys) {
    if (!PENDING_KEY.test(key)) throw forbidden('Images must be uploaded through the valuation form');
  }
  if (new Set(pendingKeys).size !== pendingKeys.length) throw validationError('The same image is listed twice');

  const verified: Array<{ key: string; bytes: Buffer; kind: ImageKind }> = [];
  for (const key of pendingKeys) verified.push({ key, ...(await verifyUploadedImage(deps.images, key)) });

  const id = deps.newId();
  const targets = verified.map((image, i) => ({ ...image, target: valuationImageKey(id, i + 1, image.kind) }));
  const record: ValuationRequestRecord = {
    id,
    createdAt: deps.now().toISOString(),
    make: input.make,
    model: input.model,
    vehicleType: input.type,
    age: input.age,
    mileage: input.mileage,
    motStatus: input.motStatus,
    wheelConfiguration: input.wheelConfiguration,
    ...(input.horsePower !== undefined ? { horsePower: input.horsePower } : {}),
    ...(input.transmissionType ? { transmissionType: input.transmissionType } : {}),
    ...(input.additionalInfo ? { additionalInfo: input.additionalInfo } : {}),
    contactName: input.contactName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    ...(input.company ? { company: input.company } : {}),
    imageKeys: targets.map((t) => t.target),
    status: 'new',
  };
  // Saved first: if this fails nothing has moved, and the same photos can be sent again.
  await deps.store.save(record);
  await copyPhotosOrUndo(deps, record.id, targets);
  // Only now are the pending copies redundant; one left behind expires with the pending prefix.
  const removed = await Promise.allSettled(targets.map((t) => deps.images.delete(t.key)));
  const leftovers = removed.filter((r) => r.status === 'rejected').length;
  const requester = { name: record.contactName, address: record.contactEmail };
  const [staff, acknowledgement] = await Promise.allSettled([
    deps.mailer.send({ to: deps.supportInbox, replyTo: requester, ...valuationRequestToStaff(record, deps.mail) }),
    mayAcknowledge(deps.rateLimit, record.contactEmail).then((allowed) =>
      allowed ? deps.mailer.send({ to: requester, ...valuationAcknowledgement({ name: record.contactName }, deps.mail) }) : undefined,
    ),
  ]);
  const emailFailures: Array<{ email: 'staff' | 'acknowledgement'; error: unknown }> = [];
  if (staff.status === 'rejected') emailFailures.push({ email: 'staff', error: staff.reason });
  if (acknowledgement.status === 'rejected') emailFailures.push({ email: 'acknowledgement', error: acknowledgement.reason });
  return { outcome: 'accepted', id, emailFailures, leftovers };
}

/**
 * Copies every photo under the request. If one fails the request is taken back and the copies
 * made so far deleted, then the error goes on (503): the pending photos are untouched, so the
 * requester's retry submits them again and makes the only request.
 */
async function copyPhotosOrUndo(
  deps: ValuationDeps,
  id: string,
  targets: Array<{ bytes: Buffer; kind: ImageKind; target: string }>,
): Promise<void> {
  const written: string[] = [];
  try {
    for (const t of targets) {
      await deps.images.write(t.target, t.bytes, CONTENT_TYPE[t.kind]);
      written.push(t.target);
    }
  } catch (err) {
    await Promise.allSettled([deps.store.remove(id), ...written.map((k) => deps.images.delete(k))]);
    throw err;
  }
}
