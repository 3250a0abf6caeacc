import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatTarget, formatValue, median, renderTable, statusOf, type Row } from '../lib/report.ts';
import { archiveRows, type ArchiveMeasured } from './archive.ts';
import { coldRows, type ColdMeasured } from './cold-ingest.ts';
import { ebirdRows, type EbirdMeasured } from './ebird.ts';
import { formatsRows, type FormatsMeasured } from './formats.ts';
import { lightboxRows, type LightboxMeasured } from './lightbox.ts';
import { firstViewTargets, pagesRows, type PagesMeasured } from './pages-rows.ts';
import { scaleRows, type ScaleMeasured } from './scale.ts';

/**
 * The benchmark's table, from the measurements of one real `npm run bench -- --quick` run
 * (fixtures/quick-results.json, its JSON results as written, Lighthouse's diagnostics left
 * out): every row, ratio, target and status is derived from what was measured, so it is tested
 * here in milliseconds, while bench-smoke.test.ts checks that every part still measures.
 * To record again after a part measures something new:
 *   npm run bench -- --quick --site <a built dist/> --results bench/parts/fixtures/quick-results.json
 */
interface Recorded {
  options: { quick: boolean };
  rows: Array<Row & { status: string }>;
  details: { cold: ColdMeasured; formats: FormatsMeasured; scale: ScaleMeasured; pages: PagesMeasured; lightbox: LightboxMeasured; ebird: EbirdMeasured; archive: ArchiveMeasured };
}
const recorded = JSON.parse(readFileSync(new URL('fixtures/quick-results.json', import.meta.url), 'utf8')) as Recorded;
const measured = recorded.details;
const clone = <T>(value: T): T => structuredClone(value);
const row = (rows: Row[], part: string, metric: string | RegExp) => {
  const found = rows.find((r) => r.part === part && (typeof metric === 'string' ? r.metric === metric : metric.test(r.metric)));
  if (!found) throw new Error(`no row ${part} / ${metric} among ${rows.map((r) => `${r.part} / ${r.metric}`).join('; ')}`);
  return found;
};

describe('the rows of a recorded quick run', () => {
  it('are the rows the run printed, part by part, in its order', () => {
    const cold = coldRows(measured.cold);
    const derived = [
      ...cold,
      ...formatsRows(measured.formats, cold),
      ...scaleRows(measured.scale),
      ...pagesRows(measured.pages),
      ...lightboxRows(measured.lightbox),
      ...ebirdRows(measured.ebird),
      ...archiveRows(measured.archive),
    ];
    expect(recorded.options.quick).toBe(true);
    expect(derived.map((r) => ({ ...r, status: statusOf(r) }))).toEqual(recorded.rows);
  });

  it('give every measured figure as a finite number', () => {
    for (const r of recorded.rows) {
      if (r.value === null) expect(r.note, `${r.part} / ${r.metric}`).toBeTruthy();
      else expect(Number.isFinite(r.value), `${r.part} / ${r.metric}`).toBe(true);
    }
  });
});

describe('cold ingest rows', () => {
  it('give photos per second from the median run, and the ratio of the pipeline to the best bare strategy', () => {
    const m = measured.cold;
    const rows = coldRows(m);
    const pipelineRate = (m.set.count * 1000) / median(m.runs.map((r) => r.pipeline.wallMs));
    const best = m.runs.map((r) => Math.min(...Object.values(r.bare).map((b) => b.wallMs)));
    const bareRate = (m.set.count * 1000) / median(best);
    expect(row(rows, 'Cold ingest', 'pipeline').value).toBeCloseTo(pipelineRate, 9);
    expect(row(rows, 'Cold ingest', /^bare sharp/).value).toBeCloseTo(bareRate, 9);
    expect(row(rows, 'Cold ingest', 'pipeline / bare').value).toBeCloseTo(pipelineRate / bareRate, 9);
    expect(row(rows, 'Cold ingest', 'pipeline CPU per photo').value).toBeCloseTo(median(m.runs.map((r) => r.pipeline.cpuMs)) / m.set.count, 9);
  });

  it('name the fastest bare strategy, and warn when the bare script wrote other files', () => {
    const m = clone(measured.cold);
    const [first, second] = Object.keys(m.runs[0]!.bare);
    for (const run of m.runs) {
      run.bare[first!]!.wallMs = 10_000;
      run.bare[second!]!.wallMs = 1;
    }
    expect(row(coldRows(m), 'Cold ingest', /^bare sharp/).metric).toBe(`bare sharp (${second})`);
    m.runs[0]!.sameFiles = false;
    expect(row(coldRows(m), 'Cold ingest', /^bare sharp/).note).toMatch(/^WARNING/);
  });

  it('hold the issue’s targets on the 24 MP set only', () => {
    const quick = coldRows(measured.cold);
    expect(row(quick, 'Cold ingest', /thumbsup/).target).toBeUndefined();
    expect(row(quick, 'Cold ingest', 'pipeline peak RSS').target).toBeUndefined();
    const full = coldRows({ ...measured.cold, targeted: true });
    expect(row(full, 'Cold ingest', /thumbsup/).target).toEqual({ op: '>=', value: 5 });
    expect(row(full, 'Cold ingest', 'pipeline peak RSS').target).toEqual({ op: '<=', value: 400 });
    expect(row(full, 'Cold ingest', 'pipeline / bare').target).toEqual({ op: '>=', value: 0.9 });
  });
});

