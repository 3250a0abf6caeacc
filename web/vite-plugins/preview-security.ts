import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { SECURITY_HEADERS, securityHeaders } from '../../data/security-policy.ts';
import { policyOfPage } from '../prerender/content-policy.ts';

/**
 * `vite preview` (`npm start`) sending the headers the hosts send (web/prerender/host-files.ts):
 * the site's Content-Security-Policy, as the built pages state it, with what only a header can
 * say, and the other security headers. So the owner sees locally, in the browser's console, what
 * the policy would block on the host.
 */
export function previewSecurityHeaders(): Plugin {
  return {
    name: 'portfolio:preview-security-headers',
    configurePreviewServer(server) {
      const home = join(resolve(server.config.root, server.config.build.outDir), 'index.html');
      const policy = builtPolicy(home);
      server.middlewares.use((_request, response, next) => {
        const meta = policy();
        for (const [name, value] of meta === undefined ? SECURITY_HEADERS : securityHeaders(meta)) response.setHeader(name, value);
        next();
      });
    },
  };
}

/** The policy the built home page states, read again whenever a build has rewritten it. */
function builtPolicy(file: string): () => string | undefined {
  let read: { mtimeMs: number; policy: string | undefined } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (read?.mtimeMs !== mtimeMs) read = { mtimeMs, policy: policyOfPage(readFileSync(file, 'utf8')) };
    return read.policy;
  };
}
