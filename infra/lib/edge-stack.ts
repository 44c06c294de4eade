import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/**
 * Paths the edge rate and body-size rules leave alone: Stripe's webhook (bursty, large signed
 * bodies, retried by Stripe) and one-click unsubscribe links (mail clients prefetch them).
 */
const WAF_EXEMPT_PATH_PREFIXES = ['/api/payments/webhook', '/api/alerts/unsubscribe'] as const;
/** Requests per IP per 5 minutes before WAF blocks the address for a while. */
const WAF_RATE_LIMIT_PER_5_MIN = 2000;
/**
 * Page and search requests per IP per 5 minutes (issue 23): pages are GETs of paths outside /api/
 * without a dot (files have one); search is a GET under /api/listings (results, latest, suggestions,
 * a listing's details).
 */
const WAF_PAGE_RATE_LIMIT_PER_5_MIN = 300;
const WAF_SEARCH_PATH_PREFIX = '/api/listings';
/** POSTs per IP per 5 minutes on the anonymous forms that store a message or send mail (issue 23). */
const WAF_FORM_RATE_LIMIT_PER_5_MIN = 20;
/** Their paths: sign-up, contact, and a valuation (its photos' upload request and the request itself). */
const WAF_FORM_PATHS = ['/api/accounts/sign-up', '/api/contact', '/api/valuations', '/api/uploads/valuation-images'] as const;
/** And "Report this listing" (`/api/listings/{id}/reports`), counted by its prefix and suffix. */
const WAF_REPORT_PATH = { prefix: '/api/listings/', suffix: '/reports' } as const;
/**
 * Largest request body WAF lets through (a listing with a 5,000-character description and 50
 * features stays below it even in multi-byte text); WAF is told to inspect that much.
 */
const WAF_MAX_BODY_BYTES = 32 * 1024;

/** The web ACL's CloudWatch metric name: the WebACL dimension of its AWS/WAFV2 metrics. */
export const WEB_ACL_METRIC_NAME = 'truckyard-web-acl';

export interface EdgeStackProps extends StackProps {
  /** With a hosted zone and no certificate ARN, the certificate for the domain is issued here (us-east-1). */
  certificateFor?: { domainName: string; hostedZone: { id: string; name: string } };
}

/** What CloudFront needs from us-east-1: the WAF web ACL and, optionally, the site's certificate. */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly certificate?: ICertificate;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    const exempt: CfnWebACL.StatementProperty = {
      orStatement: {
        statements: WAF_EXEMPT_PATH_PREFIXES.map((prefix) => ({
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: prefix,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        })),
      },
    };
    const notExempt: CfnWebACL.StatementProperty = { notStatement: { statement: exempt } };
    const uri = (positionalConstraint: string, searchString: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint,
        searchString,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const method = (name: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: name,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const not = (statement: CfnWebACL.StatementProperty): CfnWebACL.StatementProperty => ({ notStatement: { statement } });
    // GET or HEAD of a page (outside /api/, no dot) or of search (under /api/listings).
    const pagesAndSearch: CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [
          { orStatement: { statements: [method('GET'), method('HEAD')] } },
          {
            orStatement: {
              statements: [
                { andStatement: { statements: [not(uri('STARTS_WITH', '/api/')), not(uri('CONTAINS', '.'))] } },
                uri('STARTS_WITH', WAF_SEARCH_PATH_PREFIX),
              ],
            },
          },
        ],
      },
    };
    const formPosts: CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [
          method('POST'),
          {
            orStatement: {
              statements: [
                ...WAF_FORM_PATHS.map((path) => uri('EXACTLY', path)),
                { andStatement: { statements: [uri('STARTS_WITH', WAF_REPORT_PATH.prefix), uri('ENDS_WITH', WAF_REPORT_PATH.suffix)] } },
              ],
            },
          },
        ],
      },
    };
    const rateRule = (name: string, priority: number, limit: number, scopeDownStatement: CfnWebACL.StatementProperty) => ({
      name,
      priority,
      action: { block: {} },
      statement: { rateBasedStatement: { limit, evaluationWindowSec: 300, aggregateKeyType: 'IP', scopeDownStatement } },
      visibilityConfig: visibility(name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      associationConfig: { requestBody: { CLOUDFRONT: { defaultSizeInspectionLimit: 'KB_32' } } },
      visibilityConfig: visibility(WEB_ACL_METRIC_NAME),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: WAF_RATE_LIMIT_PER_5_MIN,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: notExempt,
            },
          },
          visibilityConfig: visibility('rate-limit-per-ip'),
        },
        rateRule('RateLimitPagesAndSearch', 1, WAF_PAGE_RATE_LIMIT_PER_5_MIN, pagesAndSearch),
        rateRule('RateLimitFormPosts', 2, WAF_FORM_RATE_LIMIT_PER_5_MIN, formPosts),
        {
          name: 'AWSManagedRulesCommonRuleSet',
          priority: 3,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Its 8 KB body limit is replaced by BodySizeExceptExempt below (which skips the webhook).
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('aws-common-rules'),
        },
        {
          name: 'AWSManagedRulesKnownBadInputsRuleSet',
          priority: 4,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
          visibilityConfig: visibility('aws-known-bad-inputs'),
        },
        {
          name: 'BodySizeExceptExempt',
          priority: 5,
          action: { block: {} },
          statement: {
            andStatement: {
              statements: [
                notExempt,
                {
                  sizeConstraintStatement: {
                    fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
                    comparisonOperator: 'GT',
                    size: WAF_MAX_BODY_BYTES,
                    textTransformations: [{ priority: 0, type: 'NONE' }],
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility('body-size'),
        },
      ],
    });

    if (props.certificateFor) {
      this.certificate = new Certificate(this, 'SiteCertificate', {
        domainName: props.certificateFor.domainName,
        validation: CertificateValidation.fromDns(
          HostedZone.fromHostedZoneAttributes(this, 'Zone', {
            hostedZoneId: props.certificateFor.hostedZone.id,
            zoneName: props.certificateFor.hostedZone.name,
          }),
        ),
      });
    }
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
