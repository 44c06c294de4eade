import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FunctionBundles, handlersOf } from './bundles.js';

describe('FunctionBundles', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'truckyard-bundles-test-'));
  const bundles = new FunctionBundles(dataDir, ['http/seo/get-robots.ts']);
  afterAll(async () => {
    await bundles.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the handlers from the templates’ metadata, once each', () => {
    const fn = (handler?: string) => ({ Type: 'AWS::Lambda::Function', Metadata: handler ? { 'truckyard:handler': handler } : {} });
    const templates = {
      A: { Resources: { F1: fn('http/a.ts'), F2: fn('http/b.ts'), P: fn() } },
      B: { Resources: { F3: fn('http/a.ts'), T: { Type: 'AWS::SNS::Topic', Metadata: { 'truckyard:handler': 'x.ts' } } } },
    };
    expect(handlersOf(templates)).toEqual(['http/a.ts', 'http/b.ts']);
  });

  it('builds a handler as Lambda runs it: plain JavaScript that Node loads without the TypeScript loader', async () => {
    await bundles.build();
    const file = bundles.fileFor('http/seo/get-robots.ts');
    expect(existsSync(file)).toBe(true);
    expect(existsSync(bundles.workerFile)).toBe(true);
    // A plain `node` (no tsx): the bundle and the bootstrap import, and the bundle exports a handler.
    const probe = `const m = await import(${JSON.stringify(`file://${file}`)}); await import(${JSON.stringify(`file://${bundles.workerFile}`)}); console.log(typeof m.handler);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('function');
    expect(() => bundles.fileFor('http/not-a-handler.ts')).toThrow(/not a handler of the synthesized app/);
  }, 120_000);
});

describe('FunctionBundles with reuse (HOT_RELOAD=off)', () => {
  const handlers = ['http/seo/get-robots.ts', 'http/seo/get-sitemap.ts'];

  it('is named by its sources: the same handlers share one build, built once even when asked for together', async () => {
    const [a, b] = [
      new FunctionBundles('/tmp/a', handlers, { reuse: true }),
      new FunctionBundles('/tmp/b', [...handlers].reverse(), { reuse: true }),
    ];
    expect(a.fileFor(handlers[0])).toBe(b.fileFor(handlers[0]));
    expect(a.fileFor(handlers[0])).toContain(`${path.sep}reused${path.sep}`);
    // Another set of handlers is another build.
    expect(new FunctionBundles('/tmp/a', [handlers[0]], { reuse: true }).fileFor(handlers[0])).not.toBe(a.fileFor(handlers[0]));
    // Both at once: one builds under the lock, the other waits and finds it complete.
    await Promise.all([a.build(), b.build()]);
    expect(existsSync(a.fileFor(handlers[1]))).toBe(true);
    expect(existsSync(a.workerFile)).toBe(true);
    const again = new FunctionBundles('/tmp/c', handlers, { reuse: true });
    const { ms } = await again.build();
    expect(ms).toBeLessThan(1_000);
    await Promise.all([a.dispose(), b.dispose(), again.dispose()]);
    // Disposing a reused build leaves it for the next product.
    expect(existsSync(a.fileFor(handlers[0]))).toBe(true);
    await expect(again.rebuild()).rejects.toThrow(/never rebuilt/);
    rmSync(path.dirname(path.dirname(a.fileFor(handlers[0]))), { recursive: true, force: true });
  }, 120_000);
});
