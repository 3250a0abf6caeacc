/** One line of the benchmark's table, with its target when the issue sets one. */
export interface Row {
  part: string;
  metric: string;
  /** null when the figure could not be measured (the note says why). */
  value: number | null;
  unit: Unit;
  target?: Target;
  note?: string;
}

export type Unit = 'photos/s' | 'ms' | 's' | 's/min' | 'MB' | 'KB' | 'x' | 'score' | 'count' | '';

interface Target {
  op: '>=' | '<=' | '<' | '==';
  value: number;
}

export type Status = 'PASS' | 'FAIL' | 'n/a';

export function statusOf(row: Row): Status {
  if (!row.target || row.value === null) return 'n/a';
  const { op, value } = row.target;
  const ok = op === '>=' ? row.value >= value : op === '<=' ? row.value <= value : op === '<' ? row.value < value : row.value === value;
  return ok ? 'PASS' : 'FAIL';
}

export function formatValue(value: number | null, unit: Unit): string {
  if (value === null) return '—';
  const digits = unit === '' || unit === 's/min' ? 3 : unit === 'x' || unit === 'photos/s' ? 2 : unit === 's' ? 2 : unit === 'score' || unit === 'count' ? 0 : Math.abs(value) >= 100 ? 0 : 1;
  const text = value.toFixed(digits);
  return unit && unit !== 'score' && unit !== 'count' ? `${text} ${unit}` : text;
}

export function formatTarget(row: Row): string {
  if (!row.target) return '';
  return `${row.target.op} ${formatValue(row.target.value, row.unit)}`;
}

/** The table as aligned plain text (stdout) and as Markdown (README). */
export function renderTable(rows: Row[], style: 'text' | 'markdown'): string {
  const header = ['Part', 'Metric', 'Value', 'Target', 'Status'];
  const lines = rows.map((r) => [r.part, r.metric, formatValue(r.value, r.unit), formatTarget(r), statusOf(r) === 'n/a' ? '' : statusOf(r)]);
  if (style === 'markdown') {
    return [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  const notes = rows.filter((r) => r.note).map((r) => `  * ${r.part} / ${r.metric}: ${r.note}`);
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt), ...(notes.length ? ['', 'Notes:', ...notes] : [])].join('\n');
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const MB = 1024 * 1024;
