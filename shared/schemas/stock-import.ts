import { z } from 'zod';

/** POST /api/my-imports/{id}/apply. */
export const applyImportSchema = z.object({
  /** A full-stock import: listings missing from the file are marked sold. */
  markMissingSold: z.boolean({ error: 'markMissingSold must be true or false' }).default(false),
});
export type ApplyImportInput = z.output<typeof applyImportSchema>;

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

export type ImportRowAction = 'create' | 'update' | 'unchanged' | 'reject';

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

export interface ImportSummary {
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
