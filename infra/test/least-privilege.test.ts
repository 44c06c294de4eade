import type { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, BUCKET_KEYS, type BucketAccessLevel } from '../../functions/src/access.js';
import { cognitoTriggerRows } from '../../functions/src/cognito-triggers.js';
import { deployDataStep } from '../../functions/src/deploy-steps.js';
import { eventSubscriptions, tableStreamConsumers } from '../../functions/src/events.js';
import { jobs } from '../../functions/src/jobs.js';
import { queues } from '../../functions/src/queues.js';
import { routes } from '../../functions/src/routes.js';
import { MailEvents } from '../lib/constructs/bus-rules.js';
import { removeTempDirs, synthTruckYard } from './synth-app.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SITE_INDEX_KEYS = ['index.html', '.vite/manifest.json'] as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const S3_ACTIONS = {
  read: ['s3:GetObject'],
  put: ['s3:PutObject'],
  write: ['s3:PutObject', 's3:AbortMultipartUpload'],
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
  readWriteDelete: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload', 's3:DeleteObject'],
};

type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>>; Effect: string };
type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

let app: ReturnType<typeof synthTruckYard>;
beforeAll(() => {
  app = synthTruckYard();
});
afterAll(removeTempDirs);

const DYNAMO_READ = ['BatchGetItem', 'Query', 'GetItem', 'Scan', 'ConditionCheckItem', 'DescribeTable', 'GetRecords', 'GetShardIterator'];
const STREAM_READ = ['DescribeStream', 'GetRecords', 'GetShardIterator', 'ListStreams'];
const DYNAMO_WRITE = ['BatchWriteItem', 'PutItem', 'UpdateItem', 'DeleteItem'];
const WRITE_ACTIONS =
  /^(dynamodb:(BatchWriteItem|PutItem|UpdateItem|DeleteItem)|s3:(PutObject|DeleteObject|AbortMultipartUpload)|ses:Send|events:PutEvents|sqs:SendMessage|cognito-idp:Admin)/;

/** Logical ids of the data stack's resources, as they appear (inside export names) in other stacks' policies. */
function dataIds() {
  const { data } = app.stacks;
  const id = (c: { node: { defaultChild?: unknown } }) => data.getLogicalId(c.node.defaultChild as never);
  return {
    table: id(data.table),
    buckets: Object.fromEntries(BUCKET_KEYS.map((k) => [k, id(data.buckets[k])])) as Record<string, string>,
    site: id(data.siteBucket),
    bus: id(data.eventBus),
    queues: Object.fromEntries(Object.entries(data.queues).map(([k, q]) => [k, id(q)])),
  };
}

/** The string parts of a resource after its last reference: `/uploads/*` of Join[ImportValue(bucket arn), '/uploads/*']. */
function literalSuffix(resource: unknown): string {
  const join = (resource as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) return typeof resource === 'string' ? resource : '';
  const parts = join[1];
  let i = parts.length;
  while (i > 0 && typeof parts[i - 1] === 'string') i--;
  return parts.slice(i).join('');
}

