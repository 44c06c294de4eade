import type { ListingSearchResult } from '../../../../shared/schemas/listing.js';

/**
 * The JSON body of a search answer from its items already written as JSON (the index keeps each
 * card's masked text: anonymousItemsJson): the same text as `JSON.stringify({ ...result, items })`
 * with those items, assembled by concatenation. Falls back to JSON.stringify if `items` is not
 * the result's first key.
 */
export function searchResultJson(result: ListingSearchResult, itemsJson: readonly string[]): string {
  const { items: _, ...rest } = result;
  const restJson = JSON.stringify(rest);
  if (Object.keys(result)[0] !== 'items') {
    return JSON.stringify({ ...result, items: itemsJson.map((text) => JSON.parse(text) as unknown) });
  }
  return `{"items":[${itemsJson.join(',')}]${restJson === '{}' ? '}' : `,${restJson.slice(1)}`}`;
}
