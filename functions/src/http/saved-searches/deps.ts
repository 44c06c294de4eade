import { ulid } from 'ulid';
import { savedSearchIdSchema } from '../../../../shared/schemas/saved-searches.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { profileStore } from '../../adapters/dynamodb/profiles-repo.js';
import { savedSearchStore } from '../../adapters/dynamodb/saved-searches-repo.js';
import { config } from '../../config.js';
import { notFound } from '../../domain/errors.js';
import { SAVED_SEARCH_NOT_FOUND, type SavedSearchDeps } from '../../domain/saved/saved-searches.js';
import type { HttpEvent } from '../handler.js';

/** Composition for the saved-search handlers. */
export const savedSearchDeps = (): SavedSearchDeps => ({
  searches: savedSearchStore(ddb, config.tableName),
  profiles: profileStore(ddb, config.tableName),
  newId: () => ulid(),
  now: () => new Date(),
});

/** The {id} path parameter; anything that is not an id we make is a 404. */
export function savedSearchIdParam(event: HttpEvent): string {
  const parsed = savedSearchIdSchema.safeParse(event.pathParameters?.id ?? '');
  if (!parsed.success) throw notFound(SAVED_SEARCH_NOT_FOUND);
  return parsed.data;
}
