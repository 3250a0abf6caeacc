import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { SMOKE_LIBRARY, type BenchOptions, type Log, type PartResult } from '../lib/context.ts';
import { cleanup, runPipeline, scratchDir, type IngestRun } from '../lib/ingest.ts';
import { largeSet, PHOTO_ROOT } from '../lib/photo-set.ts';
import { median, type Row } from '../lib/report.ts';
import { writeSyntheticTaxonomy } from '../lib/synthetic-taxonomy.ts';

/** The archive's small camera-like files: what is measured is the placement, not the decode. */
const SMALL = { kind: 'large', count: 12, width: 960, height: 640, quality: 90, grain: 20 } as const;
/** As many species as a world checklist: what loading the taxonomy costs. */
const TAXONOMY_SPECIES = 11_200;

/**
 * What a library culled and keyworded in Lightroom or darktable costs the ingest, against the
 * same photos in the owner's own species folders: the same small JPEGs (hard links), once as
 * `life_list/Order/Family/Species/`, once in `inbox/<day>/` with a `.xmp` sidecar each naming
 * its species and rating it, placed by a synthetic taxonomy of 11,200 species. A cold ingest of
 * each, then no-op re-ingests: the differences are what reading the sidecars, loading the
 * taxonomy and placing the photos add, first and on every later run.
 */
export async function placement(options: BenchOptions, log: Log): Promise<PartResult> {
  const [photos, species] = options.smoke ? SMOKE_LIBRARY : options.quick ? [1000, 60] : [10_000, 600];
  const noopRuns = options.quick ? 1 : 3;
  const libraries = await placementLibraries(photos, species, log);
  // Each library's own taxonomy/ holds the checklist, as `npm run taxonomy` leaves it.
  for (const library of [libraries.folders, libraries.inbox]) await writeSyntheticTaxonomy(library, Math.max(TAXONOMY_SPECIES, species), libraries.speciesNames);
  const measure = async (label: 'folders' | 'inbox') => {
    const out = await scratchDir(`placement-${label}`);
    try {
      log(`placement: cold ingest of ${photos.toLocaleString('en')} photos, ${label}`);
      const cold = await runPipeline(libraries[label], out, options.concurrency);
      if (cold.indexed !== photos) throw new Error(`${label}: the pipeline published ${cold.indexed} of ${photos} photos: ${JSON.stringify(cold.report).slice(0, 400)}`);
      const noop: IngestRun[] = [];
      for (let i = 0; i < noopRuns; i++) {
        log(`placement: no-op re-ingest ${i + 1}/${noopRuns}, ${label}`);
        noop.push(await runPipeline(libraries[label], out, options.concurrency));
      }
      return { cold: { wallMs: cold.wallMs, cpuMs: cold.cpuMs }, noop: noop.map((r) => ({ wallMs: r.wallMs, cpuMs: r.cpuMs })) };
    } finally {
      await cleanup(out);
    }
  };
  // Alternated, so a change in the machine's load falls on both.
  const folders = await measure('folders');
  const inbox = await measure('inbox');
  const measured: PlacementMeasured = { photos, species, taxonomySpecies: Math.max(TAXONOMY_SPECIES, species), folders, inbox };
  return { rows: placementRows(measured), details: measured };
}

type Runs = { cold: { wallMs: number; cpuMs: number }; noop: Array<{ wallMs: number; cpuMs: number }> };

/** What the placement part measured (the results keep it; its rows are derived from it alone). */
export interface PlacementMeasured {
  photos: number;
  species: number;
  taxonomySpecies: number;
  folders: Runs;
  inbox: Runs;
}

