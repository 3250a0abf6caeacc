import { site } from '../site.ts';

/** Every photo, recording and clip with a credit line (CC BY and CC BY-SA require the attribution), and the taxonomy's source (its publisher asks for it). */
export async function creditsLoader() {
  const { photos, media, taxonomy } = await site.credits();
  return { credited: photos, media, taxonomy };
}
