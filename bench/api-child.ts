/**
 * The local API server in its own process, so the load generator does not share its event loop.
 * The search index starts as in AWS: from the snapshot in S3 (SEARCH_SNAPSHOT_KEY), then the
 * table's change feed. The handlers run in this process, so the search service this file imports is
 * the one the search handler uses:
 * - every search is counted, and whether the result cache answered it (the handler's own
 *   `lastAnswerCached`); the parent asks for the counts over IPC ('stats');
 * - with BENCH_FORGET_MEMOS=1, the result cache and the index's per-shape memos are forgotten
 *   before each search (SearchService.forgetQueryMemos), so every query pays for them.
 */
const env = JSON.parse(process.env.BENCH_HANDLER_ENV ?? '{}') as Record<string, string>;
Object.assign(process.env, env);

const { startApiServer } = await import('../dev/api-server.js');
const { searchService } = await import('../functions/src/deps.js');

const service = searchService();
const search = service.search.bind(service);
const forget = process.env.BENCH_FORGET_MEMOS === '1';
const stats = { searches: 0, cached: 0 };
service.search = async (query, viewer) => {
  if (forget) service.forgetQueryMemos();
  const result = await search(query, viewer);
  stats.searches++;
  if (service.lastAnswerCached) stats.cached++;
  return result;
};
process.on('message', (message) => {
  if (message === 'stats') process.send?.({ ...stats });
});

const server = await startApiServer({ port: 0, env });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().finally(() => process.exit(0));
});

export {};
