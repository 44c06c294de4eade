/**
 * Port: "has this happened today?" (pattern 51): one conditional write per (scope, who, subject,
 * UTC day), so a repeat within the day is recognised without counting it again. Used for listing
 * views (one per viewer per listing per day) and contact reveals (the same seller again is free).
 */
export interface DailyMarks {
  /** True the first time today for (scope, who, subject); false on every repeat. */
  markFirst(scope: string, who: string, subject: string, now: Date): Promise<boolean>;
  /** Takes back a mark (the action it stood for was refused after all). */
  unmark(scope: string, who: string, subject: string, now: Date): Promise<void>;
}

/** The UTC day of `now`, as the marks are keyed. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
