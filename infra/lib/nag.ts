import {
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
  type PolicyViolation,
  Validations,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct, IConstruct } from 'constructs';

/**
 * Findings of the AwsSolutions pack accepted by pattern, each with its reason. cdk-nag 3 can only
 * acknowledge a finding by its exact id, and IAM5 ids name the resource through cross-stack export
 * names that only exist after synthesis, so the wildcard findings our grants produce by design are
 * matched here instead. Everything else is acknowledged on its construct (acknowledge() below).
 */
const ACCEPTED_FINDINGS: readonly { rule: RegExp; reason: string }[] = [
  {
    rule: /^AwsSolutions-IAM5\[Resource::<[A-Za-z0-9]+Function[0-9A-F]{8}\.Arn>:\*\]$/,
    reason: "EventBridge Scheduler's target role (made by CDK) may invoke the job's own function, any version of it.",
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::[^\]]*Table[^\]]*\/index\/\*\]$/,
    reason: "Queries need the table's GSIs; CDK's table grants name them as <table>/index/*, the table's own indexes only.",
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::[^\]]*(TruckImages|PrivateUploads|PromotionalImages|Banners|Logos|GeneralMedia)[^\]]*\/[a-z0-9/-]*\*\]$/,
    reason: 'Object keys are generated per upload under a prefix the row declares (functions/src/access.ts); the grant is that prefix.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::[^\]]*AuditArchive[^\]]*\/audit\/\*\]$/,
    reason: 'The nightly audit archive job writes one file per UK day under audit/ (s3:PutObject only; Object Lock keeps every version).',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:s3:::TruckYard[^\]]*SiteBucket[^\]]*\/\*\]$/,
    reason: "CDK's BucketDeployment writes every file of web/dist into the site bucket on deploy.",
  },
];

/** Acknowledges a cdk-nag rule on a construct (and everything under it), with the reason. */
export function acknowledge(scope: IConstruct, id: string, reason: string) {
  Validations.of(scope).acknowledge({ id, reason });
}

/** The AwsSolutions pack with ACCEPTED_FINDINGS filtered out; any other finding, warning or error, fails synth. */
class AwsSolutionsWithAcceptedFindings implements IPolicyValidationPlugin {
  readonly name = 'AwsSolutions';
  readonly #inner: AwsSolutionsChecks;

  constructor(app: Construct) {
    this.#inner = new AwsSolutionsChecks(app);
  }

  get version() {
    return this.#inner.version;
  }

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const report = this.#inner.validate(context);
    const violations: PolicyViolation[] = report.violations.filter((v) => !ACCEPTED_FINDINGS.some((a) => a.rule.test(v.ruleName)));
    return { ...report, violations, success: violations.length === 0 };
  }
}

/** Runs cdk-nag's AwsSolutions pack on the app at synth (`npm run synth`, the infra tests). */
export function checkWithCdkNag(app: Construct) {
  Validations.of(app).addPlugins(new AwsSolutionsWithAcceptedFindings(app));
}
