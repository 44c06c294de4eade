/**
 * The HTTP load generator of `bench/run.ts`, in a process of its own: the benchmark process holds
 * the 100k index it built, and its garbage collector's pauses would stall the load generator's event
 * loop and be counted as the server's latency. Reads {url, paths, connections, seconds} as JSON on
 * stdin; writes the summary as one JSON line on stdout.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
}

export interface LoadSummary {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  errorKinds: string;
  total: number;
  ok: number;
  sent: number;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const { url, paths, connections, seconds } = JSON.parse(await readStdin()) as LoadRequest;
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    // One shared cursor over the paths: connections never replay each other's queries.
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  // What the errors were: each status other than 2xx, then connection errors and timeouts.
  const byStatus = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, s]) => `${code} ×${(s as { count: number }).count}`);
  if (result.errors - result.timeouts > 0) byStatus.push(`connection errors ×${result.errors - result.timeouts}`);
  if (result.timeouts > 0) byStatus.push(`timeouts ×${result.timeouts}`);
  const summary: LoadSummary = {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    // autocannon counts a timeout among `errors` too.
    errors: result.errors + result.non2xx,
    errorKinds: byStatus.join(', ') || 'none',
    total: result.requests.total,
    ok: result['2xx'],
    sent: next,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
