import { site } from '../site.ts';

/** The owner's gear and the Life List's statistics, from info.json. */
export async function infoLoader() {
  const info = await site.info();
  return { gear: info.gear, stats: info.stats };
}