/** What a function's policies grant that its row's access does not declare, one line each. */
function excessGrants(statements: Statement[], access: Access, own: { queues?: string[]; tableStream?: boolean } = {}): string[] {
  const ids = dataIds();
  const problems: string[] = [];
  for (const st of statements) {
    if (st.Effect !== 'Allow') continue;
    const actions = Array.isArray(st.Action) ? st.Action : [st.Action];
    const resources = Array.isArray(st.Resource) ? st.Resource : [st.Resource];
    for (const action of actions) {
      for (const resource of resources) {
        const json = JSON.stringify(resource);
        const suffix = literalSuffix(resource);
        const fail = (why: string) => problems.push(`${action} on ${json}: ${why}`);
        // dynamodb:ListStreams has no resource-level permissions: a stream consumer's mapping needs it on '*'.
        if (resource === '*' && own.tableStream && action === 'dynamodb:ListStreams') continue;
        // X-Ray's trace upload has no resource-level permissions either (active tracing on every function).
        if (resource === '*' && (action === 'xray:PutTraceSegments' || action === 'xray:PutTelemetryRecords')) continue;
        if (resource === '*') {
          fail('wildcard resource');
          continue;
        }
        const [service, name] = action.split(':');
        // A table stream consumer reads the stream it is fed by (its event source mapping needs it).
        if (
          own.tableStream &&
          service === 'dynamodb' &&
          STREAM_READ.includes(name) &&
          json.includes(ids.table) &&
          json.includes('StreamArn')
        )
          continue;
        if (service === 'dynamodb' && access.tableKeys?.length && suffix.startsWith('/index/')) {
          // A narrowed row's declared index lookups: Query on that index only.
          const index = suffix.slice('/index/'.length);
          if (!(action === 'dynamodb:Query' && access.tableIndexQueries?.includes(index))) fail('index not declared');
          continue;
        }
        if (service === 'dynamodb' && access.tableKeys?.length) {
          // Narrowed rows: item actions on the table itself, every key under the declared prefixes.
          const leading = st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined;
          const wanted = access.tableKeys.map((k) => `${k}*`);
          // Prefixes declared read-only (tableReadKeys) get item reads alone.
          const readOnly = (access.tableReadKeys ?? []).map((k) => `${k}*`);
          const same = (a: string[], b: string[]) => a.length > 0 && [...a].sort().join() === [...b].sort().join();
          if (!json.includes(ids.table) || json.includes('/index')) fail('not the table itself');
          else if (leading && same(leading, readOnly) && (DYNAMO_WRITE.includes(name) || name === 'Scan')) fail('write on read-only keys');
          else if (!leading || !(same(leading, wanted) || same(leading, readOnly))) fail('not narrowed to the declared key prefixes');
          else if (st.Condition?.Null?.['dynamodb:LeadingKeys'] !== 'false') fail('a request naming no key would pass');
          else if (['Scan', 'DescribeTable', 'GetRecords', 'GetShardIterator'].includes(name)) fail('not an item action');
          else if (DYNAMO_WRITE.includes(name) && access.table !== 'readWrite') fail('table write not declared');
          continue;
        }
        if (service === 'dynamodb' && access.table === 'read' && access.tableWriteKeys?.length && name === 'PutItem') {
          // A reader's declared put-only prefixes (tableWriteKeys): PutItem on the table, narrowed to them.
          const leading = st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined;
          const wanted = access.tableWriteKeys.map((k) => `${k}*`);
          if (!json.includes(ids.table) || json.includes('/index')) fail('not the table itself');
          else if (!leading || [...leading].sort().join() !== [...wanted].sort().join())
            fail('put not narrowed to the declared key prefixes');
          else if (st.Condition?.Null?.['dynamodb:LeadingKeys'] !== 'false') fail('a request naming no key would pass');
          continue;
        }
        if (service === 'dynamodb') {
          if (!json.includes(ids.table)) fail('not the table');
          else if (DYNAMO_WRITE.includes(name) && access.table !== 'readWrite') fail('table write not declared');
          else if (DYNAMO_READ.includes(name) && !access.table) fail('table not declared');
          else if (![...DYNAMO_READ, ...DYNAMO_WRITE].includes(name)) fail('unexpected table action');
        } else if (service === 's3') {
          if (json.includes(ids.site)) {
            const siteKeys = SITE_INDEX_KEYS.map((k) => `/${k}`);
            const listsOnlyThem =
              action === 's3:ListBucket' &&
              suffix === '' &&
              JSON.stringify(st.Condition) === JSON.stringify({ StringEquals: { 's3:prefix': [...SITE_INDEX_KEYS] } });
            if (!(access.siteIndex && ((action === 's3:GetObject' && siteKeys.includes(suffix)) || listsOnlyThem)))
              fail('site bucket not declared');
            continue;
          }
          const key = Object.entries(ids.buckets).find(([, lid]) => json.includes(lid))?.[0];
          const declared = (access.buckets ?? []).filter((b) => b.bucket === key);
          if (!key || declared.length === 0) {
            fail('bucket not declared');
            continue;
          }
          if (action === 's3:ListBucket') {
            const asked = (st.Condition?.StringLike?.['s3:prefix'] as string[] | undefined) ?? ['*'];
            const allowed = declared
              .filter((b) => b.access !== 'write' && b.access !== 'put')
              .flatMap((b) => (b.prefixes ?? ['']).map((p) => `${p}*`));
            if (suffix !== '' || !asked.every((p) => allowed.includes(p) || allowed.includes('*')))
              fail('listing beyond the declared prefixes');
            continue;
          }
          const prefix = suffix.replace(/^\//, '').replace(/\*$/, '');
          const level = declared.find((b) => (b.prefixes ?? ['']).includes(prefix))?.access;
          if (!level) fail(`prefix '${prefix}' not declared`);
          else if (!(S3_ACTIONS[level as BucketAccessLevel] as readonly string[]).includes(action)) fail(`${level} does not allow it`);
        } else if (service === 'ses') {
          if (!access.mail) fail('mail not declared');
          else if (!/:(identity|configuration-set)\//.test(json)) fail('not a sending identity');
        } else if (service === 'events') {
          if (!(action === 'events:PutEvents' && access.events && json.includes(ids.bus))) fail('events not declared');
        } else if (service === 'sqs') {
          const queueId = Object.entries(ids.queues).find(([, lid]) => json.includes(lid))?.[0];
          const sends = ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'];
          const ownQueue = queueId ? own.queues?.includes(queueId) : own.queues?.some((q) => json.includes(q));
          if (ownQueue) continue; // its own dead-letter queue, or the queue it works on
          if (!(queueId && access.queues?.includes(queueId) && sends.includes(action))) fail('queue not declared');
        } else if (service === 'cognito-idp') {
          if (!access.cognito?.includes(name as never)) fail('cognito action not declared');
        } else if (service === 'ssm') {
          const secret = /parameter\/[^"]*?([A-Za-z]+)"?\]*$/.exec(suffix || json)?.[1];
          if (!(action === 'ssm:GetParameter' && secret && access.secrets?.includes(secret))) fail('secret not declared');
        } else {
          fail('action outside what rows can declare');
        }
      }
    }
  }
  return problems;
}

/** The statements of every policy attached to the function's role. */
function statementsOf(template: Template, stack: Stack, fn: LambdaFunction): Statement[] {
  const roleId = stack.getLogicalId(fn.role!.node.defaultChild as never);
  return Object.values(template.findResources('AWS::IAM::Policy') as Resources)
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

/** Every function of the app with its row's access and what it owns (dead-letter queue, worker queue). */
function allFunctions() {
  const { stacks, templates, areaTemplates } = app;
  const dlqIdsUnder = (stack: Stack, path: string) =>
    stack.node
      .findAll()
      .filter((c) => c.node.path.startsWith(path) && c.node.id.endsWith('DeadLetters'))
      .map((c) => stack.getLogicalId(c.node.defaultChild as never));
  const out: {
    name: string;
    template: Template;
    stack: Stack;
    fn: LambdaFunction;
    access: Access;
    own: { queues?: string[]; tableStream?: boolean };
    publicGet?: boolean;
  }[] = [];
  const apiStacks: [Stack, Template, Record<string, LambdaFunction>][] = [
    [stacks.api, templates.api, stacks.api.functions],
    ...Object.entries(stacks.areas).map(
      ([area, s]) => [s, areaTemplates[area], s.functions] as [Stack, Template, Record<string, LambdaFunction>],
    ),
  ];
  for (const row of routes) {
    const entry = apiStacks.find(([, , fns]) => fns[row.id]);
    if (!entry) throw new Error(`no function for route ${row.id}`);
    const [stack, template, fns] = entry;
    out.push({
      name: row.id,
      stack,
      template,
      fn: fns[row.id],
      access: row.access,
      own: {},
      publicGet: row.method === 'GET' && (row.auth === 'public' || row.auth === 'optional'),
    });
  }
  const jobsStack = stacks.jobs;
  for (const job of jobs) {
    out.push({
      name: job.id,
      stack: jobsStack,
      template: templates.jobs,
      fn: jobsStack.scheduledJobs.functions[job.id],
      access: job.access,
      own: { queues: dlqIdsUnder(jobsStack, `${jobsStack.node.path}/Jobs/${job.id}`) },
    });
  }
  for (const sub of eventSubscriptions) {
    out.push({
      name: sub.id,
      stack: jobsStack,
      template: templates.jobs,
      fn: jobsStack.eventSubscriptions.functions[sub.id],
      access: sub.access,
      own: { queues: dlqIdsUnder(jobsStack, `${jobsStack.node.path}/Events/${sub.id}`) },
    });
  }
  for (const consumer of tableStreamConsumers) {
    out.push({
      name: consumer.id,
      stack: jobsStack,
      template: templates.jobs,
      fn: jobsStack.streamConsumers.functions[consumer.id],
      access: consumer.access,
      own: { queues: dlqIdsUnder(jobsStack, `${jobsStack.node.path}/Stream/${consumer.id}`), tableStream: true },
    });
  }
  for (const q of queues) {
    out.push({
      name: q.id,
      stack: jobsStack,
      template: templates.jobs,
      fn: jobsStack.queueWorkers.functions[q.id],
      access: q.access,
      own: { queues: [q.id] },
    });
  }
  out.push({
    name: 'SesNotification',
    stack: jobsStack,
    template: templates.jobs,
    fn: jobsStack.mailEvents.function,
    access: MailEvents.ACCESS,
    own: { queues: dlqIdsUnder(jobsStack, `${jobsStack.node.path}/MailEvents`) },
  });
  if (!jobsStack.deployData) throw new Error('no function for the deploy step');
  out.push({
    name: deployDataStep.id,
    stack: jobsStack,
    template: templates.jobs,
    fn: jobsStack.deployData.function,
    access: deployDataStep.access,
    own: {},
  });
  for (const trigger of cognitoTriggerRows) {
    out.push({
      name: trigger.name,
      stack: stacks.auth,
      template: templates.auth,
      fn: stacks.auth.triggerFunctions[trigger.name]!,
      access: trigger.access,
      own: {},
    });
  }
  return out;
}

describe('least privilege: every function is granted what its row declares, nothing more', () => {
  it('every function (routes, jobs, events, queues, triggers) is granted nothing its row does not declare', () => {
    // Act
    const problems = allFunctions().flatMap((f) =>
      excessGrants(statementsOf(f.template, f.stack, f.fn), f.access, f.own).map((p) => `${f.name}: ${p}`),
    );
    // Assess
    expect(problems).toEqual([]);
  });

  it("lets the admin read router record its audited reads, and put nothing else (issue 23 'Audit')", () => {
    const f = allFunctions().find((x) => x.name === 'AdminListUsers')!;
    const puts = statementsOf(f.template, f.stack, f.fn).filter((st) =>
      [st.Action].flat().some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(String(a))),
    );
    expect(puts.map((st) => [[st.Action].flat(), st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']])).toEqual([
      [['dynamodb:PutItem'], ['AUDITRES#*']],
    ]);
  });

  it('public GET routes (anonymous reads) have no write permission at all', () => {
    const publicGets = allFunctions().filter((f) => f.publicGet);
    expect(publicGets.length).toBeGreaterThan(0);
    for (const f of publicGets) {
      const writes = statementsOf(f.template, f.stack, f.fn)
        .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
        .filter((a) => WRITE_ACTIONS.test(a));
      expect(writes, f.name).toEqual([]);
    }
  });

  it('every API function refuses calls that skip CloudFront: REQUIRE_ORIGIN_VERIFY is set and it may read the origin secret', () => {
    // Prepare
    const routeNames = new Set(routes.map((r) => r.id));
    const apiFunctions = allFunctions().filter((f) => routeNames.has(f.name));
    expect(apiFunctions.length).toBe(routes.length);
    for (const f of apiFunctions) {
      // Act
      const env = f.template.toJSON().Resources[f.stack.getLogicalId(f.fn.node.defaultChild as never)].Properties.Environment
        ?.Variables as Record<string, unknown>;
      const actions = statementsOf(f.template, f.stack, f.fn).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
      // Assess
      expect(env.REQUIRE_ORIGIN_VERIFY, f.name).toBe('1');
      expect(actions, f.name).toContain('ssm:GetParameter');
    }
  });

  it('grants what rows declare: a row with table write, mail and a bucket prefix gets exactly those', () => {
    // Prepare
    const row = routes.find((r) => r.id === 'SubmitValuationRequest')!;
    const f = allFunctions().find((x) => x.name === row.id)!;
    // Act
    const actions = statementsOf(f.template, f.stack, f.fn).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    // Assess
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'ses:SendEmail', 's3:PutObject', 's3:DeleteObject', 'ssm:GetParameter']),
    );
    expect(actions.some((a) => a.startsWith('events:') || a.startsWith('cognito-idp:'))).toBe(false);
  });

  it('lets the public report route write only its own items and only read the listing it names (LeadingKeys)', () => {
    const row = routes.find((r) => r.id === 'ReportListing')!;
    const f = allFunctions().find((x) => x.name === 'ReportListing')!;
    const table = statementsOf(f.template, f.stack, f.fn).filter((st) => JSON.stringify(st.Action).includes('dynamodb:'));
    const leadingOf = (st: (typeof table)[number]) => st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[];
    const readOnly = table.find((st) => leadingOf(st)?.includes('LISTING#*'))!;
    expect(leadingOf(readOnly).sort()).toEqual(['LISTING#*', 'SCRAPED#*']);
    expect(JSON.stringify(readOnly.Action)).not.toMatch(/PutItem|UpdateItem|DeleteItem|BatchWriteItem/);
    for (const st of table.filter((x) => x !== readOnly))
      expect(leadingOf(st).sort()).toEqual(row.access.tableKeys!.map((k) => `${k}*`).sort());
    // and the check refuses a write on the read-only prefixes
    const ids = dataIds();
    const arn = { 'Fn::ImportValue': `TruckYard-Data:ExportsOutputFnGetAtt${ids.table}Arn` };
    const put = {
      Effect: 'Allow',
      Action: 'dynamodb:PutItem',
      Resource: arn,
      Condition: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LISTING#*', 'SCRAPED#*'] },
        Null: { 'dynamodb:LeadingKeys': 'false' },
      },
    };
    expect(excessGrants([put], row.access)).toHaveLength(1);
  });

  it('narrows the functions anyone may call to the key prefixes they own (dynamodb:LeadingKeys, issue 23 "Old M4")', () => {
    // The list: each function, and exactly the items it owns.
    const outbox = ['EMAIL#', 'SUPPRESSED#'];
    const owned: Record<string, string[]> = {
      SignUpAccount: ['CHALLENGE#', 'RATE#', 'ACCOUNTCODE#', ...outbox],
      // Verifying an address (or a reset that verifies one) makes a dealer's storefront with the profile.
      VerifyAccountEmail: ['ACCOUNTCODE#', 'RATE#', 'USER#', 'STOREFRONT#', 'COUNTER', ...outbox],
      // One function with verification (one handler module), so the same grants.
      ResendVerificationCode: ['ACCOUNTCODE#', 'RATE#', 'USER#', 'STOREFRONT#', 'COUNTER', ...outbox],
      RequestPasswordReset: ['CHALLENGE#', 'ACCOUNTCODE#', 'RATE#', 'USER#', 'STOREFRONT#', 'COUNTER', ...outbox],
      ConfirmPasswordReset: ['CHALLENGE#', 'ACCOUNTCODE#', 'RATE#', 'USER#', 'STOREFRONT#', 'COUNTER', ...outbox],
      // A signed-in sender's write also reads its tombstone (deleted accounts, routes.ts readsTombstones).
      SendContactMessage: ['CHALLENGE#', 'RATE#', 'CONTACT#', 'USER#', 'DELETEDUSER#', ...outbox],
      SubmitValuationRequest: ['CHALLENGE#', 'RATE#', 'VALUATION#', ...outbox],
      RecordListingView: ['LISTING#', 'ONCE#', 'DELETEDUSER#'],
      UnsubscribeFromAlerts: ['USER#'],
      StripeWebhook: ['USER#', 'ORDER#', 'STRIPEEVENT#', ...outbox],
    };
    for (const [id, prefixes] of Object.entries(owned)) {
      expect([...(routes.find((r) => r.id === id)?.access.tableKeys ?? [])].sort(), id).toEqual([...prefixes].sort());
    }
    // The webhook's only other table access: Query on gsi1 (a user by Stripe customer id).
    expect(routes.find((r) => r.id === 'StripeWebhook')?.access.tableIndexQueries).toEqual(['gsi1']);
    for (const id of Object.keys(owned)) {
      const row = routes.find((r) => r.id === id)!;
      expect(row.access.tableKeys?.length, id).toBeGreaterThan(0);
      const f = allFunctions().find((x) => x.name === id)!;
      const table = statementsOf(f.template, f.stack, f.fn).filter(
        (st) => JSON.stringify(st.Action).includes('dynamodb:') && !JSON.stringify(st.Resource).includes('/index/'),
      );
      expect(table.length, id).toBeGreaterThan(0);
      for (const st of table) {
        expect(st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'], id).toEqual(row.access.tableKeys!.map((k) => `${k}*`));
      }
    }
    // and the check refuses a narrowed row's grant without the condition
    const ids = dataIds();
    const table = { 'Fn::ImportValue': `TruckYard-Data:ExportsOutputFnGetAtt${ids.table}Arn` };
    expect(
      excessGrants([{ Effect: 'Allow', Action: 'dynamodb:PutItem', Resource: table }], { table: 'readWrite', tableKeys: ['RATE#'] }),
    ).toHaveLength(1);
  });

  it("the page renderer may read index.html and Vite's manifest in the site bucket, and list exactly those keys", () => {
    // Prepare
    const pages = allFunctions().filter((f) => f.access.siteIndex);
    expect(pages.length).toBeGreaterThan(0);
    const site = dataIds().site;
    for (const f of pages) {
      // Act
      const onSite = statementsOf(f.template, f.stack, f.fn).filter((s) => JSON.stringify(s.Resource).includes(site));
      const gets = onSite.filter((s) => s.Action === 's3:GetObject' || (Array.isArray(s.Action) && s.Action.includes('s3:GetObject')));
      const readable = gets.flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).map(literalSuffix));
      const lists = onSite.filter((s) => s.Action === 's3:ListBucket');
      // Assess
      expect(readable.sort(), f.name).toEqual(['/.vite/manifest.json', '/index.html']);
      expect(
        lists.map((s) => s.Condition),
        f.name,
      ).toEqual([{ StringEquals: { 's3:prefix': ['index.html', '.vite/manifest.json'] } }]);
    }
  });

  it("declares the stock import's rows narrowly: the file under imports/ only, the network only where a feed or photo is fetched", () => {
    // The test above grants each function exactly its row's access; this pins the rows themselves.
    // Every API row also reads the origin secret (the test above checks that); the rest is the row's own.
    const access = (id: string) => {
      const { secrets, ...own } = [...routes, ...queues].find((r) => r.id === id)?.access ?? {};
      const origin = ['originVerifySecret', 'originVerifySecretPrevious'];
      expect(secrets ?? origin).toEqual(origin);
      return own;
    };
    const imports = (level: BucketAccessLevel) => [{ bucket: 'private-uploads', prefixes: ['imports/'], access: level }];
    expect(access('RequestStockImportUpload')).toEqual({ table: 'readWrite', buckets: imports('write') });
    expect(access('PreviewStockImport')).toEqual({ table: 'readWrite', buckets: imports('readWrite'), outboundHttp: true });
    expect(access('ApplyStockImport')).toEqual({ table: 'readWrite', queues: ['stock-imports'] });
    expect(access('GetStockImport')).toEqual({ table: 'read' });
    expect(access('stock-imports').buckets).toContainEqual(imports('read')[0]);
  });

  it("declares suspension's rows narrowly: the request queues the listings job; only the job's worker touches the listings", () => {
    // The test above grants each function exactly its row's access; this pins the rows themselves.
    const access = (id: string) => [...routes, ...queues].find((r) => r.id === id)?.access;
    const { secrets: _origin, ...request } = access('AdminSetUserStatus') ?? {};
    expect(request).toEqual({
      table: 'readWrite',
      cognito: ['AdminListGroupsForUser', 'AdminDisableUser', 'AdminEnableUser', 'AdminUserGlobalSignOut', 'AdminGetUser'],
      queues: ['account-listings'],
    });
    // The worker: the profile and the owner's listings, and its own queue to continue on; no mail, files, events or Cognito.
    expect(access('account-listings')).toEqual({ table: 'readWrite', queues: ['account-listings'] });
  });

  it('the check catches an over-grant (it can fail)', () => {
    // Prepare: GetRobotsTxt declares nothing; pretend its policy also wrote the table and read all of truck-images.
    const ids = dataIds();
    const table = { 'Fn::ImportValue': `TruckYard-Data:ExportsOutputFnGetAtt${ids.table}Arn` };
    const bucket = { 'Fn::ImportValue': `TruckYard-Data:ExportsOutputFnGetAtt${ids.buckets['truck-images']}Arn` };
    const statements: Statement[] = [
      { Effect: 'Allow', Action: ['dynamodb:PutItem'], Resource: table },
      { Effect: 'Allow', Action: 's3:GetObject', Resource: { 'Fn::Join': ['', [bucket, '/*']] } },
      { Effect: 'Allow', Action: 'ses:SendEmail', Resource: '*' },
    ];
    // Act
    const problems = excessGrants(statements, {});
    // Assess
    expect(problems).toHaveLength(3);
    // and a declared read does not allow a write
    expect(excessGrants([statements[0]], { table: 'read' })).toHaveLength(1);
    expect(excessGrants([statements[1]], { buckets: [{ bucket: 'truck-images', prefixes: ['listings/'], access: 'read' }] })).toHaveLength(
      1,
    );
  });
});
