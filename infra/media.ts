import { Aws } from 'aws-cdk-lib';

/**
 * The announcement media bucket lives in the Web stack, next to the distribution whose
 * `/media/*` behaviour reads it through origin access control (in one stack: no cycle). The API
 * stack, deployed before it, knows it only by this fixed name. Bucket names are global and at most
 * 63 characters: `ss-` keeps a 20-character stage in a 14-character region at 57.
 */
export const mediaBucketName = (stage: string, account: string = Aws.ACCOUNT_ID, region: string = Aws.REGION) =>
  `ss-${stage}-media-${account}-${region}`;

/** Key prefixes: unconfirmed uploads (expired by lifecycle) and the served images (`/media/*`). */
export const MEDIA_UPLOAD_PREFIX = 'uploads/';
export const MEDIA_SERVED_PREFIX = 'media/announcements/';
/** Unconfirmed uploads are deleted after this many days. */
export const MEDIA_UPLOAD_EXPIRY_DAYS = 1;
