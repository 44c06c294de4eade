import {
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_LIMIT_MESSAGE,
  type SavedSearch,
  type SavedSearchInput,
} from '../../../../shared/schemas/saved-searches.js';
import { type ProfileStore, assertCanWrite } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, notFound, unauthenticated } from '../errors.js';

export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';

/** A user's saved searches (the SEARCH# items of their USER# partition: adapters/dynamodb/saved-searches-repo.ts). */
export interface SavedSearchStore {
  /** Every saved search of one user, in no particular order. */
  listByUser(userId: string): Promise<SavedSearch[]>;
  put(userId: string, search: SavedSearch): Promise<void>;
  /** False when the user has no search with this id. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Sets lastSeenAt; false when the user has no search with this id. */
  markSeen(userId: string, id: string, at: string): Promise<boolean>;
}

export interface SavedSearchDeps {
  searches: SavedSearchStore;
  /** Read only: a suspended account writes nothing (a missing profile is not suspended). */
  profiles: Pick<ProfileStore, 'get'>;
  newId: () => string;
  now: () => Date;
}

const requireUser = (caller: Caller) => {
  if (caller.kind !== 'user') throw unauthenticated();
  return caller;
};

/** The caller, when their account may write (SUSPENDED otherwise). */
async function requireWriter(deps: SavedSearchDeps, caller: Caller) {
  const user = requireUser(caller);
  assertCanWrite(caller, await deps.profiles.get(user.userId));
  return user;
}

/**
 * POST /api/saved-searches: saves the caller's current browse filters under a name; a 20th is the
 * last (CONFLICT with the message beyond it). Counted before the write, so two saves at the same
 * instant may both pass the 20th: a 21st is the worst that can happen, never more.
 */
export async function createSavedSearch(deps: SavedSearchDeps, caller: Caller, input: SavedSearchInput): Promise<SavedSearch> {
  const user = await requireWriter(deps, caller);
  const existing = await deps.searches.listByUser(user.userId);
  if (existing.length >= SAVED_SEARCH_LIMIT) throw new DomainError('CONFLICT', SAVED_SEARCH_LIMIT_MESSAGE, { limit: SAVED_SEARCH_LIMIT });
  const at = deps.now().toISOString();
  const search: SavedSearch = { id: deps.newId(), name: input.name, params: input.params, createdAt: at, lastSeenAt: at };
  await deps.searches.put(user.userId, search);
  return search;
}

/** GET /api/saved-searches: the caller's searches, newest first. */
export async function listSavedSearches(deps: SavedSearchDeps, caller: Caller): Promise<SavedSearch[]> {
  const user = requireUser(caller);
  const all = await deps.searches.listByUser(user.userId);
  return all.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
}

/** DELETE /api/saved-searches/{id}: the caller's own only; another user's id is NOT_FOUND. */
export async function deleteSavedSearch(deps: SavedSearchDeps, caller: Caller, id: string): Promise<void> {
  const user = await requireWriter(deps, caller);
  if (!(await deps.searches.remove(user.userId, id))) throw notFound(SAVED_SEARCH_NOT_FOUND);
}

/** POST /api/saved-searches/{id}/seen: the caller opened its results; new matches count from now. */
export async function markSavedSearchSeen(deps: SavedSearchDeps, caller: Caller, id: string): Promise<string> {
  const user = await requireWriter(deps, caller);
  const at = deps.now().toISOString();
  if (!(await deps.searches.markSeen(user.userId, id, at))) throw notFound(SAVED_SEARCH_NOT_FOUND);
  return at;
}
