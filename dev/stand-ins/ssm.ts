/**
 * SSM Parameter Store's stand-in: `GetParameter` and `GetParameters` over AWS's JSON protocol
 * (`X-Amz-Target: AmazonSSM.<op>`), answering from a fixed map of parameters. The local cloud
 * serves it on `/_aws/ssm` of its edge (dev/cloud/aws-endpoints.ts); the integration tests start it
 * on a port of its own (`startSsm`, dev/testing/global-setup.ts). Either way the functions read
 * their secrets through the real SSM client (functions/src/adapters/secrets), as in AWS.
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { serviceUrl } from '../config.js';
import { listenLoopback } from '../lib/net.js';

export type SsmReply = { status: number; body: unknown };

/** SSM's answer to `op` with `input`, from `parameters` (full name → value, all SecureString). */
export function ssmReply(parameters: Record<string, string>, region: string, op: string, input: Record<string, unknown>): SsmReply {
  const get = (name: string) => {
    const value = parameters[name];
    return value === undefined
      ? undefined
      : {
          Name: name,
          Type: 'SecureString',
          Value: value,
          Version: 1,
          ARN: `arn:aws:ssm:${region}:000000000000:parameter/${name.replace(/^\//, '')}`,
          DataType: 'text',
        };
  };
  if (op === 'GetParameter') {
    const p = get(String(input.Name ?? ''));
    return p
      ? { status: 200, body: { Parameter: p } }
      : { status: 400, body: { __type: 'ParameterNotFound', message: `Parameter ${String(input.Name)} not found.` } };
  }
  if (op === 'GetParameters') {
    const names = (input.Names as string[]) ?? [];
    return {
      status: 200,
      body: { Parameters: names.flatMap((n) => get(n) ?? []), InvalidParameters: names.filter((n) => !get(n)) },
    };
  }
  return { status: 400, body: { __type: 'InvalidAction', message: `SSM ${op} is not emulated locally` } };
}

export interface SsmStandIn {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** The stand-in on its own loopback port (0 picks a free one). */
export async function startSsm(opts: { port: number; region: string; parameters: Record<string, string> }): Promise<SsmStandIn> {
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [prefix, op] = String(req.headers['x-amz-target'] ?? '').split('.');
      let input: Record<string, unknown> = {};
      try {
        const raw = Buffer.concat(chunks).toString('utf8');
        input = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        input = {};
      }
      const reply =
        req.method === 'POST' && prefix === 'AmazonSSM' && op
          ? ssmReply(opts.parameters, opts.region, op, input)
          : { status: 400, body: { __type: 'UnknownOperationException', message: 'Not an SSM request' } };
      res.writeHead(reply.status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() });
      res.end(JSON.stringify(reply.body));
    });
  };
  const server = await listenLoopback(handler, opts.port);
  return { endpoint: serviceUrl(server.port), port: server.port, stop: () => server.close() };
}
