import { beforeEach, describe, expect, it } from 'vitest';
import { clearSecretCache, getOptionalSecret, getSecret, secretEnvVar } from './secrets.js';

describe('getSecret', () => {
  beforeEach(() => clearSecretCache());

  it('reads the local value from SECRET_<NAME> when STAGE=local', async () => {
    expect(secretEnvVar('stripeWebhookSecret')).toBe('SECRET_STRIPE_WEBHOOK_SECRET');
    await expect(getSecret('stripeWebhookSecret', { STAGE: 'local', SECRET_STRIPE_WEBHOOK_SECRET: 'whsec_local' })).resolves.toBe(
      'whsec_local',
    );
  });

  it('fails with the variable name when a local secret is missing', async () => {
    await expect(getSecret('whatsappToken', { STAGE: 'local' })).rejects.toThrow(/SECRET_WHATSAPP_TOKEN/);
  });

  it('reads the SSM parameter under SECRETS_PREFIX once and caches it', async () => {
    // Prepare
    const asked: string[] = [];
    const fetchParameter = async (n: string) => {
      asked.push(n);
      return 'sk_live_x';
    };
    const env = { STAGE: 'aws', SECRETS_PREFIX: '/truckyard/prod/' };
    // Act
    const a = await getSecret('stripeSecretKey', env, fetchParameter);
    const b = await getSecret('stripeSecretKey', env, fetchParameter);
    // Assess
    expect([a, b]).toEqual(['sk_live_x', 'sk_live_x']);
    expect(asked).toEqual(['/truckyard/prod/stripeSecretKey']);
  });
});

describe('getOptionalSecret', () => {
  beforeEach(() => clearSecretCache());
  const env = { STAGE: 'aws', SECRETS_PREFIX: '/truckyard/prod/' };
  const notFound = () => Object.assign(new Error('Parameter not found'), { name: 'ParameterNotFound' });

  it('is undefined for a missing parameter, and remembers that (one SSM call)', async () => {
    // Prepare
    let calls = 0;
    const fetchParameter = async () => {
      calls++;
      throw notFound();
    };
    // Act
    const a = await getOptionalSecret('originVerifySecretPrevious', env, fetchParameter);
    const b = await getOptionalSecret('originVerifySecretPrevious', env, fetchParameter);
    // Assess
    expect([a, b, calls]).toEqual([undefined, undefined, 1]);
    // After the cache is cleared, a missing parameter is asked for again (as in AWS: no stage branch).
    clearSecretCache();
    await expect(getOptionalSecret('originVerifySecretPrevious', env, fetchParameter)).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('returns a configured value, and throws any other failure', async () => {
    await expect(getOptionalSecret('originVerifySecretPrevious', env, async () => 'old')).resolves.toBe('old');
    clearSecretCache();
    const denied = Object.assign(new Error('not authorized'), { name: 'AccessDeniedException' });
    await expect(
      getOptionalSecret('originVerifySecretPrevious', env, async () => {
        throw denied;
      }),
    ).rejects.toThrow(/not authorized/);
  });
});
