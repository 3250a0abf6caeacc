import { countOf } from '../../data/count-text.ts';

/**
 * Every text the pipeline shows its user: option help, problems, progress, summary.
 * Kept in one file so the wording is consistent and easy to review.
 */

export const help = {
  program: 'Builds the portfolio from your photo folders: renditions, manifests, and checks.',
  ingest: 'Read photos/life_list and photos/site.json, make the web renditions and write the manifests.',
  validate: 'Check the written manifests against their schemas and check that every file they reference exists.',
  photos: 'folder holding life_list/, inbox/, site.json, credits.tsv and taxonomy/',
  out: 'output folder (public/ is published, cache/ is the pipeline state)',
  concurrency: 'photos processed at the same time (default: the number of CPU cores)',
  force: 'redo every rendition, ignoring the cache',
  quiet: 'print nothing but problems',
  json: 'print a machine-readable JSON report on stdout (progress goes to stderr)',
  maxMegapixels: 'refuse images larger than this many megapixels (decompression-bomb guard)',
  acceptEbirdExport: 'publish an eBird export with far fewer rows than the last one (after you deleted checklists, or for another account)',
  taxonomy: "Fetch the bird taxonomy (eBird/Clements, from eBird's API) into the photos folder's taxonomy/, or import one with --from; a new edition lists what changed for your species.",
  taxonomyPhotos: 'folder holding life_list/ and inbox/: the taxonomy goes into its taxonomy/ folder',
  taxonomyFrom: "import this file or URL instead: the eBird API's CSV, the yearly eBird/Clements CSV (any year), auk's CSV, or AviList's CSV",
  taxonomyUrl: 'where to fetch the taxonomy (default: the PORTFOLIO_TAXONOMY_URL environment variable, else eBird\'s API)',
  taxonomyLocale: "also fetch common names in this language from eBird's API, as a BCP 47 tag (de, es-MX, pt-BR, zh-Hans…)",
  taxonomyUpdate: 'fetch the current edition even though the library has one, and list what changed',
  taxonomyEdition: "the edition's name, when neither the file nor its name says (e.g. v2025)",
  taxonomyPartial: 'import a partial list on purpose (a regional checklist): taken below the whole edition\'s 9,000 species, and never read as splits or lumps',
  taxonomyOut: 'the output folder of your ingests: its cache spares reading the keywords of your inbox photos again for the change report',
  exitCodes: '\nExit status: 0 all good, 1 some photos or folders had problems (the rest was published), 2 fatal (bad site.json, output folder not writable).',
};

