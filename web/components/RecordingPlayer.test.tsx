import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { join } from 'node:path';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetUrl } from '../../data/paths.ts';
import { FIRST_SCREEN_TIMING, QUEUED_SRC } from '../first-screen.ts';
import { loadSiteWords, WORDS_FOLDER } from '../prerender/word-tables.ts';
import { setSiteWords } from '../site-words.ts';
import { intersectAll } from '../test/intersection.ts';
import { fakeMediaPlayback, fixtureRecording } from '../test/media.ts';
import { RecordingPlayer } from './RecordingPlayer.tsx';

const useLanguage = (tag: string) => setSiteWords(loadSiteWords(tag, join(process.cwd(), WORDS_FOLDER)).words);

const eagle = fixtureRecording();
const eagleFile = assetUrl('/', eagle.audio[0]!.path);

function renderPlayers(...recordings: ReturnType<typeof fixtureRecording>[]) {
  return render(
    <MemoryRouter initialEntries={['/species/Bald%20Eagle/']}>
      {recordings.map((recording) => (
        <RecordingPlayer key={recording.id} recording={recording} />
      ))}
    </MemoryRouter>,
  );
}

beforeEach(() => fakeMediaPlayback());
afterEach(() => useLanguage('en'));

describe('a recording', () => {
  it('is its spectrogram, named with the species and length, in a reserved box, with its controls and length, and fetches nothing before play', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPlayers(eagle);
    const image = screen.getByRole('img', { name: 'Spectrogram of Bald Eagle, 0:10' });
    // A lazy spectrogram has no file until it comes near the screen, so it never competes with the first screen's photos.
    expect(image).not.toHaveAttribute('src');
    // Queued as a first-screen tile is: the page's inline loader, which starts it, knows it painted by this mark.
    expect(image).toHaveAttribute(QUEUED_SRC, assetUrl('/', eagle.spectrogram.image.path));
    expect(image).toHaveAttribute('elementtiming', FIRST_SCREEN_TIMING);
    intersectAll();
    expect(image).toHaveAttribute('src', assetUrl('/', eagle.spectrogram.image.path));
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '300');
    expect(image).toHaveAttribute('loading', 'lazy');
    const slider = screen.getByRole('slider', { name: 'Position in the recording' });
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:10');
    expect(slider).toHaveAttribute('aria-valuemax', '10');
    expect(screen.getByRole('button', { name: 'Play the recording of Bald Eagle, 0:10' })).toBeInTheDocument();
    expect(screen.getByText('0:00 / 0:10')).toBeInTheDocument();
    // Nothing names the audio file, so nothing can fetch it.
    expect(document.querySelector('audio')).toBeNull();
    expect(document.body.innerHTML).not.toContain('.m4a');
    expect(fetch).not.toHaveBeenCalled();
    // Its stable link: the species page at its player.
    expect(screen.getByRole('link', { name: 'Link to this recording' })).toHaveAttribute('href', `/species/Bald%20Eagle/#recording-${eagle.id}`);
    expect(document.getElementById(`recording-${eagle.id}`)).not.toBeNull();
  });

  it('makes its audio on the first play (preload none), then plays and pauses it', async () => {
    renderPlayers(eagle);
    await userEvent.click(screen.getByRole('button', { name: 'Play the recording of Bald Eagle, 0:10' }));
    const audio = document.querySelector('audio')!;
    expect(audio).not.toBeNull();
    expect(audio.preload).toBe('none');
    expect(audio.getAttribute('src')).toBe(eagleFile);
    expect(audio.paused).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Pause the recording of Bald Eagle, 0:10' }));
    expect(audio.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play the recording of Bald Eagle, 0:10' })).toBeInTheDocument();
    expect(document.querySelectorAll('audio')).toHaveLength(1);
  });

  it('seeks with the arrow keys, Home and End, before and while playing, and says where it is', async () => {
    renderPlayers(eagle);
    const slider = screen.getByRole('slider');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', '0:04 of 0:10');
    expect(slider).toHaveAttribute('aria-valuenow', '4');
    expect(screen.getByText('0:04 / 0:10')).toBeInTheDocument();
    // The playhead moved by a transform only.
    const head = slider.querySelector<HTMLElement>('.recording-head')!;
    expect(head.style.transform).toMatch(/^translateX\(39\.\d+%\)$/);
    // Space plays from there.
    await userEvent.keyboard(' ');
    const audio = document.querySelector('audio')!;
    expect(audio.paused).toBe(false);
    expect(audio.currentTime).toBe(4);
    await userEvent.keyboard('{ArrowLeft}');
    expect(audio.currentTime).toBe(3);
    await userEvent.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuetext', '0:10 of 0:10');
    await userEvent.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:10');
    expect(audio.currentTime).toBe(0);
  });

  it('follows the audio while it plays: the time and the slider on timeupdate, the playhead every frame', async () => {
    renderPlayers(eagle);
    await userEvent.click(screen.getByRole('button', { name: /^Play/ }));
    const audio = document.querySelector('audio')!;
    audio.currentTime = 5.5;
    act(() => void audio.dispatchEvent(new Event('timeupdate')));
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '0:05 of 0:10');
    const head = document.querySelector<HTMLElement>('.recording-head')!;
    await vi.waitFor(() => expect(head.style.transform).toMatch(/^translateX\(53\.\d+%\)$/));
    act(() => void audio.dispatchEvent(new Event('ended')));
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '0:00 of 0:10');
    expect(screen.getByRole('button', { name: /^Play/ })).toBeInTheDocument();
  });

  it('seeks where the spectrogram is clicked', () => {
    renderPlayers(eagle);
    const slider = screen.getByRole('slider');
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({ left: 100, width: 400, top: 0, height: 100, right: 500, bottom: 100, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.click(slider, { clientX: 300 });
    expect(slider).toHaveAttribute('aria-valuetext', '0:05 of 0:10');
  });

  it('plays one at a time: starting one pauses any other, a clip included', async () => {
    const wren = fixtureRecording({ id: 'wren-song-0000001', species: 'Carolina Wren', durationSeconds: 8 });
    renderPlayers(eagle, wren);
    const eagleFigure = document.getElementById(`recording-${eagle.id}`)!;
    const wrenFigure = document.getElementById(`recording-${wren.id}`)!;
    await userEvent.click(within(eagleFigure).getByRole('button', { name: /^Play/ }));
    await userEvent.click(within(wrenFigure).getByRole('button', { name: /^Play/ }));
    expect(within(eagleFigure).getByRole('button', { name: /^Play/ })).toBeInTheDocument();
    expect(within(wrenFigure).getByRole('button', { name: /^Pause/ })).toBeInTheDocument();
    expect(eagleFigure.querySelector('audio')!.paused).toBe(true);
    // The lightbox's video of a clip is another media element of the page.
    const video = document.body.appendChild(document.createElement('video'));
    await act(() => video.play());
    expect(wrenFigure.querySelector('audio')!.paused).toBe(true);
    expect(within(wrenFigure).getByRole('button', { name: /^Play/ })).toBeInTheDocument();
    video.remove();
  });

  it('says that a file could not be played', async () => {
    renderPlayers(eagle);
    await userEvent.click(screen.getByRole('button', { name: /^Play/ }));
    act(() => void document.querySelector('audio')!.dispatchEvent(new Event('error')));
    expect(screen.getByRole('alert')).toHaveTextContent('The recording could not be played.');
  });

  it("speaks the site's language", () => {
    useLanguage('de');
    renderPlayers(eagle);
    expect(screen.getByRole('img', { name: 'Spektrogramm von Bald Eagle, 0:10' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Position in der Tonaufnahme' })).toHaveAttribute('aria-valuetext', '0:00 von 0:10');
    expect(screen.getByRole('button', { name: 'Tonaufnahme von Bald Eagle abspielen, 0:10' })).toBeInTheDocument();
  });
});
