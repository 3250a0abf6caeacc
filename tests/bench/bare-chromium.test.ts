import { afterAll, describe, expect, it } from 'vitest';
import { launchBareChromium, type BareChromium } from '../../bench/lib/bare-chromium.ts';
import { groupAlive } from '../../harness/processes.ts';

/** The benchmark's Chromium without Playwright (bench/lib/bare-chromium.ts): commands, answers, errors, and nothing left running. */
describe('Chromium through its DevTools pipe alone', () => {
  let chromium: BareChromium | undefined;
  afterAll(() => chromium?.close());

  it("answers a page's commands in the page's session, names a refused command, and closes with every process it started", async () => {
    chromium = await launchBareChromium();
    const { targetId } = await chromium.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await chromium.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const { result } = await chromium.send<{ result: { value: unknown } }>('Runtime.evaluate', { expression: '6 * 7' }, sessionId);
    expect(result.value).toBe(42);
    await expect(chromium.send('No.suchCommand')).rejects.toThrow(/^No\.suchCommand: /);

    const pid = chromium.pid;
    expect(groupAlive(pid)).toBe(true);
    await chromium.close();
    chromium = undefined;
    expect(groupAlive(pid)).toBe(false);
  }, 60_000);
});
