import { HostPacer } from '../http/host-pacer.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestSite, startTestSite } from '../../../../dev/testing/test-site.js';
import { DomainError } from '../../domain/errors.js';
import { IMPORT_LIMITS } from '../../domain/stock-import/parse-stock-csv.js';
import { parseAllowHosts } from '../http/allow-hosts.js';
import { createSafeFetcher, type SafeFetchGuard, type SafeFetcher } from '../http/safe-fetch.js';

type Resolver = NonNullable<SafeFetchGuard['resolve']>;
import { fetchStockFeed } from './feed-fetch.js';
import { createPhotoImporter } from './photo-importer.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const PHOTO_FETCH_FAILED = 'Could not be fetched: check it is a public web address of a JPEG, PNG or WebP image of at most 5 MB';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const FEED_FETCH_FAILED = 'We could not fetch that address. Check it is a public web address serving your stock file.';

/**
 * What a dealer is told when a feed or a photo cannot be fetched must not depend on why: a refused
 * address, a closed port, a timeout and an HTTP error all read the same (issue 23), so the import
 * cannot be used to map our network or probe ports.
 */
let dealerSite: TestSite;
let internal: TestSite;
let closedPort: number;
let fetcher: SafeFetcher;

/** Names a test resolver knows: one public-looking name that is really internal, one rebinding name. */
const resolver: Resolver = async (hostname) => {
  if (hostname === 'intranet.example') return [{ address: '10.0.0.7', family: 4 }];
  if (hostname === 'metadata.example') return [{ address: '169.254.169.254', family: 4 }];
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  internal = await startTestSite((_req, res) => void res.writeHead(200).end('stock_ref,make,model,year,price\nX,DAF,XF,2020,1\n'));
  dealerSite = await startTestSite((req, res) => {
    const url = req.url ?? '';
    if (url === '/stock.csv') return void res.writeHead(200, { 'content-type': 'text/csv' }).end('stock_ref,make\nA,DAF\n');
    if (url === '/missing.csv') return void res.writeHead(404).end('not here');
    if (url === '/broken.csv') return void res.writeHead(500).end('oops');
    if (url === '/huge.csv') return void res.writeHead(200).end(Buffer.alloc(IMPORT_LIMITS.maxBytes + 10, 'a'));
    if (url === '/slow.csv') return void setTimeout(() => res.writeHead(200).end('late'), 3000);
    if (url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (url === '/to-internal') return void res.writeHead(302, { location: `${internal.url}/stock.csv` }).end();
    if (url === '/to-mapped') return void res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${internal.port}/` }).end();
    if (url === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    res.writeHead(404).end();
  });
  // A port nothing listens on, on an allow-listed host: "connection refused".
  const gone = await startTestSite(() => undefined);
  closedPort = gone.port;
  await gone.close();
  fetcher = createSafeFetcher({ allowHosts: parseAllowHosts(`${dealerSite.host},127.0.0.1:${closedPort}`), resolve: resolver });
});

afterAll(async () => {
  await fetcher.close();
  await Promise.all([dealerSite.close(), internal.close()]);
});

describe('stock feed: one answer for every failure', () => {
  it('fetches a feed that is allowed', async () => {
    expect((await fetchStockFeed(fetcher, `${dealerSite.url}/stock.csv`)).toString()).toContain('DAF');
  });

  it('answers every refused address, failed connection, HTTP error, size, timeout and redirect with the same 400 message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const p = internal.port;
    const failing = [
      `http://127.0.0.1:${p}/stock.csv`,
      `http://localhost:${p}/stock.csv`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[64:ff9b::7f00:1]:${p}/`,
      `http://[2002:7f00:1::1]:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f.1:${p}/`,
      `http://017700000001:${p}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://intranet.example/stock.csv',
      'http://metadata.example/latest/',
      'http://no-such-host.example/stock.csv',
      `http://127.0.0.1:${closedPort}/stock.csv`,
      `${dealerSite.url}/missing.csv`,
      `${dealerSite.url}/broken.csv`,
      `${dealerSite.url}/huge.csv`,
      `${dealerSite.url}/slow.csv`,
      `${dealerSite.url}/loop`,
      `${dealerSite.url}/to-internal`,
      `${dealerSite.url}/to-mapped`,
      `${dealerSite.url}/to-file`,
    ];
    const answers = new Set<string>();
    for (const url of failing) {
      const err = await fetchStockFeed(fetcher, url, 1000).then(
        () => expect.fail(`${url} was fetched`),
        (e: unknown) => e,
      );
      expect(err, url).toBeInstanceOf(DomainError);
      expect((err as DomainError).statusCode, url).toBe(400);
      answers.add(
        JSON.stringify({ code: (err as DomainError).code, message: (err as DomainError).message, details: (err as DomainError).details }),
      );
    }
    expect([...answers]).toEqual([JSON.stringify({ code: 'VALIDATION', message: FEED_FETCH_FAILED })]);
    expect(FEED_FETCH_FAILED).toBe('We could not fetch that address. Check it is a public web address serving your stock file.');
    expect(internal.hits).toEqual([]);
    // The reason is in the log, for us.
    expect(
      vi
        .mocked(console.warn)
        .mock.calls.some(([line]) => /refused: 10\.0\.0\.7|intranet\.example resolves to 10\.0\.0\.7/.test(String(line))),
    ).toBe(true);
    vi.mocked(console.warn).mockRestore();
  });
});

describe('imported photos: one reason for every failure', () => {
  it('reports the same reason for a refused address, a missing photo, a closed port and a redirect inwards', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const importer = createPhotoImporter({ s3: {} as never, bucket: 'unused' }, fetcher, {
      pacer: new HostPacer({ now: () => 0, sleep: async () => {} }),
    });
    const urls = [
      `http://127.0.0.1:${internal.port}/a.jpg`,
      `http://[::ffff:127.0.0.1]:${internal.port}/a.jpg`,
      'http://169.254.169.254/a.jpg',
      'http://intranet.example/a.jpg',
      `http://127.0.0.1:${closedPort}/a.jpg`,
      `${dealerSite.url}/missing.csv`,
      `${dealerSite.url}/to-internal`,
    ];
    const { images, failures } = await importer.importPhotos('dealer-1', urls);
    expect(images).toEqual([]);
    expect(failures.map((f) => f.url)).toEqual(urls);
    expect(new Set(failures.map((f) => f.reason))).toEqual(new Set([PHOTO_FETCH_FAILED]));
    expect(internal.hits).toEqual([]);
    vi.mocked(console.warn).mockRestore();
  });
});
