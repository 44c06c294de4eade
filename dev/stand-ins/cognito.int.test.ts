import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, ensureUserPool, makeCognitoClient } from '../bootstrap.js';
import { type CognitoStandIn, startCognito } from './cognito.js';

const events = () => (globalThis as unknown as { __cognitoTriggerEvents?: Array<Record<string, unknown>> }).__cognitoTriggerEvents ?? [];

describe('cognito-local stand-in', () => {
  let dir: string;
  let cognito: CognitoStandIn;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cognito-'));
    cognito = await startCognito({
      port: 0,
      directory: dir,
      logLevel: 'silent',
      triggers: { PreTokenGeneration: path.join(import.meta.dirname, '..', 'testing', 'fixtures', 'record-trigger.ts') },
    });
  });
  afterAll(async () => {
    await cognito?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its state in the folder it is given and reuses the pool on a second bootstrap', async () => {
    const client = makeCognitoClient(cognito.endpoint);
    const first = await ensureUserPool(client);
    const again = await ensureUserPool(client, first);
    client.destroy();

    expect(first.created).toBe(true);
    expect(again).toEqual({ userPoolId: first.userPoolId, clientId: first.clientId, created: false });
    expect(first.userPoolId).toMatch(/^local_/);
  });

  it('invokes user-pool triggers in-process with the Cognito event', async () => {
    const client = makeCognitoClient(cognito.endpoint);
    const ids = await ensureUserPool(client);
    const password = 'Trigger-Test-Password-2026';
    const sub = await createConfirmedUser(client, ids, { email: 'trigger@example.test', password, name: 'Tess Trigger' });
    // Accounts are made with AdminCreateUser (no PostConfirmation); signing in runs PreTokenGeneration.
    await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: ids.clientId,
        AuthParameters: { USERNAME: 'trigger@example.test', PASSWORD: password },
      }),
    );
    client.destroy();

    const generated = events().find((e) => String(e.triggerSource).startsWith('TokenGeneration_'));
    expect(generated).toMatchObject({ userPoolId: ids.userPoolId, request: { userAttributes: { sub, name: 'Tess Trigger' } } });
  });
});
