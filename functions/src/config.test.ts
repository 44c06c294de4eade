import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from './config.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('configuration: one path, local needs as explicit variables', () => {
  it('sends mail through SES unless MAIL_TRANSPORT says smtp, whatever STAGE says', () => {
    // Prepare
    vi.stubEnv('MAIL_TRANSPORT', '');
    vi.stubEnv('STAGE', 'local');
    // Act + Assess
    expect(config.mailTransport).toBe('ses');
    vi.stubEnv('MAIL_TRANSPORT', 'smtp');
    expect(config.mailTransport).toBe('smtp');
    vi.stubEnv('MAIL_TRANSPORT', 'sendmail');
    expect(() => config.mailTransport).toThrow('MAIL_TRANSPORT must be "ses" or "smtp", got "sendmail"');
  });

  it("gives the browser a Cognito endpoint only from COGNITO_PUBLIC_ENDPOINT, not from the SDK's endpoint", () => {
    // Prepare
    vi.stubEnv('COGNITO_USER_POOL_ID', 'eu-west-2_pool');
    vi.stubEnv('COGNITO_CLIENT_ID', 'client');
    vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', 'http://localhost:9229');
    vi.stubEnv('STAGE', 'local');
    vi.stubEnv('COGNITO_PUBLIC_ENDPOINT', '');
    // Act + Assess
    expect(config.publicAuth.userPoolEndpoint).toBeNull();
    vi.stubEnv('COGNITO_PUBLIC_ENDPOINT', 'http://localhost:9300');
    expect(config.publicAuth).toMatchObject({
      userPoolId: 'eu-west-2_pool',
      clientId: 'client',
      userPoolEndpoint: 'http://localhost:9300',
    });
  });
});
