/**
 * The part size of the bucket's multipart uploads (bodies larger than one part). Fixed rather than the SDK's
 * default (which grows with a known length), so that `vitrin storage migrate` can tell a multipart object's
 * ETag (the MD5 of its parts' MD5s) from the local file. Its own module: reading it loads no SDK.
 */
export const S3_PART_SIZE = 8 * 1024 * 1024;
