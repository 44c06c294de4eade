import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
      triggers: { PostConfirmation: path.join(import.meta.dirname, '..', 'testing', 'fixtures', 'record-trigger.ts') },
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
    const sub = await createConfirmedUser(client, ids, { email: 'trigger@example.test', password: 'Password1', name: 'Tess Trigger' });
    client.destroy();

    const confirmed = events().find((e) => e.triggerSource === 'PostConfirmation_ConfirmSignUp');
    expect(confirmed).toMatchObject({ userPoolId: ids.userPoolId, request: { userAttributes: { sub, name: 'Tess Trigger' } } });
  });
});
