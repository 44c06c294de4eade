/** `npm run reset`: wipes the local cloud's data (.local/) so the next `npm start` provisions and seeds afresh. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, loadConfig } from './config.js';
import { isPortFree } from './lib/net.js';

const cfg = loadConfig();
const rel = path.relative(REPO_ROOT, cfg.dataDir) || cfg.dataDir;

function startIsRunning(): number | null {
  const pidFile = path.join(cfg.dataDir, 'start.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

const pid = startIsRunning();
if (pid !== null || !(await isPortFree(cfg.port))) {
  console.error(
    pid !== null
      ? `npm start is running (pid ${pid}): stop it with Ctrl-C before resetting.`
      : `Something is listening on port ${cfg.port} (npm start?): stop it before resetting.`,
  );
  process.exit(1);
}
if (!existsSync(cfg.dataDir)) {
  console.log(`Nothing to reset: ${rel}/ does not exist.`);
} else {
  rmSync(cfg.dataDir, { recursive: true, force: true });
  console.log(`Removed ${rel}/ — the next npm start creates the table, buckets and user pool and seeds demo data again.`);
}
