/**
 * Where a pre-rendered page is written under dist/. Static hosts look up the
 * percent-decoded request path on disk, so folder names are decoded
 * (`/life-list/A+Ducks%2C%20Geese` → `life-list/A+Ducks, Geese`). Two files per page:
 * `<route>/index.html` for hosts that map a folder to its index (nginx, GitHub
 * Pages, `python -m http.server`, after their redirect to the trailing slash) and
 * `<route>.html` for those that try the `.html` extension (`vite preview`, Netlify,
 * `serve`), which answer `/info` without a redirect.
 */
export function outputFiles(route: string): string[] {
  const segments = route.split('/').filter((s) => s !== '');
  if (segments.length === 0) return ['index.html'];
  const decoded = segments.map((segment) => {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      throw new Error(`The route ${route} holds an invalid percent-encoding`);
    }
    if (name === '.' || name === '..' || name.includes('/') || name.includes('\0')) throw new Error(`The route ${route} cannot be written as a file (segment '${name}')`);
    return name;
  });
  const path = decoded.join('/');
  return [`${path}/index.html`, `${path}.html`];
}
