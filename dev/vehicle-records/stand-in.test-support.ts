/** Test support (only integration tests import it): the DVLA and DVSA stand-ins on a loopback server of their own. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVehicleRecordsStandIn, type VehicleRecordsStandIn } from './stand-in.js';

/** The stand-ins on their own loopback server (integration tests); `url` is the site URL to pass to vehicleRecordsUrls. */
export async function startVehicleRecordsServer(
  port = 0,
): Promise<{ url: string; standIn: VehicleRecordsStandIn; close(): Promise<void> }> {
  const standIn = createVehicleRecordsStandIn();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (standIn.handle(req, res, Buffer.concat(chunks))) return;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    standIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
