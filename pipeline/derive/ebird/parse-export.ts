import Papa from 'papaparse';
import type { Readable } from 'node:stream';
import { isCalendarDate } from '../../../data/life-records.ts';
import { REGION_CODE } from '../../../data/region-code.ts';
import { ebird as text } from '../../report/messages.ts';

/** The columns the life list is made of, by their header names in eBird's export. */
const REQUIRED_COLUMNS = ['Common Name', 'Scientific Name', 'Taxonomic Order', 'Date', 'State/Province'] as const;

/**
 * One observation, reduced to what the life list needs. Coordinates, location names,
 * comments and ids are never read out of the parser's row, so they cannot leak.
 */
export interface ObservationRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  commonName: string;
  scientificName: string;
  taxonOrder: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Minutes after midnight, when the row has a readable time. */
  minutes?: number;
  /** Region code such as `US-NC`; undefined when the column is empty or holds no code. */
  region?: string;
  /**
   * The checklist's Submission ID: it counts a day's distinct checklists and adds up their
   * durations, and is published only as a link the owner opts in to (publishing.checklistLinks).
   */
  checklist?: string;
  /** The checklist's Duration (Min), when the column holds a whole number of minutes. */
  duration?: number;
  /** Fields given but unreadable, so left out of this row. */
  unreadable?: UnreadableField[];
}

type BadRowReason = keyof typeof text.badRowReason;

/** Rows with a value the reader could not use, of one kind: how many, and where the first few are. */
interface BadRows<Reason extends string = BadRowReason> {
  reason: Reason;
  count: number;
  /** The first few line numbers. */
  lines: number[];
}

/** An optional field whose value is there but cannot be read: the row is used without it. */
type UnreadableField = 'time' | 'duration';

export type ParseOutcome =
  | {
      ok: true;
      rows: number;
      badRows: BadRows[];
      /** Rows used without a time or duration they gave in a form that cannot be read. */
      unreadable: BadRows<UnreadableField>[];
      /** Line of a quoted field that is never closed: the parser read the rest of the file into it, so nothing after was used. */
      unclosedQuoteAt?: number;
      /** Line of a last row with fewer fields than the header: the file was cut there (an interrupted download). */
      cutAt?: number;
    }
  | { ok: false; reason: string };

const SHOWN_LINES = 5;

/**
 * Streams eBird's CSV (`MyEBirdData.csv`) through papaparse, reading columns by header
 * name: UTF-8 with or without BOM, LF or CRLF, quoted fields holding commas, quotes and
 * line breaks. Each good row goes to `onRow`; bad rows are counted with their first
 * line numbers and left out. Memory stays flat: no row is kept.
 */
export function parseEbirdCsv(bytes: Readable, onRow: (row: ObservationRow) => void): Promise<ParseOutcome> {
  bytes.setEncoding('utf8'); // decodes multi-byte characters split across chunks
  const reading = new CsvReading(onRow);
  return new Promise<ParseOutcome>((resolve, reject) => {
    let settled = false;
    Papa.parse<string[]>(bytes as unknown as File, {
      header: false,
      delimiter: ',',
      skipEmptyLines: false,
      step(result, parser) {
        if (!reading.take(result.data, result.errors)) parser.abort();
      },
      complete() {
        if (settled) return;
        settled = true;
        resolve(reading.outcome());
      },
      error(error: Error) {
        if (settled) return;
        settled = true;
        reject(error);
      },
    });
  });
}

/** What the reader made of the file so far, record by record: its header, its rows, and the rows it left out. */
class CsvReading {
  /** The line the next record starts on. */
  private line = 1;
  private header: Map<string, number> | undefined;
  private headerFields = 0;
  private last: { line: number; fields: number } | undefined;
  private failure: string | undefined;
  private rows = 0;
  private unclosedQuoteAt: number | undefined;
  private readonly bad = new Map<BadRowReason, BadRows>();
  private readonly unreadable = new Map<UnreadableField, BadRows<UnreadableField>>();

  constructor(private readonly onRow: (row: ObservationRow) => void) {}

  /** One record of the parser; false when nothing after it can be read (a header that is not eBird's). */
  take(fields: string[], errors: readonly { code: string }[]): boolean {
    const start = this.line;
    // Every row ends with one line break; quoted fields may hold more.
    this.line += 1;
    for (const f of fields) for (let i = f.indexOf('\n'); i >= 0; i = f.indexOf('\n', i + 1)) this.line++;
    if (fields.length === 1 && fields[0]!.trim() === '') return true; // blank line
    if (!this.header) {
      const header = checkHeader(fields);
      if (typeof header === 'string') {
        this.failure = header;
        return false;
      }
      this.header = header;
      this.headerFields = fields.length;
      return true;
    }
    this.last = { line: start, fields: fields.length };
    if (errors.length > 0) {
      if (errors.some((e) => e.code === 'MissingQuotes')) this.unclosedQuoteAt ??= start;
      else tally(this.bad, 'quotes', start);
      return true;
    }
    const row = observationOf(fields, this.header, start);
    if (typeof row === 'string') {
      tally(this.bad, row, start);
      return true;
    }
    this.rows++;
    for (const field of row.unreadable ?? []) tally(this.unreadable, field, start);
    this.onRow(row);
    return true;
  }

