import type { LifeGrowthYear } from '../../data/life-records.ts';
import { t, tn } from '../site-words.ts';

/**
 * The life list's growth: species added per year, as an SVG bar chart. Pure markup, no
 * effects or measurements, so it pre-renders on the server and needs no JavaScript.
 *
 * The SVG is drawn in a 360-unit-wide viewBox and scales to its container: on a phone
 * (about 360 CSS px) its 12-unit text is 12 px. Year labels thin out so they never
 * overlap; the numbers are on the bars when they fit. Screen readers skip the drawing
 * and read a visually hidden table of the same figures (year, added, life total).
 */

const WIDTH = 360;
const HEIGHT = 200;
const TOP = 18; // room for the value above the tallest bar
const BOTTOM = 22; // room for the year labels
const SIDE = 4;
const FONT = 12;
/** Width a year label needs ("2005"), in viewBox units. */
const YEAR_LABEL = 30;

export interface LifeGrowthChartProps {
  growth: readonly LifeGrowthYear[];
  /** Visible heading of the figure. */
  title?: string;
  className?: string;
}

export function LifeGrowthChart({ growth, title = t('chart.title'), className = '' }: LifeGrowthChartProps) {
  if (growth.length === 0) return null;
  const total = growth.reduce((sum, y) => sum + y.added, 0);
  const first = growth[0]!.year;
  const last = growth[growth.length - 1]!.year;
  const best = growth.reduce((a, b) => (b.added > a.added ? b : a));
  const summary = tn('chart.summary', total, { first: String(first), last: String(last), best: String(best.year), added: best.added });

  return (
    <figure className={className}>
      <figcaption className="font-serif text-xl text-stone-50">
        {title}
        <span className="mt-1 block font-sans text-sm text-stone-400">{t('chart.perYear')} {summary}</span>
      </figcaption>
      <GrowthBars growth={growth} />
      <GrowthTable growth={growth} title={title} />
    </figure>
  );
}

/** The drawing, hidden from screen readers (GrowthTable reads the same figures). */
function GrowthBars({ growth }: { growth: readonly LifeGrowthYear[] }) {
  const max = Math.max(1, ...growth.map((y) => y.added));
  const slot = (WIDTH - 2 * SIDE) / growth.length;
  const bar = Math.max(1, slot * 0.72);
  const plot = HEIGHT - TOP - BOTTOM;
  const labelEvery = Math.max(1, Math.ceil(YEAR_LABEL / slot));
  const showValues = slot >= FONT * 1.1;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-3 h-auto w-full max-w-2xl" aria-hidden="true" focusable="false" data-testid="life-growth-svg">
      <line x1={SIDE} x2={WIDTH - SIDE} y1={TOP + plot} y2={TOP + plot} className="stroke-stone-600" strokeWidth={1} />
      {growth.map((y, i) => {
        const height = (y.added / max) * plot;
        const x = SIDE + i * slot + (slot - bar) / 2;
        const labelled = i % labelEvery === 0 || i === growth.length - 1;
        // The last label is drawn only when it does not collide with the previous one.
        const collides = i === growth.length - 1 && i % labelEvery !== 0 && (i % labelEvery) * slot < YEAR_LABEL;
        return (
          <g key={y.year}>
            <rect x={x} y={TOP + plot - height} width={bar} height={height} rx={Math.min(2, bar / 4)} className="fill-amber-200" />
            {showValues && y.added > 0 && (
              <text x={x + bar / 2} y={TOP + plot - height - 4} textAnchor="middle" fontSize={FONT} className="fill-stone-300">
                {y.added}
              </text>
            )}
            {labelled && !collides && (
              <text x={x + bar / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={FONT} className="fill-stone-400">
                {y.year}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** What screen readers read instead of the drawing: year, species added, life total. */
function GrowthTable({ growth, title }: { growth: readonly LifeGrowthYear[]; title: string }) {
  let running = 0;
  const rows = growth.map((y) => ({ ...y, total: (running += y.added) }));
  return (
    <table className="sr-only">
      <caption>{t('chart.caption', { title })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('chart.year')}</th>
          <th scope="col">{t('chart.added')}</th>
          <th scope="col">{t('chart.total')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((y) => (
          <tr key={y.year}>
            <th scope="row">{y.year}</th>
            <td>{y.added}</td>
            <td>{y.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
