import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksFor, createEvaluator } from '../../dev/cloud/iam-policy.js';
import { webhookEventLedger } from '../../functions/src/adapters/dynamodb/webhook-events.js';
import { removeTempDirs, synthTruckYard } from './synth-app.js';

/**
 * The webhook's event lease (Powertools idempotency) makes exactly these DynamoDB calls; the
 * webhook function's synthesized role must allow each of them, as the local cloud's IAM guard and
 * AWS check. The calls are recorded from the real utility (the client answers without a network).
 */
let app: ReturnType<typeof synthTruckYard>;
beforeAll(() => {
  app = synthTruckYard();
});
afterAll(() => removeTempDirs());

type Call = { command: string; input: Record<string, unknown> };

/** A DynamoDB client that records each command and answers it as DynamoDB Local would, from `answer`. */
function recordingClient(calls: Call[], answer: (command: string) => unknown) {
  const client = new DynamoDBClient({ region: 'eu-west-2', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  client.middlewareStack.add(
    (_next, context) => async (args) => {
      const command = String(context.commandName);
      calls.push({ command, input: args.input as Record<string, unknown> });
      const out = answer(command);
      if (out instanceof Error) throw out;
      return { output: { $metadata: {}, ...(out as object) }, response: {} };
    },
    { step: 'initialize', name: 'record', priority: 'high' },
  );
  return client;
}

describe('webhook lease grants', () => {
  it('the StripeWebhook role allows every call the lease makes (take, complete, release on failure)', async () => {
    const calls: Call[] = [];
    const ledger = webhookEventLedger(
      'T',
      recordingClient(calls, () => ({})),
    );
    await ledger.runOnce(
      'evt_1',
      () => 29_000,
      async () => undefined,
    );
    await ledger
      .runOnce(
        'evt_2',
        () => 29_000,
        async () => Promise.reject(new Error('boom')),
      )
      .catch(() => undefined);
    expect([...new Set(calls.map((c) => c.command))].sort()).toEqual(['DeleteItemCommand', 'PutItemCommand', 'UpdateItemCommand']);

    const stack = app.stacks.areas.payments as Stack & { functions: Record<string, LambdaFunction> };
    const template = app.areaTemplates.payments as Template;
    const fn = stack.functions.StripeWebhook;
    const roleId = stack.getLogicalId(fn.role?.node.defaultChild as never);
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const tableArn = 'arn:aws:dynamodb:eu-west-2:000000000000:table/T';
    // Resources in the template are references (the table is another stack's): resolve them to the table.
    const resolve = (r: unknown): string =>
      typeof r === 'string'
        ? r
        : (r as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join']
          ? (r as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].map(resolve).join('')
          : tableArn;
    const resolved = statements.map((st: { Resource: unknown }) => ({
      ...st,
      Resource: (Array.isArray(st.Resource) ? st.Resource : [st.Resource]).map(resolve),
    }));
    const evaluate = createEvaluator({
      roleArn: 'arn:aws:iam::000000000000:role/W',
      functionName: 'W',
      region: 'eu-west-2',
      statements: resolved as never,
    });
    for (const call of calls) {
      for (const check of checksFor('DynamoDBClient', call.command, call.input as never, 'eu-west-2')) {
        expect(await evaluate(check), `${check.action} ${JSON.stringify(check.context ?? {})}`).toBe(true);
      }
    }
  });
});
