import { readlinkSync, realpathSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speciesRoute } from '../../data/paths.ts';
import { launchBrowser, openPage, type WatchedPage } from '../../harness/browser.ts';
import { xmpSidecar } from '../../harness/ingest-tree.ts';
import { freePort } from '../../harness/ports.ts';
import { listProcesses } from '../../harness/processes.ts';
import { aSpeciesPage, freshCopy, startUntilServing, type Serving } from '../../harness/readme-commands.ts';
import { fetchOnNewConnection } from '../../harness/loopback-fetch.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => join(repo, 'tests/fixtures/photos', name);
/** How long a change may take to reach the open page: an ingest in a fresh copy on a busy machine, far more than it needs. */
const SHOWS_WITHIN_MS = 60_000;

/**
 * `npm run dev` as the README has the owner run it, in a fresh copy of the project: the open page
 * follows what the owner does in photos/ (a photo added, renamed, re-keyworded in its sidecar,
 * deleted), with no restart and no reload by hand; a broken file is reported with its path while
 * the server keeps serving; and stopping it leaves no process running (ExifTool included).
 */
describe('npm run dev follows photos/', () => {
  let project: string;
  let serving: Serving;
  let browser: Browser;
  /** The species page and the home page, each open from the start: only the dev server reloads them. */
  let speciesTab: WatchedPage;
  let homeTab: WatchedPage;
  let origin: string;
  const species = 'Canyon Wren';
  const speciesDir = () => join(project, 'photos/life_list/Birds', species);

  beforeAll(async () => {
    project = await freshCopy(repo, 'dev-watch-');
    await rm(join(project, 'photos'), { recursive: true, force: true });
    await mkdir(speciesDir(), { recursive: true });
    await writeFile(join(project, 'photos/site.json'), JSON.stringify({ owner: 'A New Owner' }));
    await cp(fixture('epy_nikon-d3100_gps.jpg'), join(speciesDir(), 'canyon.jpg'));
    const port = await freePort();
    origin = `http://localhost:${port}`;
    serving = await startUntilServing(project, 'dev', ['--port', String(port), '--strictPort'], origin, () => ['/', aSpeciesPage(project) ?? '/'], 180_000);
    browser = await launchBrowser();
    speciesTab = await openPage(browser);
    await speciesTab.page.goto(origin + speciesRoute(species));
    await waitForTiles(speciesTab.page, ['canyon']);
    homeTab = await openPage(browser);
    await homeTab.page.goto(origin + '/');
    await homeTab.page.getByText('No featured photos yet.').waitFor();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    // Already stopped by the last test when it passed; stopped here when a test failed before it.
    await serving?.stop();
    await rm(project, { recursive: true, force: true });
  });

  it('shows a photo added to a species folder', async () => {
    await cp(fixture('derived_nikon-d3100_iptc-words.jpg'), join(speciesDir(), 'second.jpg'));
    await waitForTiles(speciesTab.page, ['canyon', 'second']);
  }, SHOWS_WITHIN_MS);

  it('shows a photo renamed', async () => {
    await rename(join(speciesDir(), 'second.jpg'), join(speciesDir(), 'renamed.jpg'));
    await waitForTiles(speciesTab.page, ['canyon', 'renamed']);
  }, SHOWS_WITHIN_MS);

  it('reports a broken photo with its path, and keeps serving the others', async () => {
    await writeFile(join(speciesDir(), 'broken.jpg'), 'not a photo');
    await expect.poll(serving.output, { timeout: SHOWS_WITHIN_MS, interval: 250 }).toMatch(/life_list\/Birds\/Canyon Wren\/broken\.jpg: not a readable image/);
    const page = await fetchOnNewConnection(origin + speciesRoute(species));
    expect(page.status).toBe(200);
    await waitForTiles(speciesTab.page, ['canyon', 'renamed']);
    await rm(join(speciesDir(), 'broken.jpg'));
  }, SHOWS_WITHIN_MS);

  it('puts a photo on the home wall when its sidecar gains the keyword featured', async () => {
    await writeFile(join(speciesDir(), 'renamed.xmp'), xmpSidecar({ keywords: ['featured'] }));
    await waitForTiles(homeTab.page, ['renamed']);
  }, SHOWS_WITHIN_MS);

  it('shows a photo deleted', async () => {
    await rm(join(speciesDir(), 'renamed.jpg'));
    await waitForTiles(speciesTab.page, ['canyon']);
    await homeTab.page.getByText('No featured photos yet.').waitFor({ timeout: SHOWS_WITHIN_MS });
  }, SHOWS_WITHIN_MS);

  it('stops on Ctrl-C in the middle of an ingest with everything it started, ExifTool included', async () => {
    expect([...speciesTab.errors, ...homeTab.errors].filter((e) => e.startsWith('uncaught'))).toEqual([]);
    // Processes working in this project's folder (ExifTool runs where its ingest runs): known by
    // their working folder, not by a path on their command line, which names where node_modules
    // really is (a linked node_modules is elsewhere).
    const inThisProject = (pid: number) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(project);
      } catch {
        // Gone while we looked.
        return false;
      }
    };
    const exiftoolOfThisProject = () => listProcesses().filter((p) => p.state !== 'Z' && /exiftool/i.test(p.command) && inThisProject(p.pid));
    // The ingests the dev server runs (`node pipeline/launch.mjs ingest`, from the project's folder).
    const ingests = () => listProcesses().filter((p) => p.state !== 'Z' && /pipeline\/launch\.mjs ingest/.test(p.command) && inThisProject(p.pid));
    // An ingest still ending from the last test (or its ExifTool) is not the one to interrupt.
    const before = new Set(ingests().map((p) => p.pid));
    for (const name of ['late-1.jpg', 'late-2.jpg', 'late-3.jpg']) await cp(fixture('derived_nikon-d3100_iptc-words.jpg'), join(speciesDir(), name));
    // The state to interrupt: the ingest of these photos running, with the ExifTool it started.
    const exiftoolOfTheNewIngest = () => {
      const running = new Set(ingests().filter((p) => !before.has(p.pid)).map((p) => p.pid));
      return exiftoolOfThisProject().filter((p) => running.has(p.parent));
    };
    await expect.poll(() => exiftoolOfTheNewIngest().length, { timeout: SHOWS_WITHIN_MS, interval: 50 }).toBeGreaterThan(0);
    // Rejects when any process the command started outlives it.
    await serving.stop();
    expect(exiftoolOfThisProject()).toEqual([]);
    expect(ingests()).toEqual([]);
  }, SHOWS_WITHIN_MS + 30_000);
});

/**
 * Waits until the page's photo tiles are those of these files (by the file stem in each
 * thumbnail's address), in any order. Never reloads: the dev server must.
 */
async function waitForTiles(page: Page, stems: string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const shown = [...document.querySelectorAll('main li img')].map((img) => decodeURIComponent((img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
      return shown.length === wanted.length && wanted.every((stem) => shown.some((src) => src.includes(`/${stem}`)));
    },
    stems,
    { timeout: SHOWS_WITHIN_MS, polling: 250 },
  );
}
