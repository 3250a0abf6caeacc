import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CREDITS_ROUTE, INFO_ROUTE, outingRoute, pageFile, speciesRoute } from '../../data/paths.ts';
import { siteDataPaths, speciesDataSchema, type SpeciesData } from '../../data/site-data-schemas.ts';
import { appReady, CHROMIUM, CHROMIUM_FLAGS, walkingTabs } from '../../harness/browser.ts';
import { runCli } from '../../harness/ingest-tree.ts';
import { copySampleBuild } from '../../harness/sample-build-copy.ts';
import { pageUrl } from '../../harness/site-url.ts';
import { startStaticServer, type StaticServer } from '../../harness/static-server.ts';
import { buildSite } from '../../web/prerender/build-site.ts';
import { clip } from '../media/make-inputs.ts';
import { startVitePreview } from './prerender-support.ts';

/**
 * The sample library (its credited recordings: the Bald Eagle's, a CC BY-SA excerpt from
 * xeno-canto) with a clip of its Bald Eagle added (made here with the real ffmpeg), ingested and
 * built as an owner does, served by the strict bucket server, in Chromium: the recording plays
 * from its spectrogram and its playhead moves, its audio fetched only on play; the clip opens in
 * the lightbox and plays, pausing the recording; no policy violation, no console error; the media
 * files answered in ranges. Each page kind is loaded once.
 */
const EAGLE = 'Bald Eagle';
const FOLDER = 'Accipitriformes/Hawks, Eagles, and Kites/Bald Eagle';
const CLIP_SECONDS = 3;

