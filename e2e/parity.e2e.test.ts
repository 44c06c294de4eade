import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../dev/config.js';
import { DEMO_PASSWORD } from '../dev/seed/data.js';
import { PARITY_BASE_PORT, parityProduct } from './parity-product.js';

/**
 * Issue 22's parity suite: the local cloud runs the synthesized app's functions with the
 * template's variables and policy, and a grant the template lacks fails locally as it would in
 * AWS. Its product is synthesized with five grants removed (e2e/parity-product.ts, DROPS); its
 * WAF blocks (the other browser tests count).
 */
let product: Awaited<ReturnType<typeof parityProduct>>;

beforeAll(async () => {
  product = await parityProduct();
}, 420_000);
afterAll(async () => {
  await product?.stop();
});

const url = (path: string) => `${product.baseUrl}${path}`;

/** The line the refused call logged: AWS's AccessDenied message naming the function's role and the action. */
async function deniedLine(functionPrefix: string, action: string): Promise<string | undefined> {
  for (let i = 0; i < 40; i++) {
    const line = product
      .output()
      .split('\n')
      .find((l) => l.includes(`/${functionPrefix}`) && l.includes(`is not authorized to perform: ${action}`));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

type Fn = {
  Type: string;
  Properties: { Environment?: { Variables?: Record<string, unknown> }; Timeout?: number; MemorySize?: number; Role?: unknown };
  Metadata?: Record<string, unknown>;
};

/** The functions of the synthesized templates, read straight from the cloud assembly. */
function templateFunctions(): Map<string, { env: string[]; statements: number; timeout: number; memory: number }> {
  const root = join(product.dataDir, 'synth');
  const dir = join(root, readdirSync(root).filter((d) => !d.includes('.tmp'))[0]);
  const out = new Map<string, { env: string[]; statements: number; timeout: number; memory: number }>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.template.json'))) {
    const t = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      Resources: Record<string, Fn & { Properties: { Roles?: unknown[]; PolicyDocument?: { Statement: unknown[] } } }>;
    };
    for (const [id, r] of Object.entries(t.Resources)) {
      if (r.Type !== 'AWS::Lambda::Function' || !r.Metadata?.['truckyard:handler']) continue;
      const role = JSON.stringify({ Ref: (r.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] });
      const statements = Object.values(t.Resources)
        .filter((p) => p.Type === 'AWS::IAM::Policy' && (p.Properties.Roles ?? []).some((x) => JSON.stringify(x) === role))
        .reduce((n, p) => n + (p.Properties.PolicyDocument?.Statement.length ?? 0), 0);
      out.set(id, {
        env: Object.keys(r.Properties.Environment?.Variables ?? {}).sort(),
        statements,
        timeout: r.Properties.Timeout ?? 3,
        memory: r.Properties.MemorySize ?? 128,
      });
    }
  }
  return out;
}

describe('the local cloud is the synthesized app', () => {
  it('runs every function of the templates with its variable names, policy, timeout and memory', async () => {
    const listed = (await (await fetch(url('/_dev/functions'))).json()) as Array<{
      logicalId: string;
      environment: string[];
      policyStatements: number;
      timeoutSeconds: number;
      memoryMb: number;
    }>;
    const expected = templateFunctions();
    expect(expected.size).toBeGreaterThan(50);
    expect(new Set(listed.map((f) => f.logicalId))).toEqual(new Set(expected.keys()));
    for (const f of listed) {
      const t = expected.get(f.logicalId);
      expect({
        id: f.logicalId,
        env: f.environment,
        statements: f.policyStatements,
        timeout: f.timeoutSeconds,
        memory: f.memoryMb,
      }).toEqual({
        id: f.logicalId,
        env: t?.env,
        statements: t?.statements,
        timeout: t?.timeout,
        memory: t?.memory,
      });
    }
  });

  it('refuses calls to the API origin without CloudFront’s secret, as API Gateway’s functions do in AWS', async () => {
    const direct = await fetch(`http://localhost:${PARITY_BASE_PORT + 10}/api/config`);
    expect(direct.status).toBe(403);
    const viaEdge = await fetch(url('/api/config'));
    expect(viaEdge.status).toBe(200);
  });
});

describe('the site the edge serves is the deployed one', () => {
  it('serves the files deployed at start, not whatever web/dist holds now (a rebuild while it runs changes nothing)', async () => {
    const index = await (await fetch(url('/index.html'))).text();
    const entry = index.match(/\/assets\/[\w-]+\.js/)?.[0];
    expect(entry, 'the page names its entry script').toBeTruthy();
    expect((await fetch(url(entry as string))).status).toBe(200);
    // A file that appears in web/dist after the start, as a rebuild's would.
    const name = `parity-probe-${Date.now().toString(36)}.js`;
    const file = join(REPO_ROOT, 'web', 'dist', 'assets', name);
    writeFileSync(file, 'export {};\n');
    try {
      expect((await fetch(url(`/assets/${name}`))).status).toBeGreaterThanOrEqual(400);
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe('a grant the template lacks fails locally with AWS’s AccessDenied', () => {
  it('a page', async () => {
    const res = await fetch(url('/tippers'));
    expect(res.status).toBe(500);
    expect(await deniedLine('RenderHomePage', 's3:GetObject')).toBeTruthy();
  });

  it('a search', async () => {
    const res = await fetch(url('/api/listings?category=tipper&q=scania'));
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await deniedLine('SearchListings', 's3:GetObject')).toBeTruthy();
  });

  it('an upload', async () => {
    const config = (await (await fetch(url('/api/config'))).json()) as { clientId: string; userPoolEndpoint: string };
    const auth = (await (
      await fetch(config.userPoolEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: config.clientId,
          AuthParameters: { USERNAME: 'sales@penninetrucksales.example', PASSWORD: DEMO_PASSWORD },
        }),
      })
    ).json()) as { AuthenticationResult: { AccessToken: string } };
    const token = auth.AuthenticationResult.AccessToken;
    const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    const res = await fetch(url('/api/uploads/listing-images/complete'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keys: [`uploads/listing-images/${sub}/parity.jpg`] }),
    });
    expect(res.status).toBe(500);
    expect(await deniedLine('CompleteListingImageUploads', 's3:GetObject')).toBeTruthy();
  });

  it('the webhook', async () => {
    const res = await fetch(url('/api/payments/webhook'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_parity","type":"ping"}',
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await deniedLine('StripeWebhook', 'ssm:GetParameter')).toBeTruthy();
  });

  it('a job', async () => {
    const res = await fetch(url('/_dev/jobs/BuildSitemap'), { method: 'POST' });
    const body = (await res.json()) as { ok: boolean; error?: string };
    expect(body.ok).toBe(false);
    expect(body.error).toMatch(/is not authorized to perform: s3:PutObject/);
  });
});

describe('the WAF rules that change what a user gets', () => {
  it('blocks a body over the inspection size on an ordinary route, and not on the webhook', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(40_000) });
    const blocked = await fetch(url('/api/contact'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(blocked.status).toBe(403);
    expect(await blocked.text()).toContain('Request blocked');
    const exempt = await fetch(url('/api/payments/webhook'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(exempt.status).not.toBe(403);
  });

  it('blocks an address past the rate rule’s limit in its window', async () => {
    let status = 0;
    // The limit is 2,000 requests per 5 minutes per address; the site's files are the cheapest to ask.
    for (let i = 0; i < 2_100 && status !== 403; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () => fetch(url('/favicon.svg')).then((r) => (r.body?.cancel(), r.status))),
      );
      status = batch.includes(403) ? 403 : batch[0];
    }
    expect(status).toBe(403);
  });
});
