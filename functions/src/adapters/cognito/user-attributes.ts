import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { sdkClientConfig } from '../sdk-config.js';

/** One client per execution environment; locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points at cognito-local. */
const cognito = new CognitoIdentityProviderClient(sdkClientConfig());

/**
 * The signed-in user's attributes (name, phone_number, email, custom:*) read with their own
 * access token — no admin rights needed. Used to fill a profile the sign-up trigger never wrote.
 */
export async function userAttributesFromAccessToken(accessToken: string): Promise<Record<string, string>> {
  const res = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
  return Object.fromEntries(
    (res.UserAttributes ?? []).filter((a) => a.Name && a.Value !== undefined).map((a) => [a.Name, a.Value]),
  ) as Record<string, string>;
}
