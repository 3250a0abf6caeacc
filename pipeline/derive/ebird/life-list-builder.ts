import { CHECKLIST_ID, growthByYear, lifeListRecordsSchema, type LifeListRecords, type LifeRecord } from '../../../data/life-records.ts';
import { compareNames } from '../../../data/manifest-layout.ts';
import { classifyRow, type RowKind } from './count-rules.ts';
import type { ObservationRow } from './parse-export.ts';

interface SpeciesState {
  commonName: string;
  scientificName: string;
  taxonOrder: number;
  /** True once a plain species row (not a group) named the species. */
  fromSpeciesRow: boolean;
  firstDate: string;
  firstMinutes: number;
  firstRegion: string | undefined;
  /** First sighting per year (with its region) and per region: what the year and region lists are made of. */
  years: Map<number, Sighting>;
  regions: Map<string, Sighting>;
}

interface Sighting {
  date: string;
  minutes: number;
  region: string | undefined;
}

/** Whether a sighting comes before another: by day, then by time (a row without a time after the timed ones). */
const earlier = (a: Sighting, b: Sighting) => a.date < b.date || (a.date === b.date && a.minutes < b.minutes);

function keepFirst<K>(map: Map<K, Sighting>, key: K, sighting: Sighting): void {
  const known = map.get(key);
  if (!known || earlier(sighting, known)) map.set(key, sighting);
}

/** What a day of the export adds up to while rows are read. */
interface DayState {
  regions: Set<string>;
  /** Checklist id → its duration in minutes (0 when none). */
  checklists: Map<string, number>;
  /** Keys of the species seen (binomials, lower-cased). */
  species: Set<string>;
}

/**
 * Folds observations into the life list, one row at a time (memory grows with the
 * number of species, not of rows). `add` each row, then `result()`.
 */
export class LifeListBuilder {
  readonly #species = new Map<string, SpeciesState>();
  readonly #days = new Map<string, DayState>();
  /** Rows per kind, for reports and tests. */
  readonly kinds: Record<RowKind, number> = { species: 0, group: 0, spuh: 0, slash: 0, hybrid: 0, domestic: 0 };

  add(row: ObservationRow): void {
    const c = classifyRow(row.commonName, row.scientificName);
    this.kinds[c.kind]++;
    const day = this.#dayOf(row);
    if (c.kind !== 'species' && c.kind !== 'group') return;
    const key = c.binomial.toLowerCase();
    day.species.add(key);
    const minutes = row.minutes ?? 24 * 60; // a row without a time sorts after timed rows of its day
    const sighting: Sighting = { date: row.date, minutes, region: row.region };
    let s = this.#species.get(key);
    if (!s) {
      s = {
        commonName: c.speciesCommonName,
        scientificName: c.binomial,
        taxonOrder: row.taxonOrder,
        fromSpeciesRow: c.kind === 'species',
        firstDate: row.date,
        firstMinutes: minutes,
        firstRegion: row.region,
        years: new Map(),
        regions: new Map(),
      };
      this.#species.set(key, s);
    }
    keepFirst(s.years, Number(row.date.slice(0, 4)), sighting);
    if (row.region !== undefined) keepFirst(s.regions, row.region, sighting);
    if (c.kind === 'species' && !s.fromSpeciesRow) {
      // The species' own row names it and gives its place in the taxonomy; a group's only approximates both.
      s.commonName = c.speciesCommonName;
      s.scientificName = c.binomial;
      s.taxonOrder = row.taxonOrder;
      s.fromSpeciesRow = true;
    } else if (!s.fromSpeciesRow) {
      s.taxonOrder = Math.min(s.taxonOrder, row.taxonOrder);
    }
    if (row.date < s.firstDate || (row.date === s.firstDate && minutes < s.firstMinutes)) {
      s.firstDate = row.date;
      s.firstMinutes = minutes;
      s.firstRegion = row.region;
    }
  }

  /** A spuh's checklist is a checklist of the day all the same: every row counts toward the day's checklists, regions and minutes. */
  #dayOf(row: ObservationRow): DayState {
    let day = this.#days.get(row.date);
    if (!day) {
      day = { regions: new Set(), checklists: new Map(), species: new Set() };
      this.#days.set(row.date, day);
    }
    if (row.region !== undefined) day.regions.add(row.region);
    if (row.checklist !== undefined) day.checklists.set(row.checklist, Math.max(day.checklists.get(row.checklist) ?? 0, row.duration ?? 0));
    return day;
  }

  /** The published life list: species in taxonomic order (ties by name), growth per year; checked against its schema. */
  result(): LifeListRecords {
    const species: LifeRecord[] = [...this.#species.values()]
      .map((s) => ({
        commonName: s.commonName,
        scientificName: s.scientificName,
        taxonOrder: s.taxonOrder,
        firstSeen: s.firstDate,
        ...(s.firstRegion !== undefined && { firstRegion: s.firstRegion }),
        years: [...s.years].sort(([a], [b]) => a - b).map(([year, first]) => ({ year, firstSeen: first.date, ...(first.region !== undefined && { region: first.region }) })),
        regions: [...s.regions].sort(([a], [b]) => a.localeCompare(b, 'en')).map(([region, first]) => ({ region, firstSeen: first.date })),
      }))
      .sort((a, b) => a.taxonOrder - b.taxonOrder || compareNames(a.commonName, b.commonName));
    const orderOf = new Map(species.map((s, i) => [s.scientificName.toLowerCase(), i]));
    const days = [...this.#days]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, day]) => ({
        date,
        regions: [...day.regions].sort(),
        checklists: day.checklists.size,
        checklistIds: [...day.checklists.keys()].filter((id) => CHECKLIST_ID.test(id)).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))),
        minutes: [...day.checklists.values()].reduce((sum, m) => sum + m, 0),
        species: [...day.species].map((key) => this.#species.get(key)!.scientificName).sort((a, b) => orderOf.get(a.toLowerCase())! - orderOf.get(b.toLowerCase())!),
      }));
    return lifeListRecordsSchema.parse({ observedCount: species.length, species, growth: growthByYear(species), days });
  }
}
