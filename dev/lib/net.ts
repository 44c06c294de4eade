/** Loopback-only listening, port checks and readiness polling for the local cloud. */
import dns from 'node:dns/promises';
import http from 'node:http';
import net from 'node:net';

const LOOPBACK = '127.0.0.1';

/** True when nothing listens on the port (we can bind it on the loopback address ourselves). */
export function isPortFree(port: number, host = LOOPBACK): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** A port the OS says is free right now (for child processes that need a number up front). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, LOOPBACK, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Whether `localhost` also resolves to ::1 here (then browsers may try IPv6 first). */
async function localhostHasIpv6(): Promise<boolean> {
  try {
    const addrs = await dns.lookup('localhost', { all: true });
    return addrs.some((a) => a.family === 6);
  } catch {
    return false;
  }
}

export interface LoopbackServer {
  port: number;
  servers: http.Server[];
  close(): Promise<void>;
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen({ port, host }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * Serves `handler` on 127.0.0.1 and, where `localhost` resolves to ::1 as well, on [::1] with the
 * same port, so `http://localhost:<port>` works whichever address a client tries first.
 */
export async function listenLoopback(handler: http.RequestListener, port: number): Promise<LoopbackServer> {
  const servers: http.Server[] = [];
  const make = () => http.createServer(handler);
  const v4 = make();
  await listen(v4, port, LOOPBACK);
  servers.push(v4);
  const actualPort = (v4.address() as net.AddressInfo).port;
  if (await localhostHasIpv6()) {
    const v6 = make();
    try {
      await listen(v6, actualPort, '::1');
      servers.push(v6);
    } catch {
      // No IPv6 loopback on this machine: 127.0.0.1 alone serves localhost.
    }
  }
  return {
    port: actualPort,
    servers,
    close: async () => {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
    },
  };
}

/** Polls `check` until it resolves true or `timeoutMs` passes. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
