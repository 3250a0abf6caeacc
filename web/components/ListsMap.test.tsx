import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listRoute } from '../../data/paths.ts';
import { siteDataPaths } from '../../data/site-data-schemas.ts';
import { ListsMap } from './ListsMap.tsx';

describe('ListsMap', () => {
  it("draws a country's states from its map file: all in grey, those with a list shaded and linked to it", () => {
    const file = siteDataPaths.listsMap('MX');
    render(
      <MemoryRouter>
        <ListsMap
          map={{ file, width: 640, height: 400, codes: ['MX-BCN', 'MX-BCS', 'MX-SON'] }}
          counts={{ 'MX-SON': { name: 'Sonora', observed: 120 }, 'MX-BCS': { name: 'Baja California Sur', observed: 1234 }, MX: { name: 'Mexico', observed: 1300 } }}
          title="Mexico: regions birded, shaded by species count"
        />
      </MemoryRouter>,
    );
    const map = screen.getByRole('group', { name: 'Mexico: regions birded, shaded by species count' });
    expect(map.getAttribute('viewBox')).toBe('0 0 640 400');
    const uses = [...map.querySelectorAll('use')].map((u) => u.getAttribute('href'));
    // The base path (Vite's BASE_URL), the file, and each shape's id in it.
    const base = import.meta.env.BASE_URL;
    expect(uses).toEqual([`${base}${file}#land`, `${base}${file}#MX-BCS`, `${base}${file}#MX-SON`]);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Baja California Sur: 1,234 species', listRoute('MX-BCS')],
      ['Sonora: 120 species', listRoute('MX-SON')],
    ]);
    // A shade per species count; a state without a list (Baja California) is only land.
    expect(map.querySelector(`use[href$="#MX-BCS"]`)!.getAttribute('class')).toContain('fill-amber-300');
    expect(map.querySelector(`use[href$="#MX-SON"]`)!.getAttribute('class')).toContain('fill-amber-500');
    expect(map.querySelector(`use[href$="#MX-BCN"]`)).toBeNull();
  });
});
