/** Amazon's DynamoDB Local (the real emulator, shipped in amplify-dynamodb-simulator) as a child process. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { LOCAL_CREDENTIALS, REGION, REPO_ROOT, serviceUrl } from '../config.js';
import { waitUntil } from '../lib/net.js';

const EMULATOR_DIR = path.join(REPO_ROOT, 'node_modules', 'amplify-dynamodb-simulator', 'emulator');

export const JAVA_MISSING_MESSAGE = 'Java 17+ is required for DynamoDB Local: apt-get install -y openjdk-17-jre-headless';

/** The major Java version on the PATH, or null when there is no `java`. */
export function javaMajorVersion(): number | null {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) return null;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${res.stderr}${res.stdout}`);
  if (!m) return null;
  const major = Number(m[1]);
  return major === 1 ? Number(m[2]) : major;
}

export interface DynamoDbLocalOptions {
  port: number;
  /** Folder for the database file; omit for `-inMemory` (tests). */
  dbPath?: string;
  log?: (msg: string) => void;
}

export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function makeDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: REGION, credentials: LOCAL_CREDENTIALS });
}

export async function startDynamoDbLocal(opts: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  const args = [
    `-Djava.library.path=${path.join(EMULATOR_DIR, 'DynamoDBLocal_lib')}`,
    // Small heap and fast start-up: the emulator holds demo-sized data only.
    '-Xms64m',
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    '-jar',
    path.join(EMULATOR_DIR, 'DynamoDBLocal.jar'),
    '-port',
    String(opts.port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  if (opts.dbPath) {
    mkdirSync(opts.dbPath, { recursive: true });
    args.push('-dbPath', opts.dbPath);
  } else {
    args.push('-inMemory');
  }
  const child = spawn('java', args, { cwd: EMULATOR_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  let exitReason = '';
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      exitReason = signal ? `killed by ${signal}` : `exit code ${code}`;
      resolve();
    });
  });
  // A crashed or killed parent must not leave java behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = serviceUrl(opts.port);
  const client = makeDynamoClient(endpoint);
  const stop = async () => {
    process.off('exit', killOnExit);
    client.destroy();
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exitPromise;
    clearTimeout(timer);
  };
  const timeoutMs = Number(process.env.DYNAMODB_START_TIMEOUT_MS ?? 120_000);
  try {
    await waitUntil(
      `DynamoDB Local on port ${opts.port}`,
      async () => {
        if (exited) throw new Error('DynamoDB Local exited');
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return true;
      },
      timeoutMs,
      150,
    );
  } catch (err) {
    const exitedByItself = exited;
    await stop();
    throw exitedByItself
      ? new Error(`DynamoDB Local exited during start-up (${exitReason}):\n${output}`)
      : new Error(`${(err as Error).message} (a busy machine? set DYNAMODB_START_TIMEOUT_MS)\n${output}`);
  }
  opts.log?.(`DynamoDB Local ready on ${endpoint}`);
  return { endpoint, process: child, stop };
}
