/**
 * Configuration read from the environment, validated once. Missing required variables fail
 * loudly with their name. Local defaults live in dev/ (which sets these variables), never here.
 */
import { type AllowHosts, parseAllowHosts } from './adapters/http/allow-hosts.js';

function required(name: string): string {
  const v = process.env[name];
  if (v === undefined || v === '') throw new Error(`Missing required environment variable ${name}`);
  return v;
}
function optional(name: string, fallback: string): string {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : v;
}

export const config = {
  /**
   * The DVLA Vehicle Enquiry Service's base URL (issue 27), set by CDK (context `dvlaApiUrl`) only on
   * functions whose row has `vehicleRecords: ['dvla', …]`. The key is a secret (SSM), not a variable.
   */
  get dvlaApiUrl() {
    return required('DVLA_API_URL');
  },
  /**
   * The DVSA MOT History API: base URL, Entra token endpoint and scope (context `dvsaApiUrl`,
   * `dvsaTokenUrl`, `dvsaScope`), only on functions whose row has `vehicleRecords: [… 'dvsa']`.
   */
  get dvsa() {
    return {
      apiUrl: required('DVSA_API_URL'),
      tokenUrl: required('DVSA_TOKEN_URL'),
      scope: optional('DVSA_SCOPE', 'https://tapi.dvsa.gov.uk/.default'),
    };
  },
  get tableName() {
    return required('TABLE_NAME');
  },
  get cognito() {
    return {
      userPoolId: required('COGNITO_USER_POOL_ID'),
      clientId: required('COGNITO_CLIENT_ID'),
      issuer: required('COGNITO_ISSUER'),
      jwksUrl: required('COGNITO_JWKS_URL'),
    };
  },
  /**
   * What the browser needs to sign in (GET /api/config). `userPoolEndpoint` is COGNITO_PUBLIC_ENDPOINT,
   * a transport variable only the local cloud sets (cognito-local); unset in AWS, where Amplify
   * derives Cognito's endpoint from the region.
   */
  get publicAuth(): { region: string; userPoolId: string; clientId: string; userPoolEndpoint: string | null } {
    return {
      region: optional('AWS_REGION', 'eu-west-2'),
      userPoolId: required('COGNITO_USER_POOL_ID'),
      clientId: required('COGNITO_CLIENT_ID'),
      userPoolEndpoint: optional('COGNITO_PUBLIC_ENDPOINT', '') || null,
    };
  },
  /** Each name is read when asked for: a function is given only the buckets its row declares. */
  get buckets() {
    return {
      get truckImages() {
        return required('BUCKET_TRUCK_IMAGES');
      },
      get privateUploads() {
        return optional('BUCKET_PRIVATE_UPLOADS', '');
      },
    };
  },
  /** Bucket name by its key in functions/src/access.ts (the media buckets are only needed by the admin area). */
  bucketName(
    key: 'truck-images' | 'promotional-images' | 'banners' | 'logos' | 'general-media' | 'private-uploads' | 'audit-archive',
  ): string {
    const env = `BUCKET_${key.toUpperCase().replace(/-/g, '_')}`;
    return required(env);
  },
  /** Public path or URL under which media files are served, as `{base}/{bucket key}/{file path}` (CloudFront, or the local server). */
  get mediaBaseUrl() {
    return optional('MEDIA_BASE_URL', '/media');
  },
  /** The private uploads bucket: browser uploads before verification, valuation photos. Never served. */
  get privateUploadsBucket(): string {
    return required('BUCKET_PRIVATE_UPLOADS');
  },
  /**
   * Where the link-preview pages (http/seo) read the SPA's index.html: a file locally
   * (SPA_INDEX_PATH, web/dist/index.html), the site bucket in AWS (SPA_BUCKET).
   */
  get spaIndex(): { path: string } | { bucket: string; key: string } {
    const path = optional('SPA_INDEX_PATH', '');
    if (path) return { path };
    return { bucket: required('SPA_BUCKET'), key: optional('SPA_INDEX_KEY', 'index.html') };
  },
  /** Public path or URL under which the truck-images bucket is served (CloudFront, or the local server). */
  get imagesBaseUrl() {
    return optional('IMAGES_BASE_URL', '/images');
  },
  /** URLs per sitemap part: the protocol's 50,000 (SITEMAP_URLS_PER_PART lowers it, for tests). */
  get sitemapUrlsPerPart() {
    return Number(optional('SITEMAP_URLS_PER_PART', '50000'));
  },
  /** Where the built sitemap lives in the truck-images bucket (tests give each file its own). */
  get sitemapPrefix() {
    return optional('SITEMAP_S3_PREFIX', 'sitemaps/');
  },
  /** How often a warm search index asks the table for changes. */
  get searchRefreshMs() {
    return Number(optional('SEARCH_REFRESH_MS', '1000'));
  },
  /**
   * How long readers (search, the listing page, the sell form) keep the fair-price model before
   * re-reading it from S3; a rebuilt model shows in ratings within this long. Locally 5 s (dev/config.ts).
   */
  get priceModelReadCacheMs() {
    return Number(optional('PRICE_MODEL_READ_CACHE_MS', String(5 * 60_000)));
  },
  /** Overrides the search snapshot's S3 key (the benchmark keeps several sizes side by side). */
  get searchSnapshotKey() {
    return optional('SEARCH_SNAPSHOT_KEY', '');
  },
  /** How often at most the search snapshot is rewritten after listing changes. */
  get searchSnapshotIntervalMs() {
    return Number(optional('SEARCH_SNAPSHOT_INTERVAL_MS', '60000'));
  },
  get siteUrl() {
    return optional('SITE_URL', 'http://localhost:3000');
  },
  /**
   * How e-mail leaves: SES unless MAIL_TRANSPORT says `smtp`, which the local cloud sets (a transport
   * variable) to reach the mail catcher (dev/mail).
   */
  get mailTransport(): 'ses' | 'smtp' {
    const v = optional('MAIL_TRANSPORT', 'ses');
    if (v !== 'ses' && v !== 'smtp') throw new Error(`MAIL_TRANSPORT must be "ses" or "smtp", got "${v}"`);
    return v;
  },
  /** The From of every e-mail; in AWS an SES-verified identity. */
  get mailFrom() {
    return optional('MAIL_FROM', 'TruckYard <no-reply@truckyard.example>');
  },
  /** The staff inbox that receives contact-form messages. */
  get supportInbox() {
    return optional('SUPPORT_INBOX', 'support@truckyard.example');
  },
  /** Only read when MAIL_TRANSPORT=smtp. */
  get smtp() {
    const port = Number(required('SMTP_PORT'));
    if (!Number.isInteger(port) || port <= 0 || port > 65535)
      throw new Error(`SMTP_PORT must be a port number, got "${process.env.SMTP_PORT}"`);
    return { host: required('SMTP_HOST'), port };
  },
  /**
   * FETCH_ALLOW_HOSTS: the fixture allow-list of outbound fetches (adapters/http/allow-hosts.ts),
   * loopback `host:port` pairs the scraper and the stock import may fetch although they are not
   * public. Set only on those functions, from the CDK context key `fetchAllowHosts`; empty in AWS.
   */
  get fetchAllowHosts(): AllowHosts {
    return parseAllowHosts(process.env.FETCH_ALLOW_HOSTS);
  },
  /** The scraper (issue 12): sources (JSON, domain/scraper/sources.ts), politeness settings. */
  get scraper() {
    const siteUrl = this.siteUrl.replace(/\/+$/, '');
    return {
      sourcesJson: optional('SCRAPER_SOURCES', ''),
      userAgent: optional('SCRAPER_USER_AGENT', `TruckYardBot/1.0 (+${siteUrl}/contact)`),
      timeoutMs: Number(optional('SCRAPER_TIMEOUT_MS', '10000')),
    };
  },
  /**
   * Origin the browser posts presigned uploads to. Defaults to the SDK's S3 endpoint (locally
   * s3rver on localhost, which the browser reaches too); unset in AWS, where S3 names its own.
   */
  get s3PublicEndpoint(): string | null {
    return optional('S3_PUBLIC_ENDPOINT', optional('AWS_ENDPOINT_URL_S3', '')) || null;
  },
};
