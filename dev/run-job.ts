/**
 * `npm run job -- <id>`: runs one jobs.ts row now, in-process, against the local cloud started by
 * `npm start` (same handler environment, read from .local/cloud.json).
 */
import './lib/quiet-sdk.js';
import { setInProcessQueue } from '../functions/src/adapters/queues/sender.js';
import { jobs } from '../functions/src/jobs.js';
import { readCloudState } from './bootstrap.js';
import { handlerEnv, loadConfig } from './config.js';
import { createLocalQueue } from './local-queue.js';
import { runJob } from './scheduler.js';

const id = process.argv[2];
const available = jobs.length ? jobs.map((j) => `  ${j.id.padEnd(28)} ${j.cron.padEnd(24)} ${j.description}`).join('\n') : '  (none yet)';
const job = jobs.find((j) => j.id === id);
if (!id || !job) {
  console.error(`${id ? `Unknown job "${id}".` : 'Usage: npm run job -- <id>'}\nAvailable jobs:\n${available}`);
  process.exit(1);
}

const cfg = loadConfig();
const state = readCloudState(cfg.dataDir);
if (!state.userPoolId || !state.clientId) {
  console.error('The local cloud has not been provisioned yet: run `npm start` first (and keep it running).');
  process.exit(1);
}
Object.assign(process.env, handlerEnv(cfg, { userPoolId: state.userPoolId, clientId: state.clientId }));

// A job that fans out through a queue (functions/src/queues.ts) has its workers run here, in this
// process; the job is finished when the queue is drained. Events it publishes go to `npm start`'s bus.
const queue = createLocalQueue();
setInProcessQueue(queue);

const started = Date.now();
try {
  const result = await runJob(job);
  await queue.idle();
  console.log(`${job.id} finished in ${Date.now() - started} ms${result === undefined ? '' : `: ${JSON.stringify(result)}`}`);
  process.exit(0);
} catch (err) {
  console.error(`${job.id} failed after ${Date.now() - started} ms:`, err);
  process.exit(1);
}
