import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIndexSchema, MANIFEST_FILES } from '../../data/manifest-schemas.ts';
import { fixture, ingestArgs, makeTree, readJson, type Tree } from '../../harness/ingest-tree.ts';

const LAUNCHER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../pipeline/launch.mjs');
/** A Nikon D3100 photo: its lens is named only in the maker notes, which ExifTool reads and exifr does not. */
const NIKON = 'Order/Family/Species/nikon.jpg';
const NIKON_LENS = 'AF-S DX VR Zoom-Nikkor 18-105mm f/3.5-5.6G ED';

interface Report {
  exitCode: number;
  counts: { new: number; updated: number; unchanged: number };
  problems: Array<{ severity: string; path: string; reason: string }>;
}

/**
 * A machine without Perl (Alpine, distroless and slim CI images): ExifTool cannot run. The run
 * says so once, with the fix, reads the camera data with exifr, and caches none of that as the
 * photos' own: once Perl is there, the next run reads them again with ExifTool.
 */
describe('an ingest on a machine without Perl', () => {
  let tree: Tree;
  let noPerl: string;
  beforeAll(async () => {
    tree = await makeTree({ files: { [NIKON]: fixture('photos/epy_nikon-d3100_gps.jpg'), 'Order/Family/Species/canon.jpg': fixture('exif/dc_canon-5dmk3_orient6.jpg') } });
    // A PATH that holds node and nothing else: no perl anywhere on it.
    noPerl = await mkdtemp(path.join(tmpdir(), 'no-perl-'));
    await mkdir(path.join(noPerl, 'bin'));
    await symlink(process.execPath, path.join(noPerl, 'bin', 'node'));
  });
  afterAll(async () => {
    await tree.cleanup();
    await rm(noPerl, { recursive: true, force: true });
  });

  function ingest(env: NodeJS.ProcessEnv, ...extra: string[]): Report {
    const run = spawnSync(process.execPath, [LAUNCHER, ...ingestArgs(tree, '--json', ...extra)], { encoding: 'utf8', env });
    if (run.status !== 0 && run.status !== 1) throw new Error(`ingest exited with ${run.status}: ${run.stderr}`);
    return JSON.parse(run.stdout) as Report;
  }
  const withoutPerl = () => ingest({ ...process.env, PATH: path.join(noPerl, 'bin'), PORTFOLIO_PERL: '' });
  const withPerl = () => ingest({ ...process.env, PORTFOLIO_PERL: '' });
  const nikon = async () => {
    const index = photoIndexSchema.parse(await readJson(path.join(tree.publicDir, MANIFEST_FILES.photoIndex)));
    return Object.values(index.photos).find((p) => p.display.path.includes('nikon'))!;
  };

  it('says once what is wrong and how to fix it, and publishes the camera data exifr reads', async () => {
    const report = withoutPerl();
    expect(report.exitCode).toBe(0);
    expect(report.counts.new).toBe(2);
    const exiftool = report.problems.filter((p) => p.path === 'ExifTool');
    expect(exiftool).toHaveLength(1);
    expect(exiftool[0]).toMatchObject({ severity: 'warning' });
    expect(exiftool[0]!.reason).toMatch(/could not run \(perl could not be started \(spawn perl ENOENT\)\), so the camera data of 2 photos were read with exifr/);
    expect(exiftool[0]!.reason).toMatch(/Install Perl .* or set PORTFOLIO_PERL/);
    expect(report.problems).toHaveLength(1);
    const photo = await nikon();
    expect(photo.exif).toMatchObject({ camera: 'NIKON D3100', aperture: expect.stringMatching(/^f\//) });
    // The maker notes' lens is what exifr cannot read.
    expect(photo.exif?.lens).not.toBe(NIKON_LENS);
  });

  it('still without Perl: says it again, and redoes nothing', async () => {
    const report = withoutPerl();
    expect(report.counts).toMatchObject({ new: 0, updated: 0, unchanged: 2 });
    expect(report.problems.filter((p) => p.path === 'ExifTool')).toHaveLength(1);
  });

  it('once Perl is there, reads those photos again with ExifTool', async () => {
    const report = withPerl();
    expect(report.problems).toEqual([]);
    expect(report.counts).toMatchObject({ updated: 2, unchanged: 0 });
    expect((await nikon()).exif?.lens).toBe(NIKON_LENS);
    // And from then on they are ExifTool's readings, cached as usual.
    expect(withPerl().counts).toMatchObject({ updated: 0, unchanged: 2 });
  });

  it('PORTFOLIO_PERL names the Perl to use, and a wrong one is said as such', async () => {
    // Nothing to read: the cached readings are ExifTool's and the photos did not change, so Perl is not even started.
    expect(ingest({ ...process.env, PORTFOLIO_PERL: '/nonexistent/perl' }).problems).toEqual([]);
    const forced = ingest({ ...process.env, PORTFOLIO_PERL: '/nonexistent/perl' }, '--force');
    expect(forced.problems.map((p) => p.path)).toEqual(['ExifTool']);
    expect(forced.problems[0]!.reason).toContain('/nonexistent/perl could not be started');
    expect(ingest({ ...process.env, PORTFOLIO_PERL: process.env.PORTFOLIO_PERL ?? '' }).counts).toMatchObject({ updated: 2 });
  });
});
