import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenVerifier } from './token-verifier.js';

const CLIENT_ID = 'web-client';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };

let server: Server;
let issuer: string;

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
function token(claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${b64({ iss: issuer, sub: 'u1', iat: now, exp: now + 600, ...claims })}`;
  return `${head}.${sign('RSA-SHA256', Buffer.from(head), privateKey).toString('base64url')}`;
}

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('access token verifier (optional-auth routes and the local authorizer)', () => {
  const verifier = () => createAccessTokenVerifier({ issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, clientId: CLIENT_ID });

  it('accepts an access token issued to our client', async () => {
    const payload = await verifier()(token({ token_use: 'access', client_id: CLIENT_ID }));
    expect(payload.sub).toBe('u1');
  });

  it('rejects an ID token, as API Gateway does with the access-token scope required', async () => {
    await expect(verifier()(token({ token_use: 'id', aud: CLIENT_ID }))).rejects.toThrow(/Not an access token/);
  });

  it("rejects another client's access token", async () => {
    await expect(verifier()(token({ token_use: 'access', client_id: 'other' }))).rejects.toThrow(/another client/);
  });
});
