/**
 * Logs each e-mail that failed after a submission was stored (the submission itself succeeded,
 * so the caller still gets its 2xx): one JSON line per failure, with the request id.
 */
export function logEmailFailures(requestId: string, what: string, failures: ReadonlyArray<{ email: string; error: unknown }>): void {
  for (const { email, error } of failures) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId,
        message: `${what} stored but the ${email} e-mail failed`,
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      }),
    );
  }
}
