/**
 * Reads the synthesized templates (dev/cloud/synth.ts) into what the local cloud runs: one entry
 * per Lambda function with its handler module, its environment (resource references resolved to
 * the local stand-ins), its role's policy statements (resolved the same way), its timeout and
 * its memory. CloudFormation intrinsics are resolved across stacks (Ref, Fn::GetAtt,
 * Fn::ImportValue, Fn::Join, Fn::Sub, Fn::Select, Fn::Split, pseudo parameters).
 */
import type { Template } from './synth.js';

export const LOCAL_ACCOUNT = '000000000000';

/** What each kind of resource is called locally. */
export interface LocalResourceNames {
  region: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  eventBusName: string;
  /** Base URL of the local SQS endpoint; a queue's URL is `${sqsUrl}/${account}/${name}`. */
  sqsUrl: string;
  /** The local API origin (what CloudFront's API origin points to). */
  apiOriginUrl: string;
}

export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, unknown>>;
}

export interface FunctionSpec {
  logicalId: string;
  stack: string;
  /** Handler module relative to functions/src (template metadata `truckyard:handler`); null for CDK's own functions. */
  handler: string | null;
  environment: Record<string, string>;
  timeoutSeconds: number;
  memoryMb: number;
  architecture: string;
  reservedConcurrency?: number;
  roleArn: string;
  /** The statements of every AWS::IAM::Policy attached to the function's role. */
  policyStatements: PolicyStatement[];
  /** AWS managed policies attached to the role (ARNs): only the basic execution policy (logs) is expected. */
  managedPolicyArns: string[];
}

type Json = unknown;