/** A length as the site writes it in English: `0:04` (whole seconds, rounded, at least 1). */
function length(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

let work: string;
let distDir: string;
let site: StaticServer;
let browser: Browser;
let eagle: SpeciesData;

const url = (route: string) => pageUrl(site.url, route);
const html = (route: string) => readFileSync(join(distDir, pageFile(route)), 'utf8');
const withTab = walkingTabs(() => browser);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'media-'));
  const { photos, generated } = await copySampleBuild({ photosDir: inject('photosDir'), generatedDir: inject('generatedDir') }, work);
  await clip(join(photos, 'life_list', FOLDER, 'eagle-perch.mp4'), { seconds: CLIP_SECONDS, size: '640x360' });
  const ingest = await runCli(['ingest', '--photos', photos, '--out', generated, '--concurrency', '2']);
  if (ingest.code !== 0) throw new Error(`npm run ingest failed: ${ingest.stderr}`);
  distDir = join(work, 'dist');
  await buildSite({ photos, generated, out: distDir, quiet: true, nodeEnv: 'production' });
  eagle = speciesDataSchema.parse(JSON.parse(await readFile(join(distDir, siteDataPaths.species(EAGLE)), 'utf8')));
  site = await startStaticServer({ root: distDir });
  // A click is the gesture that starts sound; the flag only spares a headless browser's autoplay rules any doubt.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required', '--mute-audio'] });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('recordings and clips on the site', () => {
  it('a species page pre-renders the spectrogram and its controls in a reserved box, and no audio', () => {
    const [recording] = eagle.recordings ?? [];
    expect(recording, 'the species file lists the recording').toBeDefined();
    expect(eagle.clips ?? []).toHaveLength(1);
    const page = html(speciesRoute(EAGLE));
    const image = new RegExp(`<img[^>]*src="[^"]*${recording!.spectrogram.image.path.split('/').pop()!.replace('.', '\\.')}"[^>]*>`).exec(page)?.[0] ?? '';
    expect(image).toContain(`width="${recording!.spectrogram.image.width}"`);
    expect(image).toContain(`height="${recording!.spectrogram.image.height}"`);
    expect(image).toContain(`alt="Spectrogram of Bald Eagle, ${length(recording!.durationSeconds)}"`);
    expect(image).toContain('loading="lazy"');
    expect(page).toContain('role="slider"');
    expect(page).toContain(`aria-valuetext="0:00 of ${length(recording!.durationSeconds)}"`);
    expect(page).not.toMatch(/<audio|\.m4a/);
    expect(page).toContain(`id="recording-${recording!.id}"`);
  });

  it('plays the recording from its spectrogram (audio fetched on play only, the playhead moving), then the clip in the lightbox, one at a time, with no error', async () => {
    await withTab(async ({ page, errors }) => {
      const media: string[] = [];
      page.on('request', (request) => {
        if (/\.(m4a|mp4)$/.test(new URL(request.url()).pathname)) media.push(request.url());
      });
      await page.goto(url(speciesRoute(EAGLE)));
      await appReady(page);
      const section = page.getByRole('region', { name: 'Recordings' });
      await section.scrollIntoViewIfNeeded();
      expect(media, 'nothing of the media is fetched before play').toEqual([]);

      const [recording] = eagle.recordings!;
      await section.getByRole('button', { name: `Play the recording of Bald Eagle, ${length(recording!.durationSeconds)}` }).click();
      await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('.recording audio')?.currentTime ?? 0) > 0.5);
      expect(media.some((u) => u.endsWith('.m4a'))).toBe(true);
      await page.waitForFunction(() => /translateX\((?!0(\.0+)?%)/.test(document.querySelector<HTMLElement>('.recording-head')?.style.transform ?? ''));
      await expect(section.getByRole('button', { name: /^Pause the recording/ }).count()).resolves.toBe(1);
      const valuetext = await section.getByRole('slider').getAttribute('aria-valuetext');
      expect(valuetext).toMatch(new RegExp(`^\\d+:\\d\\d of ${length(recording!.durationSeconds)}$`));

      // The clip: a tile of the wall with its play mark, opened in the lightbox, played there.
      await page.getByRole('link', { name: `Clip of Bald Eagle, ${length(CLIP_SECONDS)}` }).click();
      const video = page.getByRole('dialog').locator('video');
      await video.waitFor();
      await expect(video.getAttribute('autoplay')).resolves.toBeNull();
      await video.evaluate((element: HTMLVideoElement) => element.play());
      await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[role="dialog"] video')?.currentTime ?? 0) > 0.3);
      await expect(page.evaluate(() => document.querySelector<HTMLAudioElement>('.recording audio')!.paused)).resolves.toBe(true);
      expect(media.some((u) => u.endsWith('.mp4'))).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('serves the media in ranges: the strict bucket server and vite preview answer 206 with Content-Range', async () => {
    const [recording] = eagle.recordings ?? [];
    const [movie] = eagle.clips ?? [];
    const preview = await startVitePreview(distDir);
    try {
      for (const [server, path, type] of [
        [site, recording!.audio[0]!.path, 'audio/mp4'],
        [site, movie!.video[0]!.path, 'video/mp4'],
        [preview, recording!.audio[0]!.path, 'audio/mp4'],
      ] as const) {
        const response = await fetch(new URL(path.split('/').map(encodeURIComponent).join('/'), server.url), { headers: { range: 'bytes=0-99' } });
        expect(response.status, `${server.url} ${path}`).toBe(206);
        expect(response.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
        expect(response.headers.get('content-type')).toMatch(new RegExp(`^${type}`));
        expect((await response.arrayBuffer()).byteLength).toBe(100);
      }
    } finally {
      await preview.close();
    }
  });

  it('the outing day, the credits (CC BY-SA visible) and the Info stats name them', () => {
    const [recording] = eagle.recordings ?? [];
    if (recording!.outing) expect(html(outingRoute(recording!.outing))).toContain(`Spectrogram of Bald Eagle, ${length(recording!.durationSeconds)}`);
    const credits = html(CREDITS_ROUTE);
    expect(credits).toContain('Jonathon Jongsma');
    expect(credits).toMatch(/<a href="https:\/\/creativecommons\.org\/licenses\/by-sa\/3\.0\/"[^>]*>CC BY-SA 3\.0<\/a>/);
    const info = html(INFO_ROUTE);
    expect(info).toMatch(/\d+ recordings/);
    expect(info).toContain('1 clip');
  });
});