export const problem = {
  // The machine
  exiftoolUnavailable: (why: string, photos: number) =>
    `could not run (${why}), so the camera data of ${photos} ${photos === 1 ? 'photo was' : 'photos were'} read with exifr instead, which misses lens names kept only in maker notes (older Nikon, Pentax, Sony, Olympus bodies), the photographer's titles, captions and keywords, and opted-in GPS and serial numbers. Install Perl (Debian/Ubuntu: apt install perl; Alpine: apk add perl), or set PORTFOLIO_PERL to the perl to use: the next ingest reads these photos again with ExifTool`,
  exiftoolFailedOnPhoto: (why: string) => `${why}, so its camera data was read with exifr (lens names kept only in maker notes, titles and captions may be missing); the next ingest reads it with ExifTool again`,
  // The output folder
  journalDamaged: (detail: string) => `the journal of an interrupted run was damaged (${detail}); the manifests and page data are written again`,
  // Folders and files found by the scan
  folderName: (reason: string) => `folder name ${reason}; its photos are skipped (rename the folder)`,
  photoInRoot: () => 'photo directly in life_list/; put it in a species folder (life_list/<group>/.../<species>/)',
  photoInNonLeafFolder: () => 'photo sits in a folder that also has sub-folders; only the last folder of a branch (the species) may hold photos, so it is skipped',
  duplicateSpecies: (species: string, kept: string) => `species folder '${species}' also exists at '${kept}'; species names must be unique, so the photos here are skipped`,
  folderUnreadable: (detail: string) => `folder could not be read (${detail}); its photos are skipped`,
  linkBroken: (detail: string) => `symbolic link whose target cannot be read (${detail}); skipped`,
  linkLoop: (target: string) => `symbolic link to '${target}', a folder that contains it: a loop, not followed`,
  sameFolderTwice: (first: string) => `symbolic link to the same folder as '${first}'; its photos are published once, from '${first}'`,
  sameFileTwice: (second: string, first: string) => `'${second}' and '${first}' are the same photo (a link); published once, as '${first}'`,
  lowqName: () => "file name contains 'lowq', which the site reads as a thumbnail; rename the file",
  duplicateDisplayName: (displayName: string, kept: string) => `would publish as '${displayName}', like '${kept}' in the same folder; rename one of them (this one is skipped)`,

  // Decoding
  emptyFile: () => 'file is empty (0 bytes)',
  // Recordings and clips (pipeline/media/).
  mediaUnreadable: (detail: string) => `not a recording or clip ffmpeg can read (${detail})`,
  mediaNoSound: () => 'a recording with no sound stream',
  mediaNoPicture: () => 'a clip with no video stream',
  mediaSilent: (peakDb: number) => `the recording is silent (its loudest sample is ${Number.isFinite(peakDb) ? `${peakDb} dBFS` : 'digital silence'})`,
  mediaFailed: (what: string, detail: string) => `ffmpeg could not make its ${what} (${detail})`,
  mediaDamaged: (detail: string) => `damaged in places, published as far as ffmpeg could decode it (${detail})`,
  mediaTonemapped: () => 'HDR video, tone-mapped to SDR for the web',
  ffmpegMissing: (why: string, files: readonly string[]) =>
    `${why}: ${countOf(files.length, 'recording or clip', 'recordings and clips')} not published (${files.slice(0, 5).join(', ')}${files.length > 5 ? ', …' : ''}). Install ffmpeg (Debian/Ubuntu: sudo apt install ffmpeg; macOS: brew install ffmpeg), or set FFMPEG_PATH and FFPROBE_PATH; photos are published as before`,
  notAnImage: (detail: string) => `not a readable image (${detail})`,
  corrupt: (detail: string) => `image data is damaged or truncated (${detail})`,
  tooManyPixels: (megapixels: number, limit: number) => `image is ${megapixels.toFixed(0)} megapixels, over the ${limit} MP limit (possible decompression bomb; raise --max-megapixels if it is genuine)`,
  decodedLeniently: (detail: string) =>
    `published, but the image library reported a damaged JPEG (${detail}); it was decoded leniently as common viewers do. Re-export the photo to be safe`,
  exifUnreadable: (detail: string) => `EXIF could not be read (${detail}); published without camera details`,
  dateUnreadable: (value: string) => `the capture date '${value}' cannot be read: the photo is on no outing, and shows no date`,
  exifDamaged: (detail: string) => `part of the metadata is damaged and was skipped (${detail}); the camera details shown may be incomplete`,
  readFailed: (detail: string) => `could not be read (${detail})`,
  writeFailed: (detail: string) => `renditions could not be written (${detail})`,

  // site.json and credits.tsv references
  featuredMissing: (index: number, species: string, file: string) => `featured entry ${index + 1} (species '${species}', file '${file}') matches no photo`,
  coverFolderMissing: (folder: string) => `cover override for folder '${folder}': no such folder in life_list/`,
  coverPhotoMissing: (folder: string, photo: string) => `cover override for folder '${folder}' points at '${photo}', which is not a published photo in that folder`,
  creditLine: (line: number, detail: string) => `line ${line}: ${detail}`,
  creditPhotoMissing: (file: string) => `credit for '${file}', which is not a published photo, recording or clip`,

  cacheCorrupt: (detail: string) => `the cache could not be read (${detail}); it is rebuilt from scratch`,

  // Keywords, ratings and sidecars (Lightroom, darktable), and the taxonomy
  factsUnreadable: (detail: string) => `keywords and rating could not be read (${detail}); the photo is placed as if it had none`,
  sidecarDamaged: (detail: string) => `sidecar is damaged (${detail}); what could be read of it is used, the rest comes from the photo. Save the metadata to it again from your photo editor`,
  sidecarNotRead: (why: string) => `sidecar not read: ExifTool could not run (${why}); the photo's own keywords and rating are used until it can`,
  noSpecies: (keywords: string[], candidates: string[]) =>
    `names no bird species in its keywords${keywords.length > 0 ? ` (${keywords.slice(0, 8).join(', ')}${keywords.length > 8 ? ', …' : ''})` : ' (it has none)'}, so it is not published. Add the species as a keyword, e.g. 'Canyon Wren' or 'Birds|Wrens|Canyon Wren'${candidates.length > 0 ? `; that day's eBird checklists list ${candidates.slice(0, 12).join(', ')}${candidates.length > 12 ? ', …' : ''}` : ''}`,
  speciesFolderUnknown: (name: string, source: string, closest: string[]) =>
    `'${name}' is not a species of ${source}${closest.length > 0 ? ` (closest: ${closest.join(', ')})` : ''}, so it stays at the top of the Life List. Rename the folder, or put it under your own order and family folders`,
  speciesNameUnknown: (name: string, source: string, closest: string[]) =>
    `species folder '${name}' is not a species of ${source}${closest.length > 0 ? ` (closest: ${closest.join(', ')})` : ''}; it has no scientific name and sorts last in taxonomic order`,
  keywordAmbiguous: (name: string, candidates: string[]) =>
    `its keyword '${name}' is no longer one species: it may be ${candidates.join(' or ')} (a split), so it is not published. Add the species the photo shows as a keyword`,
  speciesNameAmbiguous: (name: string, source: string, candidates: string[]) =>
    `'${name}' is no longer one species in ${source}: it may be ${candidates.join(' or ')} (a split), so it stays as it is, without a scientific name. Rename the folder to the species your photos show`,
  olderName: (name: string, current: string, source: string, renamed: boolean) =>
    `'${name}' is now called '${current}' in ${source}; ${renamed ? `the site shows '${current}'` : `the site shows your folder's name ('"names": "taxonomy"' in site.json shows '${current}')`}`,
  taxonomyUnavailable: (detail: string) =>
    `the bird taxonomy could not be read (${detail}); species folders directly in life_list/ stay where they are, and photos in inbox/ cannot be placed until it can. Run \`npm run taxonomy\` to fetch it again`,
  taxonomyLastUsed: (detail: string, source: string) =>
    `the bird taxonomy could not be had (${detail}); the copy the last ingest used (${source}) placed the photos, so none disappears. Run \`npm run taxonomy\` to put it back`,
  localNamesNoTaxonomy: (language: string) =>
    `site.json asks for species names in '${language}', but the photos folder has no bird taxonomy yet: run \`npm run taxonomy -- --locale ${language}\``,
  localNamesMissing: (language: string, fetched: string | undefined) =>
    `site.json asks for species names in '${language}', but the library's taxonomy has ${fetched ? `them in '${fetched}'` : 'none but English'}: run \`npm run taxonomy -- --update --locale ${language}\``,
  localNamesLacking: (missing: number, of: number, language: string) =>
    `${missing} of ${countOf(of, 'species', 'species')} ${missing === 1 ? 'has' : 'have'} no name in '${language}' in the bird taxonomy, so the site shows ${missing === 1 ? 'its' : 'their'} English name${missing === 1 ? '' : 's'}`,
  taxonomyWaiting: (photos: number, detail: string) =>
    `${countOf(photos, 'photo')} wait${photos === 1 ? 's' : ''} for the bird taxonomy, which is not in the photos folder's taxonomy/ yet and could not be fetched (${detail}); ${photos === 1 ? 'it is' : 'they are'} published on the first ingest that has it. Run \`npm run taxonomy\` when online, or \`npm run taxonomy -- --from <file>\` with a taxonomy CSV downloaded elsewhere`,
  renamedInFolder: (published: string, taken: string, folder: string) => `published as '${published}' in '${folder}', since '${taken}' is already there`,
};

