/**
 * `npm run job -- <id>`: asks the local cloud started by `npm start` to run one jobs.ts row now
 * (POST /_dev/jobs/<id>), and waits for it.
 */
import { jobs } from '../functions/src/jobs.js';
import { readCloudState } from './bootstrap.js';
import { loadConfig, serviceUrl } from './config.js';

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

// The job runs in the running local cloud, in its own function's environment (the template's
// variables, policy and timeout), as the scheduler would run it; its queue work is awaited too.
const started = Date.now();
let res: Response;
try {
  res = await fetch(`${serviceUrl(cfg.port)}/_dev/jobs/${encodeURIComponent(job.id)}`, { method: 'POST' });
} catch {
  console.error(`Nothing answers on ${serviceUrl(cfg.port)}: start the local cloud with \`npm start\` (and keep it running).`);
  process.exit(1);
}
const body = (await res.json()) as { ok: boolean; result?: unknown; error?: string };
if (body.ok) {
  console.log(`${job.id} finished in ${Date.now() - started} ms${body.result == null ? '' : `: ${JSON.stringify(body.result)}`}`);
  process.exit(0);
}
console.error(`${job.id} failed after ${Date.now() - started} ms: ${body.error}`);
process.exit(1);
