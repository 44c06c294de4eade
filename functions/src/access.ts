/**
 * What a function may touch, declared on its row (routes.ts, jobs.ts, events.ts, queues.ts,
 * cognito-triggers.ts). CDK grants exactly this and nothing more (infra/lib/constructs/grants.ts);
 * a CDK test checks every function's policy against its row.
 *
 * Omitted keys mean "no access". Public read routes declare at most `table: 'read'` and bucket
 * `read` access. Rows that share a handler module share one function, so they must declare equal
 * access (CDK refuses otherwise).
 */
export const BUCKET_KEYS = [
  'truck-images',
  'promotional-images',
  'banners',
  'logos',
  'general-media',
  'private-uploads',
  'audit-archive',
] as const;
export type BucketKey = (typeof BUCKET_KEYS)[number];

type TableAccess = 'read' | 'readWrite';
/** `put`: s3:PutObject alone, for write-once archives (the audit log's, under Object Lock). */
export type BucketAccessLevel = 'read' | 'put' | 'write' | 'readWrite' | 'readWriteDelete';

export interface BucketAccess {
  bucket: BucketKey;
  /** Key prefixes (e.g. 'uploads/'); the whole bucket when omitted. */
  prefixes?: readonly string[];
  access: BucketAccessLevel;
}

/** Cognito admin API actions a function may call on the user pool (without the `cognito-idp:` prefix). */
type CognitoAdminAction =
  | 'ListUsers'
  | 'ListUsersInGroup'
  | 'AdminGetUser'
  | 'AdminListGroupsForUser'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminResetUserPassword'
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUser'
  | 'AdminUserGlobalSignOut'
  | 'AdminCreateUser'
  | 'AdminSetUserPassword';

export interface Access {
  table?: TableAccess;
  /**
   * Narrows `table` to items whose partition key starts with one of these prefixes (IAM condition
   * dynamodb:LeadingKeys), on the table itself only: no index queries, no Scan. For functions
   * anyone may call, so a bug there cannot reach other people's items (issue 23 "Old M4").
   */
  tableKeys?: readonly string[];
  /**
   * With `tableKeys`: indexes the function may Query (dynamodb:Query on the index only, read-only,
   * not narrowed), for a narrowed function whose lookup goes through an index (the webhook finds
   * a user by Stripe customer id on gsi1).
   */
  tableIndexQueries?: readonly string[];
  /**
   * With `tableKeys`: more partition-key prefixes the function may only read (item reads, same
   * narrowing), whatever `table` says: a public route that looks a listing up but never writes it.
   */
  tableReadKeys?: readonly string[];
  /**
   * With `table: 'read'` (not narrowed): the partition-key prefixes the function may also put items
   * under (dynamodb:PutItem with LeadingKeys), nothing else written: the admin read router records
   * its audited reads (`AUDITRES#`) and writes nothing more.
   */
  tableWriteKeys?: readonly string[];
  buckets?: readonly BucketAccess[];
  /** ses:SendEmail/SendRawEmail on the configured sending identity only. */
  mail?: boolean;
  /** events:PutEvents on the app's bus. */
  events?: boolean;
  /** sqs:SendMessage to these queues (ids of functions/src/queues.ts rows). */
  queues?: readonly string[];
  cognito?: readonly CognitoAdminAction[];
  /** SSM secret names (SECRET_NAMES in functions/src/adapters/secrets/secrets.ts) the function reads. */
  secrets?: readonly string[];
  /**
   * s3:GetObject on the SPA's index.html and Vite's manifest (.vite/manifest.json) in the site bucket
   * (SPA_BUCKET; the page renderer), and s3:ListBucket for exactly those keys (a missing one is a 404).
   */
  siteIndex?: boolean;
  /**
   * Fetches web addresses someone else chose (a dealer's feed and photos, the scraper's sources),
   * always through the SSRF guard (adapters/http/safe-fetch.ts). Grants nothing in IAM: it gives
   * the function FETCH_ALLOW_HOSTS, the fixture allow-list (CDK context `fetchAllowHosts`, empty in AWS).
   */
  outboundHttp?: boolean;
  /**
   * Calls the government vehicle record services (issue 27): 'dvla' (Vehicle Enquiry Service) gives
   * the function DVLA_API_URL, 'dvsa' (MOT History) DVSA_API_URL, DVSA_TOKEN_URL and DVSA_SCOPE
   * (CDK context `dvlaApiUrl`, `dvsaApiUrl`, `dvsaTokenUrl`, `dvsaScope`). Grants nothing in IAM by
   * itself: the row also lists the service's secrets (VEHICLE_RECORD_SECRETS), and CDK refuses a
   * row that does not.
   */
  vehicleRecords?: readonly VehicleRecordService[];
}

export type VehicleRecordService = 'dvla' | 'dvsa';

/** The SSM secrets each vehicle record service needs (functions/src/adapters/secrets/secrets.ts). */
export const VEHICLE_RECORD_SECRETS: Record<VehicleRecordService, readonly string[]> = {
  dvla: ['dvlaApiKey'],
  dvsa: ['dvsaApiKey', 'dvsaClientId', 'dvsaClientSecret'],
};

/** A row's access for calling these services: the URLs and exactly their secrets. */
export function vehicleRecordsAccess(services: readonly VehicleRecordService[]): Pick<Access, 'vehicleRecords' | 'secrets'> {
  return { vehicleRecords: services, secrets: services.flatMap((s) => VEHICLE_RECORD_SECRETS[s]) };
}
