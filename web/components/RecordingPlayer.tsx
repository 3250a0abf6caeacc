import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useHref } from 'react-router';
import type { PageRecording } from '../../data/media-schemas.ts';
import { outingRoute, recordingAnchor, recordingRoute } from '../../data/paths.ts';
import { imageUrl, mediaUrl } from '../assets.ts';
import { FIRST_SCREEN_TIMING, QUEUED_SRC } from '../first-screen.ts';
import { birdName } from '../bird-name.ts';
import { formatDuration, mediaLength, positionText, spectrogramAlt } from '../media-text.ts';
import { onePlayerAtATime } from '../one-at-a-time.ts';
import { t } from '../site-words.ts';
import { Day } from './DayAndRegion.tsx';
import { useStartWhenNear } from './near-viewport.ts';

/** Seconds an arrow key moves the playhead; Page Up/Down move a tenth of the recording. */
const ARROW_STEP = 1;

/** The first of the recording's files this browser says it can play, else the first (the browser then reports what it cannot). */
function playableFile(audio: HTMLAudioElement, files: PageRecording['audio']): PageRecording['audio'][number] {
  return files.find((file) => audio.canPlayType(file.type) !== '') ?? files[0]!;
}

interface RecordingPlayerProps {
  recording: PageRecording;
  /** `lazy` (default) for a spectrogram below the fold; `eager` for one on the first screen. */
  loading?: 'lazy' | 'eager';
  /** Show the species' name (on a page of several species: an outing's). */
  showSpecies?: boolean;
}

/**
 * A recording: its spectrogram with a small player over it. The spectrogram and the controls
 * are in the pre-rendered HTML, the image's box reserved by its width and height; the audio
 * element is made, and its file named, only when the visitor first plays it (nothing is
 * fetched before). While it plays, a playhead crosses the spectrogram, moved by
 * requestAnimationFrame with a transform only (no layout). The spectrogram is a slider: a click
 * or the arrow keys seek. Starting it pauses any other recording or clip of the page.
 */
