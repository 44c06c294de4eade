/** A DynamoDB item as the document client returns it. */
export type Item = Record<string, unknown>;

/** A string attribute, or null when the item lacks it or holds something else. */
export const str = (v: unknown) => (typeof v === 'string' ? v : null);
