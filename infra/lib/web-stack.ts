import { existsSync } from 'node:fs';
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
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
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';

export interface WebStackProps extends StackProps {
  httpApi: IHttpApi;
  /** The listing photos bucket, served under /images/* (its policy lives in the data stack). */
  truckImages: IBucket;
  /** Buckets the browser POSTs presigned uploads to; the CSP must let it connect to them. */
  uploadBuckets: IBucket[];
  /** The built SPA (web/dist). Deployed only if it exists, so synth works before a web build. */
  webDistDir: string;
}

/** SPA routes have no file extension: serve index.html for them and let the router take over. */
const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** /images/<key> is served from the truck-images bucket's <key> (IMAGES_BASE_URL is /images). */
const STRIP_IMAGES_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.substring('/images'.length);
  return request;
}`;

export class WebStack extends Stack {
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // The site is rebuilt from the repository on every deploy; nothing in it needs keeping.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const uploadHosts = props.uploadBuckets.map((b) => `https://${b.bucketRegionalDomainName}`).join(' ');
    const csp = [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      `connect-src 'self' https://cognito-idp.${this.region}.amazonaws.com ${uploadHosts}`,
    ].join('; ');
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'TruckYard security headers (ASVS 3.4, 14.4)',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const viewerRequestFunction = (fid: string, code: string) => ({
      functionAssociations: [
        {
          eventType: FunctionEventType.VIEWER_REQUEST,
          function: new CloudFrontFunction(this, fid, { code: FunctionCode.fromInline(code), runtime: FunctionRuntime.JS_2_0 }),
        },
      ],
    });

    // Imported by name so the OAC grant does not write the distribution id into the data stack
    // (a dependency cycle); the data stack grants this account's distributions instead.
    const truckImages = Bucket.fromBucketAttributes(this, 'TruckImagesBucket', {
      bucketName: props.truckImages.bucketName,
      bucketRegionalDomainName: props.truckImages.bucketRegionalDomainName,
    });
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The truck-images bucket policy in the data stack grants CloudFront OAC read access.',
    );

    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'TruckYard site, /api and /images',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      // No distribution-wide errorResponses for the SPA fallback: they would also turn the API's
      // 403/404 JSON errors into index.html. A viewer-request function on the default behaviour does it.
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        ...viewerRequestFunction('SpaFallback', SPA_FALLBACK_CODE),
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
          compress: true,
        },
        '/images/*': {
          origin: S3BucketOrigin.withOriginAccessControl(truckImages),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.responseHeadersPolicy,
          compress: true,
          ...viewerRequestFunction('StripImagesPrefix', STRIP_IMAGES_PREFIX_CODE),
        },
      },
    });

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });

    if (existsSync(props.webDistDir)) {
      new BucketDeployment(this, 'DeploySite', {
        sources: [Source.asset(props.webDistDir)],
        destinationBucket: this.siteBucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
    }
  }
}
