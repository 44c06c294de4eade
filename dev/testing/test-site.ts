import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny web site on 127.0.0.1 for the SSRF guard's tests, counting the requests it gets. */
export interface TestSite {
  url: string;
  port: number;
  /** host:port, as the fixture allow-list names it. */
  host: string;
  hits: string[];
  close(): Promise<void>;
}

export async function startTestSite(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestSite> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    host: `127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
