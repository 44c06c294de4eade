/**
 * The HTTP benchmark's reference server (bench/run.ts): answers every request with a search-sized
 * JSON body (about 28 KB) after BUSY_MS of work on its one thread, and nothing else — no search,
 * no gateway, no garbage. What ten connections get from it is the latency of a single Node
 * process that needs that long per request on this machine, whatever the code. Prints its port.
 */
import http from 'node:http';

const busyMs = Number(process.env.BUSY_MS ?? 1);
const card = { title: 'x'.repeat(900), price: 45_000, location: 'Leeds' };
const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 24 }, (_, i) => ({ id: `ref-${i}`, ...card })) }));

const server = http.createServer((_req, res) => {
  const until = performance.now() + busyMs;
  while (performance.now() < until) {
    // Busy, as a request's work would be.
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
