import { describe, expect, it } from 'vitest';
import { handlerEnv, loadConfig } from './config.js';

describe('local cloud configuration', () => {
  it('defaults the ports and lets the environment override them', () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, dynamodbPort: 8000, s3Port: 4569, cognitoPort: 9229, smtpPort: 1025 });
    expect(loadConfig({ PORT: '4000', S3_PORT: '5000' })).toMatchObject({ port: 4000, s3Port: 5000 });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be a port number/);
  });

  it('points handlers at the stand-ins via localhost, the host in cognito-local token issuers', () => {
    const env = handlerEnv(loadConfig({ COGNITO_PORT: '9300' }), { userPoolId: 'local_abc', clientId: 'c1' });
    expect(env).toMatchObject({
      AWS_ACCESS_KEY_ID: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      COGNITO_ISSUER: 'http://localhost:9300/local_abc',
      COGNITO_JWKS_URL: 'http://localhost:9300/local_abc/.well-known/jwks.json',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://localhost:8000',
      TABLE_NAME: 'TruckYard',
      BUCKET_TRUCK_IMAGES: 'truck-images',
      IMAGES_BASE_URL: '/images',
      SITE_URL: 'http://localhost:3000',
      // Local needs are explicit variables, not a stage switch (functions/src/config.ts reads no STAGE).
      COGNITO_PUBLIC_ENDPOINT: 'http://localhost:9300',
      MAIL_TRANSPORT: 'smtp',
    });
    expect(env).not.toHaveProperty('STAGE');
  });
});
