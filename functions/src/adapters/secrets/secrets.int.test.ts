import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SECRET_VALUES } from '../../../../dev/config.js';
import { applyLocalCloudEnv } from '../../../../dev/testing/harness.js';
import { getOptionalSecret, getSecret } from './secrets.js';

/**
 * The secrets adapter through the real SSM client against SSM's local stand-in
 * (dev/stand-ins/ssm.ts, started by dev/testing/global-setup.ts): the one path it takes in AWS.
 */
describe('secrets from the local SSM stand-in', () => {
  let env: Record<string, string>;
  beforeAll(() => {
    env = applyLocalCloudEnv();
  });

  it('reads a secret from the SSM parameter under SECRETS_PREFIX, with no SECRET_* variable set', async () => {
    // Prepare: the handler environment names the prefix and the endpoint, not the value.
    expect(Object.keys(env).filter((k) => k.startsWith('SECRET_'))).toEqual([]);
    // Act
    const value = await getSecret('stripeWebhookSecret');
    // Assess
    expect(value).toBe(LOCAL_SECRET_VALUES.stripeWebhookSecret);
  });

  it("turns SSM's ParameterNotFound into a missing optional secret, and a missing required one into an error", async () => {
    // Prepare: a prefix under which the stand-in holds nothing.
    const elsewhere = { ...process.env, SECRETS_PREFIX: '/truckyard/nowhere/' };
    // Act, Assess
    await expect(getOptionalSecret('originVerifySecretPrevious', elsewhere)).resolves.toBeUndefined();
    await expect(getSecret('altchaHmacKey', elsewhere)).rejects.toMatchObject({ name: 'ParameterNotFound' });
  });
});
