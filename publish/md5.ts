import { createHash } from 'node:crypto';

/**
 * MD5s as S3 uses them: hex in ETags and our metadata, base64 in Content-MD5. Files above
 * MULTIPART_THRESHOLD go up in parts of PART_SIZE (a video, a large original): a part lost on
 * the way is sent again alone, and S3 takes parts up to 5 GB an object. Such an object's
 * ETag is S3's multipart form, the MD5 of its parts' MD5s and their count, which is computed
 * here from the same parts so that the plan can compare it without asking the bucket.
 */
export interface Md5 {
  hex: string;
  base64: string;
}

const MULTIPART_THRESHOLD = 16 * 1024 * 1024;
const PART_SIZE = 8 * 1024 * 1024;

export function md5Of(bytes: Uint8Array): Md5 {
  const digest = createHash('md5').update(bytes).digest();
  return { hex: digest.toString('hex'), base64: digest.toString('base64') };
}

export const md5FromHex = (hex: string): Md5 => ({ hex, base64: Buffer.from(hex, 'hex').toString('base64') });

/** The parts a body goes up in, each with its MD5; undefined when it goes in one request. */
export function multipartPlan(body: Uint8Array): Array<{ body: Uint8Array; md5: Md5 }> | undefined {
  if (body.length <= MULTIPART_THRESHOLD) return undefined;
  const parts = [];
  for (let start = 0; start < body.length; start += PART_SIZE) {
    const part = body.subarray(start, start + PART_SIZE);
    parts.push({ body: part, md5: md5Of(part) });
  }
  return parts;
}

/** The ETag S3 gives the body uploaded by multipartPlan's parts (`<hex>-<parts>`), undefined for a body sent whole. */
export function multipartEtagOf(body: Uint8Array): string | undefined {
  const parts = multipartPlan(body);
  if (!parts) return undefined;
  const digests = Buffer.concat(parts.map((p) => Buffer.from(p.md5.hex, 'hex')));
  return `${createHash('md5').update(digests).digest('hex')}-${parts.length}`;
}
