/**
 * Global setup of the `int` test project: the local stand-ins on ports of their own (so a
 * running `npm start` is not disturbed) with throw-away state — DynamoDB Local in memory, s3rver
 * and cognito-local in a temp folder, SSM Parameter Store's stand-in holding the local secrets —
 * plus the user pool, app client, groups and buckets; and the synthesized app, whose work queues
 * each test file's API server serves on its SQS endpoint at the URLs the template gives them
 * (dev/testing/harness.ts). The synth is cached in `.local/int/synth` while the app is unchanged.
 *
 * The handler environment reaches test files two ways: process.env here (inherited by the forked
 * workers) and vitest's `provide('localCloudEnv')` (read by dev/testing/harness.ts).
 */
import '../lib/quiet-sdk.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureUserPool, makeCognitoClient } from '../bootstrap.js';
import { DEFAULT_SECRETS_PREFIX } from '../../functions/src/adapters/secrets/secrets.js';
import { handlerEnv, loadConfig, localSecretParameters, REGION, REPO_ROOT } from '../config.js';
import type { Template } from '../cloud/synth.js';
import { startSynth } from '../cloud/wiring.js';
import { findFreePort } from '../lib/net.js';
import { startMailCatcher } from '../mail/catcher.js';
import { startCognito } from '../stand-ins/cognito.js';
import { JAVA_MISSING_MESSAGE, javaMajorVersion, startDynamoDbLocal } from '../stand-ins/dynamodb-local.js';
import { startS3 } from '../stand-ins/s3.js';
import { startSsm } from '../stand-ins/ssm.js';

declare module 'vitest' {
  export interface ProvidedContext {
    localCloudEnv: Record<string, string>;
    /** Folder where the shared mail catcher (SMTP_PORT) stores messages; filter by recipient. */
    localMailDir: string;
    /** The synthesized app's templates (dev/cloud/synth.ts), as the local cloud reads them. */
    localCloudTemplates: Record<string, Template>;
  }
}

export default async function setup(project: TestProject) {
  const java = javaMajorVersion();
  if (java === null || java < 17) throw new Error(JAVA_MISSING_MESSAGE);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'truckyard-int-'));
  const dynamodbPort = await findFreePort();
  const mailDir = path.join(tmp, 'mail');
  // The default local configuration's context, without DROP_GRANT: the app as `npm start` runs it.
  const synthesizing = startSynth({ ...loadConfig({}), dataDir: path.join(REPO_ROOT, '.local', 'int') }, {});
  synthesizing.catch(() => undefined);
  const [dynamo, s3, cognito, mail, ssm] = await Promise.all([
    startDynamoDbLocal({ port: dynamodbPort }),
    // The API server under test runs on a random port; presigned uploads from a test are not
    // cross-origin, so one placeholder origin is enough here.
    startS3({ port: 0, directory: path.join(tmp, 's3'), allowedOrigins: ['http://localhost:3000'] }),
    startCognito({ port: 0, directory: path.join(tmp, 'cognito'), logLevel: 'silent' }),
    startMailCatcher({ port: 0, dir: mailDir }),
    // handlerEnv's SECRETS_PREFIX is the default one.
    startSsm({ port: 0, region: REGION, parameters: localSecretParameters([DEFAULT_SECRETS_PREFIX]) }),
  ]);
  const cognitoClient = makeCognitoClient(cognito.endpoint);
  const ids = await ensureUserPool(cognitoClient);
  cognitoClient.destroy();

  const env = handlerEnv(
    {
      port: 3000,
      dynamodbPort,
      s3Port: s3.port,
      cognitoPort: cognito.port,
      smtpPort: mail.port,
      dataDir: tmp,
      tableName: 'TruckYard-int-default',
      ssmEndpoint: ssm.endpoint,
    },
    ids,
  );
  Object.assign(process.env, env);
  project.provide('localCloudEnv', env);
  project.provide('localMailDir', mailDir);
  try {
    project.provide('localCloudTemplates', (await synthesizing).templates);
  } catch (err) {
    await Promise.allSettled([cognito.stop(), s3.stop(), mail.close(), ssm.stop(), dynamo.stop()]);
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }

  return async () => {
    await Promise.allSettled([cognito.stop(), s3.stop(), mail.close(), ssm.stop(), dynamo.stop()]);
    rmSync(tmp, { recursive: true, force: true });
  };
}
