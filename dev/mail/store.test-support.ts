/** Test support (only tests import it): waiting for the mail catcher's messages. */
import { type CaughtMail, listMail } from './store.js';

/**
 * Waits until at least `count` messages (to `to`, when given) are in the mailbox, for tests:
 * sending is asynchronous from the catcher's point of view.
 */
export async function waitForMail(dir: string, opts: { to?: string; count?: number; timeoutMs?: number } = {}): Promise<CaughtMail[]> {
  const count = opts.count ?? 1;
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const found = await listMail(dir, { to: opts.to });
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`Expected ${count} e-mail(s)${opts.to ? ` to ${opts.to}` : ''}, found ${found.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
