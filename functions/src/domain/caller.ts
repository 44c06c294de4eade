/** Who is calling, as established by the API from a verified Cognito access token. */
export type Caller =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      username: string;
      groups: string[];
      isAdmin: boolean;
      isSuperAdmin: boolean;
      /** When the user last entered their password (the token's `auth_time`, epoch seconds); absent if the token has none. */
      authTime?: number;
    };

export const ANONYMOUS: Caller = { kind: 'anonymous' };

const ADMIN_GROUP = 'admins';
const SUPER_ADMIN_GROUP = 'super_admins';

/** Builds a caller from JWT claims (API Gateway passes them as strings; `cognito:groups` may be "[a b]"). */
export function callerFromClaims(claims: Record<string, unknown> | undefined | null): Caller {
  if (!claims || typeof claims.sub !== 'string') return ANONYMOUS;
  const groups = parseGroups(claims['cognito:groups']);
  const isSuperAdmin = groups.includes(SUPER_ADMIN_GROUP);
  // API Gateway passes every claim as a string.
  const authTime = Number(claims.auth_time);
  return {
    kind: 'user',
    userId: claims.sub,
    username: typeof claims.username === 'string' ? claims.username : claims.sub,
    groups,
    isSuperAdmin,
    isAdmin: isSuperAdmin || groups.includes(ADMIN_GROUP),
    ...(Number.isFinite(authTime) && authTime > 0 ? { authTime } : {}),
  };
}

function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw === '') return [];
  // API Gateway HTTP API flattens array claims to "[admins super_admins]".
  const trimmed = raw.replace(/^\[|\]$/g, '').trim();
  if (trimmed.startsWith('"')) {
    try {
      return JSON.parse(`[${trimmed}]`);
    } catch {
      /* fall through to whitespace split */
    }
  }
  return trimmed.split(/[\s,]+/).filter(Boolean);
}
