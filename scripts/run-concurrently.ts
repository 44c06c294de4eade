/**
 * Runs npm scripts at the same time and fails when any fails: `node scripts/run-concurrently.ts
 * test:cfn-lint test:int`. Each script's output is kept and printed whole when it ends (so the two
 * logs do not interleave), with its name, exit code, wall time and CPU time. npm test uses it to run cfn-lint
 * (one Python process, mostly one core) beside the integration tests (which wait on the stand-ins).
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-concurrently.ts <npm script> [<npm script> …]');
  process.exit(2);
}

const runs = names.map(
  (name) =>
    new Promise<number>((resolve) => {
      const started = Date.now();
      // Through sh, whose `times` then reports the CPU time of the script and every process it waited
      // for (on fd 3): on a shared machine the wall time varies with the load, the CPU time much less.
      const child = spawn('sh', ['-c', 'npm run --silent "$1"; status=$?; times >&3; exit $status', 'sh', name], {
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
        process.stdout.write(Buffer.concat(chunks));
        const cpu = childrenCpuSeconds(times);
        console.log(
          `── npm run ${name}: exit ${status} after ${((Date.now() - started) / 1000).toFixed(0)} s${cpu === undefined ? '' : `, CPU ${cpu.toFixed(0)} s (user + sys)`}`,
        );
        resolve(status);
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

const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);
