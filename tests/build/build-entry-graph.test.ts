import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The build's process must not load React before its launcher has decided React's flavour
 * (web/prerender/launch.mjs): a module that React's development flavour has loaded cannot
 * work with the production flavour the pre-render's react-dom then loads. So nothing the
 * build imports statically may be React or a component: the pre-render reaches React only
 * through the server bundle it imports when it renders.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

async function staticImportGraph(entry: string): Promise<{ modules: string[]; packages: string[] }> {
  const result = await build({ entryPoints: [entry], absWorkingDir: root, bundle: true, write: false, platform: 'node', format: 'esm', packages: 'external', metafile: true, logLevel: 'silent', loader: { '.css': 'empty' } });
  const inputs: Metafile['inputs'] = result.metafile.inputs;
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry);
  return { modules: [...modules], packages: [...packages] };
}

describe("the build's entry graph", () => {
  it('loads neither React nor a component before the launcher decides React\'s flavour', async () => {
    const { modules, packages } = await staticImportGraph('web/prerender/build-site.ts');
    expect(modules.length).toBeGreaterThan(5);
    expect(modules.filter((m) => m.endsWith('.tsx') || m.endsWith('.jsx'))).toEqual([]);
    expect(packages.filter((p) => /^(react|react-dom|react-router)(\/|$)/.test(p))).toEqual([]);
  });

  it('finds React where it is imported: the walk can fail', async () => {
    // The same walk from the server entry, which renders with React.
    const { packages } = await staticImportGraph('web/entry-server.tsx');
    expect(packages.some((p) => /^react(-dom)?(\/|$)/.test(p))).toBe(true);
  });
});
