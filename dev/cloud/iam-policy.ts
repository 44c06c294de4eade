/**
 * The local cloud's IAM decisions, used by its guard on every SDK call (dev/cloud/iam-guard.ts):
 * which actions and resources AWS authorizes for a command (`checksFor`), whether the role's
 * statements allow one, by a real IAM policy evaluator (@cloud-copilot/iam-simulate;
 * `createEvaluator`), and the AccessDenied error AWS answers a refused call with.
 */
import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { PolicyStatement } from './model.js';
import { LOCAL_ACCOUNT } from './model.js';

export interface IamCheck {
  action: string;
  resource: string;
  context?: Record<string, string | string[]>;
}

export interface GuardIdentity {
  roleArn: string;
  functionName: string;
  region: string;
  statements: PolicyStatement[];
}

/** Operations that AWS authorizes with the caller's token or none, not with IAM (Cognito's public API). */
const UNSIGNED_COGNITO = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'GlobalSignOut',
  'ChangePassword',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'RevokeToken',
  'GetTokensFromRefreshToken',
]);

const DOCUMENT_COMMANDS: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
  Query: 'Query',
  Scan: 'Scan',
  ExecuteStatement: 'PartiQLSelect',
};

export type Input = Record<string, unknown>;

/** The table's partition key attribute (the generic key names of functions/src/adapters/dynamodb/keys.ts). */
const PARTITION_KEY = 'pk';

/** An attribute value as the document client or the low-level client carries it. */
const scalar = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'object' ? (Object.values(v as object)[0] as string | undefined) : String(v);

/** The partition key of an item or key (`dynamodb:LeadingKeys`). */
const leadingKeyOf = (item: unknown): string | undefined => scalar((item as Input | undefined)?.[PARTITION_KEY]);

