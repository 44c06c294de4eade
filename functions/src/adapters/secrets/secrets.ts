import { sdkClientConfig } from '../sdk-config.js';

/**
 * Secrets (Stripe keys, webhook secret, WhatsApp token, signing keys). Each is an SSM SecureString
 * parameter `${SECRETS_PREFIX}${name}` (e.g. /truckyard/prod/stripeSecretKey), read on first use
 * and cached per environment for SECRET_CACHE_MS (default 5 minutes), so a rotated value is picked
 * up without a deploy. There is one path everywhere: locally the SSM client reaches the SSM
 * stand-in through AWS_ENDPOINT_URL_SSM (dev/stand-ins/ssm.ts; docs/local-cloud.md). A row lists
 * the names its function reads in `access.secrets`; CDK grants ssm:GetParameter on exactly those
 * parameters.
 */
export const SECRET_NAMES = [
  'stripeSecretKey',
  'stripeWebhookSecret',
  'whatsappToken',
  'unsubscribeSigningKey',
  'originVerifySecret',
  /** The origin secret before its last rotation, accepted until it is deleted (optional; docs/security.md). */
  'originVerifySecretPrevious',
  /** Signs and checks the ALTCHA proof-of-work challenges (GET /api/challenge; issue 23). */
  'altchaHmacKey',
  /** DVLA Vehicle Enquiry Service API key (issue 27). */
  'dvlaApiKey',
  /** DVSA MOT History API: its API key and the Entra application's client id and secret. */
  'dvsaApiKey',
  'dvsaClientId',
  'dvsaClientSecret',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** Where the secrets live in SSM unless the CDK app says otherwise (context `secretsPrefix`). */
export const DEFAULT_SECRETS_PREFIX = '/truckyard/prod/';

type Fetch = (parameterName: string) => Promise<string>;

const cache = new Map<SecretName, { value: string; at: number }>();
let ssmFetch: Fetch | undefined;

async function defaultSsmFetch(): Promise<Fetch> {
  if (ssmFetch) return ssmFetch;
  const { SSMClient, GetParameterCommand } = await import('@aws-sdk/client-ssm');
  const client = new SSMClient(sdkClientConfig());
  ssmFetch = async (parameterName) => {
    const res = await client.send(new GetParameterCommand({ Name: parameterName, WithDecryption: true }));
    const value = res.Parameter?.Value;
    if (!value) throw new Error(`SSM parameter ${parameterName} is empty`);
    return value;
  };
  return ssmFetch;
}

/** The secret's current value; throws with the missing name when it is not configured. */
export async function getSecret(name: SecretName, env: NodeJS.ProcessEnv = process.env, fetchParameter?: Fetch): Promise<string> {
  const ttl = Number(env.SECRET_CACHE_MS ?? 300_000);
  const hit = cache.get(name);
  if (hit && Date.now() - hit.at < ttl) return hit.value;
  const prefix = env.SECRETS_PREFIX;
  if (!prefix) throw new Error('Missing required environment variable SECRETS_PREFIX');
  const value = await (fetchParameter ?? (await defaultSsmFetch()))(`${prefix}${name}`);
  cache.set(name, { value, at: Date.now() });
  return value;
}

const absent = new Map<SecretName, number>();

/** A missing SSM parameter (AWS's ParameterNotFound). */
const isMissing = (err: unknown) => err instanceof Error && err.name === 'ParameterNotFound';

/**
 * An optional secret's value, or undefined when it is not configured. Absence is remembered for as
 * long as a value would be (SECRET_CACHE_MS), so a request cannot make every call ask SSM again.
 * Any other failure (a refused ssm:GetParameter) is thrown, as getSecret does.
 */
export async function getOptionalSecret(
  name: SecretName,
  env: NodeJS.ProcessEnv = process.env,
  fetchParameter?: Fetch,
): Promise<string | undefined> {
  const ttl = Number(env.SECRET_CACHE_MS ?? 300_000);
  const since = absent.get(name);
  if (since !== undefined && Date.now() - since < ttl) return undefined;
  try {
    const value = await getSecret(name, env, fetchParameter);
    absent.delete(name);
    return value;
  } catch (err) {
    if (!isMissing(err)) throw err;
    absent.set(name, Date.now());
    return undefined;
  }
}
