import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSiteWords, WORDS_FOLDER } from './prerender/word-tables.ts';
import { setSiteWords } from './site-words.ts';
import { clipName, formatDuration, mediaCounts, mediaLength, positionText, spectrogramAlt } from './media-text.ts';

const use = (tag: string) => setSiteWords(loadSiteWords(tag, join(process.cwd(), WORDS_FOLDER)).words);
afterEach(() => use('en'));

describe('the words of recordings and clips', () => {
  it('writes lengths as a player does', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(4.9)).toBe('0:04');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    // A whole length is rounded, and a sound is never 0:00 long.
    expect(mediaLength(10.2)).toBe('0:10');
    expect(mediaLength(9.6)).toBe('0:10');
    expect(mediaLength(0.3)).toBe('0:01');
  });

  it("counts photos, recordings and clips with each language's plural rules, leaving out a kind with none", () => {
    expect(mediaCounts({ photos: 4, recordings: 1 })).toBe('4 photos · 1 recording');
    expect(mediaCounts({ photos: 1, recordings: 2, clips: 1 })).toBe('1 photo · 2 recordings · 1 clip');
    expect(mediaCounts({ photos: 3 })).toBe('3 photos');
    expect(mediaCounts({ recordings: 0, clips: 0 })).toBe('');
    use('de');
    expect(mediaCounts({ photos: 4, recordings: 1, clips: 2 })).toBe('4 Fotos · 1 Tonaufnahme · 2 Videos');
    use('fr');
    expect(mediaCounts({ photos: 1, recordings: 2, clips: 1_000_000 })).toBe('1 photo · 2 enregistrements · 1\u202f000\u202f000 de vidéos');
    use('ja');
    expect(mediaCounts({ photos: 4, recordings: 1 })).toBe('写真4枚 · 録音1件');
    use('pt-BR');
    expect(mediaCounts({ photos: 2, recordings: 1, clips: 3 })).toBe('2 fotos · 1 gravação · 3 vídeos');
  });

  it("names a spectrogram, a clip and a player's position in the site's language", () => {
    expect(spectrogramAlt('Bald Eagle', 10.2)).toBe('Spectrogram of Bald Eagle, 0:10');
    expect(clipName('Bald Eagle', 12.4)).toBe('Clip of Bald Eagle, 0:12');
    expect(positionText(4.2, 10.2)).toBe('0:04 of 0:10');
    use('es');
    expect(spectrogramAlt('Bald Eagle', 10.2)).toBe('Espectrograma de Bald Eagle, 0:10');
    expect(positionText(4.2, 10.2)).toBe('0:04 de 0:10');
    use('zh-Hans');
    expect(positionText(4.2, 10.2)).toBe('0:04／0:10');
  });
});