export const fatal = {
  siteConfigMissing: (file: string) => `${file} not found: create it (see the README) or point --photos at the folder that holds it`,
  siteConfigNotJson: (file: string, detail: string) => `${file} is not valid JSON: ${detail}`,
  lifeListMissing: (dir: string) =>
    `${dir} not found: put your photos in life_list/<group>/.../<species>/ under the photos folder, or export them with their species as keywords into inbox/ beside it`,
  outputNotWritable: (dir: string, detail: string) => `output folder ${dir} cannot be written (${detail}); check that it is a folder you can write to, or choose another with --out`,
  badConcurrency: (value: string) => `--concurrency must be a whole number from 1 to 64, got '${value}'`,
  badMegapixels: (value: string) => `--max-megapixels must be a positive number, got '${value}'`,
  unreadable: (file: string, detail: string) => `${file} cannot be read (${detail}); check that it is a file you can read`,
  creditsUnreadable: (file: string, detail: string) =>
    `${file} cannot be read (${detail}); nothing was published, so the site does not lose the credits its photos' licences require: fix the file, or remove it if no photo needs a credit`,
  cacheUnreadable: (file: string, detail: string) =>
    `${file} cannot be read (${detail}); nothing was changed, so the photos keep their 'added' dates: fix the file's permissions, or delete it to start afresh (every photo is then processed again and counted as new)`,
  outputInsidePhotos: (outDir: string, lifeListDir: string) =>
    `output folder ${outDir} is inside ${lifeListDir}: the site would be written among your photos; choose a folder outside it with --out`,
  interrupted: (signal: string) => `interrupted (${signal}): what was written is complete, the rest was not started; run the ingest again to finish`,
  unexpected: (detail: string) => `unexpected failure: ${detail}`,
};

