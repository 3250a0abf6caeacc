import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { PUBLICATION_STAMP_FILE } from '../data/manifest-layout.ts';
import { runProgram, type CliState } from '../pipeline/cli.ts';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/fixtures');
export const fixture = (relative: string) => path.join(FIXTURES, relative);

/** A temporary photos folder: `files` maps paths under life_list/ to fixture paths (or null for an empty folder). */
export interface TreeSpec {
  files: Record<string, string | null>;
  site?: Record<string, unknown>;
  credits?: string;
}

export interface Tree {
  root: string;
  photosDir: string;
  outDir: string;
  publicDir: string;
  cleanup(): Promise<void>;
}

export async function makeTree(spec: TreeSpec): Promise<Tree> {
  const root = await mkdtemp(path.join(tmpdir(), 'ingest-test-'));
  const photosDir = path.join(root, 'photos');
  await mkdir(path.join(photosDir, 'life_list'), { recursive: true });
  for (const [relative, source] of Object.entries(spec.files)) {
    const target = path.join(photosDir, 'life_list', ...relative.split('/'));
    if (source === null) {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(source, target);
  }
  await writeFile(path.join(photosDir, 'site.json'), JSON.stringify(spec.site ?? { owner: 'Test Owner' }, null, 2));
  if (spec.credits) await writeFile(path.join(photosDir, 'credits.tsv'), spec.credits);
  const outDir = path.join(root, 'generated');
  return { root, photosDir, outDir, publicDir: path.join(outDir, 'public'), cleanup: () => rm(root, { recursive: true, force: true }) };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  state: CliState;
}

class Collector extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** Runs the whole CLI in this process, as `tsx pipeline/cli.ts <argv>` would. */
export async function runCli(argv: string[]): Promise<CliRun> {
  const stdout = new Collector();
  const stderr = new Collector();
  const state: CliState = { exitCode: 0 };
  const code = await runProgram(argv, { stdout, stderr }, state);
  return { code, stdout: stdout.text, stderr: stderr.text, state };
}

export function ingestArgs(tree: Tree, ...extra: string[]): string[] {
  return ['ingest', '--photos', tree.photosDir, '--out', tree.outDir, '--concurrency', '2', ...extra];
}

export async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

/** sha256 of every file under a folder, by relative path. */
export async function hashTree(dir: string): Promise<Record<string, string>> {
  const files = await fg('**/*', { cwd: dir, dot: true, onlyFiles: true });
  const hashes: Record<string, string> = {};
  for (const file of files.sort()) hashes[file] = createHash('sha256').update(await readFile(path.join(dir, file))).digest('hex');
  return hashes;
}

export async function publishedFiles(publicDir: string): Promise<string[]> {
  return (await fg('**/*', { cwd: publicDir, dot: true, onlyFiles: true })).sort();
}

/** Modification times of every file the ingest writes (public/ and cache/), by path: unchanged, nothing was written. */
export async function writtenTimes(tree: Tree): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const file of await fg('**/*', { cwd: tree.outDir, dot: true, onlyFiles: true })) times[file] = (await stat(path.join(tree.outDir, file))).mtimeMs;
  return times;
}

/** The stamp that tells the build public/ may have changed (a new one after every ingest that derived). */
export function publicationStamp(tree: Tree): Promise<string> {
  return readFile(path.join(tree.outDir, 'cache', PUBLICATION_STAMP_FILE), 'utf8');
}

/** An `.xmp` sidecar as Lightroom writes it: keywords, hierarchical keywords, rating, title. */
export function xmpSidecar({ keywords = [], hierarchical = [], rating, title }: { keywords?: string[]; hierarchical?: string[]; rating?: number; title?: string }): string {
  const bag = (items: string[]) => `<rdf:Bag>${items.map((i) => `<rdf:li>${i}</rdf:li>`).join('')}</rdf:Bag>`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0-c000">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:lr="http://ns.adobe.com/lightroom/1.0/"${rating === undefined ? '' : `\n    xmp:Rating="${rating}"`}>
   ${keywords.length > 0 ? `<dc:subject>${bag(keywords)}</dc:subject>` : ''}
   ${hierarchical.length > 0 ? `<lr:hierarchicalSubject>${bag(hierarchical)}</lr:hierarchicalSubject>` : ''}
   ${title ? `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${title}</rdf:li></rdf:Alt></dc:title>` : ''}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
