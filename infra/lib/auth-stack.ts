import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { type CognitoTriggerName, cognitoTriggers } from '../../functions/src/cognito-triggers.js';
import { LIMITS } from '../../shared/constants.js';
import { type HouseDefaults, HouseFunction } from './constructs/house-function.js';

/** Cognito groups the admin handlers check (functions/src/routes.ts: admin, superAdmin). */
export const USER_GROUPS = ['admins', 'super_admins'] as const;

/** `Name <address>` or `address` -> the pool's SES sender; undefined keeps Cognito's default sender. */
export function sesSender(mailFrom: string | undefined, sesRegion: string) {
  if (!mailFrom) return undefined;
  const match = mailFrom.match(/^\s*(.*?)\s*<([^>]+)>\s*$/);
  const [fromName, fromEmail] = match ? [match[1] || undefined, match[2]] : [undefined, mailFrom.trim()];
  return UserPoolEmail.withSES({ fromEmail, fromName, sesRegion });
}

export interface AuthStackProps extends StackProps {
  /** Wiring for the trigger functions (they get no COGNITO_* variables: the pool names them). */
  defaults: Omit<HouseDefaults, 'userPool' | 'userPoolClient'>;
  /** Trigger name -> handler; functions/src/cognito-triggers.ts unless a test passes its own. */
  triggers?: Partial<Record<CognitoTriggerName, string>>;
}

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly triggerFunctions: Partial<Record<CognitoTriggerName, HouseFunction>> = {};

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      // Read by functions/src/domain/accounts/profiles.ts when sign-up sends them.
      customAttributes: {
        account_type: new StringAttribute({ mutable: true, maxLen: 32 }),
        company_name: new StringAttribute({ mutable: true, maxLen: 200 }),
      },
      passwordPolicy: {
        minLength: LIMITS.minPasswordLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Cognito's own sender allows 50 e-mails a day; with a MAIL_FROM (an SES identity) codes go through SES.
      email: sesSender(props.defaults.mail?.from, this.region),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    // Lower precedence wins when a user is in both groups: super_admins first.
    USER_GROUPS.forEach((groupName, i) => {
      new CfnUserPoolGroup(this, `Group-${groupName}`, {
        userPoolId: this.userPool.userPoolId,
        groupName,
        precedence: USER_GROUPS.length - 1 - i,
      });
    });

    for (const [name, handler] of Object.entries(props.triggers ?? cognitoTriggers) as [CognitoTriggerName, string][]) {
      const fn = new HouseFunction(this, `${name}Trigger`, { defaults: props.defaults, handler, description: `Cognito ${name} trigger` });
      // UserPoolOperation names are the trigger names in camelCase (postConfirmation).
      this.userPool.addTrigger(UserPoolOperation.of(name[0].toLowerCase() + name.slice(1)), fn);
      this.triggerFunctions[name] = fn;
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