describe('formats rows', () => {
  it("set metadata's CPU per photo against the cold part's, or say how to get that ratio", () => {
    const cold = coldRows(measured.cold);
    const withCold = row(formatsRows(measured.formats, cold), 'Formats', 'metadata / cold-ingest CPU');
    expect(withCold.value).toBeCloseTo(median(measured.formats.metadata.perPhoto) / row(cold, 'Cold ingest', 'pipeline CPU per photo').value!, 12);
    expect(withCold.target).toEqual({ op: '<=', value: 0.05 });
    const alone = row(formatsRows(measured.formats, []), 'Formats', 'metadata / cold-ingest CPU');
    expect(alone.value).toBeNull();
    expect(statusOf(alone)).toBe('n/a');
    expect(alone.note).toMatch(/run with the cold part/);
  });
});

describe('no-op and memory rows', () => {
  it('give the median no-op time at each count, and the growth of peak RSS from the first count to the last', () => {
    const m = measured.scale;
    const rows = scaleRows(m);
    for (const p of m.points) expect(row(rows, 'No-op re-ingest', `${p.count.toLocaleString('en')} photos`).value).toBe(median(p.noopWallMs) / 1000);
    const [first, last] = [m.points[0]!, m.points.at(-1)!];
    const growth = row(rows, 'Memory', /^RSS growth/);
    expect(growth.value).toBe(last.coldPeakRssBytes / first.coldPeakRssBytes);
    expect(growth.target).toEqual({ op: '<=', value: 1.15 });
  });

  it('fail the memory bound when peak RSS grows with the photos, and hold the 1 s no-op target at 1,000 photos', () => {
    const m = clone(measured.scale);
    m.points.at(-1)!.coldPeakRssBytes = m.points[0]!.coldPeakRssBytes * 2;
    expect(statusOf(row(scaleRows(m), 'Memory', /^RSS growth/))).toBe('FAIL');
    m.points.at(-1)!.count = 1000;
    m.points.at(-1)!.noopWallMs = [900, 1500, 1200];
    const noop = row(scaleRows(m), 'No-op re-ingest', '1,000 photos');
    expect(noop.value).toBe(1.2);
    expect(statusOf(noop)).toBe('FAIL');
  });

  it('give only the rows of the parts asked for', () => {
    const onlyMemory = scaleRows({ ...measured.scale, want: { noop: false, memory: true } });
    expect(onlyMemory.every((r) => r.part === 'Memory')).toBe(true);
    expect(scaleRows({ ...measured.scale, want: { noop: true, memory: false } }).every((r) => r.part === 'No-op re-ingest')).toBe(true);
  });
});

