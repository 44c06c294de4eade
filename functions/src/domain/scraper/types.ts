import type { ScrapedFields } from '../listings/types.js';

/**
 * A site the scraper collects from. Sources are data (domain/scraper/sources.ts); the parser is
 * picked by id from the registry in parsers/index.ts.
 */
export interface ScraperSource {
  /** Stable id, used in run records and queue messages. */
  id: string;
  /** Shown to buyers as where the listing came from (the scraped listing's sourceWebsite). */
  name: string;
  /** First pages to fetch; the parser names further pages (pagination). */
  startUrls: string[];
  /** Key of the parser registry (parsers/index.ts). */
  parser: string;
  /** Requests per second to this source's host; the fetcher never goes above 1 per host. */
  ratePerSecond: number;
  enabled: boolean;
  /** Stop after this many pages in one run (a runaway pagination guard). */
  maxPages?: number;
}

/** One listing as a parser read it, already mapped onto the product's canonical values. */
export interface ParsedListing extends ScrapedFields {
  externalId: string;
  sourceUrl: string | null;
  registration: string | null;
  /** Absolute URLs of the source's photos, in page order. */
  imageUrls: string[];
}

interface ParsedPage {
  listings: ParsedListing[];
  /** Absolute URLs of further pages (usually the next one). */
  nextPageUrls: string[];
  /** Reasons a card could not be read (the rest of the page still counts). */
  errors: string[];
}

/** A small module that reads one site's HTML layout. Pure: no fetching, no clock. */
export type PageParser = (html: string, pageUrl: string) => ParsedPage;