/** `npm run taxonomy` and the ingest's first fetch of it. */
export const taxonomyText = {
  // Why a download failed (after the URL); `nothingChanged` ends each failure's line.
  noAnswer: (seconds: number) => `no answer in ${seconds} s`,
  noConnection: (code: string) => `no connection (${code})`,
  serverAnswered: (status: number, text: string) => `the server answered ${status}${text ? ` ${text}` : ''}`,
  stopped: (received: string, total: string | undefined, idleSeconds: number | undefined) =>
    `the download stopped after ${received}${total ? ` of ${total}` : ''}${idleSeconds ? ` (no data for ${idleSeconds} s)` : ''}`,
  cutShort: (received: string, total: string) => `cut short: ${received} of the ${total} announced`,
  tooFewSpecies: (species: number) => `only ${countOf(species, 'species', 'species')}, not the whole taxonomy (a cut-short download or file?); a partial list on purpose needs --partial`,
  fewerThanReplaced: (species: number, replaced: number) =>
    `only ${countOf(species, 'species', 'species')} where the whole edition it would replace has ${countOf(replaced, 'species', 'species')} (a cut-short download or file?); a partial list on purpose needs --partial`,
  rowCut: (name: string, fields: number, columns: number) => `${name || 'a row'} is cut part-way (${fields} of the ${columns} columns)`,
  unreadable: (detail: string) => `cannot be read (${detail})`,
  notALanguage: (code: string) => `--locale ${code} is not a language tag: write it in BCP 47, such as de, es-MX, pt-BR or zh-Hans; nothing was changed`,
  localeNeedsApi: (source: string) => `--locale needs the eBird API's taxonomy (an https URL in its layout); ${source} is not one`,
  nothingChanged: (failure: string) => `${failure}; nothing was changed`,
  asOf: (day: string) => `as of ${day}`,
  fetching: (from: string) => `${/^https?:\/\//i.test(from) ? 'Fetching' : 'Reading'} the bird taxonomy from ${from}`,
  fetchingForIngest: (file: string, url: string) => `The bird taxonomy is not in ${file} yet: fetching it once from ${url} (\`npm run taxonomy -- --update\` fetches a newer edition later).`,
  received: (received: string, total: string | undefined) => `  ${received}${total ? ` of ${total}` : ''} received`,
  written: (file: string, credit: string, species: number, from: string, retrieved: string) =>
    `${file}: ${credit}, ${countOf(species, 'species', 'species')}, from ${from} (${retrieved}).`,
  locale: (locale: string, named: number) => `Common names in '${locale}' for ${countOf(named, 'species', 'species')}; "names": { "language": "${locale}" } in site.json would show them.`,
  present: (file: string, credit: string, retrieved: string) =>
    `${file} holds ${credit} (retrieved ${retrieved}). \`npm run taxonomy -- --update\` fetches the current edition and lists what changed for your species.`,
  offline: (reason: string, url: string) =>
    `${reason}. Offline? Download the taxonomy elsewhere (${url}, or the yearly eBird/Clements CSV) and import it with \`npm run taxonomy -- --from <file>\``,
  partial: (species: number) => `A partial list (${countOf(species, 'species', 'species')}), as --partial asked: species it does not list are not placed by it, and none is taken as split or lumped.`,
  partialReplacesWhole: (replaced: number, credit: string) =>
    `It replaces a whole edition (${credit}, ${countOf(replaced, 'species', 'species')}); \`npm run taxonomy -- --update\` fetches a whole one again.`,
  sameEdition: (credit: string) => `Same edition as before (${credit}): no species changed.`,
  changesHeader: (from: string, to: string, added: number) => `Changes from ${from} to ${to}${added > 0 ? ` (${countOf(added, 'new species', 'new species')} in all)` : ''}, for your species:`,
  noChangesOfYours: () => '  none of your species is renamed, split or lumped.',
  /** What of the owner's a change touches: '3 photos, 12 eBird records'. */
  touches: (photos: number, ebirdRecords: number) => [countOf(photos, 'photo'), ...(ebirdRecords > 0 ? [countOf(ebirdRecords, 'eBird record')] : [])].join(', '),
  renamed: (from: string, to: string, code: string, touches: string) =>
    `  renamed: ${from} → ${to} (${code}; ${touches}); folders and keywords named '${from}' keep matching, and "names": "taxonomy" shows '${to}'`,
  gone: (name: string, code: string, into: string[], touches: string) =>
    `  split or lumped: ${name} (${code}; ${touches}) is no longer a species${into.length > 0 ? `; probably now ${into.join(' or ')}` : ''}. ${into.length === 1 ? `'${name}' now finds ${into[0]}` : `Rename its folders and keywords to the species each photo shows`}`,
  reshaped: (name: string, code: string, now: string, into: string[], touches: string) =>
    `  split or lumped: ${name} (${code}; ${touches}) keeps its code but not its extent (its taxon concept changed)${into.length > 1 ? `; now ${into.join(' or ')}` : now !== name ? `; now called ${now}` : ''}. ${into.length > 1 ? `Rename its folders and keywords to the species each photo shows` : `Check which species your photos show`}`,
  unlisted: (names: string[]) =>
    `  not in the new list (a partial list is not compared as a whole edition, so this is no split or lump): ${names.join(', ')}; their folders stay as they are, and inbox photos named by them wait for a taxonomy that has them`,
  unread: (what: string) => `  (counts leave out what could not be read: ${what})`,
};