export function RecordingPlayer({ recording, loading = 'lazy', showSpecies = false }: RecordingPlayerProps) {
  const species = birdName(recording.species, recording.localName);
  const duration = recording.durationSeconds;
  const length = mediaLength(duration);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const headRef = useRef<HTMLDivElement | null>(null);
  const boxRef = useRef<HTMLDivElement | null>(null);
  // A lazy spectrogram waits as a first-screen tile queued behind the page's first photo does
  // (QUEUED_SRC, which the page's inline script starts once that photo is on screen), or for the
  // app when it comes near the screen: it never takes bandwidth from the photo a visitor sees first.
  const [near, setNear] = useState(loading === 'eager');
  useStartWhenNear(boxRef, !near, () => setNear(true));
  /** Where playing starts or went to, in seconds, before and after the audio exists. */
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const link = useHref(recordingRoute(recording.species, recording.id));

  const moveHead = (seconds: number) => {
    const head = headRef.current;
    if (head) head.style.transform = `translateX(${(Math.min(1, Math.max(0, seconds / duration)) * 100).toFixed(3)}%)`;
  };

  // While playing: the playhead follows the audio every frame; the text and the slider's value follow its timeupdate events.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarted only when playing starts or stops; moveHead reads the recording's fixed length
  useEffect(() => {
    const audio = audioRef.current;
    if (!playing || !audio) return;
    let frame = 0;
    const step = () => {
      moveHead(audio.currentTime);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  // Leaving the page stops the sound and lets go of the file.
  useEffect(
    () => () => {
      const audio = audioRef.current;
      if (!audio) return;
      audio.pause();
      audio.removeAttribute('src');
      audio.remove();
    },
    [],
  );

  /** The audio element, made on the first play inside the click's own task (a phone's browser lets only that start sound). */
  const audioElement = (): HTMLAudioElement => {
    if (audioRef.current) return audioRef.current;
    onePlayerAtATime();
    const audio = document.createElement('audio');
    audio.preload = 'none';
    audio.src = mediaUrl(playableFile(audio, recording.audio).path);
    audio.addEventListener('play', () => setPlaying(true));
    audio.addEventListener('pause', () => setPlaying(false));
    audio.addEventListener('timeupdate', () => setTime(audio.currentTime));
    audio.addEventListener('ended', () => {
      setPlaying(false);
      setTime(0);
      moveHead(0);
    });
    audio.addEventListener('error', () => {
      setPlaying(false);
      setFailed(true);
    });
    audio.currentTime = time;
    // In the document, so the page's one-at-a-time rule sees it; never shown (no controls).
    boxRef.current?.append(audio);
    audioRef.current = audio;
    return audio;
  };

  const toggle = () => {
    const audio = audioElement();
    if (!audio.paused) {
      audio.pause();
      return;
    }
    setFailed(false);
    audio.play().catch((error: unknown) => {
      // A play() that a pause() interrupted is no failure; a file that cannot be played reports through `error`.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlaying(false);
    });
  };

  const seek = (seconds: number) => {
    const to = Math.min(duration, Math.max(0, seconds));
    setTime(to);
    moveHead(to);
    if (audioRef.current) audioRef.current.currentTime = to;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: time + ARROW_STEP,
      ArrowUp: time + ARROW_STEP,
      ArrowLeft: time - ARROW_STEP,
      ArrowDown: time - ARROW_STEP,
      PageUp: time + duration / 10,
      PageDown: time - duration / 10,
      Home: 0,
      End: duration,
    };
    const to = moves[event.key];
    if (to !== undefined) seek(to);
    else if (event.key === ' ' || event.key === 'Enter') toggle();
    else return;
    event.preventDefault();
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seek(((event.clientX - box.left) / box.width) * duration);
  };

  const { image } = recording.spectrogram;
  const shown = Math.min(time, duration);
  return (
    <figure id={recordingAnchor(recording.id)} className="recording scroll-mt-20" data-recording={recording.id}>
      <div ref={boxRef} className="relative overflow-hidden rounded-sm bg-stone-100">
        {/* Its alt text is never drawn over the box while the file is on its way. */}
        <img
          src={near ? imageUrl(image.path) : undefined}
          // Queued, it is among the images the inline loader waits to see painted before it starts
          // the app, which it knows by their Element Timing: without the mark it would wait its 2 s.
          {...(near ? {} : { [QUEUED_SRC]: imageUrl(image.path), elementtiming: FIRST_SCREEN_TIMING, suppressHydrationWarning: true })}
          width={image.width}
          height={image.height}
          style={{ aspectRatio: `${image.width} / ${image.height}` }}
          alt={spectrogramAlt(species, duration)}
          loading={loading}
          decoding="async"
          className="block h-auto w-full text-transparent"
        />
        {!near && (
          <noscript>
            <img src={imageUrl(image.path)} alt="" width={image.width} height={image.height} className="absolute inset-0 block h-full w-full" />
          </noscript>
        )}
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('recording.seek')}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.floor(shown)}
          aria-valuetext={positionText(shown, duration)}
          onClick={onClick}
          onKeyDown={onKeyDown}
          className="absolute inset-0 cursor-pointer outline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-300"
        >
          <div ref={headRef} className="recording-head pointer-events-none absolute inset-0" style={{ transform: 'translateX(0%)' }} aria-hidden="true">
            <span className="absolute inset-y-0 left-0 w-0.5 bg-amber-600" />
          </div>
        </div>
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-300">
        <button
          type="button"
          onClick={toggle}
          aria-label={t(playing ? 'recording.pause' : 'recording.play', { species, duration: length })}
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-amber-200 text-stone-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-200"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
            {playing ? <path d="M6 5h4v14H6zm8 0h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
          </svg>
        </button>
        <span className="tabular-nums text-stone-200">
          {formatDuration(shown)} / {length}
        </span>
        {showSpecies && (
          <span className="font-serif text-base text-stone-100" lang={recording.localName?.lang}>
            {species}
          </span>
        )}
        {recording.title && <span className="text-stone-100">{recording.title}</span>}
        {recording.takenOn &&
          (recording.outing ? (
            <Link to={outingRoute(recording.outing)} className="hover:text-amber-200">
              <Day day={recording.takenOn} />
            </Link>
          ) : (
            <Day day={recording.takenOn} />
          ))}
        {recording.device && <span>{t('recording.recordedWith', { device: recording.device })}</span>}
        {recording.credit && (
          <span>
            {recording.credit.author} ·{' '}
            {recording.credit.licenceUrl ? (
              <a href={recording.credit.licenceUrl} rel="license noreferrer" className="text-link">
                {recording.credit.licence}
              </a>
            ) : (
              recording.credit.licence
            )}
          </span>
        )}
        {/* A plain link: the browser itself scrolls to the player, on this page or on the species page it opens. */}
        <a href={link} className="text-link">
          {t('recording.link')}
        </a>
        {failed && (
          <span role="alert" className="text-amber-300">
            {t('recording.failed')}
          </span>
        )}
      </figcaption>
      {recording.caption && <p className="mt-1 text-sm text-stone-400">{recording.caption}</p>}
    </figure>
  );
}
