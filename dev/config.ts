/**
 * Configuration of the local cloud (`npm start`): ports, the data directory, and the
 * environment variables the handlers read (functions/src/config.ts), pointed at the stand-ins.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_NAME_DEFAULT } from '../functions/src/adapters/dynamodb/table.js';
import { DEFAULT_SECRETS_PREFIX, SECRET_NAMES, type SecretName } from '../functions/src/adapters/secrets/secrets.js';
import { fixtureSourcesAt } from './scrape-fixtures/sites.js';
import { LOCAL_VEHICLE_RECORDS_KEYS, vehicleRecordsUrls } from './vehicle-records/urls.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const REGION = 'eu-west-2';
/** s3rver refuses any other access key id; DynamoDB Local and cognito-local accept anything. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export const BUCKETS = {
  truckImages: 'truck-images',
  promotionalImages: 'promotional-images',
  banners: 'banners',
  logos: 'logos',
  generalMedia: 'general-media',
  privateUploads: 'private-uploads',
  auditArchive: 'audit-archive',
} as const;
export const ALL_BUCKETS: string[] = Object.values(BUCKETS);

export const ADMIN_GROUPS = ['admins', 'super_admins'] as const;

export interface LocalCloudConfig {
  /** Web app and API, one origin. */
  port: number;
  dynamodbPort: number;
  s3Port: number;
  cognitoPort: number;
  /** Reserved for the local mail catcher. */
  smtpPort: number;
  /** Where the stand-ins keep their state (`.local/`). */
  dataDir: string;
  tableName: string;
  /** First of the three ports of the scraper's fixture sites (dev/scrape-fixtures); default PORT + 5. */
  scrapeFixturesPort?: number;
  /**
   * Where SSM Parameter Store's stand-in answers (AWS_ENDPOINT_URL_SSM): by default `/_aws/ssm` on
   * the local server (`npm start`); the integration tests start one of their own (dev/stand-ins/ssm.ts).
   */
  ssmEndpoint?: string;
}

function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): LocalCloudConfig {
  return {
    port: portFrom(env, 'PORT', 3000),
    dynamodbPort: portFrom(env, 'DYNAMODB_PORT', 8000),
    s3Port: portFrom(env, 'S3_PORT', 4569),
    cognitoPort: portFrom(env, 'COGNITO_PORT', 9229),
    smtpPort: portFrom(env, 'SMTP_PORT', 1025),
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR || '.local'),
    tableName: env.TABLE_NAME || TABLE_NAME_DEFAULT,
    scrapeFixturesPort: portFrom(env, 'SCRAPE_FIXTURES_PORT', portFrom(env, 'PORT', 3000) + 5),
  };
}

/** Everyone (browser and server) calls the stand-ins via `localhost`: cognito-local's issuer names the host. */
export const serviceUrl = (port: number) => `http://localhost:${port}`;

const cognitoIssuer = (cognitoPort: number, userPoolId: string) => `${serviceUrl(cognitoPort)}/${userPoolId}`;

/** Local values of the secrets (SSM SecureString parameters in AWS); not secrets of any value. */
export const LOCAL_SECRET_VALUES: Record<SecretName, string> = {
  stripeSecretKey: 'sk_test_truckyard_local',
  stripeWebhookSecret: 'whsec_truckyard_local',
  whatsappToken: 'whatsapp-local-token',
  unsubscribeSigningKey: 'unsubscribe-local-signing-key',
  originVerifySecret: 'origin-verify-local',
  // Locally there is always a previous value, so the two-secret check runs (docs/security.md).
  originVerifySecretPrevious: 'origin-verify-local-previous',
  altchaHmacKey: 'altcha-local-hmac-key',
  // The vehicle-records stand-in (dev/vehicle-records) accepts only these.
  ...LOCAL_VEHICLE_RECORDS_KEYS,
};

/** The SSM parameters the local SSM stand-in serves: every secret under each prefix. */
export function localSecretParameters(prefixes: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...prefixes].flatMap((prefix) => SECRET_NAMES.map((name) => [`${prefix}${name}`, LOCAL_SECRET_VALUES[name]])));
}

