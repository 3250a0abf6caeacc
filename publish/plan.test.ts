import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LocalFile } from './local-files.ts';
import { objectMetadataOf } from './object-metadata.ts';
import { deletesTooMuch, nestedPrefixes, orderedSteps, phaseOf, planTarget } from './plan.ts';

/** The MD5 of a label: ETags in the MD5 form a bucket gives, named by what they stand for. */
const md5 = (label: string) => createHash('md5').update(label).digest('hex');
const file = (key: string, content = `md5-of-${key}`): LocalFile => ({ key, file: `/dist/${key}`, metadata: objectMetadataOf(key), etag: md5(content), size: 10 });
const remote = (entries: Array<[string, string]>) => new Map(entries.map(([key, content]) => [key, { etag: `"${md5(content)}"`, size: 10 }]));

describe('the publish plan', () => {
  it('uploads what is new or different by content, keeps what is the same, deletes what is gone', () => {
    const plan = planTarget('site', [file('index.html'), file('info/index.html', 'new'), file('assets/a-1.js')], remote([['index.html', 'md5-of-index.html'], ['info/index.html', 'old'], ['gone/index.html', 'x']]));
    expect(plan.unchanged).toBe(1);
    expect(plan.uploads.map((u) => [u.file.key, u.change])).toEqual([['info/index.html', 'change'], ['assets/a-1.js', 'add']]);
    expect(plan.deletions.map((d) => d.key)).toEqual(['gone/index.html']);
  });

  it('reads ETags quoted and in capitals as the same MD5', () => {
    const plan = planTarget('site', [file('a.json', 'abcdef')], new Map([['a.json', { etag: `"${md5('abcdef').toUpperCase()}"`, size: 10 }]]));
    expect(plan.uploads).toEqual([]);
  });

  it('where no ETag is an MD5 (SSE-KMS, SSE-C), asks the MD5 kept in the metadata, and uploads what keeps none, counted', () => {
    const local = [file('a.json'), file('b.json'), file('c.json'), file('d.json')];
    const encrypted = new Map(local.map((f) => [f.key, { etag: `"${md5(`kms ${f.key}`)}"`, size: 10 }]));
    const first = planTarget('site', local, encrypted);
    expect(first.uploads).toEqual([]);
    expect(first.unverified).toEqual(['a.json', 'b.json', 'c.json', 'd.json']);
    const kept = [local[0]!.etag, md5('old'), null, local[3]!.etag];
    const asked = new Map([...encrypted].map(([key, object], i) => [key, { ...object, md5: kept[i] }]));
    const plan = planTarget('site', local, asked);
    expect(plan.unverified).toEqual([]);
    expect(plan.unchanged).toBe(2);
    expect(plan.uploads.map((u) => u.file.key)).toEqual(['b.json', 'c.json']);
    expect(plan.unhashed).toBe(1);
  });

  it('takes a differing ETag as a change once the bucket shows its ETags are MD5s, and a multipart ETag computed alike as the same', () => {
    const big = { ...file('v.mp4'), multipartEtag: `${md5('parts')}-3` };
    const plan = planTarget('site', [file('a.json'), file('b.json', 'new'), big], new Map([...remote([['a.json', 'md5-of-a.json'], ['b.json', 'old']]), ['v.mp4', { etag: `"${md5('parts')}-3"`, size: 10 }]]));
    expect(plan.unverified).toEqual([]);
    expect(plan.uploads.map((u) => u.file.key)).toEqual(['b.json']);
    expect(planTarget('site', [big], new Map([['v.mp4', { etag: `"${md5('other')}-3"`, size: 10 }]])).unverified).toEqual(['v.mp4']);
  });

  it('orders the steps photos, scripts and styles, data, pages; deletions after, pages first and photos last', () => {
    const site = planTarget('site', [file('index.html'), file('assets/a-1.js'), file('site-data/x.json'), file('sitemap.xml')], remote([['old/index.html', 'x'], ['assets/old.js', 'x'], ['old.json', 'x']]));
    const photos = planTarget('photos', [file('life_list/a/b.jpg')], remote([['life_list/a/old.jpg', 'x']]));
    const { uploads, deletions } = orderedSteps([site, photos]);
    expect(uploads.map((step) => step.map((u) => u.file.key))).toEqual([['life_list/a/b.jpg'], ['assets/a-1.js'], ['site-data/x.json'], ['index.html', 'sitemap.xml']]);
    expect(deletions.map((step) => step.map((d) => d.key))).toEqual([['old/index.html'], ['old.json'], ['assets/old.js'], ['life_list/a/old.jpg']]);
  });

  it('uploads new pages, then changed ones, then the home page, the not-found page, the sitemap and the feed: no link a visitor can reach leads nowhere', () => {
    const local = ['index.html', '404.html', 'feed.xml', 'sitemap.xml', 'species/new-bird/index.html', 'info/index.html', 'species/old-bird/index.html', 'outings/2026-11-27/index.html'].map((key) => file(key, `${key}-new`));
    const update = planTarget('site', local, remote([['index.html', 'x'], ['404.html', '404.html-new'], ['feed.xml', 'x'], ['sitemap.xml', 'x'], ['info/index.html', 'info/index.html-new'], ['species/old-bird/index.html', 'x']]));
    expect(orderedSteps([update]).uploads.map((step) => step.map((u) => u.file.key))).toEqual([
      ['species/new-bird/index.html', 'outings/2026-11-27/index.html'],
      ['species/old-bird/index.html'],
      ['index.html', 'feed.xml', 'sitemap.xml'],
    ]);
    const first = planTarget('site', local, remote([]));
    expect(orderedSteps([first]).uploads.map((step) => step.map((u) => u.file.key))).toEqual([
      ['species/new-bird/index.html', 'info/index.html', 'species/old-bird/index.html', 'outings/2026-11-27/index.html'],
      ['index.html', '404.html', 'feed.xml', 'sitemap.xml'],
    ]);
  });

  it('puts pages, the sitemap and the feed in the last step, scripts and styles before data', () => {
    expect(['404.html', 'feed.xml', 'assets/x.css', 'robots.txt', 'life_list/file_count.json'].map((key) => phaseOf('site', key))).toEqual(['pages', 'pages', 'assets', 'data', 'data']);
  });

  it('stops a publish that deletes more than a quarter of a target', () => {
    const objects = remote(Array.from({ length: 8 }, (_, i): [string, string] => [`p${i}.html`, 'x']));
    const keep = (n: number) => Array.from({ length: n }, (_, i) => file(`p${i}.html`, 'x'));
    expect(deletesTooMuch(planTarget('site', keep(6), objects))).toBe(false);
    expect(deletesTooMuch(planTarget('site', keep(5), objects))).toBe(true);
    expect(deletesTooMuch(planTarget('site', [], objects))).toBe(true);
    expect(deletesTooMuch(planTarget('site', [], new Map()))).toBe(false);
  });

  it("leaves another target's folder inside this one alone", () => {
    expect(nestedPrefixes({ bucket: 'b', prefix: '' }, [{ bucket: 'b', prefix: '' }, { bucket: 'b', prefix: 'photos/' }, { bucket: 'c', prefix: 'x/' }])).toEqual(['photos/']);
    expect(nestedPrefixes({ bucket: 'b', prefix: 'photos/' }, [{ bucket: 'b', prefix: '' }])).toEqual([]);
  });
});

describe('the metadata of a published object', () => {
  it('takes its caching from the one rule list, its type from its name, gzip for text only', () => {
    expect(objectMetadataOf('assets/index-abc.js')).toEqual({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Encoding': 'gzip' });
    expect(objectMetadataOf('species/Wood Duck/index.html')).toEqual({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate', 'Content-Encoding': 'gzip' });
    expect(objectMetadataOf('life_list/A/B/c_lowq.jpg')).toEqual({ 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' });
    expect(objectMetadataOf('life_list/life_list_structure.json')['Content-Encoding']).toBe('gzip');
    expect(objectMetadataOf('life_list/A/B/c-480.webp')).not.toHaveProperty('Content-Encoding');
  });
});
