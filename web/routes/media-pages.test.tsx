import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { infoSchema, MANIFEST_FILES } from '../../data/manifest-schemas.ts';
import { outingDataSchema, outingsDataSchema } from '../../data/outings.ts';
import { assetUrl } from '../../data/paths.ts';
import { creditsDataSchema, levelDataSchema, speciesDataSchema, siteDataPaths } from '../../data/site-data-schemas.ts';
import { renderRoute, useFixtureManifests, WOOD_DUCK } from '../test/fixtures.tsx';
import { fakeMediaPlayback, fixtureClip, fixtureRecording } from '../test/media.ts';

/**
 * The pages that show recordings and clips, on the fixture site with media added to its data
 * files (each file checked by its schema, as the pipeline writes it).
 */
const recording = fixtureRecording({ species: 'Wood Duck', id: 'wood-duck-whistle-0a1b2c3', outing: '2024-05-17', takenOn: '2024-05-17' });
const clip = fixtureClip({ species: 'Wood Duck', id: 'wood-duck-swims-4d5e6f7', credit: { author: 'Ada Lovelace', licence: 'CC BY-SA 4.0', licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/' } });

type Schema<T> = { parse: (value: unknown) => T };

function useMediaFixtures() {
  const { files } = useFixtureManifests();
  const change = <T,>(path: string, schema: Schema<T>, edit: (data: T) => T) => {
    if (!files.has(path)) throw new Error(`no fixture file ${path}`);
    files.set(path, schema.parse(edit(schema.parse(files.get(path)))));
  };
  change(siteDataPaths.species('Wood Duck'), speciesDataSchema, (data) => ({ ...data, recordings: [recording], clips: [clip] }));
  change(siteDataPaths.level(WOOD_DUCK.slice(0, -1)), levelDataSchema, (data) =>
    data.kind === 'folders' ? { ...data, recordingCount: 1, clipCount: 1, cards: data.cards.map((card) => (card.name === 'Wood Duck' ? { ...card, recordingCount: 1, clipCount: 1 } : card)) } : data,
  );
  change(siteDataPaths.credits, creditsDataSchema, (data) => ({ ...data, media: [{ id: clip.id, kind: 'clip' as const, species: 'Wood Duck', fileName: 'swims.mov', credit: clip.credit! }] }));
  change(MANIFEST_FILES.info, infoSchema, (info) => ({ ...info, stats: { ...info.stats, recordings: 1, clips: 2 } }));
  const outing = siteDataPaths.outing('2024-05-17');
  change(outing, outingDataSchema, (data) => ({
    ...data,
    recordingCount: 1,
    species: data.species.map((s) => (s.species === 'Wood Duck' ? { ...s, recordings: [recording] } : s)),
  }));
  change(siteDataPaths.outings, outingsDataSchema, (data) => ({
    ...data,
    years: data.years.map((y) => ({ ...y, outings: y.outings?.map((o) => (o.key === '2024-05-17' ? { ...o, recordings: 1 } : o)) })),
  }));
  return files;
}

beforeEach(() => fakeMediaPlayback());

describe('a species with recordings and clips', () => {
  it('counts them, plays its recordings in a section of their own and shows its clips in the wall, which the lightbox plays', async () => {
    useMediaFixtures();
    renderRoute('/species/Wood%20Duck/');
    expect((await screen.findByText('1 recording')).closest('dd')).toHaveTextContent(/^2 photos · 1 recording · 1 clip$/);
    const section = screen.getByRole('region', { name: 'Recordings' });
    expect(within(section).getByRole('img', { name: 'Spectrogram of Wood Duck, 0:10' })).toBeInTheDocument();
    expect(within(section).getByRole('slider')).toHaveAttribute('aria-valuetext', '0:00 of 0:10');
    expect(within(section).getByRole('link', { name: 'Link to this recording' })).toHaveAttribute('href', `/species/Wood%20Duck/#recording-${recording.id}`);
    expect(document.querySelector('audio, video')).toBeNull();

    // A recording plays until a clip starts.
    await userEvent.click(within(section).getByRole('button', { name: /^Play/ }));
    const audio = section.querySelector('audio')!;
    expect(audio.paused).toBe(false);

    // The clip: the last tile of the wall, its poster with a play mark and its length.
    const tile = screen.getByRole('link', { name: 'Clip of Wood Duck, 0:12' });
    expect(within(tile).getByTestId('clip-mark')).toHaveTextContent('0:12');
    await userEvent.click(tile);
    const dialog = await screen.findByRole('dialog');
    const video = await waitFor(() => {
      const found = dialog.querySelector('video');
      if (!found) throw new Error('no video yet');
      return found;
    });
    expect(video).toHaveAttribute('poster', assetUrl('/', clip.poster.path));
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('controls');
    expect(video).not.toHaveAttribute('autoplay');
    expect(video.paused).toBe(true);
    expect(video.querySelector('source')).toHaveAttribute('src', assetUrl('/', clip.video[0]!.path));
    expect(video.querySelector('source')).toHaveAttribute('type', clip.video[0]!.type);

    // Playing the clip pauses the recording, and the other way round (the page under the lightbox is hidden from assistive technology meanwhile).
    await video.play();
    expect(audio.paused).toBe(true);
    await userEvent.click(within(section).getByRole('button', { name: /^Play/, hidden: true }));
    expect(audio.paused).toBe(false);
    expect(video.paused).toBe(true);
  });
});

describe('the counts and credits of recordings and clips', () => {
  it('adds them to a Life List card', async () => {
    useMediaFixtures();
    renderRoute('/life-list/Anseriformes+Ducks%2C%20Geese%2C%20and%20Waterfowl/');
    expect(await screen.findByText('1 species · 1 recording · 1 clip')).toBeInTheDocument();
  });

  it('counts them on the Info page', async () => {
    useMediaFixtures();
    renderRoute('/info/');
    expect(await screen.findByText('1 recording')).toBeInTheDocument();
    expect(screen.getByText('2 clips')).toBeInTheDocument();
  });

  it('credits them, with a visible licence link for CC BY-SA', async () => {
    useMediaFixtures();
    renderRoute('/credits/');
    const section = await screen.findByRole('region', { name: 'Recordings and clips' });
    const line = section.querySelector(`[data-media="${clip.id}"]`)!;
    expect(line).toHaveTextContent('Clip:');
    expect(line).toHaveTextContent('Ada Lovelace');
    expect(within(line as HTMLElement).getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-sa/4.0/');
    expect(within(line as HTMLElement).getByRole('link', { name: 'Wood Duck' })).toHaveAttribute('href', `/species/Wood%20Duck/?photo=${clip.id}`);
  });

  it('plays the recordings of an outing day on its page and counts them', async () => {
    useMediaFixtures();
    renderRoute('/outings/2024-05-17/');
    const section = await screen.findByRole('region', { name: 'Recordings' });
    expect(within(section).getByRole('img', { name: 'Spectrogram of Wood Duck, 0:10' })).toBeInTheDocument();
    expect(within(section).getByText('Wood Duck')).toBeInTheDocument();
    expect(screen.getByText('Recordings:').nextElementSibling).toHaveTextContent('1');
  });

  it("counts them on the outing's card in the Outings index", async () => {
    useMediaFixtures();
    renderRoute('/outings/');
    const card = (await screen.findByRole('link', { name: 'May 17, 2024' })).closest('li')!;
    expect(card).toHaveTextContent(/5 photos, 1 recording$/);
  });
});
