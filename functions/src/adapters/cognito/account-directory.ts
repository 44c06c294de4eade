import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { SignUpRequest } from '../../../../shared/schemas/account.js';
import type { AccountDirectory, DirectoryAccount } from '../../domain/accounts/account-ports.js';
import { DomainError } from '../../domain/errors.js';
import { sdkClientConfig } from '../sdk-config.js';

/** One client per execution environment; locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points at cognito-local. */
const cognito = new CognitoIdentityProviderClient(sdkClientConfig());

const errorName = (err: unknown) => (err as { name?: string; __type?: string })?.name ?? '';

function refusal(err: unknown): DomainError | null {
  const name = errorName(err);
  if (name === 'InvalidPasswordException')
    return new DomainError('VALIDATION', (err as Error).message || 'Password does not meet the requirements.');
  if (name === 'InvalidParameterException') return new DomainError('VALIDATION', (err as Error).message || 'Please check the details.');
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
    return new DomainError('RATE_LIMITED', 'Too many attempts. Please try again later.');
  }
  return null;
}

/**
 * The user pool with admin rights (issue 23): the pool allows only admin-created users, so
 * sign-up creates the account here (AdminCreateUser without Cognito's message, then
 * AdminSetUserPassword as permanent) and our API sends and checks the verification code. The
 * e-mail is the username (the pool signs in with e-mail), already lower-cased.
 */
export function cognitoAccountDirectory(userPoolId: string): AccountDirectory {
  return {
    async createAccount(input: SignUpRequest) {
      const attributes: Record<string, string | undefined> = {
        email: input.email,
        email_verified: 'false',
        name: input.name,
        phone_number: input.phone,
      };
      let userId: string | undefined;
      try {
        const created = await cognito.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: input.email,
            MessageAction: 'SUPPRESS',
            UserAttributes: Object.entries(attributes)
              .filter((e): e is [string, string] => Boolean(e[1]))
              .map(([Name, Value]) => ({ Name, Value })),
          }),
        );
        userId = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? created.User?.Username;
      } catch (err) {
        const name = errorName(err);
        if (name === 'UsernameExistsException' || name === 'AliasExistsException') return { outcome: 'exists' };
        throw refusal(err) ?? err;
      }
      if (!userId) throw new Error('AdminCreateUser returned no user');
      try {
        await cognito.send(
          new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: input.email, Password: input.password, Permanent: true }),
        );
      } catch (err) {
        // No half-made account: without its password it could never be used.
        await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: input.email })).catch(() => undefined);
        throw refusal(err) ?? err;
      }
      return { outcome: 'created', userId };
    },

    async findByEmail(email) {
      try {
        const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
        const attributes = Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
        const account: DirectoryAccount = {
          userId: attributes.sub ?? user.Username ?? '',
          emailVerified: attributes.email_verified === 'true',
          enabled: user.Enabled !== false,
          attributes,
        };
        return account;
      } catch (err) {
        if (errorName(err) === 'UserNotFoundException') return null;
        throw err;
      }
    },

    async markEmailVerified(email) {
      await cognito.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: userPoolId,
          Username: email,
          // The address with it: cognito-local refuses email_verified alone; for Cognito it is the same value.
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    },

    async setPassword(email, password) {
      try {
        await cognito.send(
          new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
        );
      } catch (err) {
        throw refusal(err) ?? err;
      }
    },
  };
}

/**
 * The sign-in account as account deletion uses it (issue 10 §6, issue 23); the user's `sub` is the
 * pool's username. The password check is a sign-in (USER_PASSWORD_AUTH, the flow the web client
 * uses, docs/security.md): an unauthenticated Cognito call, so no IAM grant.
 */
export function cognitoSignIns(userPoolId: string, clientId: string) {
  return {
    async emailOf(userId: string) {
      try {
        const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: userId }));
        return user.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? null;
      } catch (err) {
        if (errorName(err) === 'UserNotFoundException') return null;
        throw err;
      }
    },

    async passwordMatches(username: string, password: string) {
      try {
        const res = await cognito.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: username, PASSWORD: password },
          }),
        );
        // Tokens, or an MFA challenge: Cognito asks for the code only once the password was right.
        return Boolean(res.AuthenticationResult?.AccessToken || res.ChallengeName);
      } catch (err) {
        const name = errorName(err);
        // Cognito answers a wrong password with NotAuthorizedException; cognito-local with InvalidPasswordException.
        if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException' || name === 'UserNotFoundException') return false;
        if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
          throw new DomainError('RATE_LIMITED', 'Too many attempts. Please try again later.');
        }
        throw err;
      }
    },

    async signOutEverywhere(userId: string) {
      try {
        await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: userId }));
      } catch (err) {
        if (errorName(err) !== 'UserNotFoundException') throw err;
      }
    },

    async deleteUser(userId: string) {
      try {
        await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: userId }));
      } catch (err) {
        if (errorName(err) !== 'UserNotFoundException') throw err;
      }
    },
  };
}
