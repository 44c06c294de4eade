import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
writeFileSync('.local/_wk.mjs', `import { parentPort, workerData } from 'node:worker_threads';
try { await import(workerData); parentPort.postMessage('ok'); } catch (e) { console.error(e.message); parentPort.postMessage('err'); }`);
const files = process.argv.slice(2);
for (const f of files) {
  for (const mode of ['inherit', 'none']) {
  const t = Date.now();
  await new Promise<void>((res, rej) => {
    const w = new Worker(path.resolve('.local/_wk.mjs'), { workerData: 'file://' + path.resolve(f), env: { ...process.env, STAGE: 'aws', TABLE_NAME: 'x', AWS_REGION: 'eu-west-2' }, ...(mode==='none'?{execArgv:[]}:{}) });
    w.on('message', (m) => { console.log(mode, f, m, Date.now() - t, 'ms'); w.terminate().then(() => res()); });
    w.on('error', rej);
  });
  }
}
console.log(process.execArgv);
