import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { iso31662 } from 'iso-3166';
import { pick, seededRandom } from './prng.ts';

/** eBird's "Download My Data" header, in its order. */
export const EBIRD_HEADER = [
  'Submission ID', 'Common Name', 'Scientific Name', 'Taxonomic Order', 'Count', 'State/Province', 'County', 'Location ID', 'Location',
  'Latitude', 'Longitude', 'Date', 'Time', 'Protocol', 'Duration (Min)', 'All Obs Reported', 'Distance Traveled (km)', 'Area Covered (ha)',
  'Number of Observers', 'Breeding Code', 'Observation Details', 'Checklist Comments', 'ML Catalog Numbers',
];

const SPECIES: readonly (readonly [string, string])[] = [
  ['Mallard', 'Anas platyrhynchos'], ['Wood Duck', 'Aix sponsa'], ['Snow Goose', 'Anser caerulescens'], ['Canada Goose', 'Branta canadensis'],
  ['Great Egret', 'Ardea alba'], ['Yellow-crowned Night-Heron', 'Nyctanassa violacea'], ['Bald Eagle', 'Haliaeetus leucocephalus'],
  ['Red-tailed Hawk', 'Buteo jamaicensis'], ['Carolina Wren', 'Thryothorus ludovicianus'], ['Northern Cardinal', 'Cardinalis cardinalis'],
  ['Yellow-rumped Warbler (Myrtle)', 'Setophaga coronata coronata'], ['duck sp.', 'Anatinae sp.'], ['Greater/Lesser Scaup', 'Aythya marila/affinis'],
  ['Mallard x American Black Duck (hybrid)', 'Anas platyrhynchos x rubripes'], ['Mallard (Domestic type)', 'Anas platyrhynchos (Domestic type)'],
];
/** 60 regions in three countries, as a birder who travels has: the lists part counts 60 region lists. */
const REGIONS = [
  ...iso31662.filter((s) => s.parent === 'US').slice(0, 50).map((s) => s.code),
  ...['CA-ON', 'CA-QC', 'CA-BC', 'CA-AB', 'CA-NS', 'CA-MB', 'GB-ENG', 'GB-SCT', 'GB-WLS', 'GB-NIR'],
];
/** 40 years of records. */
const EXPORT_YEARS = 40;
const DETAILS = [
  'Foraging in the shallows with two others, seen well in the scope; bill, legs and plumage noted, photographed',
  '"Heard first, then seen, ""chip"" notes, flew across the trail to the hedge and stayed there for ten minutes"',
  'Perched on the snag by the boardwalk, preening, then flew off toward the marsh with the others of its flock',
];
const COMMENTS = ['', 'Continuing.', '"Flock of 12, ""distant"", in scope"', '"Seen from the dike,\nlate light"'];

/**
 * Writes a synthetic eBird export of `rows` observations (plus the header) to `file`:
 * the real column layout, quoted fields with commas, quotes and line breaks, `X` counts,
 * about 300 bytes a row like a real export, 800 synthetic species in all, as in a long-kept life list,
 * over 40 years and 60 states/provinces of three countries.
 */
export async function writeEbirdExport(file: string, rows: number, seed = 10, { everySpeciesCounts = false } = {}): Promise<number> {
  const random = seededRandom(seed);
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`${EBIRD_HEADER.join(',')}\r\n`);
  for (let i = 0; i < rows; i++) {
    const speciesIndex = Math.floor(random() * 800);
    // With everySpeciesCounts, 800 plain species (the lists' measure); otherwise the mix of kinds a real export has.
    const [common, scientific] = everySpeciesCounts ? ['Species', 'Avis numerus'] : SPECIES[speciesIndex % SPECIES.length]!;
    const year = 1986 + Math.floor(random() * EXPORT_YEARS);
    const date = `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    const fields = [
      `S${100000000 + i}`, speciesIndex < 30 && !everySpeciesCounts ? common : `${common} ${speciesIndex}`, speciesIndex < 30 && !everySpeciesCounts ? scientific : `${scientific}${speciesIndex}`,
      String(100 + speciesIndex * 10), random() < 0.2 ? 'X' : String(1 + Math.floor(random() * 40)), pick(random, REGIONS), 'Dare',
      `L${Math.floor(random() * 1e7)}`, '"123 Maple St, backyard"', (20 + random() * 30).toFixed(7), (-120 + random() * 40).toFixed(7), date,
      '07:42 AM', 'eBird - Traveling Count', '95', '1', '3.548', '', '2', '', pick(random, DETAILS), pick(random, COMMENTS), '',
    ];
    await write(`${fields.join(',')}\r\n`);
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}
