import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ddb } from './dynamodb/client.js';
import { s3 } from './s3/client.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SDK_TIMEOUTS = { connectionTimeout: 2_000, requestTimeout: 5_000 } as const;

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The options the client's NodeHttpHandler was built with (resolved lazily by the SDK). */
async function handlerOptions(client: { config: { requestHandler: unknown } }) {
  const handler = client.config.requestHandler as { configProvider: Promise<Record<string, unknown>> };
  return handler.configProvider;
}

describe('AWS SDK clients', () => {
  it('the DynamoDB and S3 clients have connect and request timeouts', async () => {
    for (const client of [ddb, s3]) {
      expect(await handlerOptions(client)).toMatchObject(SDK_TIMEOUTS);
    }
  });

  it('every SDK client in functions/src is built with sdkClientConfig()', () => {
    // Prepare
    const constructions = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new (\w+Client)\(([^)]*)\)/g)].map((m) => ({
        file: relative(SRC, file),
        client: m[1],
        args: m[2],
      })),
    );
    // Assess
    expect(constructions.length).toBeGreaterThanOrEqual(7);
    for (const c of constructions) expect(c.args, `${c.file}: new ${c.client}(${c.args}...)`).toContain('sdkClientConfig(');
  });
});
