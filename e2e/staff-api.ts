import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../dev/seed/data.js';
import { freshTotpCode, markTotpStepUsed } from '../dev/testing/totp.js';
import type { ImportAwaitingReview } from '../shared/schemas/stock-import.js';

/** The staff API for browser tests: a seeded staff member's token over Cognito's API (password, then TOTP). */
async function cognito(baseUrl: string, target: string, body: unknown): Promise<Record<string, unknown> & { __type?: string }> {
  const cfg = (await (await fetch(`${baseUrl}/api/config`)).json()) as { userPoolEndpoint: string };
  const res = await fetch(cfg.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown> & { __type?: string };
}

/** A staff access token over Cognito's API: the password, then the code from the seeded TOTP secret. */
export async function staffToken(baseUrl: string, staff: string): Promise<string> {
  const { clientId } = (await (await fetch(`${baseUrl}/api/config`)).json()) as { clientId: string };
  const secret = DEMO_USERS.find((u) => u.email === staff)?.totpSecret;
  if (!secret) throw new Error(`${staff} is not a seeded staff account with an authenticator`);
  const initiate = () =>
    cognito(baseUrl, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: staff, PASSWORD: DEMO_PASSWORD },
    });
  let body = await initiate();
  for (let attempt = 0; body.ChallengeName === 'SOFTWARE_TOKEN_MFA' && attempt < 3; attempt++) {
    const { code, step } = await freshTotpCode(secret);
    const answer = await cognito(baseUrl, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: body.Session,
      ChallengeResponses: { USERNAME: staff, SOFTWARE_TOKEN_MFA_CODE: code },
    });
    // A code another test file already used: take the next step.
    if (answer.__type === 'ExpiredCodeException') {
      markTotpStepUsed(secret, step);
      body = await initiate();
    } else body = answer;
  }
  const token = (body.AuthenticationResult as { AccessToken?: string } | undefined)?.AccessToken;
  expect(token, JSON.stringify(body)).toBeTruthy();
  return token as string;
}

export async function staffApi(baseUrl: string, token: string, method: string, path: string, json?: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as { items?: ImportAwaitingReview[] } };
}

/** Approves the dealer's import waiting for staff review (a dealer's first import), as staff do in admin › Listings. */
export async function approveFirstImport(baseUrl: string, staff: string, dealerEmail: string): Promise<number | undefined> {
  const token = await staffToken(baseUrl, staff);
  const waiting = (await staffApi(baseUrl, token, 'GET', '/admin/stock-imports')).body.items?.find((i) => i.dealerEmail === dealerEmail);
  expect(waiting, `no import of ${dealerEmail} waits for review`).toBeTruthy();
  const review = await staffApi(baseUrl, token, 'POST', `/admin/stock-imports/${waiting?.userId}/${waiting?.id}/review`, {
    decision: 'approve',
  });
  expect(review.status).toBeLessThan(300);
  return waiting?.created;
}
