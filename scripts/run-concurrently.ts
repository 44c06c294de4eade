/**
 * Runs npm scripts at the same time and fails when any fails: `node scripts/run-concurrently.ts
 * test:e2e --nice=5 test:int test:unit`. Each script's output is kept and printed whole (so the logs
 * do not interleave), with its name, exit code, wall time and CPU time: a passing script's when it
 * ends, a failing script's after all have ended, so a log read from its tail (as CI's often is)
 * ends with the failures. A summary of every script closes the run.
 *
 * `--nice=N` runs the scripts named after it at that niceness (`nice -n N`, inherited by every
 * process they start): npm test gives the browser tests, the longest chain of the run, the CPU
 * whenever they want it, and the other tiers use what is left (docs/testing.md, "Time budget").
 */
import { spawn } from 'node:child_process';

const runsToStart: { name: string; nice: number }[] = [];
let nice = 0;
for (const arg of process.argv.slice(2)) {
  const niceness = /^--nice=(\d{1,2})$/.exec(arg);
  if (niceness) nice = Number(niceness[1]);
  else if (arg.startsWith('--')) {
    console.error(`unknown option ${arg}`);
    process.exit(2);
  } else runsToStart.push({ name: arg, nice });
}
if (runsToStart.length === 0) {
  console.error('usage: node scripts/run-concurrently.ts [--nice=N] <npm script> [[--nice=N] <npm script> …]');
  process.exit(2);
}

type Result = { name: string; status: number; line: string; output: Buffer };

const runs = runsToStart.map(
  ({ name, nice: niceness }) =>
    new Promise<Result>((resolve) => {
      const started = Date.now();
      // Through sh, whose `times` then reports the CPU time of the script and every process it waited
      // for (on fd 3): on a shared machine the wall time varies with the load, the CPU time much less.
      const script = ['sh', '-c', 'npm run --silent "$1"; status=$?; times >&3; exit $status', 'sh', name];
      const [command, ...args] = niceness > 0 ? ['nice', '-n', String(niceness), ...script] : script;
      const child = spawn(command, args, {
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        env: process.env,
      });
      const chunks: Buffer[] = [];
      let times = '';
      child.stdout?.on('data', (d: Buffer) => chunks.push(d));
      child.stderr?.on('data', (d: Buffer) => chunks.push(d));
      (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (d: Buffer) => {
        times += d.toString();
      });
      child.on('close', (code, signal) => {
        const status = code ?? (signal ? 1 : 0);
        const cpu = childrenCpuSeconds(times);
        const line = `── npm run ${name}${niceness > 0 ? ` (nice ${niceness})` : ''}: exit ${status} after ${((Date.now() - started) / 1000).toFixed(0)} s${cpu === undefined ? '' : `, CPU ${cpu.toFixed(0)} s (user + sys)`}`;
        const output = Buffer.concat(chunks);
        if (status === 0) {
          process.stdout.write(output);
          console.log(line);
        } else console.log(`── npm run ${name} failed (exit ${status}): its output follows the others'`);
        resolve({ name, status, line, output });
      });
    }),
);

/** The second line of sh's `times` ("1m2.5s 0m3.25s": the children's user and system time), in seconds. */
function childrenCpuSeconds(times: string): number | undefined {
  const match = /^\s*(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s\s*$/.exec(times.trim().split('\n')[1] ?? '');
  if (!match) return undefined;
  const [, userMin, userSec, sysMin, sysSec] = match.map(Number);
  return userMin * 60 + userSec + sysMin * 60 + sysSec;
}

const results = await Promise.all(runs);
const failed = results.filter((r) => r.status !== 0);
for (const { output, line } of failed) {
  process.stdout.write(output);
  console.log(line);
}
console.log('\n── summary');
for (const { line } of results) console.log(line);
if (failed.length > 0) console.log(`── failed: ${failed.map((r) => r.name).join(', ')}`);
process.exit(failed[0]?.status ?? 0);