export interface CognitoIds {
  userPoolId: string;
  clientId: string;
}

/**
 * The environment variables the handlers need, pointed at the local stand-ins. The work queues'
 * (AWS_ENDPOINT_URL_SQS and each QUEUE_URL_<ID>) and the event bus's (AWS_ENDPOINT_URL_EVENTBRIDGE
 * and EVENT_BUS_NAME), as the template gives them, are set by the API server that serves the SQS
 * and EventBridge endpoints, once its address is known (dev/api-server.ts `templates`).
 */
export function handlerEnv(cfg: LocalCloudConfig, cognito: CognitoIds): Record<string, string> {
  const issuer = cognitoIssuer(cfg.cognitoPort, cognito.userPoolId);
  const siteUrl = serviceUrl(cfg.port);
  return {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: serviceUrl(cfg.dynamodbPort),
    AWS_ENDPOINT_URL_S3: serviceUrl(cfg.s3Port),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: serviceUrl(cfg.cognitoPort),
    // The browser signs in against cognito-local too (GET /api/config); in AWS Amplify derives the endpoint.
    COGNITO_PUBLIC_ENDPOINT: serviceUrl(cfg.cognitoPort),
    // s3rver speaks path-style only, and does not understand the SDK's default aws-chunked
    // checksum trailers on streamed uploads (SDK >= 3.729), so only checksum when required.
    S3_FORCE_PATH_STYLE: 'true',
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
    TABLE_NAME: cfg.tableName,
    COGNITO_USER_POOL_ID: cognito.userPoolId,
    COGNITO_CLIENT_ID: cognito.clientId,
    COGNITO_ISSUER: issuer,
    COGNITO_JWKS_URL: `${issuer}/.well-known/jwks.json`,
    BUCKET_TRUCK_IMAGES: BUCKETS.truckImages,
    BUCKET_PRIVATE_UPLOADS: BUCKETS.privateUploads,
    BUCKET_PROMOTIONAL_IMAGES: BUCKETS.promotionalImages,
    BUCKET_BANNERS: BUCKETS.banners,
    BUCKET_LOGOS: BUCKETS.logos,
    BUCKET_GENERAL_MEDIA: BUCKETS.generalMedia,
    BUCKET_AUDIT_ARCHIVE: BUCKETS.auditArchive,
    IMAGES_BASE_URL: '/images',
    SITE_URL: siteUrl,
    // `npm run job -- price-model` writes the model from another process: local readers re-read it within 5 s.
    PRICE_MODEL_READ_CACHE_MS: '5000',
    // Secrets are SSM parameters under SECRETS_PREFIX, read from the SSM stand-in as in AWS (LOCAL_SECRET_VALUES).
    SECRETS_PREFIX: DEFAULT_SECRETS_PREFIX,
    AWS_ENDPOINT_URL_SSM: cfg.ssmEndpoint ?? `${siteUrl}/_aws/ssm`,
    // The DVLA and DVSA stand-ins on the local API server (dev/vehicle-records).
    DVLA_API_URL: vehicleRecordsUrls(siteUrl).dvlaApiUrl,
    DVSA_API_URL: vehicleRecordsUrls(siteUrl).dvsaApiUrl,
    DVSA_TOKEN_URL: vehicleRecordsUrls(siteUrl).dvsaTokenUrl,
    // The Stripe SDK and the WhatsApp adapter talk to stand-ins on the local API server (dev/stripe, dev/whatsapp).
    STRIPE_API_URL: siteUrl,
    WHATSAPP_API_URL: `${siteUrl}/_dev/whatsapp/api`,
    WHATSAPP_PHONE_NUMBER_ID: 'local-phone-number-id',
    // The scraper collects from the loopback fixture sites `npm start` serves (dev/scrape-fixtures).
    ...(cfg.scrapeFixturesPort
      ? { SCRAPER_SOURCES: JSON.stringify(fixtureSourcesAt(cfg.scrapeFixturesPort)), SCRAPER_TIMEOUT_MS: '2000' }
      : {}),
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(cfg.smtpPort),
  };
}
