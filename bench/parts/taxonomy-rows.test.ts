import { describe, expect, it } from 'vitest';
import { taxonomyRows, type TaxonomyMeasured } from './taxonomy.ts';

const loads = [
  { species: 11_167, importMs: 20, loadMs: 300, loadCpuMs: 180 },
  { species: 11_167, importMs: 25, loadMs: 200, loadCpuMs: 150 },
  { species: 11_167, importMs: 22, loadMs: 250, loadCpuMs: 160 },
];

describe("the Taxonomy part's rows", () => {
  it('give the median fetch (s) and load (ms), with their CPU in the notes', () => {
    const measured: TaxonomyMeasured = { real: true, loads, fetches: [{ wallMs: 1500, cpuMs: 900 }, { wallMs: 1100, cpuMs: 800 }, { wallMs: 1300, cpuMs: 1000 }] };
    const [fetch, load] = taxonomyRows(measured);
    expect(fetch).toMatchObject({ part: 'Taxonomy', value: 1.3, unit: 's' });
    expect(fetch!.note).toContain('CPU 0.90 s');
    expect(load).toMatchObject({ part: 'Taxonomy', value: 250, unit: 'ms' });
    expect(load!.note).toContain('the eBird/Clements v2025 taxonomy (11,167 species)');
    expect(load!.note).toContain('CPU 160 ms');
  });

  it('say the fetch was not measured, and the load was on a made-up file, without ../shared/taxonomy', () => {
    const [fetch, load] = taxonomyRows({ real: false, loads, fetches: [] });
    expect(fetch).toMatchObject({ value: null, note: 'not measured: ../shared/taxonomy is absent' });
    expect(load!.note).toContain('a made-up taxonomy of 11,167 species');
  });
});
