/**
 * Runs npm scripts at the same time and fails when any fails: `node scripts/run-concurrently.ts
 * test:cfn-lint test:int`. Each script's output is kept and printed whole when it ends (so the two
 * logs do not interleave), with its name, exit code and wall time. npm test uses it to run cfn-lint
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
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (d: Buffer) => chunks.push(d));
      child.stderr.on('data', (d: Buffer) => chunks.push(d));
      child.on('close', (code, signal) => {
        const status = code ?? (signal ? 1 : 0);
        process.stdout.write(Buffer.concat(chunks));
        console.log(`── npm run ${name}: exit ${status} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
        resolve(status);
      });
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);
