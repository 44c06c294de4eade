import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.js';
import { type HttpEvent, resolveCaller } from './handler.js';

const withClaims = (claims: Record<string, string>) =>
  ({ headers: {}, requestContext: { authorizer: { jwt: { claims, scopes: null } } } }) as unknown as HttpEvent;

describe('resolveCaller behind the JWT authorizer', () => {
  it('takes the caller from an access token', async () => {
    const caller = await resolveCaller(withClaims({ sub: 'u1', token_use: 'access' }), 'user');
    expect(caller).toMatchObject({ kind: 'user', userId: 'u1' });
  });

  it('refuses an ID token with 401 even if API Gateway let it through', async () => {
    const err = await resolveCaller(withClaims({ sub: 'u1', token_use: 'id', aud: 'web-client' }), 'user').catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('UNAUTHENTICATED');
  });
});
