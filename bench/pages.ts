/**
 * `npx tsx bench/pages.ts` (issue 25 §1): server-rendered pages' time to first byte, cold and warm,
 * under a 1,024 MB Lambda's CPU share.
 *
 * Starts the product as `npm start` does (e2e/start-product.ts) on PAGES_BASE_PORT (default 4540:
 * +1 DynamoDB, +2 S3, … +10 the API origin) with the demo data, then moves the product's process
 * (the local cloud: the edge, the API server and every function's worker thread, but not DynamoDB
 * Local, S3 or Cognito, which run in processes of their own) into a cgroup limited to 0.58 of a
 * core (bench/cpu-limit.ts). That is stricter than Lambda, where the page function has the share
 * to itself: here the edge and the API server's routing share it.
 * - cold: the first request of the listing page's function (RenderPage) and of home's
 *   (RenderHomePage), each starting its execution environment (one sample each: printed as such);
 * - warm: 1,000 listing pages (over every demo and scraped listing) and 1,000 category pages, one
 *   connection, p50/p99 to the first byte, through the edge, as CloudFront would forward them
 *   (no edge cache locally); a new loopback source address every 50 requests, as from many buyers
 *   (the edge's WAF limits requests per address).
 * Target: a warm listing page at p99 ≤ 100 ms under the limit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type StartedProduct, startProduct } from '../e2e/start-product.js';
import { CATEGORY_PAGES } from '../shared/values.js';
import { cpuLimitAvailable, cpuLimitLabel, limitRunningProcess } from './cpu-limit.js';
import { load } from './http-load.js';
import { loadText, percentile, stamp, summaryText, tail, tailText, verdict } from './stats.js';

const BASE_PORT = Number(process.env.PAGES_BASE_PORT ?? 4540);
const WARM_REQUESTS = 1_000;
const TARGET_WARM_LISTING_P99_MS = 100;

/** The pid of the product's own process (node … dev/start.ts with this data folder). */
function productPid(product: StartedProduct): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmd.includes('dev/start.ts')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${product.dataDir}`)) return Number(entry);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return null;
}

async function main() {
  console.log(`Server-rendered pages, ${stamp()} [${loadText()}]. Starting the product on ports ${BASE_PORT}–${BASE_PORT + 10}…`);
  const product = await startProduct({ basePort: BASE_PORT });
  // The edge listens on 127.0.0.1; the load's loopback source addresses need an IPv4 target.
  const origin = product.baseUrl.replace('localhost', '127.0.0.1');
  let limit: ReturnType<typeof limitRunningProcess> = null;
  try {
    const items: Array<{ id: string }> = [];
    for (let page = 1; page <= 10; page++) {
      // The search function's first answer loads its index: on a loaded machine it may time out, so retry.
      let res = await fetch(`${product.baseUrl}/api/listings?pageSize=24&page=${page}&sort=newest`);
      for (let tries = 0; !res.ok && tries < 60; tries++) {
        await new Promise((r) => setTimeout(r, 5000));
        res = await fetch(`${product.baseUrl}/api/listings?pageSize=24&page=${page}&sort=newest`);
      }
      if (!res.ok) throw new Error(`listing search answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as {
        items: Array<{ id: string }>;
      };
      items.push(...body.items);
      if (body.items.length < 24) break;
    }
    if (!items.length) throw new Error('the product has no listings');
    const pid = productPid(product);
    limit = pid === null ? null : limitRunningProcess(pid);
    const limited = limit !== null;
    console.log(
      `  ${items.length} listings; ${limited ? cpuLimitLabel(true) : `${cpuLimitLabel(false)} — not applied: the figures below are unlimited`}`,
    );

    // Cold: the first request of each page function starts its environment (nothing was prewarmed).
    const listingCold = await load({
      targets: [origin],
      connectionsPerTarget: 1,
      paths: [`/truck/${encodeURIComponent(items[0].id)}`],
      seconds: 120,
      firstByte: true,
    });
    const homeCold = await load({ targets: [origin], connectionsPerTarget: 1, paths: ['/'], seconds: 120, firstByte: true });
    console.log(
      `  cold (first request of the function's environment, n = 1 each): listing page ${listingCold.latencies[0]?.toFixed(0)} ms, home ${homeCold.latencies[0]?.toFixed(0)} ms to the first byte (errors ${listingCold.errors + homeCold.errors}) [${loadText()}]`,
    );

    const listingPaths = Array.from({ length: WARM_REQUESTS }, (_, i) => `/truck/${encodeURIComponent(items[i % items.length].id)}`);
    const categoryPaths = Array.from({ length: WARM_REQUESTS }, (_, i) => CATEGORY_PAGES[i % CATEGORY_PAGES.length].path);
    const results: Record<string, { latencies: number[]; errors: number; errorKinds: string }> = {};
    for (const [label, paths] of [
      ['listing page', listingPaths],
      ['category page', categoryPaths],
    ] as const) {
      const r = await load({
        targets: [origin],
        connectionsPerTarget: 1,
        paths,
        seconds: 600,
        firstByte: true,
        requestsPerSourceAddress: 50,
      });
      results[label] = r;
      console.log(
        `  warm ${label}, 1 connection, to the first byte: ${summaryText(r.latencies)}; errors ${r.errors} (${r.errorKinds}) [${loadText()}]`,
      );
    }
    const listing = results['listing page'];
    const t = tail(listing.latencies);
    const ok = limited && listing.errors === 0 && t.value <= TARGET_WARM_LISTING_P99_MS;
    console.log(
      `\nTarget: warm listing page ${tailText(t)} (p50 ${percentile(listing.latencies, 50).toFixed(1)} ms) ≤ ${TARGET_WARM_LISTING_P99_MS} ms under the CPU limit: ${verdict(ok)}${limited ? '' : ' (not limited: cannot pass)'} [${loadText()}]`,
    );
  } finally {
    limit?.release();
    await product.stop();
  }
}

if (!cpuLimitAvailable()) console.log(`(${cpuLimitLabel(false)})`);
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