export const progress = {
  line: (done: number, total: number, rate: number, etaSeconds: number | undefined) =>
    `ingest: ${done}/${total} photos${rate > 0 ? `, ${rate.toFixed(1)}/s` : ''}${etaSeconds !== undefined ? `, about ${formatSeconds(etaSeconds)} left` : ''}`,
  bar: (bar: string, done: number, total: number, rate: number, etaSeconds: number | undefined) =>
    `${bar} ${done}/${total}  ${rate.toFixed(1)} photos/s  ETA ${etaSeconds !== undefined ? formatSeconds(etaSeconds) : '--'}`,
};

export interface SummaryCounts {
  new: number;
  updated: number;
  unchanged: number;
  removed: number;
  failed: number;
}

/** Photos deliberately not published: rejected in the photo editor, rated below `publishing.minRating`. */
export interface LeftOutCounts {
  rejected: number;
  belowRating: number;
  minRating: number;
}

export const summary = {
  ingest: (c: SummaryCounts, seconds: number) =>
    `Done in ${seconds.toFixed(1)} s: ${c.new} new, ${c.updated} updated, ${c.unchanged} unchanged, ${c.removed} removed, ${c.failed} failed.`,
  problemsHeader: (errors: number, warnings: number) =>
    [errors > 0 ? `${countOf(errors, 'problem')} (not published)` : '', warnings > 0 ? `${countOf(warnings, 'warning')} (published)` : '']
      .filter(Boolean)
      .join(' and ') + ':',
  problemLine: (severity: 'error' | 'warning', path: string, reason: string) => `  ${severity === 'error' ? '✗' : '!'} ${path}: ${reason}`,
  published: (dir: string) => `Manifests and renditions are in ${dir}.`,
  leftOut: (c: LeftOutCounts) =>
    `Left out as you rated them: ${[c.rejected > 0 ? `${c.rejected} rejected` : '', c.belowRating > 0 ? `${c.belowRating} rated below ${countOf(c.minRating, 'star')} (publishing.minRating)` : ''].filter(Boolean).join(', ')}.`,
  lifeList: (source: string, observed: number, photographed: number) => `eBird life list (${source}): ${observed} species observed, ${photographed} photographed.`,
  validateOk: (manifests: number, files: number) => `valid: ${manifests} manifests, ${files} referenced files all present.`,
  validateFailed: (count: number) => `${countOf(count, 'validation problem')}:`,
  validateLine: (where: string, reason: string) => `  ✗ ${where}: ${reason}`,
};

