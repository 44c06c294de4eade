import type { PageParser } from '../types.js';
import { parseCardGrid } from './card-grid.js';
import { parseStockTable } from './stock-table.js';

/** Parsers by id: a source names one (ScraperSource.parser). Add a layout by adding a module here. */
const PARSERS: Record<string, PageParser> = {
  'card-grid': parseCardGrid,
  'stock-table': parseStockTable,
};

export function parserFor(id: string): PageParser {
  const parser = PARSERS[id];
  if (!parser) throw new Error(`Unknown scraper parser '${id}' (known: ${Object.keys(PARSERS).join(', ')})`);
  return parser;
}
