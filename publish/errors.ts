/**
 * A failure the owner can act on, said in one line: wrong credentials, a missing bucket, an
 * unreachable endpoint, a build that failed. Its message is written here from what failed (a
 * code, a bucket, an endpoint), never copied from a request, so no credential can reach it.
 */
export class PublishError extends Error {
  override name = 'PublishError';
}