describe('pages rows', () => {
  it('give, for every page on every server, the median of its runs against its targets', () => {
    const rows = pagesRows(measured.pages);
    for (const server of measured.pages.servers) {
      for (const page of server.pages) {
        const part = `Page ${page.label}, ${server.mode}`;
        const m50 = (pick: (f: (typeof page.figures)[number]) => number) => median(page.figures.map(pick));
        const targets = firstViewTargets(page.name, server.mode);
        const expected: Array<[string, number, Row['target']]> = [
          ['performance score', m50((f) => f.score), { op: '>=', value: 99 }],
          ['FCP', m50((f) => f.fcpMs) / 1000, { op: '<=', value: targets.fcpS }],
          ['LCP', m50((f) => f.lcpMs) / 1000, { op: '<=', value: targets.lcpS }],
          ['TBT', m50((f) => f.tbtMs), { op: '<=', value: 50 }],
          ['CLS', m50((f) => f.cls), { op: '==', value: 0 }],
          ['Speed Index', m50((f) => f.speedIndexMs) / 1000, { op: '<=', value: targets.speedIndexS }],
          ['JS transferred', m50((f) => f.jsBytes) / 1024, { op: '<=', value: targets.jsKB }],
          ['CSS transferred', m50((f) => f.cssBytes) / 1024, { op: '<=', value: targets.cssKB }],
          ['HTML transferred', m50((f) => f.htmlBytes) / 1024, { op: '<=', value: targets.htmlKB }],
        ];
        for (const [metric, value, target] of expected) {
          expect(row(rows, part, metric).value, `${part} / ${metric}`).toBe(value);
          expect(row(rows, part, metric).target, `${part} / ${metric}`).toEqual(target);
        }
        expect(row(rows, part, 'transferred').value).toBe(m50((f) => f.bytes) / 1024);
      }
    }
    // The quick run measures the home page on the hosts' own servers, every page on the bucket server.
    expect(measured.pages.servers.map((s) => s.mode)).toEqual(['gzip', 'uncompressed', 'cloudflare-pages', 'serve']);
  });

  it('mark each figure of a page against its target: one over it fails that row alone', () => {
    const m = clone(measured.pages);
    const page = m.servers.find((s) => s.mode === 'gzip')!.pages[0]!;
    const part = `Page ${page.label}, gzip`;
    const within = pagesRows(m);
    for (const figure of page.figures) {
      figure.tbtMs = 51;
      figure.fcpMs = 1001;
      figure.cls = 0.001;
      figure.jsBytes = (firstViewTargets(page.name, 'gzip').jsKB + 1) * 1024;
    }
    const over = pagesRows(m);
    for (const metric of ['TBT', 'FCP', 'CLS', 'JS transferred']) expect(statusOf(row(over, part, metric)), metric).toBe('FAIL');
    for (const metric of ['LCP', 'Speed Index', 'CSS transferred', 'HTML transferred']) expect(statusOf(row(over, part, metric)), metric).toBe(statusOf(row(within, part, metric)));
  });

  it("mark the longest main-thread task under a 4× slower CPU against 50 ms, with the median of the runs", () => {
    const m = clone(measured.pages);
    const page = m.servers.find((s) => s.mode === 'gzip')!.pages[0]!;
    const part = `Page ${page.label}, gzip`;
    // Results recorded before the measure existed have no such row.
    expect(pagesRows(m).some((r) => r.part === part && /^longest task/.test(r.metric))).toBe(false);
    const run = (longestMs: number, over50: number) => ({ longestMs, over50, longest: { afterFcpMs: 300, inside: [`v8.evaluateModule ${longestMs} ms`] } });
    page.tasks = [run(30, 0), run(45, 0), run(90, 1)];
    const within = row(pagesRows(m), part, /^longest task after first paint/);
    expect(within.value).toBe(45);
    expect(statusOf(within)).toBe('PASS');
    expect(within.note).toContain('tasks over 50 ms per run: 0, 0, 1');
    expect(within.note).toContain('v8.evaluateModule 90 ms');
    page.tasks = [run(51, 1), run(60, 2), run(40, 0)];
    expect(statusOf(row(pagesRows(m), part, /^longest task after first paint/))).toBe('FAIL');
    // Runs recorded before the page's script tasks were told apart: no row for them.
    expect(pagesRows(m).some((r) => r.part === part && /^longest task running/.test(r.metric))).toBe(false);
  });

  it("mark the longest task that ran the page's script apart from the browser's own rendering, each against 50 ms", () => {
    const m = clone(measured.pages);
    const page = m.servers.find((s) => s.mode === 'gzip')!.pages[0]!;
    const part = `Page ${page.label}, gzip`;
    const run = (longestMs: number, longestScriptMs: number) => ({ longestMs, longestScriptMs, over50: longestMs > 50 ? 1 : 0, longest: { afterFcpMs: 80, inside: ['Layout 30 ms'] } });
    page.tasks = [run(68, 40), run(55, 44), run(50, 38)];
    const rows = pagesRows(m);
    expect(statusOf(row(rows, part, /^longest task after first paint/))).toBe('FAIL');
    const script = row(rows, part, /^longest task running the page's script/);
    expect(script.value).toBe(40);
    expect(statusOf(script)).toBe('PASS');
    expect(script.note).toContain('per run: 40, 44, 38 ms');
    page.tasks = [run(68, 52), run(70, 61), run(50, 38)];
    expect(statusOf(row(pagesRows(m), part, /^longest task running the page's script/))).toBe('FAIL');
  });

  it('hold every page kind to a second on a compressing server, and give uncompressed text more time', () => {
    expect(firstViewTargets('photoLink', 'gzip')).toMatchObject({ fcpS: 1, lcpS: 1 });
    expect(firstViewTargets('home', 'cloudflare-pages')).toMatchObject({ fcpS: 1, lcpS: 1 });
    expect(firstViewTargets('home', 'uncompressed').lcpS).toBe(1.5);
    expect(firstViewTargets('photoLink', 'uncompressed').lcpS).toBe(1.8);
  });

  it('count the redirects among the crawled links, and fail on any', () => {
    const m = clone(measured.pages);
    const crawled = m.servers.find((s) => s.mode === 'gzip')!.crawl!;
    const before = crawled.failures.filter((f) => f.startsWith('3')).length;
    expect(row(pagesRows(m), 'Pages, gzip', /^redirects/).value).toBe(before);
    crawled.failures.push('308 http://127.0.0.1/a → /a/', '404 http://127.0.0.1/missing');
    const redirects = row(pagesRows(m), 'Pages, gzip', /^redirects/);
    expect(redirects.value).toBe(before + 1);
    expect(statusOf(redirects)).toBe('FAIL');
    expect(redirects.note).toContain(`${crawled.failures.filter((f) => !f.startsWith('3')).length} other non-200 answers`);
  });

  it('name the Lighthouse settings on the first page only, and warn of a development build', () => {
    const rows = pagesRows(measured.pages).filter((r) => r.metric === 'performance score');
    expect(rows.filter((r) => r.note?.includes('mobile preset')).map((r) => r.part)).toEqual(rows.filter((r) => r.part.startsWith('Page Home /')).map((r) => r.part));
    const development = clone(measured.pages);
    development.initialJs.development = true;
    expect(row(pagesRows(development), 'Pages', /JS before the first screen/).note).toContain('WARNING: a development React build');
  });
});

describe('lightbox rows', () => {
  it('give the median from the click to the painted values, and the first open', () => {
    const rows = lightboxRows(measured.lightbox);
    const painted = measured.lightbox.samples.map((s) => s.clickToPaintMs);
    expect(row(rows, 'Lightbox', /median/).value).toBe(median(painted));
    expect(row(rows, 'Lightbox', 'first open').value).toBe(painted[0]);
    expect(row(rows, 'Lightbox', /median/).note).toContain(`${painted.length} opens`);
  });
});

describe('eBird rows', () => {
  it('give the read time of the smaller export, and the growth of peak RSS to the larger', () => {
    const m = measured.ebird;
    const rows = ebirdRows(m);
    const [small, large] = [m.points[0]!, m.points.at(-1)!];
    expect(row(rows, 'eBird export', /^read /).value).toBe(small.readMs / 1000);
    expect(row(rows, 'eBird export', /^RSS growth/).value).toBe(large.peakRssBytes / small.peakRssBytes);
    expect(row(rows, 'eBird lists', /^Lists page/).value).toBe((m.lists.listsPage.html + m.lists.listsPage.data) / 1024);
  });

  it('hold the issue’s targets on full-size exports only', () => {
    expect(ebirdRows(measured.ebird).filter((r) => r.target)).toEqual([]);
    const full = ebirdRows({ ...measured.ebird, targeted: true });
    expect(row(full, 'eBird export', /^read /).target).toEqual({ op: '<=', value: 5 });
    expect(row(full, 'eBird export', /^RSS growth/).target).toEqual({ op: '<=', value: 1.15 });
    expect(row(full, 'eBird lists', /^Lists page/).target).toEqual({ op: '<=', value: 60 });
  });
});

describe('archive rows', () => {
  it('compare the navigation bytes and the no-op build of the largest archive with the smallest', () => {
    const m = measured.archive;
    const rows = archiveRows(m);
    const [small, large] = [m.points[0]!, m.points.at(-1)!];
    const bytes = (p: typeof small) => p.navigation.htmlBytes + p.navigation.dataBytes;
    expect(row(rows, 'Archive', /^navigation bytes/).value).toBe(bytes(large) / bytes(small));
    expect(row(rows, 'Archive', /^no-op build/).value).toBe(large.noopBuild.wallMs / small.noopBuild.wallMs);
    for (const p of m.points) {
      const part = `Archive ${p.photos.toLocaleString('en')} photos`;
      expect(row(rows, part, 'no-op build').target).toEqual({ op: '<=', value: 1 });
      expect(row(rows, part, 'HTML per photo').value).toBe(p.dist.htmlBytes / p.photos / 1024);
    }
  });

  it('hold the HTML per photo to 15 KB from 1,000 photos on, and say what the share pages take of it', () => {
    const m = clone(measured.archive);
    const large = m.points.at(-1)!;
    large.photos = 1_500;
    large.dist.htmlBytes = 1_500 * 16 * 1024;
    large.dist.sharePageBytes = 1_500 * 2.75 * 1024;
    const over = row(archiveRows(m), 'Archive 1,500 photos', 'HTML per photo');
    expect(over.value).toBe(16);
    expect(over.target).toEqual({ op: '<=', value: 15 });
    expect(statusOf(over)).toBe('FAIL');
    expect(over.note).toContain('the share pages 2.8 KB');
    large.dist.htmlBytes = 1_500 * 12.5 * 1024;
    expect(statusOf(row(archiveRows(m), 'Archive 1,500 photos', 'HTML per photo'))).toBe('PASS');
    // The 100-photo site spreads its fixed pages over too few photos: no target there.
    expect(row(archiveRows(m), 'Archive 100 photos', 'HTML per photo').target).toBeUndefined();
  });

  it('give 3 s to a no-op build of 10,000 photos, and a Lighthouse row when it was measured', () => {
    const m = clone(measured.archive);
    const large = m.points.at(-1)!;
    large.photos = 10_000;
    large.lighthouse = { home: { score: 97, lcpMs: 1200, cls: 0, tbtMs: 10 } };
    m.lighthouseRuns = 3;
    const rows = archiveRows(m);
    expect(row(rows, 'Archive 10,000 photos', 'no-op build').target).toEqual({ op: '<=', value: 3 });
    const lighthouse = row(rows, 'Archive 10,000 photos', /^Lighthouse home/);
    expect(statusOf(lighthouse)).toBe('FAIL');
    expect(lighthouse.note).toContain('median of 3');
  });
});

describe('the table', () => {
  const rows: Row[] = [
    { part: 'P', metric: 'fast enough', value: 12.345, unit: 'photos/s', target: { op: '>=', value: 10 } },
    { part: 'P', metric: 'too slow', value: 1500, unit: 'ms', target: { op: '<=', value: 100 }, note: 'why it is slow' },
    { part: 'P', metric: 'not measured', value: null, unit: 'MB', note: 'the part failed' },
  ];

  it('judges a figure against its target with each operator, bounds included', () => {
    const judged = (op: '>=' | '<=' | '<' | '==', value: number, target: number) => statusOf({ part: '', metric: '', value, unit: '', target: { op, value: target } });
    expect([judged('>=', 5, 5), judged('>=', 4.99, 5), judged('<=', 5, 5), judged('<=', 5.01, 5)]).toEqual(['PASS', 'FAIL', 'PASS', 'FAIL']);
    expect([judged('<', 5, 5), judged('<', 4.99, 5), judged('==', 0, 0), judged('==', 1, 0)]).toEqual(['FAIL', 'PASS', 'PASS', 'FAIL']);
    expect(statusOf(rows[2]!)).toBe('n/a');
    expect(statusOf({ part: '', metric: '', value: 3, unit: 's' })).toBe('n/a');
  });

  it('formats each unit with its own precision', () => {
    expect(formatValue(12.345, 'photos/s')).toBe('12.35 photos/s');
    expect(formatValue(1500, 'ms')).toBe('1500 ms');
    expect(formatValue(12.34, 'MB')).toBe('12.3 MB');
    expect(formatValue(98.6, 'score')).toBe('99');
    expect(formatValue(0.0123, '')).toBe('0.012');
    expect(formatValue(null, 'MB')).toBe('—');
    expect(formatTarget(rows[1]!)).toBe('<= 100 ms');
  });

  it('renders aligned text with the notes below, and Markdown with one line per row', () => {
    const text = renderTable(rows, 'text').split('\n');
    expect(text[0]).toMatch(/^Part\s+Metric\s+Value\s+Target\s+Status$/);
    expect(text.slice(2, 5).map((line) => line.trimEnd().split(/\s{2,}/).at(-1))).toEqual(['PASS', 'FAIL', '—']);
    expect(text).toContain('  * P / too slow: why it is slow');
    const markdown = renderTable(rows, 'markdown').split('\n');
    expect(markdown).toHaveLength(2 + rows.length);
    expect(markdown[3]).toBe('| P | too slow | 1500 ms | <= 100 ms | FAIL |');
  });

  it('takes the median of odd and even counts, and refuses none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
