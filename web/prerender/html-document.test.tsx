import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PhotoTile, tileOf } from '../components/PhotoTile.tsx';
import type { GalleryPhoto } from '../photos.ts';
import { deferEntryScript, fillTemplate, headKey, hoistedValue, iconLink, inlineStylesheets, splitHoisted, unescapeHtml } from './html-document.ts';
import { firstScreenScript, hydrationGuardScript } from './inline-scripts.ts';
import { OTHER_PAGE } from '../first-screen.ts';
import { pageFile } from '../../data/paths.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Template</title>
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pageFile', () => {
  it('writes each page once, as the file its URL names, percent-decoded as static hosts look it up', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/info/')).toBe('info/index.html');
    expect(pageFile('/life-list/Anseriformes+Ducks%2C%20Geese/')).toBe('life-list/Anseriformes+Ducks, Geese/index.html');
    expect(pageFile(`/species/${encodeURIComponent('Tom & Jerry\'s "Owl"')}/`)).toBe('species/Tom & Jerry\'s "Owl"/index.html');
  });

  it('refuses routes that would escape the output folder', () => {
    expect(() => pageFile('/species/..')).toThrow(/cannot be written/);
    expect(() => pageFile('/species/a%2Fb/')).toThrow(/cannot be written/);
    expect(() => pageFile('/species/%E0%A4%A/')).toThrow(/invalid percent-encoding/);
  });
});

describe('React output', () => {
  it('splits the hoisted head elements from the markup and reads their values back', () => {
    const html = '<title>Tom &amp; Jerry&#x27;s &quot;Owl&quot;</title><meta name="description" content="a &lt;b&gt; &amp; c"/><link rel="preload" as="image" href="/x.jpg"/><div><title>not hoisted</title></div>';
    const { head, body } = splitHoisted(html);
    expect(head).toHaveLength(3);
    expect(body).toBe('<div><title>not hoisted</title></div>');
    expect(head.map(headKey)).toEqual(['title', 'name:description', 'rel:preload']);
    expect(hoistedValue(head, 'title')).toBe(`Tom & Jerry's "Owl"`);
    expect(hoistedValue(head, 'name:description')).toBe('a <b> & c');
    expect(unescapeHtml('&#60;&#x3e;&apos;')).toBe("<>'");
  });
});

describe('fillTemplate', () => {
  it('replaces the template title, keeps the charset first, and never reads "$" in the markup as a pattern', () => {
    const html = fillTemplate(TEMPLATE, { head: ['<title>Page</title>'], headScripts: ['<script>first()</script>'], body: '<p>$& $1 $$</p>', afterRoot: ['<script>guard()</script>'] });
    expect(html).not.toContain('Template');
    expect(html.indexOf('<meta charset')).toBeLessThan(html.indexOf('<script>first()'));
    expect(html.indexOf('<script>first()')).toBeLessThan(html.indexOf('/assets/index.js'));
    expect(html).toContain('<div id="root"><p>$& $1 $$</p></div><script>guard()</script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('refuses a template that was already filled', () => {
    const once = fillTemplate(TEMPLATE, { head: [], body: '<p>x</p>' });
    expect(() => fillTemplate(once, { head: [], body: '<p>y</p>' })).toThrow(/run vite build/);
  });
});

describe('inlineStylesheets', () => {
  it("writes the build's stylesheets into the page and keeps any other link", async () => {
    const template = TEMPLATE.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/sub/assets/index-1.css"><link rel="stylesheet" href="https://fonts.example/a.css"><link rel="stylesheet" href="/sub/assets/odd.css"></head>',
    );
    const files: Record<string, string> = { '/sub/assets/index-1.css': '.a{color:red}\n', '/sub/assets/odd.css': '.b{content:"</style><script>"}' };
    const html = await inlineStylesheets(template, async (href) => files[href]);
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).not.toContain('index-1.css');
    expect(html).toContain('<link rel="stylesheet" href="https://fonts.example/a.css">');
    // CSS that would end the <style> element early is left linked.
    expect(html).toContain('<link rel="stylesheet" href="/sub/assets/odd.css">');
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
  });
});

