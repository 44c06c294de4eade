import { z } from 'zod';
import type { ScraperSource } from './types.js';

export const scraperSourceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
  name: z.string().min(1),
  startUrls: z.array(z.url()).min(1),
  parser: z.string().min(1),
  ratePerSecond: z.number().positive().max(1, 'at most one request per second per host'),
  enabled: z.boolean(),
  maxPages: z.number().int().positive().optional(),
});

/**
 * The sites the scraper collects from in AWS. Sources are data: add one here (or set
 * SCRAPER_SOURCES) with a parser id from parsers/index.ts. The demo's two sites are fictional
 * (.example), so they stay disabled; locally SCRAPER_SOURCES points at dev/scrape-fixtures.
 */
const PRODUCTION_SOURCES: ScraperSource[] = [
  {
    id: 'truckfinder',
    name: 'truckfinder.example',
    startUrls: ['https://truckfinder.example/trucks?page=1'],
    parser: 'card-grid',
    ratePerSecond: 1,
    enabled: false,
  },
  {
    id: 'lorrymart',
    name: 'lorrymart.example',
    startUrls: ['https://lorrymart.example/stock/'],
    parser: 'stock-table',
    ratePerSecond: 0.5,
    enabled: false,
  },
];

/** SCRAPER_SOURCES (a JSON array) when set, else PRODUCTION_SOURCES; invalid config fails loudly. */
export function loadSources(json: string | undefined): ScraperSource[] {
  if (!json) return PRODUCTION_SOURCES;
  const parsed = z.array(scraperSourceSchema).safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`SCRAPER_SOURCES is invalid: ${parsed.error.message}`);
  return parsed.data;
}
