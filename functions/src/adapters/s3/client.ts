import { S3Client } from '@aws-sdk/client-s3';
import { sdkClientConfig } from '../sdk-config.js';

/**
 * One S3 client per execution environment. Locally AWS_ENDPOINT_URL_S3 points at s3rver, which
 * only understands path-style URLs (S3_FORCE_PATH_STYLE=true); presigned URLs then name
 * http://localhost:<port>/<bucket>/<key>, which the browser can reach.
 */
export const s3 = new S3Client({ ...sdkClientConfig(), forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' });