/** The partition key value a Query's key condition names (its first equality). */
function queryLeadingKey(input: Input): string | undefined {
  const expr = String(input.KeyConditionExpression ?? '');
  const m = /([#\w.]+)\s*=\s*(:\w+)/.exec(expr);
  if (!m) return undefined;
  return scalar((input.ExpressionAttributeValues as Input | undefined)?.[m[2]]);
}

/** A table request's condition context: its partition keys, as AWS fills dynamodb:LeadingKeys. */
function withLeadingKeys(check: IamCheck, keys: Array<string | undefined>): IamCheck {
  const values = keys.filter((k): k is string => k !== undefined);
  return values.length ? { ...check, context: { 'dynamodb:LeadingKeys': values } } : check;
}

type BatchWrites = Record<string, Array<{ PutRequest?: { Item?: unknown }; DeleteRequest?: { Key?: unknown } }>>;

function dynamoChecks(op: string, input: Input, arn: (table: string) => string): IamCheck[] {
  const table = (name: unknown, index?: unknown) => `${arn(String(name))}${index ? `/index/${String(index)}` : ''}`;
  switch (op) {
    case 'BatchGetItem':
      return Object.entries((input.RequestItems as Record<string, { Keys?: unknown[] }>) ?? {}).map(([t, req]) =>
        withLeadingKeys({ action: 'dynamodb:BatchGetItem', resource: table(t) }, (req.Keys ?? []).map(leadingKeyOf)),
      );
    case 'BatchWriteItem':
      return Object.entries((input.RequestItems as BatchWrites) ?? {}).map(([t, reqs]) =>
        withLeadingKeys(
          { action: 'dynamodb:BatchWriteItem', resource: table(t) },
          reqs.map((r) => leadingKeyOf(r.PutRequest?.Item ?? r.DeleteRequest?.Key)),
        ),
      );
    case 'TransactWriteItems':
      return ((input.TransactItems as Input[]) ?? []).flatMap((item) => {
        const [kind, body] = Object.entries(item)[0] ?? [];
        const action = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind ?? ''];
        const b = body as Input;
        return action
          ? [withLeadingKeys({ action: `dynamodb:${action}`, resource: table(b.TableName) }, [leadingKeyOf(b.Item ?? b.Key)])]
          : [];
      });
    case 'TransactGetItems':
      return ((input.TransactItems as Array<{ Get?: Input }>) ?? []).map((item) =>
        withLeadingKeys({ action: 'dynamodb:GetItem', resource: table(item.Get?.TableName) }, [leadingKeyOf(item.Get?.Key)]),
      );
    case 'GetItem':
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [withLeadingKeys({ action: `dynamodb:${op}`, resource: table(input.TableName) }, [leadingKeyOf(input.Item ?? input.Key)])];
    case 'Query':
      return [withLeadingKeys({ action: 'dynamodb:Query', resource: table(input.TableName, input.IndexName) }, [queryLeadingKey(input)])];
    case 'ListTables':
      return [{ action: 'dynamodb:ListTables', resource: '*' }];
    case 'DescribeStream':
    case 'GetRecords':
    case 'GetShardIterator':
      return [{ action: `dynamodb:${op}`, resource: String(input.StreamArn ?? '*') }];
    default:
      return [{ action: `dynamodb:${op}`, resource: table(input.TableName, input.IndexName) }];
  }
}

function s3Checks(op: string, input: Input): IamCheck[] {
  const bucket = String(input.Bucket ?? '');
  const object = (key: unknown) => `arn:aws:s3:::${bucket}/${String(key ?? '')}`;
  switch (op) {
    case 'GetObject':
    case 'HeadObject':
      return [{ action: 's3:GetObject', resource: object(input.Key) }];
    case 'PutObject':
    case 'CreateMultipartUpload':
    case 'UploadPart':
    case 'CompleteMultipartUpload':
      return [{ action: 's3:PutObject', resource: object(input.Key) }];
    case 'CopyObject': {
      const source = decodeURIComponent(
        String(input.CopySource ?? '')
          .replace(/^\//, '')
          .split('?')[0],
      );
      return [
        { action: 's3:GetObject', resource: `arn:aws:s3:::${source}` },
        { action: 's3:PutObject', resource: object(input.Key) },
      ];
    }
    case 'DeleteObject':
      return [{ action: 's3:DeleteObject', resource: object(input.Key) }];
    case 'DeleteObjects':
      return ((input.Delete as { Objects?: Array<{ Key?: string }> })?.Objects ?? []).map((o) => ({
        action: 's3:DeleteObject',
        resource: object(o.Key),
      }));
    case 'ListObjects':
    case 'ListObjectsV2':
      return [{ action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}`, context: { 's3:prefix': String(input.Prefix ?? '') } }];
    case 'HeadBucket':
      return [{ action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}` }];
    case 'ListObjectVersions':
      return [
        { action: 's3:ListBucketVersions', resource: `arn:aws:s3:::${bucket}`, context: { 's3:prefix': String(input.Prefix ?? '') } },
      ];
    default:
      return [{ action: `s3:${op}`, resource: input.Key === undefined ? `arn:aws:s3:::${bucket}` : object(input.Key) }];
  }
}

/** The IAM actions and resources one SDK command needs, as AWS authorizes it. */
export function checksFor(clientName: string, commandName: string, input: Input, region: string): IamCheck[] {
  const service = clientName.replace(/Client$/, '');
  let op = commandName.replace(/Command$/, '');
  const arn = (svc: string, rest: string) => `arn:aws:${svc}:${region}:${LOCAL_ACCOUNT}:${rest}`;
  switch (service) {
    case 'DynamoDB':
    case 'DynamoDBDocument':
      op = service === 'DynamoDBDocument' ? (DOCUMENT_COMMANDS[op] ?? op) : op;
      return dynamoChecks(op, input, (t) => arn('dynamodb', `table/${t}`));
    case 'S3':
      return s3Checks(op, input);
    case 'CognitoIdentityProvider':
      if (UNSIGNED_COGNITO.has(op)) return [];
      return [
        { action: `cognito-idp:${op}`, resource: input.UserPoolId ? arn('cognito-idp', `userpool/${String(input.UserPoolId)}`) : '*' },
      ];
    case 'EventBridge':
      return ((input.Entries as Input[]) ?? []).map((e) => ({
        action: 'events:PutEvents',
        resource: arn(
          'events',
          `event-bus/${String(e.EventBusName ?? 'default')
            .split('/')
            .pop()}`,
        ),
      }));
    case 'SQS': {
      const name =
        String(input.QueueUrl ?? '')
          .split('/')
          .pop() ?? '';
      const action = op === 'SendMessageBatch' ? 'SendMessage' : op === 'DeleteMessageBatch' ? 'DeleteMessage' : op;
      return [{ action: `sqs:${action}`, resource: arn('sqs', name) }];
    }
    case 'SSM': {
      const names = op === 'GetParameters' ? ((input.Names as string[]) ?? []) : [String(input.Name ?? '')];
      const action = op === 'GetParameters' ? 'GetParameters' : op;
      return names.map((n) => ({ action: `ssm:${action}`, resource: arn('ssm', `parameter/${n.replace(/^\//, '')}`) }));
    }
    case 'SecretsManager':
      return [{ action: `secretsmanager:${op}`, resource: String(input.SecretId ?? '*') }];
    case 'SESv2':
    case 'SES':
      return [{ action: `ses:${op}`, resource: '*' }];
    default:
      return [{ action: `${service.toLowerCase()}:${op}`, resource: '*' }];
  }
}

/** The error AWS answers a refused call with (the SDK's shape: name, $fault, $metadata). */
export function accessDeniedError(service: string, check: IamCheck, id: GuardIdentity): Error {
  const principal = `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${id.roleArn.split('/').pop()}/${id.functionName}`;
  const err = new Error(
    `User: ${principal} is not authorized to perform: ${check.action} on resource: ${check.resource} because no identity-based policy allows the ${check.action} action`,
  ) as Error & { $fault: string; $metadata: Record<string, unknown>; Code?: string };
  err.name = service === 'S3' || service === 'SQS' ? 'AccessDenied' : 'AccessDeniedException';
  err.$fault = 'client';
  err.$metadata = { httpStatusCode: service === 'S3' ? 403 : 400, attempts: 1, totalRetryDelay: 0 };
  err.Code = err.name;
  return err;
}

/** Evaluates one check against the role's statements (cached per action, resource and context). */
export function createEvaluator(id: GuardIdentity) {
  const decisions = new Map<string, Promise<boolean>>();
  return (check: IamCheck): Promise<boolean> => {
    const key = JSON.stringify(check);
    let decision = decisions.get(key);
    if (!decision) {
      decision = runSimulation(
        {
          identityPolicies: [{ name: 'role', policy: { Version: '2012-10-17', Statement: id.statements as never } }],
          serviceControlPolicies: [],
          resourceControlPolicies: [],
          request: {
            principal: id.roleArn,
            action: check.action,
            resource: { resource: check.resource, accountId: LOCAL_ACCOUNT },
            contextVariables: check.context ?? {},
          },
        },
        {},
      ).then((r) => {
        if (r.resultType === 'error') {
          // The evaluator refuses malformed requests (an unknown action, say): refuse the call too.
          console.error(`[iam] ${check.action} on ${check.resource}: ${JSON.stringify(r.errors).slice(0, 500)}`);
          return false;
        }
        return r.overallResult === 'Allowed';
      });
      decisions.set(key, decision);
    }
    return decision;
  };
}
