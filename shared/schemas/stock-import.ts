import { z } from 'zod';

/** POST /api/my-imports/{id}/apply. */
export const applyImportSchema = z.object({
  /** A full-stock import: listings missing from the file are marked sold. */
  markMissingSold: z.boolean({ error: 'markMissingSold must be true or false' }).default(false),
});

/**
 * Where stock files live in the private uploads bucket: imports/<sub>/<id>.csv, the browser's
 * uploads and fetched feeds alike. A lifecycle rule removes them after 30 days (infra/lib/data-stack.ts).
 */
export const STOCK_IMPORTS_PREFIX = 'imports/';

/** Largest stock file (an upload or a fetched feed); the presigned POST pins it and the server checks it again. */
export const IMPORT_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** The only type an uploaded stock file is stored with (pinned by the presigned POST, checked again on reading). */
export const IMPORT_FILE_CONTENT_TYPE = 'text/csv';

/** The message for a file over IMPORT_FILE_MAX_BYTES (browser, upload request and server read alike). */
export const importFileTooLargeMessage = (bytes: number) =>
  `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`;

/** POST /api/my-imports/uploads: the file the browser is about to upload (its size is checked again once stored). */
export const importUploadRequestSchema = z.object({
  fileName: z.string({ error: 'fileName is required' }).trim().min(1, 'fileName is required').max(200, 'fileName is too long'),
  size: z
    .number({ error: 'size must be a number of bytes' })
    .int('size must be a whole number of bytes')
    .min(1, 'The file is empty.')
    .superRefine((size, ctx) => {
      if (size > IMPORT_FILE_MAX_BYTES) ctx.addIssue({ code: 'custom', message: importFileTooLargeMessage(size) });
    }),
});

/** The answer: a presigned POST to the private bucket, the key fixed by the server. */
export interface ImportUpload {
  /** imports/<sub>/<id>.csv: what the preview then names as fileKey. */
  key: string;
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
  maxBytes: number;
}

/** An uploaded stock file's key: always imports/<sub>/<26-character id>.csv (POST /api/my-imports/uploads makes them). */
const IMPORT_FILE_KEY = /^imports\/[^/]{1,128}\/[0-9A-Z]{26}\.csv$/;

/** POST /api/my-imports with an uploaded file: its key (under the caller's own imports/<sub>/) and, for display, its name. */
export const importFileSchema = z.object({
  fileKey: z
    .string({ error: 'fileKey is required' })
    .regex(IMPORT_FILE_KEY, 'fileKey must be the key POST /api/my-imports/uploads gave for your file'),
  fileName: z.string().trim().max(200, 'fileName is too long').optional(),
});

/** POST /api/my-imports with a JSON body: a feed URL to fetch instead of an uploaded file. */
export const importFeedSchema = z.object({
  feedUrl: z
    .string({ error: 'Feed URL is required' })
    .trim()
    .max(2000, 'Feed URL is too long')
    .refine((u) => {
      try {
        const url = new URL(u);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'Please enter a web address starting with https://'),
});

type ImportRowAction = 'create' | 'update' | 'unchanged' | 'reject';

/** One row of the dry run, as the dashboard shows it. */
export interface ImportPreviewRow {
  line: number;
  stockRef: string;
  action: ImportRowAction;
  title: string | null;
  price: number | null;
  changes?: string[];
  errors?: Array<{ field: string; message: string }>;
  photos: number;
}

export type ImportStatus = 'previewed' | 'queued' | 'running' | 'done' | 'failed';
/** A dealer's first import waits for staff (issue 23); 'approving' and 'refusing' while the queue carries the decision out. */
export type ImportReviewState = 'pending' | 'approving' | 'approved' | 'refusing' | 'refused';

interface ImportSummary {
  create: number;
  update: number;
  unchanged: number;
  reject: number;
  markSold: number;
}

/** GET /api/my-imports/{id} and the preview answer. */
export interface StockImportView {
  id: string;
  status: ImportStatus;
  fileName: string | null;
  createdAt: string;
  summary: ImportSummary;
  review?: ImportReviewState;
  rows?: ImportPreviewRow[];
  missing?: Array<{ listingId: string; stockRef: string }>;
  ignoredColumns?: string[];
  report?: {
    created: number;
    updated: number;
    markedSold: number;
    failures: Array<{ line: number; stockRef: string; reason: string }>;
    photoFailures: Array<{ line: number; stockRef: string; url: string; reason: string }>;
    finishedAt: string;
  };
}

/** A dealer's first import in admin › Listings › Pending import. */
export interface ImportAwaitingReview {
  id: string;
  userId: string;
  dealerName: string | null;
  dealerEmail: string | null;
  fileName: string | null;
  createdAt: string;
  created: number;
  /** Some of its listings' titles, for a first look (the dealer's listings hold them all). */
  sampleTitles: string[];
}
