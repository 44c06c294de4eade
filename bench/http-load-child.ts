/**
 * The HTTP load generator of `bench/run.ts`, in a process of its own: the benchmark process holds
 * the 100k index it built, and its garbage collector's pauses would stall the load generator's event
 * loop and be counted as the server's latency. Reads a LoadRequest as JSON on stdin; writes a
 * LoadResult (every request's time, so the caller takes percentiles with bench/stats.ts) as one
 * JSON line on stdout.
 *
 * Each connection is one keep-alive socket that sends a request, reads the whole answer, then sends
 * the next: `connectionsPerTarget` of them to each target. All connections share one cursor over
 * `paths`, so no query is sent twice unless `cycle` is set.
 */
import http from 'node:http';

export interface LoadRequest {
  /** Base URLs, e.g. http://127.0.0.1:4510. */
  targets: string[];
  connectionsPerTarget: number;
  paths: string[];
  seconds: number;
  /** Start again from the first path when they run out (the cached figure); else stop. */
  cycle?: boolean;
  /** Time each request to its first byte (the status line and headers), not to the end of its body. */
  firstByte?: boolean;
  /**
   * Every this many requests, a connection moves to a new loopback source address (127.0.x.y), as
   * requests from many buyers come from many addresses: the local edge's WAF limits requests per
   * address, as CloudFront's does.
   */
  requestsPerSourceAddress?: number;
}

export interface LoadResult {
  /** Milliseconds per answered request (2xx or not; to the first byte with `firstByte`), in the order they finished. */
  latencies: number[];
  ok: number;
  errors: number;
  errorKinds: string;
  /** Paths taken from the list. */
  sent: number;
  seconds: number;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** GETs path; resolves with the status and when the first byte arrived (performance.now()). */
function get(agent: http.Agent, base: URL, path: string, localAddress?: string): Promise<{ status: number; firstByteAt: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: base.hostname, port: base.port, path, localAddress, timeout: 30_000 }, (res) => {
      const firstByteAt = performance.now();
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, firstByteAt }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

async function main() {
  const { targets, connectionsPerTarget, paths, seconds, cycle, firstByte, requestsPerSourceAddress } = JSON.parse(
    await readStdin(),
  ) as LoadRequest;
  let addresses = 0;
  const nextAddress = () => {
    addresses++;
    return `127.0.${1 + Math.floor(addresses / 250)}.${1 + (addresses % 250)}`;
  };
  const latencies: number[] = [];
  const kinds = new Map<string, number>();
  let ok = 0;
  let next = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const connection = async (target: string) => {
    let agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let localAddress = requestsPerSourceAddress ? nextAddress() : undefined;
    let sent = 0;
    const base = new URL(target);
    while (performance.now() < end) {
      if (requestsPerSourceAddress && sent > 0 && sent % requestsPerSourceAddress === 0) {
        agent.destroy();
        agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        localAddress = nextAddress();
      }
      sent++;
      if (next >= paths.length && !cycle) break;
      const path = paths[next++ % paths.length];
      const t0 = performance.now();
      let kind: string;
      let at = 0;
      try {
        const { status, firstByteAt } = await get(agent, base, path, localAddress);
        kind = status >= 200 && status < 300 ? '' : String(status);
        if (firstByte) at = firstByteAt;
      } catch (err) {
        kind = (err as Error).message === 'timeout' ? 'timeout' : 'connection error';
      }
      latencies.push((at || performance.now()) - t0);
      if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      else ok++;
    }
    agent.destroy();
  };
  await Promise.all(targets.flatMap((t) => Array.from({ length: connectionsPerTarget }, () => connection(t))));
  const result: LoadResult = {
    latencies,
    ok,
    errors: latencies.length - ok,
    errorKinds: [...kinds].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none',
    sent: next,
    seconds: (performance.now() - started) / 1000,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
