import { decodeXML } from 'entities';

/**
 * A page of S3's ListObjectsV2 answer: each `<Contents>` entry's key, ETag and size, and the
 * token of the next page. The answer is flat and fixed by S3's API (no CDATA, no attributes
 * on these elements), so its parts are found by pattern and only their text decoded, by
 * `entities`, which knows every form a storage escapes a character in (`&#39;`, `&#x27;`,
 * `&apos;`). A general XML parser (fast-xml-parser) took 15–80 times as long a page, most of
 * a publish with nothing to do at 10,000 photos (docs/deploying.md).
 */
export interface ListingPage {
  objects: Array<{ key: string; etag: string; size: number }>;
  /** The continuation token when the listing goes on. */
  next: string | undefined;
}

const CONTENTS = /<Contents>([\s\S]*?)<\/Contents>/g;
/** One pattern an element, made once: 60,000 entries would otherwise compile 180,000. */
const ELEMENTS = Object.fromEntries(['Key', 'ETag', 'Size', 'IsTruncated', 'NextContinuationToken'].map((name) => [name, new RegExp(`<${name}>([^<]*)</${name}>`)]));
const textOf = (xml: string, element: string): string | undefined => {
  const match = ELEMENTS[element]!.exec(xml);
  return match ? decodeXML(match[1]!) : undefined;
};

/** The page, or undefined when the text is not a listing (a proxy's page, another API). */
export function parseListingPage(xml: string): ListingPage | undefined {
  if (!/<ListBucketResult[\s>]/.test(xml)) return undefined;
  const objects: ListingPage['objects'] = [];
  for (const [, entry] of xml.matchAll(CONTENTS)) {
    const [key, etag, size] = [textOf(entry!, 'Key'), textOf(entry!, 'ETag'), Number(textOf(entry!, 'Size'))];
    if (key === undefined || etag === undefined || !Number.isFinite(size)) return undefined;
    objects.push({ key, etag, size });
  }
  // The listing's own fields come after its entries; drop those so a key's text is never read as one.
  const tail = xml.replace(CONTENTS, '');
  return { objects, next: textOf(tail, 'IsTruncated') === 'true' ? textOf(tail, 'NextContinuationToken') : undefined };
}
