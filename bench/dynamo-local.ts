/**
 * DynamoDB Local for the benchmark: in memory, on a free port, with a heap big enough for 100k
 * listings and full JIT (dev/stand-ins' start-up flags favour a fast start over throughput).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../dev/bootstrap.js';
import { REPO_ROOT } from '../dev/config.js';
import { findFreePort, waitUntil } from '../dev/lib/net.js';
import { makeDynamoClient } from '../dev/stand-ins/dynamodb-local.js';

const EMULATOR_DIR = path.join(REPO_ROOT, 'node_modules', 'amplify-dynamodb-simulator', 'emulator');

export interface BenchDynamo {
  endpoint: string;
  stop(): Promise<void>;
  /** CPU seconds the DynamoDB Local JVM has used so far (Linux /proc; null elsewhere). */
  cpuSeconds(): number | null;
}

export async function startBenchDynamo(): Promise<BenchDynamo> {
  const port = await findFreePort();
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${path.join(EMULATOR_DIR, 'DynamoDBLocal_lib')}`,
      '-Xmx3g',
      '-jar',
      path.join(EMULATOR_DIR, 'DynamoDBLocal.jar'),
      '-inMemory',
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(port),
    ],
    { cwd: EMULATOR_DIR, stdio: 'ignore' },
  );
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const endpoint = `http://localhost:${port}`;
  const client = makeDynamoClient(endpoint);
  // A busy machine can take a minute to start the JVM.
  await waitUntil(
    'DynamoDB Local',
    async () => {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    },
    120_000,
  );
  client.destroy();
  return {
    endpoint,
    cpuSeconds: () => {
      try {
        // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return null;
      }
    },
    stop: async () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function createBenchTable(endpoint: string, tableName: string): Promise<void> {
  const client = makeDynamoClient(endpoint);
  await ensureTable(client, tableName);
  client.destroy();
}