  outcome(): ParseOutcome {
    if (this.failure) return { ok: false, reason: this.failure };
    if (!this.header) return { ok: false, reason: text.emptyFile() };
    if (this.rows === 0 && this.bad.size === 0) return { ok: false, reason: text.noRows() };
    const cutAt = this.last && this.last.fields < this.headerFields ? this.last.line : undefined;
    return {
      ok: true,
      rows: this.rows,
      badRows: [...this.bad.values()],
      unreadable: [...this.unreadable.values()],
      ...(this.unclosedQuoteAt !== undefined && { unclosedQuoteAt: this.unclosedQuoteAt }),
      ...(cutAt !== undefined && { cutAt }),
    };
  }
}

/** Counts a row left out (or used without a field) for `reason`, keeping its line among the first few. */
function tally<R extends string>(map: Map<R, BadRows<R>>, reason: R, at: number): void {
  const entry = map.get(reason) ?? { reason, count: 0, lines: [] };
  entry.count++;
  if (entry.lines.length < SHOWN_LINES) entry.lines.push(at);
  map.set(reason, entry);
}

/** One data row (starting on line `line`) as an observation, or why it is left out. */
function observationOf(fields: readonly string[], header: ReadonlyMap<string, number>, line: number): ObservationRow | BadRowReason {
  const get = (column: string) => {
    const i = header.get(column);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  const commonName = get('Common Name');
  const scientificName = get('Scientific Name');
  if (!commonName || !scientificName) return 'name';
  const date = isoDate(get('Date'));
  if (!date) return 'date';
  const orderText = get('Taxonomic Order');
  const taxonOrder = Number(orderText);
  if (orderText === '' || !Number.isFinite(taxonOrder) || taxonOrder <= 0) return 'taxonOrder';
  const region = get('State/Province').toUpperCase();
  // Optional column: orders two sightings of the same day.
  const time = get('Time');
  const minutes = minutesOf(time);
  // Optional columns: a day's checklists and its time in the field.
  const checklist = get('Submission ID');
  const durationText = get('Duration (Min)');
  const duration = durationOf(durationText);
  // Empty is eBird's own "none" (an incidental or historical checklist); anything else unread is reported.
  const unreadable: UnreadableField[] = [...(time !== '' && minutes === undefined ? ['time' as const] : []), ...(durationText !== '' && duration === undefined ? ['duration' as const] : [])];
  return {
    line,
    commonName,
    scientificName,
    taxonOrder,
    date,
    ...(minutes !== undefined && { minutes }),
    ...(REGION_CODE.test(region) && { region }),
    ...(checklist !== '' && { checklist }),
    ...(duration !== undefined && { duration }),
    ...(unreadable.length > 0 && { unreadable }),
  };
}

/** Column positions by name, or why this first line is not eBird's header. */
function checkHeader(fields: string[]): Map<string, number> | string {
  const names = fields.map((f, i) => (i === 0 ? f.replace(/^\uFEFF/, '') : f).trim());
  if (names.some((n) => n.includes('\u0000') || n.includes('\uFFFD'))) return text.notUtf8();
  const index = new Map<string, number>();
  names.forEach((n, i) => {
    if (!index.has(n)) index.set(n, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length === 0) return index;
  const lower = new Set(names.map((n) => n.toLowerCase()));
  if (lower.has('observed_on') || (lower.has('quality_grade') && lower.has('scientific_name'))) return text.iNaturalist();
  if (missing.length === REQUIRED_COLUMNS.length && !index.has('Submission ID')) return text.notEbird([...REQUIRED_COLUMNS]);
  return text.missingColumns(missing);
}

/** eBird writes `YYYY-MM-DD`; exports before 2020 wrote `MM-DD-YYYY`. */
function isoDate(value: string): string | undefined {
  const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  const iso = us ? `${us[3]}-${us[1]}-${us[2]}` : value;
  return isCalendarDate(iso) ? iso : undefined;
}

/** A checklist's minutes in the field: a whole number from 0 to a day's 1,440; anything else is none. */
function durationOf(value: string): number | undefined {
  if (!/^\d{1,4}$/.test(value)) return undefined;
  const minutes = Number(value);
  return minutes <= 24 * 60 ? minutes : undefined;
}

/** `07:42 AM` → 462; `19:05` → 1145. */
function minutesOf(value: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})(?:\s*([AP])M)?$/i.exec(value);
  if (!m) return undefined;
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (m[3]) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (m[3].toUpperCase() === 'P' ? 12 : 0);
  }
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}
