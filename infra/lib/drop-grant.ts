/**
 * Test-only: context `dropGrant=<function logical id>:<action>[,…]` removes one action from the IAM
 * policies attached to that function's role, so the parity suite can show that the local cloud
 * refuses the call the way AWS would (dev/cloud, docs/local-cloud.md). Never set for a deploy.
 */
import { Aspects, type CfnResource, type IAspect, Stack } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import type { App } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

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

type Statement = { Action?: string | string[]; [k: string]: unknown };

class DropGrantAspect implements IAspect {
  private matched = false;
  constructor(private readonly drop: DropGrant) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnFunction)) return;
    const stack = Stack.of(node);
    const logicalId = stack.resolve(node.logicalId) as string;
    const wanted = this.drop.functionLogicalId;
    if (logicalId !== wanted && !(logicalId.startsWith(wanted) && /^[0-9A-F]{8}$/.test(logicalId.slice(wanted.length)))) return;
    const role = stack.resolve(node.role) as { 'Fn::GetAtt'?: [string, string] };
    const roleId = role['Fn::GetAtt']?.[0];
    if (!roleId) return;
    for (const child of stack.node.findAll()) {
      if (!(child instanceof CfnPolicy)) continue;
      const roles = JSON.stringify(stack.resolve(child.roles));
      if (!roles.includes(JSON.stringify({ Ref: roleId }))) continue;
      const doc = stack.resolve(child.policyDocument) as { Statement: Statement[] };
      let removed = false;
      const statements = doc.Statement.flatMap((s) => {
        const actions = Array.isArray(s.Action) ? s.Action : s.Action ? [s.Action] : [];
        if (!actions.includes(this.drop.action)) return [s];
        removed = true;
        const rest = actions.filter((a) => a !== this.drop.action);
        return rest.length ? [{ ...s, Action: rest.length === 1 ? rest[0] : rest }] : [];
      });
      if (!removed) continue;
      this.matched = true;
      (child as CfnResource).addPropertyOverride('PolicyDocument.Statement', statements);
    }
  }

  get hasMatched(): boolean {
    return this.matched;
  }
}

/** Applies a dropGrant to the whole app; synth fails if it matched nothing (a typo must not pass silently). */
export function applyDropGrant(app: App, drops: DropGrant[]): void {
  for (const drop of drops) applyOne(app, drop);
}

function applyOne(app: App, drop: DropGrant): void {
  const aspect = new DropGrantAspect(drop);
  Aspects.of(app).add(aspect);
  // Checked once every aspect has run: synthesis calls validate() on every construct.
  app.node.addValidation({
    validate: () => (aspect.hasMatched ? [] : [`dropGrant matched nothing: ${drop.functionLogicalId}:${drop.action}`]),
  });
}