/** `TruckYard-Data/TruckImages/Resource` → `truck-images`: a bucket or queue's local name. */
function localNameOf(cdkPath: string | undefined, logicalId: string): string {
  const parts = (cdkPath ?? '').split('/');
  const id = parts.length >= 2 ? parts[parts.length - 2] : logicalId;
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

export class TemplateResolver {
  private readonly exports = new Map<string, { stack: string; value: Json }>();

  constructor(
    readonly templates: Record<string, Template>,
    readonly names: LocalResourceNames,
  ) {
    for (const [stack, t] of Object.entries(templates)) {
      for (const output of Object.values(t.Outputs ?? {})) {
        if (output.Export?.Name === undefined) continue;
        const name = this.resolve(stack, output.Export.Name);
        this.exports.set(String(name), { stack, value: output.Value });
      }
    }
  }

  private arnPrefix(service: string) {
    return `arn:aws:${service}:${this.names.region}:${LOCAL_ACCOUNT}`;
  }

  /** What `Ref` of a resource gives locally. */
  ref(stack: string, logicalId: string): string {
    const pseudo: Record<string, string> = {
      'AWS::Region': this.names.region,
      'AWS::AccountId': LOCAL_ACCOUNT,
      'AWS::Partition': 'aws',
      'AWS::URLSuffix': 'amazonaws.com',
      'AWS::StackName': stack,
      'AWS::NoValue': '',
    };
    if (logicalId in pseudo) return pseudo[logicalId];
    const res = this.templates[stack]?.Resources?.[logicalId];
    if (!res) return `unresolved-${logicalId}`;
    const cdkPath = res.Metadata?.['aws:cdk:path'] as string | undefined;
    switch (res.Type) {
      case 'AWS::DynamoDB::Table':
      case 'AWS::DynamoDB::GlobalTable':
        return this.names.tableName;
      case 'AWS::S3::Bucket':
        return localNameOf(cdkPath, logicalId);
      case 'AWS::Cognito::UserPool':
        return this.names.userPoolId;
      case 'AWS::Cognito::UserPoolClient':
        return this.names.userPoolClientId;
      case 'AWS::Events::EventBus':
        return this.names.eventBusName;
      case 'AWS::SQS::Queue':
        return `${this.names.sqsUrl}/${LOCAL_ACCOUNT}/${localNameOf(cdkPath, logicalId)}`;
      case 'AWS::SNS::Topic':
        return `${this.arnPrefix('sns')}:${localNameOf(cdkPath, logicalId)}`;
      default:
        return logicalId;
    }
  }

  /** What `Fn::GetAtt [logicalId, attribute]` gives locally. */
  getAtt(stack: string, logicalId: string, attribute: string): string {
    const res = this.templates[stack]?.Resources?.[logicalId];
    const name = this.ref(stack, logicalId);
    const cdkPath = res?.Metadata?.['aws:cdk:path'] as string | undefined;
    switch (`${res?.Type}.${attribute}`) {
      case 'AWS::DynamoDB::Table.Arn':
        return `${this.arnPrefix('dynamodb')}:table/${name}`;
      case 'AWS::DynamoDB::Table.StreamArn':
        return `${this.arnPrefix('dynamodb')}:table/${name}/stream/local`;
      case 'AWS::S3::Bucket.Arn':
        return `arn:aws:s3:::${name}`;
      case 'AWS::S3::Bucket.RegionalDomainName':
      case 'AWS::S3::Bucket.DomainName':
        return `${name}.s3.${this.names.region}.amazonaws.com`;
      case 'AWS::Cognito::UserPool.Arn':
        return `${this.arnPrefix('cognito-idp')}:userpool/${name}`;
      case 'AWS::Cognito::UserPool.ProviderURL':
        return `cognito-idp.${this.names.region}.amazonaws.com/${name}`;
      case 'AWS::Events::EventBus.Arn':
        return `${this.arnPrefix('events')}:event-bus/${name}`;
      case 'AWS::Events::EventBus.Name':
        return name;
      case 'AWS::SQS::Queue.Arn':
        return `${this.arnPrefix('sqs')}:${localNameOf(cdkPath, logicalId)}`;
      case 'AWS::SQS::Queue.QueueName':
        return localNameOf(cdkPath, logicalId);
      case 'AWS::SQS::Queue.QueueUrl':
        return name;
      case 'AWS::SNS::Topic.TopicArn':
        return name;
      case 'AWS::Lambda::Function.Arn':
        return `${this.arnPrefix('lambda')}:function:${logicalId}`;
      case 'AWS::IAM::Role.Arn':
        return `arn:aws:iam::${LOCAL_ACCOUNT}:role/${logicalId}`;
      case 'AWS::ApiGatewayV2::Api.ApiEndpoint':
        return this.names.apiOriginUrl;
      default:
        return `arn:aws:local:${this.names.region}:${LOCAL_ACCOUNT}:${logicalId}/${attribute}`;
    }
  }

  /** Resolves CloudFormation intrinsics in `value` as the stack `stack` would see them. */
  resolve(stack: string, value: Json): Json {
    if (Array.isArray(value)) return value.map((v) => this.resolve(stack, v));
    if (value === null || typeof value !== 'object') return value;
    const obj = value as Record<string, Json>;
    const keys = Object.keys(obj);
    if (keys.length === 1) {
      const [fn] = keys;
      const arg = obj[fn];
      switch (fn) {
        case 'Ref':
          return this.ref(stack, String(arg));
        case 'Fn::GetAtt': {
          const [id, attr] = Array.isArray(arg) ? (arg as string[]) : String(arg).split('.');
          return this.getAtt(stack, id, attr);
        }
        case 'Fn::ImportValue': {
          const name = String(this.resolve(stack, arg));
          const exp = this.exports.get(name);
          return exp ? this.resolve(exp.stack, exp.value) : `unresolved-import-${name}`;
        }
        case 'Fn::Join': {
          const [sep, parts] = arg as [string, Json[]];
          const resolved = this.resolve(stack, parts);
          return (Array.isArray(resolved) ? resolved : [resolved]).map(String).join(sep);
        }
        case 'Fn::Select': {
          const [index, list] = arg as [Json, Json];
          const items = this.resolve(stack, list) as Json[];
          return items[Number(this.resolve(stack, index))];
        }
        case 'Fn::Split': {
          const [sep, source] = arg as [string, Json];
          return String(this.resolve(stack, source)).split(sep);
        }
        case 'Fn::Sub': {
          const [text, vars] = Array.isArray(arg) ? (arg as [string, Record<string, Json>]) : [String(arg), {}];
          return text.replace(/\$\{([^}!]+)\}/g, (_m, name: string) => {
            if (vars && name in vars) return String(this.resolve(stack, vars[name]));
            if (name.includes('.')) {
              const [id, attr] = name.split('.');
              return this.getAtt(stack, id, attr);
            }
            return this.ref(stack, name);
          });
        }
        case 'Fn::If': {
          const [, whenTrue] = arg as [string, Json, Json];
          return this.resolve(stack, whenTrue);
        }
        default:
          break;
      }
    }
    return Object.fromEntries(keys.map((k) => [k, this.resolve(stack, obj[k])]));
  }
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Every AWS::Lambda::Function of the templates, resolved for the local cloud. */
export function functionsOf(resolver: TemplateResolver): FunctionSpec[] {
  const specs: FunctionSpec[] = [];
  for (const [stack, template] of Object.entries(resolver.templates)) {
    const resources = template.Resources ?? {};
    for (const [logicalId, res] of Object.entries(resources)) {
      if (res.Type !== 'AWS::Lambda::Function') continue;
      const p = res.Properties ?? {};
      const roleRef = p.Role as { 'Fn::GetAtt'?: [string, string] } | undefined;
      const roleId = roleRef?.['Fn::GetAtt']?.[0];
      const role = roleId ? resources[roleId] : undefined;
      const policyStatements = Object.values(resources)
        .filter(
          (r) =>
            r.Type === 'AWS::IAM::Policy' &&
            asArray(r.Properties?.Roles as Json[]).some((x) => JSON.stringify(x) === JSON.stringify({ Ref: roleId })),
        )
        .flatMap((r) => asArray((r.Properties?.PolicyDocument as { Statement?: Json[] })?.Statement))
        .map((s) => resolver.resolve(stack, s) as PolicyStatement);
      const environment = Object.fromEntries(
        Object.entries(((p.Environment as { Variables?: Record<string, Json> })?.Variables ?? {}) as Record<string, Json>).map(([k, v]) => [
          k,
          String(resolver.resolve(stack, v)),
        ]),
      );
      specs.push({
        logicalId,
        stack,
        handler: (res.Metadata?.['truckyard:handler'] as string | undefined) ?? null,
        environment,
        timeoutSeconds: Number(p.Timeout ?? 3),
        memoryMb: Number(p.MemorySize ?? 128),
        architecture: asArray(p.Architectures as string[])[0] ?? 'x86_64',
        reservedConcurrency: p.ReservedConcurrentExecutions === undefined ? undefined : Number(p.ReservedConcurrentExecutions),
        roleArn: roleId ? `arn:aws:iam::${LOCAL_ACCOUNT}:role/${roleId}` : '',
        policyStatements,
        managedPolicyArns: asArray(role?.Properties?.ManagedPolicyArns as Json[]).map((a) => String(resolver.resolve(stack, a))),
      });
    }
  }
  return specs;
}

/** Buckets of the templates by their local name (the local cloud creates each one). */
export function bucketsOf(resolver: TemplateResolver): string[] {
  return Object.entries(resolver.templates).flatMap(([stack, t]) =>
    Object.entries(t.Resources ?? {})
      .filter(([, r]) => r.Type === 'AWS::S3::Bucket')
      .map(([id]) => resolver.ref(stack, id)),
  );
}
