/**
 * The local S3 of `bench/run.ts` in a process of its own, as S3 is to a Lambda: in the benchmark's
 * process, which holds the 100k index, its garbage collector's pauses slowed the snapshot reads a
 * cold start measures. Reads BENCH_S3_PORT, BENCH_S3_DIR and BENCH_S3_BUCKETS (comma-separated);
 * prints {"endpoint": …} as one JSON line once it listens.
 */
import { startS3 } from '../dev/stand-ins/s3.js';

const s3 = await startS3({
  port: Number(process.env.BENCH_S3_PORT ?? 0),
  directory: process.env.BENCH_S3_DIR ?? '',
  allowedOrigins: [],
  buckets: (process.env.BENCH_S3_BUCKETS ?? '').split(',').filter(Boolean),
});
process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint })}\n`);
process.on('SIGTERM', () => {
  s3.stop().finally(() => process.exit(0));
});
