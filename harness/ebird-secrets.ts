import Papa from 'papaparse';

/** The columns of an eBird export that must never reach a published file. */
const PRIVATE_EBIRD_COLUMNS = ['Submission ID', 'Location ID', 'Location', 'Latitude', 'Longitude', 'Checklist Comments', 'Observation Details'] as const;

/**
 * Every distinct non-empty value of the private columns of an eBird export (CSV text),
 * for privacy tests: none of them may appear in a published file. Parsed here with
 * papaparse's synchronous API, independently of the pipeline's streaming reader.
 */
export function ebirdSecrets(csv: string): string[] {
  const rows = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
  const secrets = new Set<string>();
  for (const row of rows) {
    for (const column of PRIVATE_EBIRD_COLUMNS) {
      const value = row[column]?.trim();
      if (value) secrets.add(value);
    }
  }
  return [...secrets];
}

/** The secrets found in `published` (a JSON, HTML or JS file's text), as written or as JSON or HTML would escape them. */
export function leakedSecrets(published: string, secrets: readonly string[]): string[] {
  const found = matcherOf(secrets).find(published);
  return secrets.filter((_, index) => found.has(index));
}

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/**
 * Every form of every secret in one Aho-Corasick automaton, so a published file is read once
 * rather than once per form: a built site is megabytes of text and an export holds about a
 * thousand secrets, three forms each. Built once per list of secrets.
 */
const matchers = new WeakMap<readonly string[], { find(text: string): Set<number> }>();

function matcherOf(secrets: readonly string[]) {
  const known = matchers.get(secrets);
  if (known) return known;
  // Node 0 is the root; each node has its transitions, its failure link and the secrets ending there.
  const next: Array<Map<string, number>> = [new Map()];
  const fail: number[] = [0];
  const ends: number[][] = [[]];
  secrets.forEach((secret, index) => {
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1), html(secret)])) {
      let node = 0;
      for (const char of form) {
        let child = next[node]!.get(char);
        if (child === undefined) {
          child = next.length;
          next.push(new Map());
          fail.push(0);
          ends.push([]);
          next[node]!.set(char, child);
        }
        node = child;
      }
      ends[node]!.push(index);
    }
  });
  // Breadth first: a node's failure link is the longest proper suffix of its path that is also a path.
  const queue = [...next[0]!.values()];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const [char, child] of next[node]!) {
      let f = fail[node]!;
      while (f !== 0 && !next[f]!.has(char)) f = fail[f]!;
      const target = next[f]!.get(char);
      fail[child] = target !== undefined && target !== child ? target : 0;
      ends[child]!.push(...ends[fail[child]!]!);
      queue.push(child);
    }
  }
  const matcher = {
    find(text: string): Set<number> {
      const found = new Set<number>();
      let node = 0;
      for (const char of text) {
        while (node !== 0 && !next[node]!.has(char)) node = fail[node]!;
        node = next[node]!.get(char) ?? 0;
        for (const index of ends[node]!) found.add(index);
      }
      return found;
    },
  };
  matchers.set(secrets, matcher);
  return matcher;
}
