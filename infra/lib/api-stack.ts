import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ACCESS_TOKEN_SCOPE, needsAuthorizer, type RouteArea, type RouteDef, routes } from '../../functions/src/routes.js';
import { accessKey } from './constructs/grants.js';
import { REQUIRE_ORIGIN_VERIFY_ENV } from '../../functions/src/http/viewer-ip.js';
import { acknowledge } from './nag.js';
import { HTTP_API_TIMEOUT_SECONDS, type HouseDefaultsWithCognito, HouseFunction } from './constructs/house-function.js';
import { stageThrottles } from './throttles.js';

export interface ApiStackProps extends StackProps {
  defaults: HouseDefaultsWithCognito;
  /** Rows to build in this stack; the core rows of functions/src/routes.ts unless a test passes its own. */
  routes?: readonly RouteDef[];
  /** Reserved concurrency by handler module (the search function's cap); none for the others. */
  reservedConcurrency?: Readonly<Record<string, number>>;
}

/** The area a row's function and route live in ('core' unless the row says). */
export const areaOf = (r: RouteDef): RouteArea => r.area ?? 'core';

/**
 * Rows grouped by handler module: one function per module (the category page rows share one).
 * Rows sharing a function must declare equal access, so no row gets more than it declares.
 */
function groupByHandler(rows: readonly RouteDef[]): RouteDef[][] {
  const groups = new Map<string, RouteDef[]>();
  for (const r of rows) groups.set(r.handler, [...(groups.get(r.handler) ?? []), r]);
  for (const group of groups.values()) {
    const keys = new Set(group.map((r) => accessKey(r.access)));
    if (keys.size > 1) {
      throw new Error(
        `Rows ${group.map((r) => r.id).join(', ')} share ${group[0].handler} (one function) but declare different access; declare the same.`,
      );
    }
    const sizes = new Set(group.map((r) => `${r.memoryMb}/${r.timeoutSeconds}`));
    if (sizes.size > 1)
      throw new Error(`Rows ${group.map((r) => r.id).join(', ')} share ${group[0].handler} but differ in memory or timeout.`);
  }
  return [...groups.values()];
}

interface ApiRoutesProps {
  defaults: HouseDefaultsWithCognito;
  httpApi: HttpApi;
  authorizer: IHttpRouteAuthorizer;
  routes: readonly RouteDef[];
  /** Reserved concurrency by handler module. */
  reservedConcurrency?: Readonly<Record<string, number>>;
}

/** One function per handler module and one route per row, on the given HTTP API (which may live in another stack). */
class ApiRoutes extends Construct {
  /** Functions by route id (rows sharing a handler map to the same function). */
  readonly functions: Record<string, HouseFunction> = {};

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id);
    for (const group of groupByHandler(props.routes)) {
      const first = group[0];
      if ((first.timeoutSeconds ?? 0) > HTTP_API_TIMEOUT_SECONDS) {
        throw new Error(`${first.id}: timeout ${first.timeoutSeconds} s exceeds what API Gateway waits (${HTTP_API_TIMEOUT_SECONDS} s)`);
      }
      // The first row's id keeps the function's logical id stable when rows are added to its module.
      const fn = new HouseFunction(Stack.of(this), first.id, {
        defaults: props.defaults,
        handler: first.handler,
        access: first.access,
        memoryMb: first.memoryMb,
        timeoutSeconds: first.timeoutSeconds,
        // HEAD rows (routes.ts derives one per GET row) are not counted: they are their GET's twins.
        description: ((n) => (n === 1 ? `${first.method} ${first.path}` : `${first.handler} (${n} routes)`))(
          group.filter((r) => r.method !== 'HEAD').length,
        ),
        reservedConcurrentExecutions: props.reservedConcurrency?.[first.handler],
      });
      // Requests that skip CloudFront are refused (functions/src/http/viewer-ip.ts).
      fn.addEnvironment(REQUIRE_ORIGIN_VERIFY_ENV, '1');
      const integration = new HttpLambdaIntegration(`${first.id}Integration`, fn);
      for (const route of group) {
        this.functions[route.id] = fn;
        const httpRoute = new HttpRoute(Stack.of(this), `${route.id}Route`, {
          httpApi: props.httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration,
          // 'optional' routes verify a bearer token themselves when one is sent: API Gateway cannot make an authorizer optional.
          authorizer: needsAuthorizer(route) ? props.authorizer : undefined,
          // ID tokens carry no scope: API Gateway then refuses them, as the local gateway does.
          authorizationScopes: needsAuthorizer(route) ? [ACCESS_TOKEN_SCOPE] : undefined,
        });
        if (!needsAuthorizer(route)) {
          acknowledge(httpRoute, 'AwsSolutions-APIG4', `${route.auth} route: anonymous callers are allowed (functions/src/routes.ts).`);
        }
      }
    }
  }
}

