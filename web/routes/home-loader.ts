import { site } from '../site.ts';

/** The featured photos, in the owner's order. */
export async function homeLoader() {
  return { photos: await site.home() };
}