export function placementRows(m: PlacementMeasured): Row[] {
  const part = 'Placement';
  const n = m.photos.toLocaleString('en');
  const noopCpu = (r: Runs) => median(r.noop.map((x) => x.cpuMs));
  const noopWall = (r: Runs) => median(r.noop.map((x) => x.wallMs));
  return [
    {
      part,
      metric: `cold ingest, ${n} inbox photos with sidecars, against species folders`,
      value: (m.inbox.cold.wallMs - m.folders.cold.wallMs) / 1000,
      unit: 's',
      note: `${(m.inbox.cold.wallMs / 1000).toFixed(1)} s (CPU ${(m.inbox.cold.cpuMs / 1000).toFixed(1)} s) placed by keywords and a taxonomy of ${m.taxonomySpecies.toLocaleString('en')} species, against ${(m.folders.cold.wallMs / 1000).toFixed(1)} s (CPU ${(m.folders.cold.cpuMs / 1000).toFixed(1)} s) in ${m.species} species folders`,
    },
    {
      part,
      metric: `no-op re-ingest, ${n} inbox photos, against species folders`,
      value: (noopWall(m.inbox) - noopWall(m.folders)) / 1000,
      unit: 's',
      note: `${(noopWall(m.inbox) / 1000).toFixed(2)} s (CPU ${(noopCpu(m.inbox) / 1000).toFixed(2)} s) against ${(noopWall(m.folders) / 1000).toFixed(2)} s (CPU ${(noopCpu(m.folders) / 1000).toFixed(2)} s), median of ${m.inbox.noop.length}: the taxonomy is loaded on every run that places an inbox photo`,
    },
  ];
}

/** An XMP sidecar as Lightroom writes one: the species as a keyword, and three stars. */
function sidecar(species: string): string {
  return `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="3">
   <dc:subject><rdf:Bag><rdf:li>${species}</rdf:li><rdf:li>birds</rdf:li></rdf:Bag></dc:subject>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>
`;
}

/** The two libraries of `photos` photos over `species` species, made once and kept in bench/.photos. */
async function placementLibraries(photos: number, species: number, log: Log): Promise<{ folders: string; inbox: string; speciesNames: string[] }> {
  const source = await largeSet(SMALL, log);
  const dir = path.join(PHOTO_ROOT, `placement-${photos}-${species}`);
  const speciesNames = Array.from({ length: species }, (_, s) => `Species ${String(s + 1).padStart(4, '0')}`);
  const libraries = { folders: path.join(dir, 'folders'), inbox: path.join(dir, 'inbox'), speciesNames };
  const marker = path.join(dir, '.bench-set.json');
  const recipe = JSON.stringify({ version: 1, photos, species, source: path.basename(source.dir) });
  if (existsSync(marker) && (await fs.readFile(marker, 'utf8')) === recipe) return libraries;
  log(`placement: generating ${photos.toLocaleString('en')} photos in ${species} species, in folders and in an inbox (hard links)…`);
  await fs.rm(dir, { recursive: true, force: true });
  for (let i = 0; i < photos; i++) {
    const s = Math.floor((i * species) / photos);
    const name = `DSC_${String(i).padStart(5, '0')}`;
    const from = path.join(source.dir, 'life_list', source.photos[i % source.photos.length]!);
    const folder = path.join(libraries.folders, 'life_list', `Order ${String(Math.floor(s / 30) + 1).padStart(2, '0')}`, `Family ${String(Math.floor(s / 6) + 1).padStart(3, '0')}`, speciesNames[s]!);
    // A day of the field per 20 photos, as exports from a card are dated.
    const day = new Date(Date.UTC(2020, 0, 1 + Math.floor(i / 20))).toISOString().slice(0, 10);
    const inbox = path.join(libraries.inbox, 'inbox', day);
    for (const [target, file] of [[folder, `${name}.jpg`], [inbox, `${name}.jpg`]] as const) {
      await fs.mkdir(target, { recursive: true });
      await fs.link(from, path.join(target, file)).catch(() => fs.copyFile(from, path.join(target, file)));
    }
    await fs.writeFile(path.join(inbox, `${name}.xmp`), sidecar(speciesNames[s]!));
  }
  for (const library of [libraries.folders, libraries.inbox]) await fs.writeFile(path.join(library, 'site.json'), `${JSON.stringify({ owner: 'Benchmark Birder' })}\n`);
  await fs.writeFile(marker, recipe);
  return libraries;
}
