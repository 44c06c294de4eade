/** Minimal typings for s3rver 3.x (it ships none). */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface BucketConfig {
    name: string;
    configs?: Array<string | Buffer>;
  }
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    configureBuckets?: BucketConfig[];
  }
  class S3rver {
    constructor(options?: S3rverOptions);
    configureBuckets(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    reset(): void;
  }
  export default S3rver;
}
