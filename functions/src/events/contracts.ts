import { z } from 'zod';

/**
 * The detail of each domain event, as a zod schema per event type: publishers build it, consumers
 * parse it (one module, so both sides agree).
 */

/**
 * 'stock-import.applied': one per stock import whose listings went live (a later import when it
 * is applied, a first import when staff approve it), never one per row (issue 23). Consumers find
 * the listings by their `importId` (an import may hold 10,000 rows, far over EventBridge's 256 KB).
 */
export const stockImportAppliedSchema = z
  .object({
    importId: z.string().min(1),
    userId: z.string().min(1),
    created: z.number().int().min(0),
    updated: z.number().int().min(0),
    markedSold: z.number().int().min(0),
    appliedAt: z.string().min(1),
  })
  .strict();
export type StockImportApplied = z.infer<typeof stockImportAppliedSchema>;
