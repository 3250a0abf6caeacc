/**
 * The real eBird/Clements v2025 taxonomy (../shared/taxonomy, outside the project), served from a
 * loopback server in the eBird API's CSV layout, as `npm run taxonomy` fetches it from eBird: the
 * conversion is done here, in memory, and never stored. Also serves what a download can go wrong
 * with, so the real code path is tested end to end without leaving the machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { freePort } from './ports.ts';

/** Beside the project (`../shared/taxonomy/`), or where the SHARED_TAXONOMY environment variable says (a checkout kept elsewhere, such as a git worktree). */
export const SHARED_TAXONOMY = process.env.SHARED_TAXONOMY || fileURLToPath(new URL('../../shared/taxonomy/ebird-taxonomy-v2025.csv', import.meta.url));
export const sharedTaxonomyAbsent = !existsSync(SHARED_TAXONOMY);
export const SKIP_MESSAGE = `skipped: ${SHARED_TAXONOMY} is absent (the real taxonomy is kept outside the project, for tests and the benchmark only)`;

/** The eBird API's columns, in its order and spelling. */
const API_COLUMNS = ['SCIENTIFIC_NAME', 'COMMON_NAME', 'SPECIES_CODE', 'CATEGORY', 'TAXON_ORDER', 'COM_NAME_CODES', 'SCI_NAME_CODES', 'BANDING_CODES', 'ORDER', 'FAMILY_COM_NAME', 'FAMILY_SCI_NAME', 'REPORT_AS', 'EXTINCT', 'EXTINCT_YEAR', 'FAMILY_CODE'];

/** auk's CSV → the eBird API's; `rename` gives some species another common name (a locale's). */
function asEbirdApiCsv(aukCsv: string, rename: Record<string, string> = {}): string {
  const rows = Papa.parse<Record<string, string>>(aukCsv, { header: true, skipEmptyLines: true }).data;
  const data = rows.map((r) => [r.scientific_name, rename[r.species_code!] ?? r.common_name, r.species_code, r.category, r.taxonomic_order, '', '', '', r.order, r.family_common, r.family, r.report_as, r.extinct === 'TRUE' ? 'true' : '', '', '']);
  return Papa.unparse({ fields: API_COLUMNS, data }, { newline: '\n' });
}

/** What the server answers the taxonomy's URL with. */
export type Mode =
  | 'taxonomy'
  /** The announced length, then the connection drops half-way. */
  | 'cut-short'
  /** A clean end at a row boundary, a third of the way, without a length: only the species count can tell. */
  | 'partial'
  /** The first CUT_AT bytes, served whole with their own Content-Length (a flaky mirror, an interrupted copy): the body ends part-way through a row. */
  | 'truncated'
  | 'server-error'
  /** A web page, as a captive portal or a wrong URL gives. */
  | 'not-a-taxonomy';

export interface TaxonomyServer {
  /** The taxonomy's URL, as eBird's is laid out (its versions list beside it). */
  url: string;
  mode: Mode;
  /** The requests served, by path and query. */
  requests: string[];
  close(): Promise<void>;
}

/** Where the 'truncated' mode cuts the taxonomy: part-way through a row, a fifth of the way in. */
export const CUT_AT = 400_000;

/** Spanish names for a few species, as `&locale=es` gives them. */
export const SPANISH = { mallar3: 'Ánade Real', gryjay: 'Arrendajo Canadiense' } as const;
/**
 * Spanish names for some of the sample library's species, as `&locale=es` gives them; its other
 * species get their English names, as eBird answers where a language has none.
 */
export const SAMPLE_SPANISH = {
  ...SPANISH,
  wooduc: 'Pato Joyuyo',
  brnpel: 'Pelícano Pardo',
  cangoo: 'Barnacla Canadiense Grande',
  snogoo: 'Ánsar Nival',
  baleag: 'Pigargo Americano',
  osprey: 'Águila Pescadora',
  amekes: 'Cernícalo Americano',
  belkin1: 'Martín Gigante Norteamericano',
  eurnut2: 'Trepador Azul',
  sancra: 'Grulla Canadiense',
  rosspo1: 'Espátula Rosada',
  greegr: 'Garceta Grande',
  rewbla: 'Tordo Sargento',
} as const;
/** Chinese (Simplified) names for a few species, as `&locale=zh_SIM` gives them. */
export const CHINESE = { mallar3: '绿头鸭' } as const;

/**
 * `localNames`: by eBird locale code (`es`, `zh_SIM`), the names `&locale=` answers with, by species
 * code; every other species (and every other locale) gets its English name, as eBird answers.
 */
export async function startTaxonomyServer(localNames: Readonly<Record<string, Record<string, string>>> = { es: SPANISH }): Promise<TaxonomyServer> {
  const auk = readFileSync(SHARED_TAXONOMY, 'utf8');
  const english = Buffer.from(asEbirdApiCsv(auk));
  const local = new Map(Object.entries(localNames).map(([locale, names]) => [locale, Buffer.from(asEbirdApiCsv(auk, names))]));
  const state: { mode: Mode; requests: string[] } = { mode: 'taxonomy', requests: [] };
  const server: Server = createServer((request, response) => {
    // One connection per request. The commands under test run in the test's own process, whose
    // fetch keeps an idle connection for the next run while this server ends it after 5 s idle;
    // a run that reused it just then failed with ECONNRESET under load (nodejs/undici#3141). The
    // owner's command, a process of its own, makes its requests back to back and never meets it.
    response.setHeader('connection', 'close');
    const url = new URL(request.url ?? '/', 'http://localhost');
    state.requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/v2/ref/taxonomy/versions') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ authorityVer: 2024.0, latest: false }, { authorityVer: 2025.0, latest: true }]));
      return;
    }
    const body = local.get(url.searchParams.get('locale') ?? '') ?? english;
    switch (state.mode) {
      case 'taxonomy':
        response.writeHead(200, { 'content-type': 'text/csv', 'content-length': body.length }).end(body);
        return;
      case 'cut-short':
        response.writeHead(200, { 'content-type': 'text/csv', 'content-length': body.length });
        response.write(body.subarray(0, body.length >> 1), () => response.destroy());
        return;
      case 'truncated':
        response.writeHead(200, { 'content-type': 'text/csv', 'content-length': CUT_AT }).end(body.subarray(0, CUT_AT));
        return;
      case 'partial': {
        const end = body.indexOf('\n', Math.floor(body.length / 3)) + 1;
        response.writeHead(200, { 'content-type': 'text/csv' }).end(body.subarray(0, end));
        return;
      }
      case 'server-error':
        response.writeHead(500, 'Internal Server Error').end('oops');
        return;
      case 'not-a-taxonomy':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body><h1>Sign in to the network</h1></body></html>');
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/ref/taxonomy/ebird?fmt=csv`,
    get mode() {
      return state.mode;
    },
    set mode(mode: Mode) {
      state.mode = mode;
    },
    requests: state.requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL on a loopback port nothing listens on: a machine without a network, as the fetch sees it. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}/v2/ref/taxonomy/ebird?fmt=csv`;
}
