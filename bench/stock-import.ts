/**
 * `npm run bench` (dealer stock import, issue 13 §3): a 5,000-row CSV through the real parser,
 * planner and apply path into DynamoDB Local (its own in-memory instance), photos aside (the
 * benchmark's file names none). Prints the time to parse and plan (the dry run), to apply (5,000
 * conditional puts, 16 at a time, as the queue worker runs it), and a second apply of the same
 * file, which must write nothing. Target: 5,000 rows within 60 s.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { importCounters } from '../functions/src/adapters/dynamodb/counters.js';
import { ownerListingStore } from '../functions/src/adapters/dynamodb/owner-listings-repo.js';
import { type ApplyImportDeps, applyStockImport } from '../functions/src/domain/stock-import/apply-import.js';
import { parseStockCsv } from '../functions/src/domain/stock-import/parse-stock-csv.js';
import { planImport } from '../functions/src/domain/stock-import/plan-import.js';
import { makeDynamoClient } from '../dev/stand-ins/dynamodb-local.js';
import { createBenchTable, startBenchDynamo } from './dynamo-local.js';

const ROWS = 5_000;
const TARGET_SECONDS = 60;
const MAKES = [
  ['DAF', 'XF 480', 'articulated'],
  ['Volvo', 'FH 500', 'articulated'],
  ['Scania', 'R450', 'articulated'],
  ['Mercedes-Benz', 'Arocs 3240', 'tipper'],
  ['MAN', 'TGL 12.220', 'curtainsider'],
  ['Iveco', 'Eurocargo 75E', 'beavertail'],
] as const;

function stockFile(): Uint8Array {
  const lines = ['stock_ref,make,model,year,category,price,vat,mileage,fuel,gearbox,euro,gvw,description'];
  for (let i = 0; i < ROWS; i++) {
    const [make, model, category] = MAKES[i % MAKES.length];
    const year = 2012 + (i % 13);
    lines.push(
      `BENCH-${i},${make},${model},${year},${category},${20_000 + ((i * 137) % 90_000)},+VAT,${50_000 + ((i * 7919) % 700_000)},Diesel,Automatic,Euro 6,${category === 'articulated' ? 44 : 18},"Stock unit ${i}, serviced, MOT until next year."`,
    );
  }
  return new TextEncoder().encode(lines.join('\n'));
}

const dynamo = await startBenchDynamo();
process.env.AWS_REGION ??= 'eu-west-2';
const tableName = 'TruckYard-bench-import';
await createBenchTable(dynamo.endpoint, tableName);
const ddb = DynamoDBDocumentClient.from(makeDynamoClient(dynamo.endpoint), { marshallOptions: { removeUndefinedValues: true } });
let seq = 0;
let counterBatches = 0;
const deps: ApplyImportDeps = {
  listings: ownerListingStore(ddb, tableName),
  imageFiles: { deleteImages: async () => {} },
  photos: { importPhotos: async () => ({ images: [], failures: [] }) },
  // The counters move once per batch of rows, as in the worker (issue 23).
  counters: {
    recordBatch: async (b) => {
      counterBatches++;
      await importCounters(ddb, tableName).recordBatch(b);
    },
  },
  now: () => new Date(),
  newId: () => `01BENCH${String(++seq).padStart(19, '0')}`,
  logError: (m, e) => console.error(m, e),
  concurrency: 16,
};
const defaults = {
  contactName: 'Bench Dealer',
  phone: '0113 496 0000',
  companyName: 'Bench Trucks Ltd',
  email: null,
  location: 'Leeds',
  postcode: 'LS11',
};

const bytes = stockFile();
let t = performance.now();
const parsed = parseStockCsv(bytes);
if (!parsed.ok) throw new Error(parsed.message);
const plan = planImport(parsed.rows, [], defaults);
const dryRunMs = performance.now() - t;

t = performance.now();
const first = await applyStockImport(deps, 'bench-dealer', parsed.rows, defaults, { markMissingSold: false });
const applyMs = performance.now() - t;
const batchesAfterFirst = counterBatches;

t = performance.now();
const second = await applyStockImport(deps, 'bench-dealer', parsed.rows, defaults, { markMissingSold: true });
const againMs = performance.now() - t;

const total = (dryRunMs + applyMs) / 1000;
console.log(
  `\nDealer stock import — ${ROWS.toLocaleString('en-GB')} rows (${(bytes.byteLength / 1024).toFixed(0)} KB CSV), DynamoDB Local, photos aside`,
);
console.log(
  `  dry run (parse + validate + plan): ${(dryRunMs / 1000).toFixed(2)} s — ${plan.summary.create} to create, ${plan.summary.reject} rejected`,
);
console.log(
  `  apply (conditional puts, 16 in flight): ${(applyMs / 1000).toFixed(2)} s — ${first.created.length} created, ${first.failures.length} failed, ${batchesAfterFirst} counter batches`,
);
console.log(`  total ${total.toFixed(2)} s — target ≤ ${TARGET_SECONDS} s ${total <= TARGET_SECONDS ? 'PASS' : 'FAIL'}`);
console.log(
  `  the same file again: ${(againMs / 1000).toFixed(2)} s — ${second.created.length} created, ${second.updated.length} updated, ${second.plan.unchanged} unchanged (target: 0 writes) ${second.created.length + second.updated.length + second.markedSold.length === 0 ? 'PASS' : 'FAIL'}`,
);
ddb.destroy();
await dynamo.stop();
