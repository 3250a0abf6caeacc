import { XMLParser } from 'fast-xml-parser';

/**
 * S3's XML answers, read by a general XML parser (fast-xml-parser): a page of the
 * ListObjectsV2 listing (each `<Contents>` entry's key, ETag and size, and the token of the
 * next page), an error's code, a multipart upload's id. Every entity a storage escapes a
 * character in (`&#39;` MinIO, `&#x27;` s3rver, `&apos;`) is decoded; text is kept as text
 * (a key "0012" stays "0012").
 */
export interface ListingPage {
  objects: Array<{ key: string; etag: string; size: number }>;
  /** The continuation token when the listing goes on. */
  next: string | undefined;
}

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: false, htmlEntities: true, processEntities: true, isArray: (_name, path) => path === 'ListBucketResult.Contents' });

function parsed(xml: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = parser.parse(xml);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The page, or undefined when the text is not a listing (a proxy's page, another API). */
export function parseListingPage(xml: string): ListingPage | undefined {
  const result = parsed(xml)?.ListBucketResult;
  if (typeof result !== 'object' || result === null) return undefined;
  const { Contents = [], IsTruncated, NextContinuationToken } = result as Record<string, unknown>;
  if (!Array.isArray(Contents)) return undefined;
  const objects: ListingPage['objects'] = [];
  for (const entry of Contents as Array<Record<string, unknown>>) {
    // An empty <Key></Key> is read as ''; an entry lacking one is no listing of ours.
    const [key, etag, size] = [text(entry?.Key), text(entry?.ETag), Number(text(entry?.Size))];
    if (key === undefined || etag === undefined || !Number.isFinite(size)) return undefined;
    objects.push({ key, etag, size });
  }
  return { objects, next: text(IsTruncated)?.trim() === 'true' ? text(NextContinuationToken) : undefined };
}

/** The code of an S3 error answer (`<Error><Code>NoSuchBucket</Code>…`). */
export function errorCodeOf(xml: string): string | undefined {
  if (!xml.includes('<Error')) return undefined;
  const error = parsed(xml)?.Error as Record<string, unknown> | undefined;
  return text(error?.Code)?.trim() || undefined;
}

/** The id a CreateMultipartUpload answer gives. */
export function uploadIdOf(xml: string): string | undefined {
  const result = parsed(xml)?.InitiateMultipartUploadResult as Record<string, unknown> | undefined;
  return text(result?.UploadId)?.trim() || undefined;
}
