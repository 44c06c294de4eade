import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { needsAuthorizer, type RouteDef, routes } from '../../functions/src/routes.js';
import { type HouseDefaultsWithCognito, HouseFunction } from './constructs/house-function.js';

export interface ApiStackProps extends StackProps {
  defaults: HouseDefaultsWithCognito;
  /** Rows to build; functions/src/routes.ts unless a test passes its own. */
  routes?: readonly RouteDef[];
}

/** What the admin screens do to users (spec: suspend/activate, password reset, make admin); admin rows only. */
export const USER_ADMIN_ACTIONS = [
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminUpdateUserAttributes',
];

/** The HTTP API: one function and one route per row of functions/src/routes.ts. */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly functions: Record<string, HouseFunction> = {};

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { defaults } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'TruckYard API (served under /api/* by CloudFront)' });

    const issuer = `https://cognito-idp.${this.region}.amazonaws.com/${defaults.userPool.userPoolId}`;
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', issuer, {
      jwtAudience: [defaults.userPoolClient.userPoolClientId],
    });

    for (const route of props.routes ?? routes) {
      const fn = new HouseFunction(this, route.id, {
        defaults,
        handler: route.handler,
        memoryMb: route.memoryMb,
        timeoutSeconds: route.timeoutSeconds,
        description: `${route.method} ${route.path}`,
      });
      this.functions[route.id] = fn;
      if (route.auth === 'admin' || route.auth === 'superAdmin') {
        fn.addToRolePolicy(new PolicyStatement({ actions: USER_ADMIN_ACTIONS, resources: [defaults.userPool.userPoolArn] }));
      }
      this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn),
        // 'optional' routes verify a bearer token themselves when one is sent: API Gateway cannot make an authorizer optional.
        authorizer: needsAuthorizer(route) ? authorizer : undefined,
      });
    }

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}
