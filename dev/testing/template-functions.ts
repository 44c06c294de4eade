/**
 * Test support for the wiring tests (dev/cloud/*-wiring.int.test.ts): the synthesized app's
 * functions as the local cloud reads them, and whether a function's role allows one SDK call, as
 * the local cloud's IAM guard decides it.
 */
import { REGION } from '../config.js';
import { checksFor, createEvaluator } from '../cloud/iam-policy.js';
import { type FunctionSpec, functionsOf, TemplateResolver } from '../cloud/model.js';
import type { Template } from '../cloud/synth.js';

/** Each function with a handler: its environment and its role's policy, resolved to local stand-ins. */
export function localFunctionsOf(templates: Record<string, Template>, opts: { eventBusName: string; sqsUrl: string }): FunctionSpec[] {
  const resolver = new TemplateResolver(templates, {
    region: REGION,
    tableName: 'T',
    userPoolId: 'local_pool',
    userPoolClientId: 'client',
    eventBusName: opts.eventBusName,
    sqsUrl: opts.sqsUrl,
    apiOriginUrl: 'http://localhost:2',
  });
  return functionsOf(resolver).filter((f) => f.handler);
}

/** Whether the function's role allows `command` of `client` with `input` (false when the guard has no check for it). */
export async function roleAllows(
  f: Pick<FunctionSpec, 'logicalId' | 'roleArn' | 'policyStatements'>,
  client: string,
  command: string,
  input: Record<string, unknown>,
): Promise<boolean> {
  const evaluate = createEvaluator({ roleArn: f.roleArn, functionName: f.logicalId, region: REGION, statements: f.policyStatements });
  const checks = checksFor(client, command, input, REGION);
  return checks.length > 0 && (await Promise.all(checks.map(evaluate))).every(Boolean);
}
