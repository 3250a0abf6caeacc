import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { growthByYear } from '../../data/life-records.ts';
import { LifeGrowthChart } from './LifeGrowthChart.tsx';

const growth = [
  { year: 2005, added: 13 },
  { year: 2006, added: 12 },
  { year: 2007, added: 0 },
  { year: 2008, added: 7 },
];

describe('LifeGrowthChart', () => {
  it('draws one bar per year, scaled to the busiest year, with its number on it', () => {
    render(<LifeGrowthChart growth={growth} />);
    const svg = screen.getByTestId('life-growth-svg');
    const bars = [...svg.querySelectorAll('rect')];
    expect(bars).toHaveLength(4);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights[0]).toBeGreaterThan(heights[1]!);
    expect(heights[2]).toBe(0);
    expect(heights[1]! / heights[0]!).toBeCloseTo(12 / 13);
    const texts = [...svg.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['13', '12', '7', '2005', '2006', '2007', '2008']));
  });

  it('gives screen readers the numbers as a table, and hides the drawing from them', () => {
    render(<LifeGrowthChart growth={growth} title="Life list growth" />);
    expect(screen.getByTestId('life-growth-svg')).toHaveAttribute('aria-hidden', 'true');
    const table = screen.getByRole('table', { name: 'Life list growth: species added per year' });
    expect(table).toHaveClass('sr-only');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['2005', '13', '13'],
      ['2006', '12', '25'],
      ['2007', '0', '25'],
      ['2008', '7', '32'],
    ]);
    expect(screen.getByRole('figure')).toHaveTextContent('32 species from 2005 to 2008; the most in 2005 (13).');
  });

  it('thins the year labels of a long list so they do not overlap, keeping the first', () => {
    const long = growthByYear(Array.from({ length: 40 }, (_, i) => ({ firstSeen: `${1986 + i}-05-01` })));
    render(<LifeGrowthChart growth={long} />);
    const svg = screen.getByTestId('life-growth-svg');
    expect(svg.querySelectorAll('rect')).toHaveLength(40);
    const years = [...svg.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /^\d{4}$/.test(t ?? ''));
    expect(years[0]).toBe('1986');
    expect(years.length).toBeLessThan(40);
    // Year labels at least a label's width apart.
    const xs = [...svg.querySelectorAll('text')].filter((t) => /^\d{4}$/.test(t.textContent ?? '')).map((t) => Number(t.getAttribute('x')));
    expect(xs.length).toBeGreaterThan(5);
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(29);
  });

  it('renders on the server to static markup', () => {
    const html = renderToString(<LifeGrowthChart growth={growth} />);
    expect(html).toContain('<svg');
    expect(html).toContain('<table class="sr-only">');
    expect(html.match(/<rect/g)).toHaveLength(4);
  });

  it('renders nothing for an empty life list', () => {
    const { container } = render(<LifeGrowthChart growth={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('LifeGrowthChart accessibility', () => {
  it('has no axe violations', async () => {
    const axe = (await import('axe-core')).default;
    render(<LifeGrowthChart growth={growth} />);
    // jsdom does no layout, so colour contrast is for the browser tests; landmarks ('region') are the page's job.
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
