import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkMarkdown, cleanToken, findReferences, indexRepo, isPathCandidate } from './check-docs.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = indexRepo(root);
const scripts = new Set(['start', 'test', 'test:docs', 'job', 'bench']);
const problemsOf = (markdown: string, file = 'docs/example.md') =>
  checkMarkdown(repo, file, markdown, scripts).map((p) => `${p.line}:${p.kind}:${p.value}`);

describe('findReferences', () => {
  it('reads paths from inline code, link targets and npm scripts anywhere, with their lines', () => {
    const md = [
      'The handler (`functions/src/http/handler.ts:42`) and `search-index.ts`.',
      'See [the local cloud](local-cloud.md#tests) and [AWS](https://aws.amazon.com/).',
      '```bash',
      'npm run job -- alerts-daily   # `not/a/checked/path.ts` inside a fence',
      '```',
      'Run `npm test` or npm start; `npm ci` installs.',
    ].join('\n');
    expect(findReferences(md)).toEqual([
      { kind: 'path', value: 'functions/src/http/handler.ts', line: 1 },
      { kind: 'path', value: 'search-index.ts', line: 1 },
      { kind: 'link', value: 'local-cloud.md', line: 2 },
      { kind: 'script', value: 'job', line: 4 },
      { kind: 'script', value: 'test', line: 6 },
      { kind: 'script', value: 'start', line: 6 },
    ]);
  });

  it('leaves out URL paths, URLs, placeholders, keys and values', () => {
    for (const t of [
      '/api/listings',
      'https://x.example/a.ts',
      'private-uploads/search/<table>/index.bin.gz',
      'sk=SAVED#x',
      'dynamodb:LeadingKeys',
      'S3_PORT',
      '…/pay',
    ]) {
      expect(isPathCandidate(cleanToken(t)), t).toBe(false);
    }
    expect(cleanToken('(functions/src/routes.ts),')).toBe('functions/src/routes.ts');
  });
});

describe('checkMarkdown', () => {
  it('accepts paths that exist: from the root, inside a source tree, bare file names, package files, folders', () => {
    const md =
      '`functions/src/routes.ts` `dev/stripe/` `.ci/run` `http/seo/render-page.ts` `search-index.ts` `altcha/altcha.css` ' +
      '`web/dist/.vite/manifest.json` `npm run test:docs` [x](local-cloud.md) [y](../README.md)';
    expect(problemsOf(md)).toEqual([]);
  });

  it('fails on a made-up path, file name, link or script', () => {
    const md = [
      'From the root: `functions/src/domain/scraper/content-hash.ts`.',
      'Inside a tree: `http/made-up/handler.ts`; a name: `made-up-module.ts`.',
      'A link: [docs](no-such-topic.md). A script: `npm run stripe:catalog`.',
    ].join('\n');
    expect(problemsOf(md)).toEqual([
      '1:path:functions/src/domain/scraper/content-hash.ts',
      '2:path:http/made-up/handler.ts',
      '2:path:made-up-module.ts',
      '3:script:stripe:catalog',
      '3:link:no-such-topic.md',
    ]);
  });
});
