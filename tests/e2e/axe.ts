import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { appReady, DESKTOP, pageSettled } from '../../harness/browser.ts';

/** axe-core in a real browser: what the accessibility tests of every page share. */
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

/**
 * Waits for a settled page with every image loaded: scrolled to the end a screen at a time so
 * each lazy photo loads (contrast over a light cover photo is only seen with the photo there),
 * then back to the top, every tile past its loading state and no transition running.
 */
export async function settle(page: Page) {
  // Lazy photos start loading only once the app has started.
  await appReady(page);
  await page.waitForLoadState('networkidle');
  await pageSettled(page);
  // Cards laid out only near the screen (content-visibility) take their real height as they come
  // into view, and scroll anchoring would then move the page away from where it was sent: off
  // while the page is walked, so each step ends where it was sent (or at the page's end).
  await page.evaluate(() => document.documentElement.style.setProperty('overflow-anchor', 'none'));
  const screen = page.viewportSize()?.height ?? 800;
  for (let y = screen; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += screen) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForFunction((top) => Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - window.innerHeight)) < 2, y);
    await pageSettled(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  await page.evaluate(() => document.documentElement.style.removeProperty('overflow-anchor'));
  await pageSettled(page);
}

/** Axe runs on a desktop and on a phone: a caption that passes over one layout's photo may fail over the other's. */
export const VIEWPORTS = { desktop: DESKTOP, phone: { width: 390, height: 844 } } as const;
export const viewportNames = Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>;


/** The rules a page's structure must pass for a screen reader to find its way: one main landmark, one level-one heading. */
const STRUCTURE_RULES = new Set(['landmark-one-main', 'page-has-heading-one']);

/**
 * Serious and critical violations, and any of STRUCTURE_RULES (axe rates those moderate), of the
 * page as it is now: run on a page whose scripts are held back, it checks what the pre-rendered
 * markup alone gives (axe itself is added as an inline script, so it runs when the page's own cannot).
 */
export async function structureAndSeriousViolations(page: Page): Promise<string[]> {
  const source = await readFile(axePath, 'utf8');
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE_RULES.has(v.id))
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}
