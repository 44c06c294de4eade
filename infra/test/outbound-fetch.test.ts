import { afterAll, describe, expect, it } from 'vitest';
import { queues } from '../../functions/src/queues.js';
import { removeTempDirs, synthTruckYard } from './synth-app.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const FETCH_ALLOW_HOSTS_ENV = 'FETCH_ALLOW_HOSTS';

afterAll(removeTempDirs);

type Resources = Record<
  string,
  { Type: string; Properties: { Description?: string; Environment?: { Variables?: Record<string, unknown> } } }
>;

/** Every Lambda function of the app with its FETCH_ALLOW_HOSTS (undefined when it has none), by description. */
function allowListsByFunction(app: ReturnType<typeof synthTruckYard>): Map<string, unknown> {
  const templates = [...Object.values(app.templates), ...Object.values(app.areaTemplates)];
  const found = new Map<string, unknown>();
  for (const template of templates) {
    if (!template) continue;
    for (const [id, r] of Object.entries(template.toJSON().Resources as Resources)) {
      if (r.Type !== 'AWS::Lambda::Function') continue;
      found.set(r.Properties.Description ?? id, r.Properties.Environment?.Variables?.[FETCH_ALLOW_HOSTS_ENV]);
    }
  }
  return found;
}

const description = (id: string) => queues.find((q) => q.id === id)?.description ?? expect.fail(`no queue row ${id}`);

/** The functions that fetch addresses others chose: the feed preview, the import worker (photos), the scraper's worker. */
const FETCHING = () => ['POST /api/my-imports', description('stock-imports'), description('scrape-sources')].sort();

describe('the fixture allow-list of outbound fetches (context fetchAllowHosts)', () => {
  it('is an empty FETCH_ALLOW_HOSTS on exactly the functions that fetch, when the context is absent (AWS)', () => {
    const byFunction = allowListsByFunction(synthTruckYard());
    const withVar = [...byFunction].filter(([, v]) => v !== undefined);
    expect(withVar.map(([d]) => d).sort()).toEqual(FETCHING());
    expect(new Set(withVar.map(([, v]) => v))).toEqual(new Set(['']));
  });

  it('carries the context pairs to those functions only', () => {
    const byFunction = allowListsByFunction(synthTruckYard({ fetchAllowHosts: '127.0.0.1:3405, localhost:3406' }));
    const withVar = [...byFunction].filter(([, v]) => v !== undefined);
    expect(withVar.map(([d]) => d).sort()).toEqual(FETCHING());
    for (const [, value] of withVar) expect(value).toBe('127.0.0.1:3405,localhost:3406');
  });

  it.each(['10.0.0.5:8080', '169.254.169.254:80', 'example.com:443', '127.0.0.1'])('fails synth for the entry %s', (entry) => {
    expect(() => synthTruckYard({ fetchAllowHosts: entry })).toThrow(/FETCH_ALLOW_HOSTS/);
  });
});
