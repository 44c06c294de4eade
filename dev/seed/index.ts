/**
 * Demo data for the local cloud. Called by dev/ once the stand-ins are up (contract with the
 * local-cloud start-up): creates the demo users, their profiles, listings with pictures,
 * scraped listings and the subscription tiers. Deterministic, so tests can rely on it.
 */
export interface SeedContext {
  env: Record<string, string>;
  createConfirmedUser: (u: { email: string; password: string; name: string; phone?: string; groups?: string[] }) => Promise<string>;
  log: (msg: string) => void;
}

export interface SeedResult {
  logins: Array<{ role: string; email: string; password: string }>;
}

export async function seedDemoData(ctx: SeedContext): Promise<SeedResult> {
  ctx.log('seed: demo data not written yet (dev/seed in progress)');
  return { logins: [] };
}
