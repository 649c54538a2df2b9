// s3rver ships no types: the part of its API the tests use (README of s3rver 3.7).
declare module 's3rver' {
  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    /** Checks each request's signature against the one known key pair (S3RVER / S3RVER). */
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  };
  // eslint-disable-next-line import-x/no-default-export -- describes s3rver's own default export
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
