import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface TokenVerifierConfig {
  issuer: string;
  jwksUrl: string;
  clientId: string;
}

/** Connect plus response time allowed for the JWKS (fetched once per cold start, then cached). */
const JWKS_FETCH_TIMEOUT_MS = 3_000;

export type AccessTokenVerifier = (token: string) => Promise<JwtPayload>;

/**
 * Verifies Cognito access tokens the way API Gateway's JWT authorizer does: signature from the
 * JWKS, issuer, expiry, client id (access tokens carry `client_id`, not `aud`), token_use.
 * Issuer and JWKS URL come from configuration so the same code verifies cognito-local's tokens
 * (whose JWKS is served over http, which the library's default fetcher refuses).
 */
export function createAccessTokenVerifier(cfg: TokenVerifierConfig): AccessTokenVerifier {
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        // Bounded like the SDK clients (adapters/sdk-config.ts): a hung JWKS endpoint must not hold the request.
        const res = await fetch(uri, { signal: AbortSignal.timeout(JWKS_FETCH_TIMEOUT_MS) });
        if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
        return res.arrayBuffer();
      },
    },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer: cfg.issuer,
      jwksUri: cfg.jwksUrl,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('Not an access token');
        if (payload.client_id !== cfg.clientId) throw new Error('Token was issued to another client');
      },
    },
    { jwksCache },
  );
  return (token) => verifier.verify(token) as Promise<JwtPayload>;
}
