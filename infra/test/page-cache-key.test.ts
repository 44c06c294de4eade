import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFrontQueryOf, rawQueryOf, runViewerRequest } from '../../dev/cloud/edge.js';
import { PAGE_QUERY_KEYS } from '../../shared/page-query.js';
import { fieldsFromUrl } from '../../web/src/components/finance/lib/calculator-state.js';
import { parseBrowseParams } from '../../web/src/features/listings/lib/browse-params.js';
import { compareUrlState } from '../../web/src/features/compare/api/get-compare.js';
import { pageQueryFunctionCode } from '../lib/page-query-function.js';
import { removeTempDirs, synthTruckYard } from './synth-app.js';

type Props = Record<string, unknown>;
type Behaviour = { PathPattern?: string; TargetOriginId: string; FunctionAssociations?: { EventType: string; FunctionARN: unknown }[] };

let behaviours: Behaviour[];
let functions: Record<string, Props>;
beforeAll(() => {
  const t = synthTruckYard().templates.web;
  const dist = Object.values(t.findResources('AWS::CloudFront::Distribution'))[0] as { Properties: Props };
  const config = dist.Properties.DistributionConfig as { DefaultCacheBehavior: Behaviour; CacheBehaviors: Behaviour[] };
  behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
  functions = Object.fromEntries(
    Object.entries(t.findResources('AWS::CloudFront::Function')).map(([id, r]) => [id, (r as { Properties: Props }).Properties]),
  );
});
afterAll(removeTempDirs);

/** The query string a page request reaches the cache key and the page handler with. */
const normalise = (code: string, raw: string) =>
  rawQueryOf(
    runViewerRequest(code, { method: 'GET', uri: '/tractor-units', querystring: cloudFrontQueryOf(raw), headers: {} }).querystring,
  );

describe('page cache key: only the query parameters the page routes read (issue 23)', () => {
  it('drops parameters the pages do not read, so ?r=<random> is the page without it', () => {
    const code = pageQueryFunctionCode();
    expect(normalise(code, 'r=8f3a91')).toBe('');
    expect(normalise(code, 'make=Volvo&r=1&utm_source=x')).toBe('make=Volvo');
    // Name order: the same filters in another order share one entry; repeated values keep their order.
    expect(normalise(code, 'sort=price-asc&make=DAF')).toBe(normalise(code, 'make=DAF&sort=price-asc'));
    expect(normalise(code, 'fuel=diesel&fuel=hvo')).toBe('fuel=diesel&fuel=hvo');
    // Values pass untouched (CloudFront hands them over undecoded).
    expect(normalise(code, 'q=curtain%20sider&page=2')).toBe('page=2&q=curtain%20sider');
    // Object prototype names are not parameters the pages read.
    expect(normalise(code, 'constructor=1&__proto__=2&toString=3')).toBe('');
  });

  it('the allow-list is what the server-rendered pages read: parseBrowseParams, the finance calculator and /compare ask for nothing else', () => {
    const asked = new Set<string>();
    class Recording extends URLSearchParams {
      override get(name: string) {
        asked.add(name);
        return super.get(name);
      }
      override getAll(name: string) {
        asked.add(name);
        return super.getAll(name);
      }
      override has(name: string) {
        asked.add(name);
        return super.has(name);
      }
    }
    parseBrowseParams(new Recording('location=Leeds&sort=distance'));
    fieldsFromUrl(new Recording(''), {
      defaultAprPercent: 9.9,
      defaultTermMonths: 48,
      defaultDepositPercent: 10,
      representativeExample: { cashPricePounds: 50_000, depositPounds: 5_000, termMonths: 48, aprPercent: 9.9, balloonPounds: 0 },
      fcaNumber: '999999',
      demo: false,
    });
    compareUrlState(new Recording('ids=a,b'));
    expect([...asked].sort()).toEqual([...PAGE_QUERY_KEYS].sort());
  });

  it('runs the function on every page behaviour (the default one and the file-like page rows), not on /api/* or files', () => {
    const apiOrigin = behaviours.find((b) => b.PathPattern === '/api/*')!.TargetOriginId;
    const fnOf = (b: Behaviour) => {
      const assoc = b.FunctionAssociations?.find((f) => f.EventType === 'viewer-request');
      const id = (assoc?.FunctionARN as { 'Fn::GetAtt'?: [string] } | undefined)?.['Fn::GetAtt']?.[0];
      return id ? String(functions[id].FunctionCode) : undefined;
    };
    const pages = behaviours.filter((b) => b.TargetOriginId === apiOrigin && b.PathPattern !== '/api/*');
    expect(pages.map((b) => b.PathPattern ?? 'default')).toContain('default');
    for (const b of pages) expect(fnOf(b), b.PathPattern ?? 'default').toBe(pageQueryFunctionCode());
    expect(fnOf(behaviours.find((b) => b.PathPattern === '/api/*')!)).toBeUndefined();
    const [page] = Object.values(functions).filter((f) => f.FunctionCode === pageQueryFunctionCode());
    expect((page.FunctionConfig as Props).Runtime).toBe('cloudfront-js-2.0');
  });
});
