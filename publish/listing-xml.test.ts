import { describe, expect, it } from 'vitest';
import { parseListingPage } from './listing-xml.ts';

const page = (entries: string, tail = '<IsTruncated>false</IsTruncated>') => `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix></Prefix>${entries}${tail}</ListBucketResult>`;
const entry = (key: string, etag = '&quot;abc&quot;', size = 12) => `<Contents><Key>${key}</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified><ETag>${etag}</ETag><Size>${size}</Size><StorageClass>STANDARD</StorageClass></Contents>`;

describe("reading a page of S3's listing", () => {
  it('decodes a key however the storage escapes it (MinIO &#39;, s3rver &#x27;, &apos;), and a literal entity in a name stays one', () => {
    const parsed = parseListingPage(page([entry('a/Franklin&#39;s Gull/x.jpg'), entry('b/Franklin&#x27;s Gull/x.jpg'), entry('c/Franklin&apos;s Gull/x.jpg'), entry('d/Tom &amp; Jerry &amp;#39;.json'), entry('e/&lt;b&gt; &quot;q&quot;.txt')].join('')));
    expect(parsed?.objects.map((o) => o.key)).toEqual(["a/Franklin's Gull/x.jpg", "b/Franklin's Gull/x.jpg", "c/Franklin's Gull/x.jpg", 'd/Tom & Jerry &#39;.json', 'e/<b> "q".txt']);
    expect(parsed?.objects[0]).toEqual({ key: "a/Franklin's Gull/x.jpg", etag: '"abc"', size: 12 });
    expect(parsed?.next).toBeUndefined();
  });

  it('gives the next page’s token only when the listing is truncated', () => {
    expect(parseListingPage(page(entry('k'), '<IsTruncated>true</IsTruncated><NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>'))?.next).toBe('1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=');
    // A key that looks like the listing's own fields is read as a key.
    expect(parseListingPage(page(entry('<IsTruncated>true</IsTruncated>'.replace(/</g, '&lt;').replace(/>/g, '&gt;'))))?.next).toBeUndefined();
  });

  it('says when an answer is not a listing', () => {
    expect(parseListingPage('<html><body>Sign in to the Wi-Fi</body></html>')).toBeUndefined();
    expect(parseListingPage(page('<Contents><Key>k</Key></Contents>'))).toBeUndefined();
    expect(parseListingPage(page(''))).toEqual({ objects: [], next: undefined });
  });
});
