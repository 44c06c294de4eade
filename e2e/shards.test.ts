import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../dev/config.js';
import { e2eFiles } from './shards.js';

const onDisk = readdirSync(path.join(REPO_ROOT, 'e2e'))
  .filter((f) => f.endsWith('.e2e.test.ts'))
  .map((f) => `e2e/${f}`);

describe('the browser test shards', () => {
  it('list only files that exist, and leave the second shard some', () => {
    const first = e2eFiles('1').include;
    expect(first.length).toBeGreaterThan(0);
    for (const file of first) expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
    expect(onDisk.filter((f) => !first.includes(f)).length).toBeGreaterThan(0);
  });

  it('split every browser test file between the two, none in both', () => {
    const first = e2eFiles('1');
    const second = e2eFiles('2');
    // The second shard is every file the pattern finds, less the first shard's (and vitest's defaults).
    expect(second.include).toEqual(['e2e/**/*.e2e.test.ts']);
    const secondFiles = onDisk.filter((f) => !second.exclude.includes(f));
    expect(new Set([...first.include, ...secondFiles])).toEqual(new Set(onDisk));
    expect(first.include.filter((f) => secondFiles.includes(f))).toEqual([]);
  });

  it('runs every file with no shard set, and refuses a shard it does not know', () => {
    expect(e2eFiles(undefined).include).toEqual(['e2e/**/*.e2e.test.ts']);
    expect(() => e2eFiles('3')).toThrow(/E2E_SHARD must be 1 or 2/);
  });
});