describe('the hydration guard', () => {
  function runGuard(renderedPath: string | null, at: string, basePath = '/') {
    window.history.replaceState(null, '', at);
    document.body.innerHTML = '<div id="root"><p>server markup</p></div>';
    // The script element as the page holds it (jsdom runs no script itself): the page's path is its attribute.
    document.body.insertAdjacentHTML('beforeend', hydrationGuardScript(renderedPath, basePath));
    const element = document.body.lastElementChild as HTMLScriptElement;
    // The page's location, but a navigation it asks for is recorded (jsdom does not navigate).
    const asked: string[] = [];
    const { pathname, search, hash } = window.location;
    const location = { pathname, search, hash, replace: (url: string) => void asked.push(url) };
    const page = { currentScript: element, getElementById: (id: string) => document.getElementById(id) };
    new Function('location', 'document', element.text)(location, page);
    const root = document.getElementById('root');
    return { kept: root?.textContent === 'server markup', otherPage: root?.hasAttribute(OTHER_PAGE), url: window.location.pathname + window.location.search, asked: asked[0] };
  }

  it('keeps the markup on the page it was rendered for', () => {
    expect(runGuard('/species/Bald%20Eagle/', '/species/Bald%20Eagle/?photo=x')).toEqual({ kept: true, otherPage: false, url: '/species/Bald%20Eagle/?photo=x', asked: undefined });
  });

  it.each([
    ['without the slash (serve, the spec form)', '/species/Bald%20Eagle?photo=x'],
    ['as the folder index (a bucket)', '/species/Bald%20Eagle/index.html?photo=x'],
    ['as the older .html file', '/species/Bald%20Eagle.html?photo=x'],
    ['decoded', '/species/Bald Eagle/?photo=x'],
  ])('keeps the markup under another form of its own path: %s, and rewrites the URL to the rendered form', (_, at) => {
    expect(runGuard('/species/Bald%20Eagle/', at)).toEqual({ kept: true, otherPage: false, url: '/species/Bald%20Eagle/?photo=x', asked: undefined });
  });

  it('rewrites another spelling of a Life List path (decoded comma, no slash) to the rendered one', () => {
    expect(runGuard('/life-list/A+B%2C%20C/', '/life-list/A+B,%20C?photo=1')).toMatchObject({ kept: true, url: '/life-list/A+B%2C%20C/?photo=1' });
  });

  it('keeps the home page under /index.html, with or without the base path', () => {
    expect(runGuard('/birds/', '/birds/index.html', '/birds/')).toMatchObject({ kept: true, url: '/birds/' });
    expect(runGuard('/birds/', '/birds', '/birds/')).toMatchObject({ kept: true, url: '/birds/' });
    expect(runGuard('/birds/info/', '/info', '/birds/')).toMatchObject({ kept: true, url: '/birds/info/' });
  });

  it("keeps another URL's markup on screen (a host's 404 page), marked for the app to render over it", () => {
    expect(runGuard('/', '/species/Bald%20Eagle/')).toEqual({ kept: true, otherPage: true, url: '/species/Bald%20Eagle/', asked: undefined });
    expect(runGuard('/species/Bald%20Eagle/', '/species/Bald%20Eagles/')).toMatchObject({ kept: true, otherPage: true });
    expect(runGuard('/birds/info/', '/other/info/', '/birds/')).toMatchObject({ kept: true, otherPage: true });
    expect(runGuard(null, '/life-list/No+Such+Folder/?photo=1')).toMatchObject({ kept: true, otherPage: true, asked: undefined });
  });

  it("asks once for the folder form of a path not in that form, where a bucket keeps the page's own file", () => {
    expect(runGuard(null, '/info')).toMatchObject({ asked: '/info/' });
    expect(runGuard(null, '/species/Wood%20Duck?photo=x#top')).toMatchObject({ asked: '/species/Wood%20Duck/?photo=x#top' });
    expect(runGuard(null, '/info.html')).toMatchObject({ asked: '/info/' });
    expect(runGuard(null, '/life-list/No+Such+Folder/index.html')).toMatchObject({ asked: '/life-list/No+Such+Folder/' });
    expect(runGuard('/', '/birds/info', '/')).toMatchObject({ asked: '/birds/info/' });
  });
});

