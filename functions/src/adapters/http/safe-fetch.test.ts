import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestSite, startTestSite } from '../../../../dev/testing/test-site.js';
import { parseAllowHosts } from './allow-hosts.js';
import { addressRange, isPublicAddress } from './public-address.js';
import { FetchFailed, type SafeFetchGuard, createSafeFetcher } from './safe-fetch.js';

type Resolver = NonNullable<SafeFetchGuard['resolve']>;

const UA = 'TruckYard-Test/1.0';
const LIMITS = { maxBytes: 64 * 1024, timeoutMs: 3000, userAgent: UA };

/** The error a promise rejects with (fails the test if it resolves). */
async function failureOf(p: Promise<unknown>): Promise<FetchFailed> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(FetchFailed);
    return err as FetchFailed;
  }
  throw new Error('expected the fetch to fail');
}

describe('address classification', () => {
  // Each refused with the range that refuses it.
  const refused: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'zoned'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:7f00:1', 'ipv4Mapped'],
    ['::ffff:169.254.169.254', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['[::ffff:127.0.0.1]', 'ipv4Mapped'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['64:ff9b::169.254.169.254', 'rfc6052'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['2002:7f00:1::1', '6to4'],
    ['2002:a9fe:a9fe::', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'discard'],
    ['::2', 'notGlobalUnicast'],
    ['localhost', 'invalid'],
  ];
  it.each(refused)('refuses %s (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4009:820::200e'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
  const dotted = ([a, b, c, d]: number[]) => `${a}.${b}.${c}.${d}`;
  const hex16 = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);

  it('refuses every address in the private, loopback, link-local, CGNAT and multicast IPv4 ranges', () => {
    const ranges = [
      '10.0.0.0/8',
      '127.0.0.0/8',
      '169.254.0.0/16',
      '172.16.0.0/12',
      '192.168.0.0/16',
      '100.64.0.0/10',
      '0.0.0.0/8',
      '224.0.0.0/4',
      '240.0.0.0/4',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...ranges), fc.nat(0xffffffff), (cidr, bits) => {
        const [net, prefix] = ipaddr.IPv4.parseCIDR(cidr);
        const base = net.toByteArray().reduce((n, b) => n * 256 + b, 0);
        const size = 2 ** (32 - prefix);
        const n = base + (bits % size);
        const address = [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
        expect(isPublicAddress(address), address).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every IPv6 form that embeds an IPv4 address, whatever the IPv4 address', () => {
    fc.assert(
      fc.property(v4, fc.nat(0xffff), ([a, b, c, d], subnet) => {
        const forms = [
          `::ffff:${dotted([a, b, c, d])}`,
          `::ffff:${hex16(a, b)}:${hex16(c, d)}`,
          `0:0:0:0:0:ffff:${hex16(a, b)}:${hex16(c, d)}`,
          `64:ff9b::${dotted([a, b, c, d])}`,
          `64:ff9b::${hex16(a, b)}:${hex16(c, d)}`,
          `64:ff9b:1:${subnet.toString(16)}::${hex16(a, b)}:${hex16(c, d)}`,
          `2002:${hex16(a, b)}:${hex16(c, d)}::1`,
          `2002:${hex16(a, b)}:${hex16(c, d)}:${subnet.toString(16)}::`,
          `2001:0:${hex16(a, b)}:${hex16(c, d)}::1`,
        ];
        for (const form of forms) expect(isPublicAddress(form), form).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses every unique-local, link-local and multicast IPv6 address', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('fc00::/7', 'fe80::/10', 'ff00::/8', 'fec0::/10'),
        fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }),
        (cidr, parts) => {
          const [net, prefix] = ipaddr.IPv6.parseCIDR(cidr);
          const netParts = net.parts;
          const mixed = parts.map((p, i) => {
            const fixed = Math.max(0, Math.min(16, prefix - i * 16));
            const mask = fixed === 0 ? 0 : (0xffff << (16 - fixed)) & 0xffff;
            return (netParts[i] & mask) | (p & ~mask & 0xffff);
          });
          const address = new ipaddr.IPv6(mixed).toString();
          expect(isPublicAddress(address), address).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses loopback, private and link-local hosts however the URL spells the number', () => {
    const internal = fc.oneof(
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
    );
    fc.assert(
      fc.property(internal, ([a, b, c, d]) => {
        const n = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
        const spellings = [
          String(n), // http://2130706433/
          `0x${n.toString(16)}`, // http://0x7f000001/
          `0${n.toString(8)}`, // http://017700000001/
          `0x${a.toString(16)}.${(b * 65536 + c * 256 + d).toString()}`, // http://0x7f.1/
          `${a}.${b * 65536 + c * 256 + d}`, // http://127.1/
          `${a}.${b}.${c * 256 + d}`,
          `0${a.toString(8)}.0x${b.toString(16)}.${c}.0${d.toString(8)}`,
          `[::ffff:${dotted([a, b, c, d])}]`,
          `[64:ff9b::${dotted([a, b, c, d])}]`,
        ];
        for (const spelling of spellings) {
          const host = new URL(`http://${spelling}:8080/feed.csv`).hostname;
          expect(isPublicAddress(host), `${spelling} -> ${host}`).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the fixture allow-list (FETCH_ALLOW_HOSTS)', () => {
  it('reads loopback host:port pairs', () => {
    expect([...parseAllowHosts(' 127.0.0.1:3405, localhost:3406,[::1]:3407,LOCALHOST:3408 ')]).toEqual([
      '127.0.0.1:3405',
      'localhost:3406',
      '[::1]:3407',
      'localhost:3408',
    ]);
    expect(parseAllowHosts('').size).toBe(0);
    expect(parseAllowHosts(undefined).size).toBe(0);
  });

  it.each([
    '127.0.0.1',
    '127.0.0.1:80',
    'http://127.0.0.1:3405',
    '127.0.0.1:3405/feed',
    '10.0.0.5:8080',
    '169.254.169.254:8080',
    'example.com:8443',
    '[::ffff:127.0.0.1]:3405',
    '2130706433:3405',
  ])('refuses the entry %s', (entry) => {
    expect(() => parseAllowHosts(`127.0.0.1:3405,${entry}`)).toThrow(/FETCH_ALLOW_HOSTS/);
  });
});

describe('guarded fetches against real local servers', () => {
  let target: TestSite;
  let redirector: TestSite;
  let next: string;

  beforeAll(async () => {
    // The private service a redirect tries to reach.
    target = await startTestSite((_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret'));
    // A "public" site (allow-listed, standing in for the internet) that redirects wherever `next` says.
    redirector = await startTestSite((req, res) => {
      if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/stock.csv') return void res.writeHead(200, { 'content-type': 'text/csv' }).end('stock_ref,make\nA,DAF\n');
      if (req.url === '/big') return void res.writeHead(200).end(Buffer.alloc(LIMITS.maxBytes + 1));
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 2000);
      res.writeHead(302, { location: next }).end();
    });
  });
  afterAll(async () => {
    await Promise.all([target.close(), redirector.close()]);
  });
  beforeEach(() => {
    target.hits.length = 0;
  });

  it('refuses a loopback site that is not on the allow-list, and fetches it once its exact host:port is', async () => {
    const closed = createSafeFetcher();
    const otherPort = createSafeFetcher({ allowHosts: parseAllowHosts(`127.0.0.1:${target.port + 1}`) });
    const otherName = createSafeFetcher({ allowHosts: parseAllowHosts(`localhost:${target.port}`) });
    const listed = createSafeFetcher({ allowHosts: parseAllowHosts(target.host) });
    try {
      for (const fetcher of [closed, otherPort, otherName]) {
        const err = await failureOf(fetcher.fetchBytes(`${target.url}/x`, LIMITS));
        expect(err.refused).toBe(true);
      }
      expect(target.hits).toEqual([]);
      const { bytes } = await listed.fetchBytes(`${target.url}/x`, LIMITS);
      expect(bytes.toString()).toBe('internal secret');
    } finally {
      await Promise.all([closed, otherPort, otherName, listed].map((f) => f.close()));
    }
  });

  it('checks every redirect hop: a public page redirecting to a private address is refused without reaching it', async () => {
    const fetcher = createSafeFetcher({ allowHosts: parseAllowHosts(redirector.host) });
    const p = target.port;
    const privateSpellings = [
      `http://127.0.0.1:${p}/`,
      `http://localhost:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[64:ff9b::127.0.0.1]:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f.1:${p}/`,
      `http://017700000001:${p}/`,
      `http://127.1:${p}/`,
      `http://[::1]:${p}/`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://[fd00:ec2::254]/latest/meta-data/`,
      'file:///etc/passwd',
      'ftp://127.0.0.1/',
    ];
    try {
      const { bytes } = await fetcher.fetchBytes(`${redirector.url}/stock.csv`, LIMITS);
      expect(bytes.toString()).toContain('DAF');
      for (const location of privateSpellings) {
        next = location;
        const err = await failureOf(fetcher.fetchBytes(`${redirector.url}/go`, LIMITS));
        expect(err.refused, `${location}: ${err.reason}`).toBe(true);
      }
      expect(target.hits).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });

  it('follows at most 5 redirects, reads at most maxBytes, and gives up after timeoutMs', async () => {
    const fetcher = createSafeFetcher({ allowHosts: parseAllowHosts(redirector.host) });
    try {
      expect((await failureOf(fetcher.fetchBytes(`${redirector.url}/loop`, LIMITS))).reason).toBe('more than 5 redirects');
      expect((await failureOf(fetcher.fetchBytes(`${redirector.url}/big`, LIMITS))).reason).toMatch(/more than 65536/);
      expect((await failureOf(fetcher.fetchBytes(`${redirector.url}/slow`, { ...LIMITS, timeoutMs: 300 }))).reason).toBe('timed out');
    } finally {
      await fetcher.close();
    }
  });

  it('refuses every spelling of a private host given directly, without connecting', async () => {
    const fetcher = createSafeFetcher();
    const p = target.port;
    try {
      for (const url of [
        `http://127.0.0.1:${p}/`,
        `http://2130706433:${p}/`,
        `http://0x7f.1:${p}/`,
        `http://017700000001:${p}/`,
        `http://[::ffff:127.0.0.1]:${p}/`,
        `http://localhost:${p}/`,
      ]) {
        const err = await failureOf(fetcher.fetchBytes(url, LIMITS));
        expect(err.refused, `${url}: ${err.reason}`).toBe(true);
      }
      expect(target.hits).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });

  it('resolves a name once and connects to the address it checked (DNS rebinding: public first, private after)', async () => {
    const answers = ['93.184.215.14', '127.0.0.1'];
    const asked: string[] = [];
    const rebinding: Resolver = async (hostname) => {
      asked.push(hostname);
      const address = answers[Math.min(asked.length - 1, answers.length - 1)];
      return [{ address, family: 4 }];
    };
    const fetcher = createSafeFetcher({ resolve: rebinding, connectTimeoutMs: 500 });
    try {
      // The checked (public) address is unreachable from the test machine or does not serve this port:
      // the fetch fails, and the private service behind the second answer is never reached.
      await failureOf(fetcher.fetchBytes(`http://rebind.test:${target.port}/x`, { ...LIMITS, timeoutMs: 1500 }));
      expect(asked).toEqual(['rebind.test']);
      expect(target.hits).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });

  it('refuses a name when any one of its addresses is private, and before connecting', async () => {
    const asked: string[] = [];
    const mixed: Resolver = async (hostname) => {
      asked.push(hostname);
      return [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ];
    };
    const fetcher = createSafeFetcher({ resolve: mixed });
    try {
      const err = await failureOf(fetcher.fetchBytes(`http://mixed.test:${target.port}/x`, LIMITS));
      expect(err.refused).toBe(true);
      expect(err.reason).toMatch(/mixed\.test resolves to 127\.0\.0\.1 \(loopback\)/);
      expect(target.hits).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });
});