export const validation = {
  missingManifest: () => 'manifest missing: run `npm run ingest` first',
  notJson: (detail: string) => `not valid JSON (${detail})`,
  unreadable: (detail: string) => `cannot be read (${detail})`,
  schema: (issue: string) => `does not match its schema: ${issue}`,
  missingFile: (ref: string, path: string) => `${ref} references ${path}, which does not exist`,
  featuredUnknown: (id: string) => `featured photo id '${id}' is not in photo-index.json`,
  structureMismatch: (detail: string) => `life_list_structure.json and photo-index.json disagree: ${detail}`,
  pageDataMissing: () => 'page data file missing: run `npm run ingest` again',
  pageDataStale: () => 'page data file does not match the manifests: run `npm run ingest` again',
  pageDataUnknown: () => 'page data file that no page uses: run `npm run ingest` again',
  journalDamaged: (detail: string) => `the journal of an interrupted ingest was damaged (${detail}); the manifests may not be one set: run \`npm run ingest\` again`,
};

export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/** The eBird export in photos/ebird/ (issue 10). Paths are relative to the photos folder. */
const rowsHave = (count: number) => countOf(count, 'row has', 'rows have');
const linesText = (count: number, lines: number[]) => `line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}${count > lines.length ? ', …' : ''}`;

