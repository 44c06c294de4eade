import type { ListingSearchResult } from '../../../../shared/schemas/listing.js';
import { asciiJson } from '../../domain/search/ascii-json.js';

/**
 * The JSON body of a search answer from its items already written as ASCII JSON (the index keeps
 * each card's masked text: anonymousItemsJson): the same text as
 * `asciiJson(JSON.stringify({ ...result, items }))` with those items, assembled by concatenation,
 * so the body stays a one-byte string. Falls back to serialising if `items` is not the result's
 * first key.
 */
export function searchResultJson(result: ListingSearchResult, itemsJson: readonly string[]): string {
  const { items: _, ...rest } = result;
  const restJson = asciiJson(JSON.stringify(rest));
  if (Object.keys(result)[0] !== 'items') {
    return asciiJson(JSON.stringify({ ...result, items: itemsJson.map((text) => JSON.parse(text) as unknown) }));
  }
  return `{"items":[${itemsJson.join(',')}]${restJson === '{}' ? '}' : `,${restJson.slice(1)}`}`;
}
