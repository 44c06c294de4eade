import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { CfnLoggingConfiguration } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { edgeAlarms, Operations } from './constructs/operations.js';
import { WEB_ACL_METRIC_NAME } from './edge-stack.js';
import { acknowledge } from './nag.js';

/** Edge logs (CloudFront access logs, WAF logs) are kept this long. */
const EDGE_LOG_RETENTION_DAYS = 365;

export interface OperationsStackProps extends StackProps {
  alarmTopic: ITopic;
  search: { fn: IFunction; timeoutSeconds: number };
  table: ITable;
  streamConsumers: IFunction[];
  queueWorkers: IFunction[];
  httpApiId: string;
  distributionId: string;
}

/** The dashboard and the alarms of the app's region (constructs/operations.ts). */
export class OperationsStack extends Stack {
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    this.operations = new Operations(this, 'Operations', { ...props, webAclMetricName: WEB_ACL_METRIC_NAME });
  }
}

export interface EdgeOperationsStackProps extends StackProps {
  /** Stack name prefix, for the log bucket's and deliveries' names. */
  prefix: string;
  distributionId: string;
  webAclArn: string;
  alarmEmail?: string;
}

/**
 * What must live in us-east-1 beside CloudFront and WAF: their alarms (with a topic of this region,
 * e-mailing the same address) and their logs. Both go to one log bucket: WAF writes to S3 only in a
 * bucket whose name starts with `aws-waf-logs-`, and CloudFront's access logs (standard logging v2,
 * delivered by CloudWatch Logs, so no bucket ACLs) go beside them.
 */
export class EdgeOperationsStack extends Stack {
  readonly logBucket: Bucket;
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: EdgeOperationsStackProps) {
    super(scope, id, props);
    this.alarmTopic = new Topic(this, 'EdgeAlarmTopic', { displayName: 'TruckYard edge alarms', enforceSSL: true });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    edgeAlarms(this, this.alarmTopic, props.distributionId, WEB_ACL_METRIC_NAME);

    this.logBucket = new Bucket(this, 'EdgeLogs', {
      bucketName: `aws-waf-logs-${props.prefix.toLowerCase()}-${this.account}`,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(EDGE_LOG_RETENTION_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.logBucket, 'AwsSolutions-S1', 'This is the log bucket of the edge (CloudFront and WAF logs); it logs nowhere else.');

    // CloudWatch Logs' delivery service writes both kinds of log, from this account only.
    const delivery = new ServicePrincipal('delivery.logs.amazonaws.com');
    const fromThisAccount = {
      StringEquals: { 'aws:SourceAccount': this.account },
      ArnLike: { 'aws:SourceArn': `arn:${this.partition}:logs:${this.region}:${this.account}:*` },
    };
    this.logBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AWSLogDeliveryWrite',
        effect: Effect.ALLOW,
        principals: [delivery],
        actions: ['s3:PutObject'],
        resources: [this.logBucket.arnForObjects(`AWSLogs/${this.account}/*`)],
        conditions: { ...fromThisAccount, StringEquals: { ...fromThisAccount.StringEquals, 's3:x-amz-acl': 'bucket-owner-full-control' } },
      }),
    );
    this.logBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AWSLogDeliveryAclCheck',
        effect: Effect.ALLOW,
        principals: [delivery],
        actions: ['s3:GetBucketAcl', 's3:ListBucket'],
        resources: [this.logBucket.bucketArn],
        conditions: fromThisAccount,
      }),
    );

    const waf = new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: props.webAclArn,
      logDestinationConfigs: [this.logBucket.bucketArn],
    });
    waf.node.addDependency(this.logBucket.policy!);

    const source = new CfnDeliverySource(this, 'CloudFrontLogSource', {
      name: `${props.prefix}-cloudfront-access`,
      logType: 'ACCESS_LOGS',
      resourceArn: `arn:${this.partition}:cloudfront::${this.account}:distribution/${props.distributionId}`,
    });
    const destination = new CfnDeliveryDestination(this, 'CloudFrontLogDestination', {
      name: `${props.prefix}-cloudfront-access-s3`,
      destinationResourceArn: this.logBucket.bucketArn,
      outputFormat: 'json',
    });
    destination.node.addDependency(this.logBucket.policy!);
    const cloudFrontLogs = new CfnDelivery(this, 'CloudFrontLogDelivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
    });
    cloudFrontLogs.addResourceDependency(source);
  }
}
