/**
 * The local API server in its own process, so the load generator does not share its event loop.
 * The search index starts as in AWS: from the snapshot in S3 (SEARCH_SNAPSHOT_KEY), then the
 * table's change feed.
 */
const env = JSON.parse(process.env.BENCH_HANDLER_ENV ?? '{}') as Record<string, string>;
Object.assign(process.env, env);

const { startApiServer } = await import('../dev/api-server.js');
const server = await startApiServer({ port: 0, env });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().finally(() => process.exit(0));
});

export {};