export const ebird = {
  several: (used: string, ignored: string[]) => `several eBird exports found; using ${used} (the newest) and ignoring ${ignored.join(', ')}`,
  unreadable: (detail: string) => `could not be read (${detail})`,
  emptyFile: () => 'file is empty; download the export again from eBird (My eBird → Download My Data)',
  zipWithoutCsv: (entries: string[]) =>
    `zip holds no MyEBirdData.csv${entries.length > 0 ? ` (it holds ${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''})` : ' (it is empty)'}; use the zip eBird mailed, or the CSV from it`,
  badZip: (detail: string) => `not a readable zip file (${detail}); use the zip eBird mailed, or the CSV from it`,
  notUtf8: () => 'is not UTF-8 text (it looks like UTF-16 or a binary file); use the CSV exactly as eBird sent it',
  iNaturalist: () => "looks like an iNaturalist export, not eBird's; download My eBird → Download My Data instead",
  notEbird: (missing: string[]) => `is not an eBird "Download My Data" export: none of its columns (${missing.join(', ')}) are in the first line`,
  missingColumns: (missing: string[]) => `lacks the column${missing.length === 1 ? '' : 's'} ${missing.map((c) => `'${c}'`).join(', ')} that the life list needs; download the export again from eBird`,
  noRows: () => 'has a header but no observations',
  unreadableField: {
    time: (count: number, lines: number[]) =>
      `${rowsHave(count)} a time that cannot be read (${linesText(count, lines)}); ${count === 1 ? 'it is' : 'they are'} used without it`,
    duration: (count: number, lines: number[]) =>
      `${rowsHave(count)} a duration that cannot be read (${linesText(count, lines)}); ${count === 1 ? 'its checklist adds' : 'their checklists add'} no time in the field`,
  },
  badRows: (count: number, reason: string, lines: number[]) =>
    `${rowsHave(count)} ${reason} (${linesText(count, lines)}); ${count === 1 ? 'it is' : 'they are'} left out, the rest is used`,
  unclosedQuote: (line: number, used: number) =>
    `a quoted field opened on line ${line} is never closed, so the rest of the file could not be read; the ${used} ${used === 1 ? 'row' : 'rows'} before it ${used === 1 ? 'was' : 'were'} used. Download the export again from eBird`,
  checklistInFuture: (day: string, today: string) => `a checklist is dated ${day}, after today (${today}): it is on no outing until that day`,
  photographedBeforeSeen: (taken: string, firstSeen: string) => `photographed ${taken}, first seen in eBird ${firstSeen}: your export may miss an older sighting`,
  cutShort: (line: number) => `the last row (line ${line}) stops part-way: the file was cut short (an interrupted download?). Download the export again from eBird`,
  keptLastGood: (source: string, readAt: string, observed: number) =>
    `so the life list of the last export that read cleanly stays published: ${source}, read ${readAt.slice(0, 10)} (${observed} species)`,
  fewerRows: (rows: number, lastRows: number, source: string, readAt: string) =>
    `has ${rows} observation rows, far fewer than the ${lastRows} of the last export (${source}, read ${readAt.slice(0, 10)}), which stays published. If this export is right (you deleted checklists, or it is another account's), run \`npm run ingest -- --accept-ebird-export\``,
  lastGoodDamaged: (detail: string) => `the copy of the last good eBird export could not be used (${detail}); it is made again from the next export that reads cleanly`,
  badRowReason: {
    date: 'a bad date (expected YYYY-MM-DD)',
    taxonOrder: 'a bad taxonomic order (expected a positive number)',
    name: 'no common or scientific name',
    quotes: 'a misplaced quote',
  },
  notInExport: (folder: string, closest: string[]) =>
    `species '${folder}' is not in the eBird export${closest.length > 0 ? `; closest eBird names: ${closest.join(', ')}` : ''}. Rename the folder or map it in site.json ("ebird": { "names": { "${folder}": "<eBird name>" } })`,
  mappedNotInExport: (folder: string, mapped: string, closest: string[]) =>
    `site.json maps species '${folder}' to '${mapped}', which is not a countable species of the eBird export${closest.length > 0 ? `; closest eBird names: ${closest.join(', ')}` : ''}`,
  mapUnknownFolder: (folder: string) => `site.json's ebird.names maps '${folder}', which is no species folder in life_list/`,
  regionsNotMapped: (codes: string[]) =>
    `${codes.length === 1 ? 'a state/province has' : `${codes.length} states/provinces have`} no shape on the Lists page's maps (${codes.join(', ')}): ${codes.length === 1 ? 'its list keeps its' : 'their lists keep their'} page and row in the table`,
};

export const outings = {
  photoInFuture: (day: string, today: string) => `taken ${day} by the camera's clock, after today (${today}): the photo is on no outing until that day (check the camera's date, or fix the capture date)`,
  tripOverlaps: (name: string, other: string) => `trip '${name}' overlaps trip '${other}': their shared days stay with '${other}'`,
  tripWithoutDays: (name: string, from: string, to: string) => `trip '${name}' (${from} to ${to}) covers no day with photos or checklists, so it has no page`,
  tripInsideEarlier: (name: string, other: string) => `trip '${name}' has all its days in the earlier trip '${other}', which keeps them, so it has no page`,
  tripSameKey: (name: string, other: string) => `trip '${name}' has the same page address as trip '${other}', so it has no page: give it another name`,
};
