import { CustomResource, RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { DeployStepDef } from '../../../functions/src/deploy-steps.js';
import { deployDataProperties } from '../../../functions/src/deploy/deploy-data-version.js';
import { acknowledge } from '../nag.js';
import { HouseFunction, type HouseDefaultsWithCognito } from './house-function.js';

export interface DeployDataProps {
  defaults: HouseDefaultsWithCognito;
  step: DeployStepDef;
}

/**
 * The deploy step as a CloudFormation custom resource (issue 22 §2, "Deploy-time data"): a house
 * function granted exactly its row's access, behind CDK's Provider framework (which answers
 * CloudFormation's callback, retries and time-outs). Its properties are the hashes of what it
 * writes (functions/src/deploy/deploy-data-version.ts), so CloudFormation runs it on the stack's
 * creation and again only when PLANS or a search format changes.
 */
export class DeployData extends Construct {
  readonly function: HouseFunction;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: DeployDataProps) {
    super(scope, id);
    const { step } = props;
    this.function = new HouseFunction(this, 'Function', {
      defaults: props.defaults,
      handler: step.handler,
      access: step.access,
      memoryMb: step.memoryMb,
      timeoutSeconds: step.timeoutSeconds,
      description: step.description,
    });
    const provider = new Provider(this, 'Provider', {
      onEventHandler: this.function,
      logGroup: new LogGroup(this, 'ProviderLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
    });
    acknowledge(
      provider,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      "CDK's Provider framework function: AWS's basic execution policy only lets it write its own logs.",
    );
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::DeployData',
      properties: { ...deployDataProperties() },
    });
  }
}
