/**
 * One recording or clip plays at a time: when any audio or video element of the page starts,
 * every other one pauses (a recording's player, the lightbox's video). One listener on the
 * document, in the capture phase (media events do not bubble), installed by the first player
 * that plays; the lightbox's video needs nothing of its own, as its element is in the document
 * too.
 */
const installedOn = new WeakSet<Document>();

export function onePlayerAtATime(doc: Document = document): void {
  if (installedOn.has(doc)) return;
  installedOn.add(doc);
  doc.addEventListener(
    'play',
    (event) => {
      const started = event.target;
      for (const other of doc.querySelectorAll<HTMLMediaElement>('audio, video')) {
        if (other !== started && !other.paused) other.pause();
      }
    },
    true,
  );
}
