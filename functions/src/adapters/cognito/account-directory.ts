import { AdminDeleteUserCommand, CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { SignUpRequest } from '../../../../shared/schemas/account.js';
import type { AccountDirectory } from '../../domain/accounts/sign-up.js';
import { DomainError } from '../../domain/errors.js';
import { sdkClientConfig } from '../sdk-config.js';

/** One client per execution environment; locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points at cognito-local. */
const cognito = new CognitoIdentityProviderClient(sdkClientConfig());

const errorName = (err: unknown) => (err as { name?: string; __type?: string })?.name ?? '';

/**
 * Cognito's public SignUp for the web client (no admin rights: the same call the browser could
 * make). The e-mail is the username (the pool signs in with e-mail), already lower-cased.
 */
export function cognitoAccountDirectory(clientId: string): AccountDirectory {
  return {
    async signUp(input: SignUpRequest) {
      const attributes: Record<string, string | undefined> = { email: input.email, name: input.name, phone_number: input.phone };
      // The post-confirmation trigger reads these from the confirmation's client metadata (the web
      // sends them again there); passing them here too serves PreSignUp/CustomMessage triggers.
      const clientMetadata: Record<string, string> = { accountType: input.accountType, fullName: input.name };
      if (input.companyName) clientMetadata.companyName = input.companyName;
      if (input.phone) clientMetadata.phone = input.phone;
      try {
        await cognito.send(
          new SignUpCommand({
            ClientId: clientId,
            Username: input.email,
            Password: input.password,
            UserAttributes: Object.entries(attributes)
              .filter((e): e is [string, string] => Boolean(e[1]))
              .map(([Name, Value]) => ({ Name, Value })),
            ClientMetadata: clientMetadata,
          }),
        );
        return 'created';
      } catch (err) {
        const name = errorName(err);
        if (name === 'UsernameExistsException' || name === 'AliasExistsException') return 'exists';
        if (name === 'InvalidPasswordException') {
          throw new DomainError('VALIDATION', (err as Error).message || 'Password does not meet the requirements.');
        }
        if (name === 'InvalidParameterException')
          throw new DomainError('VALIDATION', (err as Error).message || 'Please check the details.');
        if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
          throw new DomainError('RATE_LIMITED', 'Too many attempts. Please try again later.');
        }
        throw err;
      }
    },
  };
}

/** Deletes a sign-in account (account deletion, issue 10 §6); the user's `sub` is the pool's username. */
export function cognitoSignIns(userPoolId: string) {
  return {
    async deleteUser(userId: string) {
      try {
        await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: userId }));
      } catch (err) {
        if (errorName(err) !== 'UserNotFoundException') throw err;
      }
    },
  };
}
