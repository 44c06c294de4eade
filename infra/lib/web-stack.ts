import { existsSync } from 'node:fs';
import { Annotations, CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { LONGEST_EDGE_SECONDS } from '../../functions/src/http/cache-control.js';
import { Certificate, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ARecord, AaaaRecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { ORIGIN_VERIFY_HEADER } from '../../functions/src/http/viewer-ip.js';
import type { RouteDef } from '../../functions/src/routes.js';
import { acknowledge } from './nag.js';
import { pageQueryFunctionCode } from './page-query-function.js';
import { pagePathPatterns } from './route-path-patterns.js';
import { MEDIA_BUCKET_BY_CATEGORY } from '../../shared/schemas/admin.js';
import { cspDirectives, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, securityHeaders } from '../../shared/security-headers.js';

export interface WebStackProps extends StackProps {
  httpApi: IHttpApi;
  /** The route table: rows outside /api/* (pages, sitemap) go to the API too. */
  routes: readonly RouteDef[];
  /** The SPA bucket and the listing photos bucket (data stack, which also holds their OAC grants). */
  siteBucket: IBucket;
  truckImages: IBucket;
  /**
   * The admin area's media buckets by their key (MEDIA_BUCKET_BY_CATEGORY): published files are
   * served at /media/<bucket key>/<category>/<name>, the URL the API builds (MEDIA_BASE_URL).
   */
  mediaBuckets: Record<MediaBucketKey, IBucket>;
  /** Buckets the browser POSTs presigned uploads to; the CSP lets it connect to these only. */
  uploadBuckets: IBucket[];
  /**
   * Custom domain (context `domainName`) with its us-east-1 certificate (issued by the edge stack, or
   * an existing one's ARN) and, optionally, the hosted zone to alias it in; *.cloudfront.net without.
   */
  domain?: { domainName: string; certificate?: ICertificate; certificateArn?: string; hostedZone?: { id: string; name: string } };
  /** WAF web ACL (CLOUDFRONT scope, us-east-1 edge stack). */
  webAclArn?: string;
  /**
   * Value of the secret header CloudFront adds to API requests (ORIGIN_VERIFY_HEADER); the API then
   * trusts CloudFront-Viewer-Address (functions/src/http/viewer-ip.ts). A CloudFormation dynamic
   * reference to the SSM parameter, resolved at deploy time.
   */
  originVerifySecret?: string;
  /** The built SPA (web/dist). Deployed only if it exists, so synth works before a web build. */
  webDistDir: string;
}

/** /images/<key> is served from the truck-images bucket's <key> (IMAGES_BASE_URL is /images). */
const STRIP_IMAGES_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.substring('/images'.length);
  return request;
}`;

/**
 * /media/<bucket key>/<path> is served from that bucket's <path> (one behaviour per bucket key,
 * MEDIA_BASE_URL is /media): the same URL the local server answers (dev/api-server.ts).
 */
const STRIP_MEDIA_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/media\\/[^\\/]+/, '');
  return request;
}`;

/** The media buckets' keys: the buckets MEDIA_BUCKET_BY_CATEGORY publishes to. */
type MediaBucketKey = (typeof MEDIA_BUCKET_BY_CATEGORY)[keyof typeof MEDIA_BUCKET_BY_CATEGORY];
const MEDIA_BUCKET_KEYS = [...new Set(Object.values(MEDIA_BUCKET_BY_CATEGORY))] as MediaBucketKey[];

/** Cache behaviours per distribution, before a quota increase. */
const CLOUDFRONT_BEHAVIOURS_QUOTA = 25;

/**
 * The cache policy of everything the API answers (pages and /api/*), agreeing with the handlers'
 * Cache-Control (functions/src/http/cache-control.ts; infra/test/edge-cache.test.ts checks both):
 * - the key is the path, the query string and the Authorization header, no cookies: every
 *   anonymous request for a URL shares one entry; a request with a token can only match an entry
 *   made for that same token, and none is ever made, because signed-in answers are
 *   `private, no-store` and the minimum TTL is 0 (CloudFront then never stores them). Authorization
 *   must be in the key anyway: it is the only way CloudFront forwards it to the origin when caching;
 * - the default TTL is 0, so an answer without Cache-Control (every signed-in route) is not kept;
 * - the maximum TTL is the longest s-maxage any handler sends; `stale-while-revalidate` in the
 *   answers lets the edge serve the previous copy while it refetches.
 */
const EDGE_CACHE_POLICY = {
  minTtlSeconds: 0,
  defaultTtlSeconds: 0,
  maxTtlSeconds: LONGEST_EDGE_SECONDS,
  keyHeaders: ['Authorization'],
} as const;

export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    // One definition with the local server (shared/security-headers.ts).
    const headerOptions = {
      connectSrc: [
        `https://cognito-idp.${this.region}.amazonaws.com`,
        ...props.uploadBuckets.map((b) => `https://${b.bucketRegionalDomainName}`),
      ],
    };
    const expected = securityHeaders(headerOptions);
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'TruckYard security headers (shared/security-headers.ts)',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: cspDirectives(headerOptions).join('; '), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: { customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }] },
    });
    if (expected['x-frame-options'] !== 'DENY' || expected['referrer-policy'] !== HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN) {
      throw new Error('shared/security-headers.ts changed: update the CloudFront policy to match');
    }

    const viewerRequestFunction = (fid: string, code: string) => ({
      functionAssociations: [
        {
          eventType: FunctionEventType.VIEWER_REQUEST,
          function: new CloudFrontFunction(this, fid, { code: FunctionCode.fromInline(code), runtime: FunctionRuntime.JS_2_0 }),
        },
      ],
    });

    // Imported by name so the OAC grants do not write the distribution id into the data stack (a
    // dependency cycle); the data stack grants this account's distributions instead.
    const importBucket = (bid: string, bucket: IBucket) =>
      Bucket.fromBucketAttributes(this, bid, { bucketName: bucket.bucketName, bucketRegionalDomainName: bucket.bucketRegionalDomainName });
    const siteBucket = importBucket('SiteBucket', props.siteBucket);
    const truckImages = importBucket('TruckImagesBucket', props.truckImages);
    // One viewer-request function for every /media/<bucket key>/* behaviour.
    const stripMediaPrefix = viewerRequestFunction('StripMediaPrefix', STRIP_MEDIA_PREFIX_CODE);
    const mediaBehaviours = Object.fromEntries(
      MEDIA_BUCKET_KEYS.map((key): [string, BehaviorOptions] => [
        `/media/${key}/*`,
        {
          // truck-images is imported once: a second import of the same bucket would clash.
          origin: S3BucketOrigin.withOriginAccessControl(
            key === 'truck-images'
              ? truckImages
              : importBucket(`Media${key.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Bucket`, props.mediaBuckets[key]),
          ),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.responseHeadersPolicy,
          compress: true,
          ...stripMediaPrefix,
        },
      ]),
    );
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      "The data stack grants CloudFront OAC read access to the site and truck-images buckets and the media buckets' published prefixes.",
    );

    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      // Proves to the API that a request came through CloudFront, so it may trust CloudFront-Viewer-Address.
      customHeaders: props.originVerifySecret ? { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret } : undefined,
    });
    const edgeCache = new CachePolicy(this, 'EdgeCache', {
      comment: 'TruckYard pages and API reads: anonymous answers for seconds, signed-in answers never',
      minTtl: Duration.seconds(EDGE_CACHE_POLICY.minTtlSeconds),
      defaultTtl: Duration.seconds(EDGE_CACHE_POLICY.defaultTtlSeconds),
      maxTtl: Duration.seconds(EDGE_CACHE_POLICY.maxTtlSeconds),
      headerBehavior: CacheHeaderBehavior.allowList(...EDGE_CACHE_POLICY.keyHeaders),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The all-viewer origin request policy forwards every other viewer header (Authorization goes
    // because it is in the cache key).
    const toApi: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: edgeCache,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: true,
    };
    // The built files: hashed assets, favicon, index.html (no page is a path with an extension).
    const toSite: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: true,
    };

    // Pages (the default behaviour and the file-like page rows): only the query parameters the page
    // routes read reach the cache key and the handler (infra/lib/page-query-function.ts).
    const toPages: BehaviorOptions = { ...toApi, ...viewerRequestFunction('PageQueryAllowList', pageQueryFunctionCode()) };

    const pagePatterns = pagePathPatterns(props.routes);
    const behaviourCount = pagePatterns.length + 4 + MEDIA_BUCKET_KEYS.length;
    if (behaviourCount > CLOUDFRONT_BEHAVIOURS_QUOTA) {
      Annotations.of(this).addWarningV2(
        'truckyard:cloudfrontBehaviours',
        `${behaviourCount} cache behaviours exceed CloudFront's default quota of ${CLOUDFRONT_BEHAVIOURS_QUOTA}: request an increase or put page rows under a common prefix.`,
      );
    }

    const certificate =
      props.domain?.certificate ??
      (props.domain?.certificateArn ? Certificate.fromCertificateArn(this, 'SiteCertificate', props.domain.certificateArn) : undefined);
    if (props.domain && !certificate) throw new Error(`${props.domain.domainName}: no certificate (certificateArn or hostedZone)`);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'TruckYard site, /api, /images and /media',
      httpVersion: HttpVersion.HTTP2_AND_3,
      domainNames: props.domain ? [props.domain.domainName] : undefined,
      certificate,
      webAclId: props.webAclArn,
      // Only with our certificate: CloudFront's default one has a fixed policy (see the CFR4 acknowledgement).
      minimumProtocolVersion: certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      priceClass: PriceClass.PRICE_CLASS_100,
      // Every page — '/' included, hence no default root object — goes to the page handler
      // (functions/src/http/seo/render-page.ts), which renders the first screen and answers the SPA
      // route table's status (404 for unknown paths). Files go to the site bucket. Behaviours
      // match in this order: file-like page rows, /api, /images, /assets, any path with a dot.
      defaultBehavior: { ...toPages, allowedMethods: AllowedMethods.ALLOW_GET_HEAD },
      additionalBehaviors: {
        ...Object.fromEntries(pagePatterns.map((pattern) => [pattern, toPages])),
        '/api/*': toApi,
        '/images/*': {
          origin: S3BucketOrigin.withOriginAccessControl(truckImages),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.responseHeadersPolicy,
          compress: true,
          ...viewerRequestFunction('StripImagesPrefix', STRIP_IMAGES_PREFIX_CODE),
        },
        // Admin-published media (before /*.*: every media file name has an extension).
        ...mediaBehaviours,
        '/assets/*': toSite,
        '/*.*': toSite,
      },
    });

    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'A UK marketplace, but buyers abroad are welcome: no geo restriction.');
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR3',
      'CloudFront standard logs need ACL-enabled buckets; WAF metrics with sampled requests and the API access logs cover it.',
    );
    if (!props.domain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain CloudFront serves its default certificate, whose TLS floor it sets.',
      );
    }
    if (props.domain?.hostedZone) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: props.domain.hostedZone.id,
        zoneName: props.domain.hostedZone.name,
      });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'SiteAlias', { zone, recordName: props.domain.domainName, target });
      new AaaaRecord(this, 'SiteAliasIpv6', { zone, recordName: props.domain.domainName, target });
    }

    new CfnOutput(this, 'SiteUrl', { value: `https://${props.domain?.domainName ?? this.distribution.distributionDomainName}` });

    if (existsSync(props.webDistDir)) {
      new BucketDeployment(this, 'DeploySite', {
        sources: [Source.asset(props.webDistDir)],
        destinationBucket: siteBucket,
        // Files of earlier builds stay: a page opened before a deploy still loads the chunks it
        // names (its lazy routes, footer, menus) instead of failing on files the deploy removed.
        // Their names are content hashes, so a new build never overwrites one with other code.
        prune: false,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      // CDK's own deployment function (a stack-level singleton): it copies web/dist from the CDK
      // assets bucket into the site bucket and invalidates CloudFront; its grants are CDK's.
      const why = "CDK's BucketDeployment provider (copies web/dist to the site bucket); its runtime and grants are set by CDK.";
      for (const id of [
        'AwsSolutions-L1',
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'AwsSolutions-IAM5[Action::s3:GetObject*]',
        'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        'AwsSolutions-IAM5[Action::s3:List*]',
        'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        'AwsSolutions-IAM5[Action::s3:Abort*]',
        'AwsSolutions-IAM5[Resource::*]',
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${this.region}/*]`,
      ]) {
        acknowledge(this, id, why);
      }
    }
  }
}
