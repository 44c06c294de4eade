import type { Clock } from './clock.js';

/**
 * At most one request per interval per host (origin): each caller reserves the next free slot,
 * so concurrent callers for one host queue up instead of bursting.
 */
export class HostPacer {
  private readonly nextSlot = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** Waits for this origin's next slot, `intervalMs` after the previous one. */
  async wait(origin: string, intervalMs: number): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot.get(origin) ?? 0);
    this.nextSlot.set(origin, slot + intervalMs);
    if (slot > now) await this.clock.sleep(slot - now);
  }

  /** Pushes the origin's next slot back (a Retry-After or backoff applies to every caller). */
  holdUntil(origin: string, at: number): void {
    this.nextSlot.set(origin, Math.max(at, this.nextSlot.get(origin) ?? 0));
  }
}
