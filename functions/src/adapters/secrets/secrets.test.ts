import { describe, expect, it } from 'vitest';
import { getOptionalSecret, getSecret } from './secrets.js';

// The module caches values and absences per secret name for the process, so each test reads names of its own.
describe('getSecret', () => {
  it('reads SSM whatever the stage: no local branch takes the value from the environment', async () => {
    // Prepare
    const asked: string[] = [];
    const fetchParameter = async (n: string) => {
      asked.push(n);
      return 'whsec_from_ssm';
    };
    const env = { STAGE: 'local', SECRETS_PREFIX: '/truckyard/prod/', SECRET_STRIPE_WEBHOOK_SECRET: 'whsec_from_env' };
    // Act
    const value = await getSecret('stripeWebhookSecret', env, fetchParameter);
    // Assess
    expect(value).toBe('whsec_from_ssm');
    expect(asked).toEqual(['/truckyard/prod/stripeWebhookSecret']);
  });

  it('fails naming SECRETS_PREFIX when it is missing', async () => {
    await expect(getSecret('whatsappToken', {}, async () => 'x')).rejects.toThrow(/SECRETS_PREFIX/);
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
  const env = { STAGE: 'aws', SECRETS_PREFIX: '/truckyard/prod/' };
  const notFound = () => Object.assign(new Error('Parameter not found'), { name: 'ParameterNotFound' });

  it('is undefined for a missing parameter, and remembers that (one SSM call)', async () => {
    // Prepare
    let calls = 0;
    const fetchParameter = async () => {
      calls++;
      throw notFound();
    };
    const briefly = { ...env, SECRET_CACHE_MS: '50' };
    // Act
    const a = await getOptionalSecret('originVerifySecretPrevious', briefly, fetchParameter);
    const b = await getOptionalSecret('originVerifySecretPrevious', briefly, fetchParameter);
    // Assess
    expect([a, b, calls]).toEqual([undefined, undefined, 1]);
    // Once SECRET_CACHE_MS has passed, a missing parameter is asked for again.
    await new Promise((r) => setTimeout(r, 80));
    await expect(getOptionalSecret('originVerifySecretPrevious', briefly, fetchParameter)).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('returns a configured value, and throws any other failure', async () => {
    await expect(getOptionalSecret('dvsaClientId', env, async () => 'old')).resolves.toBe('old');
    const denied = Object.assign(new Error('not authorized'), { name: 'AccessDeniedException' });
    await expect(
      getOptionalSecret('dvsaClientSecret', env, async () => {
        throw denied;
      }),
    ).rejects.toThrow(/not authorized/);
  });
});
