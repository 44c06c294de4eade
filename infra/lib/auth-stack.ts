import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { type CognitoTriggerDef, type CognitoTriggerName, cognitoTriggerRows } from '../../functions/src/cognito-triggers.js';
import { LIMITS } from '../../shared/constants.js';
import { acknowledge } from './nag.js';
import { type HouseDefaults, HouseFunction } from './constructs/house-function.js';

/** Cognito groups the admin handlers check (functions/src/routes.ts: admin, superAdmin). */
const USER_GROUPS = ['admins', 'super_admins'] as const;

/**
 * `Name <address>` or `address` -> the pool's SES sender; undefined keeps Cognito's default sender
 * (50 e-mails a day). `sesVerifiedDomain` is the verified domain identity the address belongs to.
 */
function sesSender(mailFrom: string | undefined, sesRegion: string, sesVerifiedDomain?: string) {
  if (!mailFrom) return undefined;
  const match = mailFrom.match(/^\s*(.*?)\s*<([^>]+)>\s*$/);
  const [fromName, fromEmail] = match ? [match[1] || undefined, match[2]] : [undefined, mailFrom.trim()];
  if (sesVerifiedDomain && !fromEmail.toLowerCase().endsWith(`@${sesVerifiedDomain.toLowerCase()}`)) {
    throw new Error(`mailFrom ${fromEmail} is not an address of the SES domain ${sesVerifiedDomain}`);
  }
  return UserPoolEmail.withSES({ fromEmail, fromName, sesRegion, sesVerifiedDomain });
}

export interface AuthStackProps extends StackProps {
  /** Wiring for the trigger functions (they get no COGNITO_* variables: the pool names them). */
  defaults: Omit<HouseDefaults, 'userPool' | 'userPoolClient'>;
  /** Trigger rows; functions/src/cognito-triggers.ts unless a test passes its own. */
  triggers?: readonly CognitoTriggerDef[];
  /** The verified SES domain of MAIL_FROM (context `sesDomain`): Cognito's codes then go through SES. */
  sesDomain?: string;
  /**
   * Whether Cognito sends through the SES domain (context `cognitoSes`). False on the first deploy
   * with `sesDomain`: Cognito refuses an identity SES has not verified yet (docs/deploying.md).
   */
  cognitoSes?: boolean;
}

/**
 * Cognito's feature plan, pinned: Lite has everything the app uses (e-mail sign-in, TOTP MFA,
 * triggers) and costs nothing up to 10,000 monthly active users, then USD 0.0055 per user
 * (Essentials, the default for new pools, is USD 0.015 per user above 10,000).
 */
const COGNITO_FEATURE_PLAN = FeaturePlan.LITE;

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly triggerFunctions: Partial<Record<CognitoTriggerName, HouseFunction>> = {};

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // AllowAdminCreateUserOnly (issue 23): Cognito's public SignUp is closed. Our sign-up route
      // creates accounts (AdminCreateUser, no Cognito mail) behind ALTCHA and its rate limits, and
      // sends and checks the verification code itself; PreTokenGeneration refuses unverified ones.
      selfSignUpEnabled: false,
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
      // admin_only: Cognito's ForgotPassword is closed too; the reset request goes through our API
      // (ALTCHA, limits, our code by our mailer) and sets the password with AdminSetUserPassword.
      accountRecovery: AccountRecovery.NONE,
      // Admins and super admins enrol an authenticator app (TOTP); the admin handlers require it.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Cognito's own sender allows 50 e-mails a day; with a MAIL_FROM on a verified SES domain codes go through SES.
      email: props.sesDomain && props.cognitoSes !== false ? sesSender(props.defaults.mail?.from, this.region, props.sesDomain) : undefined,
      featurePlan: COGNITO_FEATURE_PLAN,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'Length over composition (NIST SP 800-63B): 12 characters (issue 23), no character classes; our API also refuses guessable passwords (zxcvbn score under 3).',
    );
    acknowledge(this.userPool, 'AwsSolutions-COG2', 'MFA is optional for buyers and sellers; admin and super admin handlers require TOTP.');
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'The Plus tier (threat protection) is a cost decision for later; sign-in attempts are rate limited by Cognito and WAF.',
    );

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      // USER_WRITABLE_ATTRIBUTES only: custom:account_type and the rest are set by our API.
      readAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true, fullname: true, phoneNumber: true, phoneNumberVerified: true })
        .withCustomAttributes('account_type', 'company_name'),
      // What a user may write on their own Cognito user: name and phone, plus the e-mail sign-up
      // must send (a required attribute; a change is re-verified). custom:account_type and the rest
      // are set by our API with admin rights.
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true, fullname: true, phoneNumber: true }),
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      // A week (issue 23): a stolen refresh token is useful for at most 7 days.
      refreshTokenValidity: Duration.days(7),
    });

    // Lower precedence wins when a user is in both groups: super_admins first.
    USER_GROUPS.forEach((groupName, i) => {
      new CfnUserPoolGroup(this, `Group-${groupName}`, {
        userPoolId: this.userPool.userPoolId,
        groupName,
        precedence: USER_GROUPS.length - 1 - i,
      });
    });

    for (const { name, handler, access, memoryMb, timeoutSeconds } of props.triggers ?? cognitoTriggerRows) {
      // Cognito waits 5 s for a trigger.
      const fn = new HouseFunction(this, `${name}Trigger`, {
        defaults: props.defaults,
        handler,
        access,
        memoryMb,
        timeoutSeconds: timeoutSeconds ?? 5,
        description: `Cognito ${name} trigger`,
      });
      // UserPoolOperation names are the trigger names in camelCase (postConfirmation).
      this.userPool.addTrigger(UserPoolOperation.of(name[0].toLowerCase() + name.slice(1)), fn);
      this.triggerFunctions[name] = fn;
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