describe('iconLink', () => {
  it("takes the site's icon from the app's template, for the pages written without it", () => {
    expect(iconLink(TEMPLATE.replace('<title>', '<link rel="icon" href="data:image/svg+xml,%3Csvg%3E" />\n    <title>'))).toBe('<link rel="icon" href="data:image/svg+xml,%3Csvg%3E" />');
    expect(iconLink(TEMPLATE)).toBeUndefined();
  });
});

describe('deferEntryScript', () => {
  const built = TEMPLATE.replace('<script type="module" src="/assets/index.js"></script>', '<script type="module" crossorigin src="/sub/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/sub/assets/runtime-1.js">');

  /**
   * Runs the loader on this page's body, as if the page had just loaded (no Element Timing here:
   * jsdom). `paint()` reports the first contentful paint, as Paint Timing does; `painted` has it
   * reported already.
   */
  function runLoader(body: string, readyState: 'complete' | 'interactive' = 'complete', { painted = true } = {}) {
    const { loader } = deferEntryScript(built);
    document.head.querySelectorAll('script, link').forEach((s) => s.remove());
    document.body.innerHTML = `<div id="root">${body}</div>`;
    const listeners: Array<() => void> = [];
    const fakeDocument = new Proxy(document, {
      get: (target, key) => {
        if (key === 'readyState') return readyState;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const paintTiming = { painted, observers: new Set<() => void>() };
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      readonly #report: () => void;
      constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
        this.#report = () => callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []) });
      }
      observe() {
        paintTiming.observers.add(this.#report);
        if (paintTiming.painted) this.#report();
      }
      disconnect() {
        paintTiming.observers.delete(this.#report);
      }
    }
    const fire = () => listeners.forEach((listener) => listener());
    const paint = () => {
      paintTiming.painted = true;
      [...paintTiming.observers].forEach((report) => report());
    };
    new Function('document', 'window', 'addEventListener', loader.replace(/^<script>|<\/script>$/g, ''))(
      fakeDocument,
      { PerformanceObserver: PaintObserver },
      (type: string, listener: () => void) => type === 'load' && listeners.push(listener),
    );
    const entry = () => document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    return { fire, paint, entry };
  }
  const queuedTile = '<picture><source type="image/webp" data-srcset="/a-480.webp 480w"><img data-src="/a_lowq.jpg" alt="A" elementtiming="first-screen"></picture>';

  it('takes the module script and its preloads out of the head and loads the entry after the load event and the first paint', () => {
    const { template } = deferEntryScript(built);
    expect(template).not.toMatch(/<script|modulepreload/);
    const { fire, paint, entry } = runLoader('<p>No photos</p>', 'interactive', { painted: false });
    expect(entry()).toBeNull();
    fire();
    // A first screen of text: the load event can come before its first frame, and the entry waits for that frame.
    expect(entry()).toBeNull();
    paint();
    expect(entry()?.getAttribute('src')).toBe('/sub/assets/index-1.js');
    expect(entry()?.crossOrigin).toBe('');
    // The chunks the entry imports are fetched with it, not once it has arrived.
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(preloads.map((l) => [l.getAttribute('href'), l.crossOrigin])).toEqual([['/sub/assets/runtime-1.js', '']]);
    // An entry with no chunks of its own: no preloading code in the page.
    expect(deferEntryScript(TEMPLATE).loader).not.toContain('modulepreload');
  });

  it("gives the first screen's queued photos their files, then adds the entry once they have arrived", () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    const { entry } = runLoader(queuedTile + queuedTile.replaceAll('/a', '/b'));
    const imgs = [...document.querySelectorAll('img')];
    expect(imgs.map((img) => img.getAttribute('src'))).toEqual(['/a_lowq.jpg', '/b_lowq.jpg']);
    expect([...document.querySelectorAll('source')].map((s) => s.getAttribute('srcset'))).toEqual(['/a-480.webp 480w', '/b-480.webp 480w']);
    imgs[0]!.dispatchEvent(new Event('load'));
    expect(entry()).toBeNull();
    imgs[1]!.dispatchEvent(new Event('error'));
    expect(entry()?.getAttribute('src')).toBe('/sub/assets/index-1.js');
  });

  it('adds the entry after 2 s at the latest, the queued photos started first', () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
      const { entry } = runLoader(queuedTile);
      document.querySelector('img')!.removeAttribute('src');
      vi.advanceTimersByTime(1999);
      expect(entry()).toBeNull();
      vi.advanceTimersByTime(1);
      expect(entry()).not.toBeNull();
      expect(document.querySelector('img')).toHaveAttribute('src', '/a_lowq.jpg');
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds the entry at once after the load event when the page has nothing to paint (no first contentful paint will come)', () => {
    const { fire, entry } = runLoader('', 'interactive', { painted: false });
    fire();
    expect(entry()?.getAttribute('src')).toBe('/sub/assets/index-1.js');
  });

  it('refuses a template without exactly one module script', () => {
    expect(() => deferEntryScript(TEMPLATE.replace(/<script[^>]*><\/script>/, ''))).toThrow(/0 module scripts/);
  });
});

describe('firstScreenScript', () => {
  const photo: GalleryPhoto = {
    key: 'owl-1',
    species: 'Barn Owl',
    thumbnail: { path: 'life_list/A/Barn Owl/owl_lowq.jpg', width: 480, height: 320, sources: [{ type: 'image/webp', files: [{ path: 'life_list/A/Barn Owl/owl-960.webp', width: 960, height: 640 }, { path: 'life_list/A/Barn Owl/owl-480.webp', width: 480, height: 320 }] }] },
    full: { path: 'life_list/A/Barn Owl/owl.jpg', width: 2048, height: 1365 },
    exif: null,
  };
  // The wall's markup as the pre-render writes it: the script reads the photo from its tile alone.
  const wall = renderToString(
    <MemoryRouter initialEntries={['/species/Barn%20Owl/']}>
      <PhotoTile {...tileOf(photo)} sizes="50vw" layout="natural" loading="priority" />
    </MemoryRouter>,
  );
  function run(search: string) {
    window.history.replaceState(null, '', `/species/Barn%20Owl/${search}`);
    document.body.innerHTML = `<div id="root">${wall}</div>`;
    new Function(firstScreenScript().replace(/^<script>|<\/script>$/g, ''))();
    return document.querySelector<HTMLImageElement>('#photo-preview img');
  }

  it("shows the linked photo from its tile's markup with every rendition in its srcset, smallest first", () => {
    const img = run('?photo=owl-1');
    expect(img?.getAttribute('srcset')).toBe('/life_list/A/Barn%20Owl/owl-480.webp 480w, /life_list/A/Barn%20Owl/owl-960.webp 960w, /life_list/A/Barn%20Owl/owl.jpg 2048w');
    expect(img?.getAttribute('sizes')).toBe('calc(100vw - 32px)');
    expect(img?.getAttribute('src')).toBe('/life_list/A/Barn%20Owl/owl.jpg');
    expect([img?.width, img?.height]).toEqual([2048, 1365]);
    expect(img?.fetchPriority).toBe('high');
    // The app's script waits until it is on screen (deferEntryScript).
    expect(img?.getAttribute('elementtiming')).toBe('first-screen');
  });

  it('shows nothing without ?photo= or for a photo the page does not hold, and starts the priority tile instead', () => {
    for (const search of ['', '?photo=other']) {
      expect(run(search)).toBeNull();
      expect(document.querySelector('#root picture img')).toHaveAttribute('src', '/life_list/A/Barn%20Owl/owl_lowq.jpg');
      expect(document.querySelector('#root picture source')).toHaveAttribute('srcset', '/life_list/A/Barn%20Owl/owl-960.webp 960w, /life_list/A/Barn%20Owl/owl-480.webp 480w');
    }
  });

  it('leaves the tiles under a linked photo queued: the loader starts them once the photo is on screen', () => {
    expect(run('?photo=owl-1')).not.toBeNull();
    expect(document.querySelector('#root picture img')).not.toHaveAttribute('src');
    expect(document.querySelector('#root picture source')).not.toHaveAttribute('srcset');
  });
});
