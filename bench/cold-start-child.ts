/**
 * A search environment's cold start, as Lambda runs it: `bench/run.ts` bundles this file and the
 * search function's handler with the CDK app's esbuild settings (HOUSE_BUNDLE_OPTIONS: Node 22 ESM,
 * minified, the AWS SDK left to the runtime), then starts plain `node` on it, limited to a 1,024 MB
 * Lambda's share of the CPU (bench/cpu-limit.ts). It imports the handler bundle (BENCH_HANDLER),
 * invokes it with the API Gateway event of a first search (BENCH_EVENT), and prints, after
 * `BENCH `, one JSON line: time from process start to the first answer, the process's CPU time
 * by then, the answer's status and total, then (after BENCH_QUERIES more searches and a GC) its
 * steady memory.
 */
const { handler } = (await import(process.env.BENCH_HANDLER ?? '')) as {
  handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body?: string }>;
};
const context = {
  awsRequestId: 'bench-cold-start',
  functionName: 'SearchListings',
  functionVersion: '$LATEST',
  memoryLimitInMB: process.env.BENCH_MEMORY_MB ?? '1024',
  getRemainingTimeInMillis: () => 30_000,
  callbackWaitsForEmptyEventLoop: false,
};
const event = JSON.parse(process.env.BENCH_EVENT ?? '{}') as { rawQueryString: string; queryStringParameters?: Record<string, string> };
const first = await handler(event, context);
const firstAnswerMs = performance.now();
const cpu = process.cpuUsage();
const total = first.statusCode === 200 ? (JSON.parse(first.body ?? '{}') as { total?: number }).total : undefined;
for (const qs of JSON.parse(process.env.BENCH_QUERIES ?? '[]') as string[]) {
  await handler({ ...event, rawQueryString: qs, queryStringParameters: Object.fromEntries(new URLSearchParams(qs)) }, context);
}
(globalThis as { gc?: () => void }).gc?.();
const mem = process.memoryUsage();
process.stdout.write(
  `BENCH ${JSON.stringify({
    firstAnswerMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    status: first.statusCode,
    total,
    heapMb: mem.heapUsed / 2 ** 20,
    externalMb: mem.arrayBuffers / 2 ** 20,
    rssMb: mem.rss / 2 ** 20,
  })}\n`,
);
process.exit(0);

export {};
