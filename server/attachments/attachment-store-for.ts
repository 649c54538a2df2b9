import type { Config } from '../config.ts';
import {
  attachmentsDirectory,
  localDirectoryStore,
  type AttachmentStore,
} from './attachment-store.ts';
import { s3AttachmentStore } from './s3-attachment-store.ts';

/**
 * The store the configuration names: an S3-compatible bucket when ATTACHMENTS_S3_BUCKET is set
 * (config.ts has checked its keys are there too), else the local directory.
 */
export function attachmentStoreFor(config: Config): AttachmentStore {
  const bucket = config.ATTACHMENTS_S3_BUCKET;
  if (bucket && config.ATTACHMENTS_S3_ACCESS_KEY_ID && config.ATTACHMENTS_S3_SECRET_ACCESS_KEY) {
    return s3AttachmentStore({
      endpoint:
        config.ATTACHMENTS_S3_ENDPOINT ??
        `https://s3.${config.ATTACHMENTS_S3_REGION}.amazonaws.com`,
      bucket,
      region: config.ATTACHMENTS_S3_REGION,
      accessKeyId: config.ATTACHMENTS_S3_ACCESS_KEY_ID,
      secretAccessKey: config.ATTACHMENTS_S3_SECRET_ACCESS_KEY,
    });
  }
  return localDirectoryStore(attachmentsDirectory(config));
}
