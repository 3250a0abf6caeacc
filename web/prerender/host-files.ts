import { CACHE_RULES, type Host } from '../../data/publishing.ts';
import { securityHeaders } from '../../data/security-policy.ts';

/**
 * The configuration files static hosts read from the folder they publish, each in the
 * host's own syntax, from the one list of caching rules (CACHE_RULES in data/publishing.ts) and
 * the security headers (data/security-policy.ts) with the site's Content-Security-Policy, `policy`
 * (the one every page states in its <meta>; the header adds what a <meta> cannot carry). A host
 * named in site.json gets its own files only; without one, every host's are written, so dist/ is
 * ready for any of them. GitHub Pages and a bucket take no headers: the pages' <meta> is their policy.
 *
 * Every host already answers unknown paths with the site's 404.html, and every one serves
 * the site's URL form, so no file here rewrites or redirects anything.
 */
export function hostFiles(host: Host | undefined, policy: string): Map<string, string> {
  const files = new Map<string, string>();
  const wants = (...hosts: Host[]) => host === undefined || hosts.includes(host);
  const security = securityHeaders(policy);
  // Cloudflare Pages and Netlify apply every rule that matches a path, joining the values of a
  // header named twice: the security headers are named once, for every path, and only the
  // folders whose caching differs from the hosts' default (revalidate on every visit, as
  // CACHE_RULES asks for the rest) get a rule.
  const specific = CACHE_RULES.filter((rule) => rule.folder !== undefined);
  if (wants('cloudflare-pages', 'netlify')) {
    files.set(
      '_headers',
      [
        '# Security headers and caching for Cloudflare Pages and Netlify, written by `npm run build`.',
        '/*',
        ...security.map(([name, value]) => `  ${name}: ${value}`),
        ...specific.flatMap((rule) => [`/${rule.folder}/*`, `  Cache-Control: ${rule.cacheControl}`]),
        '',
      ].join('\n'),
    );
  }
  if (wants('github-pages')) {
    // GitHub Pages runs Jekyll, which leaves out every file and folder whose name starts with
    // '_' (a camera's `_DSC1234.JPG`); an empty .nojekyll publishes the folder as it is.
    files.set('.nojekyll', '');
  }
  if (wants('vercel')) {
    const entries = (headers: Array<[string, string]>) => headers.map(([key, value]) => ({ key, value }));
    const headers = [{ source: '/(.*)', headers: entries(security) }, ...specific.map((rule) => ({ source: `/${rule.folder}/(.*)`, headers: [{ key: 'Cache-Control', value: rule.cacheControl }] }))];
    files.set('vercel.json', `${JSON.stringify({ headers }, null, 2)}\n`);
    // `serve` (Vercel's local server, `npx serve dist`) reads serve.json: its later rules win,
    // so the rule for every file (with the security headers) comes first. A folder without
    // index.html is not listed.
    const serveHeaders = CACHE_RULES.map((rule) => ({
      source: rule.folder === undefined ? '**' : `${rule.folder}/**`,
      headers: [{ key: 'Cache-Control', value: rule.cacheControl }, ...(rule.folder === undefined ? entries(security) : [])],
    })).reverse();
    files.set('serve.json', `${JSON.stringify({ directoryListing: false, headers: serveHeaders }, null, 2)}\n`);
  }
  return files;
}
