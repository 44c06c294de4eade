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
