import { expect, it } from 'vitest';
import { withOfflineFeatures } from './browser.ts';

const disabled = (flags: string[]) => flags.filter((flag) => flag.startsWith('--disable-features='));

it("extends a launcher's list of features switched off, in the one switch Chromium reads", () => {
  const flags = withOfflineFeatures(['--headless=new', '--disable-features=Translate,OptimizationHints', '--no-first-run']);
  expect(disabled(flags)).toEqual(['--disable-features=Translate,OptimizationHints,NetworkTimeServiceQuerying']);
  expect(flags).toEqual(expect.arrayContaining(['--headless=new', '--no-first-run']));
});

it('adds the switch where there is none', () => {
  expect(disabled(withOfflineFeatures(['--headless=new']))).toEqual(['--disable-features=NetworkTimeServiceQuerying,OptimizationHints']);
});
