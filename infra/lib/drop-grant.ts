/**
 * Test-only: context `dropGrant=<function logical id>:<action>[,…]` removes one action from the
 * IAM policies attached to that function's role in the synthesized templates, so the parity
 * suite (e2e/parity.e2e.test.ts) can show that the local cloud refuses the call the way AWS
 * would (docs/local-cloud.md). It edits the written templates after synthesis, so every other
 * statement — cross-stack references included — stays exactly as synthesized. Never set for a
 * deploy; synth fails when a drop matches nothing, so a typo cannot pass silently.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';

export interface DropGrant {
  /** Logical id of the function in its template (e.g. SearchListingsFDFA092B), or its prefix before the hash. */
  functionLogicalId: string;
  /** The IAM action to remove, e.g. s3:GetObject. */
  action: string;
}

/** `<logicalId>:<service>:<Action>`, several separated by commas. */
export function parseDropGrant(value: unknown): DropGrant[] {
  if (typeof value !== 'string' || value === '') return [];
  return value.split(',').map((one) => {
    const at = one.indexOf(':');
    if (at <= 0 || !one.slice(at + 1).includes(':')) throw new Error(`dropGrant must be <logicalId>:<service>:<Action>, got "${one}"`);
    return { functionLogicalId: one.slice(0, at), action: one.slice(at + 1) };
  });
}

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Statement = { Action?: string | string[]; [k: string]: unknown };

const isFunctionId = (logicalId: string, wanted: string) =>
  logicalId === wanted || (logicalId.startsWith(wanted) && /^[0-9A-F]{8}$/.test(logicalId.slice(wanted.length)));

/** Removes each drop's action from its function's role policies in the assembly's templates. */
export function dropGrantsFromAssembly(assembly: CloudAssembly, drops: DropGrant[]): void {
  if (drops.length === 0) return;
  const matched = new Set<DropGrant>();
  for (const stack of assembly.stacks) {
    const file = join(assembly.directory, stack.templateFile);
    const template = JSON.parse(readFileSync(file, 'utf8')) as { Resources: Record<string, Resource> };
    let changed = false;
    for (const drop of drops) {
      for (const [id, fn] of Object.entries(template.Resources)) {
        if (fn.Type !== 'AWS::Lambda::Function' || !isFunctionId(id, drop.functionLogicalId)) continue;
        const roleId = (fn.Properties?.Role as { 'Fn::GetAtt'?: [string, string] })?.['Fn::GetAtt']?.[0];
        const roleRef = JSON.stringify({ Ref: roleId });
        for (const policy of Object.values(template.Resources)) {
          if (policy.Type !== 'AWS::IAM::Policy') continue;
          if (!((policy.Properties?.Roles as unknown[]) ?? []).some((r) => JSON.stringify(r) === roleRef)) continue;
          const doc = policy.Properties?.PolicyDocument as { Statement: Statement[] };
          doc.Statement = doc.Statement.flatMap((s) => {
            const actions = Array.isArray(s.Action) ? s.Action : s.Action ? [s.Action] : [];
            if (!actions.includes(drop.action)) return [s];
            matched.add(drop);
            changed = true;
            const rest = actions.filter((a) => a !== drop.action);
            return rest.length ? [{ ...s, Action: rest.length === 1 ? rest[0] : rest }] : [];
          });
        }
      }
    }
    if (changed) writeFileSync(file, JSON.stringify(template, null, 1));
  }
  const missed = drops.filter((d) => !matched.has(d));
  if (missed.length) throw new Error(`dropGrant matched nothing: ${missed.map((d) => `${d.functionLogicalId}:${d.action}`).join(', ')}`);
}
