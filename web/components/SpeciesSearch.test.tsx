import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { speciesRoute } from '../../data/paths.ts';
import { SpeciesSearch, type SpeciesSearchEntry } from './SpeciesSearch.tsx';

const entry = (name: string, scientificName: string): SpeciesSearchEntry => ({ name, scientificName, href: speciesRoute(name) });
const SPECIES = [
  entry('Yellow-crowned Night-Heron', 'Nyctanassa violacea'),
  entry('Black-crowned Night Heron', 'Nycticorax nycticorax'),
  entry('Great Egret', 'Ardea alba'),
  entry('Great Blue Heron', 'Ardea herodias'),
  entry('Carolina Wren', 'Thryothorus ludovicianus'),
  entry("Franklin's Gull", 'Leucophaeus pipixcan'),
  entry('Rüppell’s Griffon', 'Gyps rueppelli'),
  entry('Mallard', 'Anas platyrhynchos'),
];

function setup(load = vi.fn(async () => SPECIES)) {
  const onSelect = vi.fn();
  render(<SpeciesSearch load={load} onSelect={onSelect} />);
  return { load, onSelect, input: screen.getByRole('combobox', { name: 'Find a species' }) };
}
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('SpeciesSearch', () => {
  it('loads nothing until the box is used', async () => {
    const { load, input } = setup();
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(input);
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.type(input, 'mal');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['night heron', ['Yellow-crowned Night-Heron', 'Black-crowned Night Heron']],
    ['heron night yellow', ['Yellow-crowned Night-Heron']],
    ['Nigt Heorn', ['Yellow-crowned Night-Heron', 'Black-crowned Night Heron']],
    ['franklins', ["Franklin's Gull"]],
    ['ruppells', ['Rüppell’s Griffon']],
    ['carolna wren', ['Carolina Wren']],
    ['ardea alb', ['Great Egret']],
    ['nyctanassa', ['Yellow-crowned Night-Heron']],
    ['crowned-night', ['Yellow-crowned Night-Heron', 'Black-crowned Night Heron']],
  ])('"%s" finds %j', async (query, expected) => {
    const { input } = setup();
    await userEvent.type(input, query);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/found/));
    const names = optionNames().map((t) => t!.replace(/ [A-Z][a-z]+ [a-z]+$/, ''));
    expect(new Set(names)).toEqual(new Set(expected));
  });

  it('says when nothing matches', async () => {
    const { input } = setup();
    await userEvent.type(input, 'albatross');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No species found.'));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('is a keyboard combobox: arrows move the active option, Enter chooses it, Escape closes then clears', async () => {
    const { input, onSelect } = setup();
    await userEvent.type(input, 'heron');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id); // wraps round
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]![0]).toEqual(SPECIES.find((s) => s.name === options[0]!.textContent!.replace(/ [A-Z][a-z]+ [a-z]+$/, '')));
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('heron');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('chooses an option by click, and goes to its href by default', async () => {
    const { input, onSelect } = setup();
    await userEvent.type(input, 'mallard');
    await userEvent.click(await screen.findByRole('option', { name: /Mallard/ }));
    expect(onSelect).toHaveBeenCalledWith(SPECIES.find((s) => s.name === 'Mallard'));
  });

  it('reports a failed load, logs it, and tries again on the next keystroke', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let offline = true;
    const load = vi.fn(async () => {
      if (offline) throw new Error('HTTP 404');
      return SPECIES;
    });
    const { input } = setup(load);
    await userEvent.type(input, 'm');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The species list could not be loaded.'));
    expect(consoleError).toHaveBeenCalledWith('Error loading the species search', expect.any(Error));
    const failedCalls = load.mock.calls.length;
    offline = false;
    await userEvent.type(input, 'al');
    await waitFor(() => expect(screen.getByRole('option', { name: /Mallard/ })).toBeInTheDocument());
    expect(load).toHaveBeenCalledTimes(failedCalls + 1);
  });

  it('renders on the server as a labelled input, without loading anything', () => {
    const load = vi.fn(async () => SPECIES);
    const html = renderToString(<SpeciesSearch load={load} />);
    expect(html).toContain('role="combobox"');
    expect(html).toContain('Find a species');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('buildSpeciesIndex on the sample life list', () => {
  it('puts the intended species first for typos, word order and scientific names', async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const { buildSpeciesIndex } = await import('./species-search-index.ts');
    const csv = readFileSync(path.resolve(import.meta.dirname, '../../tests/fixtures/ebird/sample-MyEBirdData.csv'), 'utf8');
    const names = new Map<string, string>();
    for (const line of csv.split('\n').slice(1)) {
      const [, common, scientific, order] = line.split(',');
      if (common && scientific && /^\d+$/.test(order ?? '') && !/ sp\.|\/| x |\(/.test(common)) names.set(common, scientific);
    }
    expect(names.size).toBe(153);
    const search = buildSpeciesIndex([...names].map(([name, scientificName]) => entry(name, scientificName)));
    const first = (q: string) => search(q)[0]?.name;
    expect(first('carolna wren')).toBe('Carolina Wren');
    expect(first('nigt heorn')).toBe('Yellow-crowned Night Heron');
    expect(first('heron blue great')).toBe('Great Blue Heron');
    expect(first('haliaeetus')).toBe('Bald Eagle');
    expect(first('red tailed')).toBe('Red-tailed Hawk');
    expect(search('heron', 20).map((s) => s.name).sort()).toEqual(['Gray Heron', 'Great Blue Heron', 'Little Blue Heron', 'Tricolored Heron', 'Yellow-crowned Night Heron']);
  });
});

describe('SpeciesSearch accessibility', () => {
  it('has no axe violations, closed and open with an active option', async () => {
    const axe = (await import('axe-core')).default;
    const check = async () => {
      // jsdom does no layout, so colour contrast is for the browser tests; landmarks ('region') are the page's job.
      const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
    };
    const { input } = setup();
    expect(await check()).toEqual([]);
    await userEvent.type(input, 'heron');
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    await userEvent.keyboard('{ArrowDown}');
    expect(await check()).toEqual([]);
  });
});