/** The HTTP API (core): the API itself, its JWT authorizer and the core rows (its stage is ApiStageStack's). */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly authorizer: HttpJwtAuthorizer;
  readonly functions: Record<string, HouseFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { defaults } = props;

    // No stage here: route throttles may only name routes that exist, and the area stacks add
    // routes after this stack, so the $default stage is ApiStageStack's, deployed after them all.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'TruckYard API (served under /api/* by CloudFront)',
      createDefaultStage: false,
    });

    const issuer = `https://cognito-idp.${this.region}.amazonaws.com/${defaults.userPool.userPoolId}`;
    // For access tokens API Gateway compares client_id with the audience. An ID token's aud is the
    // client id too, so the routes also require the access token's scope (ACCESS_TOKEN_SCOPE), and
    // the handlers (http/handler.ts) and the local gateway check token_use=access.
    this.authorizer = new HttpJwtAuthorizer('CognitoJwt', issuer, { jwtAudience: [defaults.userPoolClient.userPoolClientId] });

    const rows = (props.routes ?? routes).filter((r) => areaOf(r) === 'core');
    this.functions = new ApiRoutes(this, 'Routes', {
      defaults,
      httpApi: this.httpApi,
      authorizer: this.authorizer,
      routes: rows,
      reservedConcurrency: props.reservedConcurrency,
    }).functions;

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}

export interface AreaApiStackProps extends StackProps {
  defaults: HouseDefaultsWithCognito;
  api: ApiStack;
  routes: readonly RouteDef[];
}

/** An area's functions and routes (admin, payments, alerts) on the core stack's HTTP API, so no stack nears CloudFormation's limits. */
export class AreaApiStack extends Stack {
  readonly functions: Record<string, HouseFunction>;

  constructor(scope: Construct, id: string, props: AreaApiStackProps) {
    super(scope, id, props);
    this.functions = new ApiRoutes(this, 'Routes', {
      defaults: props.defaults,
      httpApi: props.api.httpApi,
      authorizer: props.api.authorizer,
      routes: props.routes,
    }).functions;
  }
}

export interface ApiStageStackProps extends StackProps {
  httpApi: IHttpApi;
  /** Every row on the API (all areas): the route keys the throttles name. */
  routes: readonly RouteDef[];
}

/**
 * The API's $default stage, deployed after the core and area stacks (API Gateway refuses route
 * settings naming a route that does not exist yet): per-route throttles (infra/lib/throttles.ts)
 * and access logs.
 */
export class ApiStageStack extends Stack {
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, props: ApiStageStackProps) {
    super(scope, id, props);
    const throttles = stageThrottles(props.routes);
    this.stage = new HttpStage(this, 'DefaultStage', { httpApi: props.httpApi, stageName: '$default', autoDeploy: true });
    const stage = this.stage.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = {
      throttlingRateLimit: throttles.defaultRoute.rateLimit,
      throttlingBurstLimit: throttles.defaultRoute.burstLimit,
    };
    // RouteSettings is free-form JSON in CDK (its keys are not converted): CloudFormation's names.
    stage.routeSettings = Object.fromEntries(
      Object.entries(throttles.routes).map(([key, t]) => [key, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }]),
    );
    // Access logs: one JSON line per request, without bodies, headers or query strings (no personal data).
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        time: '$context.requestTime',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };
  }
}
