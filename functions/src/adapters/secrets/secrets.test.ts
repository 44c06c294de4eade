import { beforeEach, describe, expect, it } from 'vitest';
import { clearSecretCache, getSecret, secretEnvVar } from './secrets.js';

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
