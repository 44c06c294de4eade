/**
 * Timeouts every AWS SDK client gets. Without them a request to a slow or unreachable endpoint
 * hangs until the Lambda's own timeout, and the caller sees a 504 rather than our 503.
 * - connectionTimeout: time to open the TCP/TLS connection.
 * - requestTimeout: time the socket may stay idle waiting for the response.
 * The SDK retries (maxAttempts) within what a 29 s API call allows.
 */
const SDK_TIMEOUTS = { connectionTimeout: 2_000, requestTimeout: 5_000 } as const;
const SDK_MAX_ATTEMPTS = 3;

/** Options for every SDK client constructor: the SDK builds its NodeHttpHandler from these. */
export function sdkClientConfig() {
  return { requestHandler: { ...SDK_TIMEOUTS }, maxAttempts: SDK_MAX_ATTEMPTS };
}
