import { describe, expect, it } from 'vitest';
import { classifyRow } from './count-rules.ts';

describe('eBird count rules', () => {
  it.each([
    ['Mallard', 'Anas platyrhynchos', 'species'],
    ['duck sp.', 'Anatinae sp.', 'spuh'],
    ['Accipiter sp.', 'Accipiter sp.', 'spuh'],
    ['hawk sp.', 'Accipitridae sp. (hawk sp.)', 'spuh'],
    ['Greater/Lesser Scaup', 'Aythya marila/affinis', 'slash'],
    ['Mallard x American Black Duck (hybrid)', 'Anas platyrhynchos x rubripes', 'hybrid'],
    ['Glaucous-winged x Glaucous Gull (hybrid)', 'Larus glaucescens x hyperboreus', 'hybrid'],
    ['Mallard (Domestic type)', 'Anas platyrhynchos (Domestic type)', 'domestic'],
    ['Yellow-rumped Warbler (Myrtle)', 'Setophaga coronata coronata', 'group'],
    ["Yellow-rumped Warbler (Audubon's)", 'Setophaga coronata [auduboni Group]', 'group'],
    ['Red-tailed Hawk (borealis)', 'Buteo jamaicensis borealis', 'group'],
    ["Yellow-rumped Warbler (Myrtle x Audubon's)", 'Setophaga coronata coronata x auduboni', 'group'],
    ['Rock Pigeon (Feral Pigeon)', 'Columba livia (Feral Pigeon)', 'group'],
  ])('%s (%s) is a %s row', (common, scientific, kind) => {
    expect(classifyRow(common, scientific).kind).toBe(kind);
  });

  it('folds a subspecies group, an intergrade and a form into their species', () => {
    expect(classifyRow('Yellow-rumped Warbler (Myrtle)', 'Setophaga coronata coronata')).toEqual({
      kind: 'group',
      binomial: 'Setophaga coronata',
      speciesCommonName: 'Yellow-rumped Warbler',
    });
    expect(classifyRow("Yellow-rumped Warbler (Audubon's)", 'Setophaga coronata [auduboni Group]')).toMatchObject({ binomial: 'Setophaga coronata' });
    expect(classifyRow("Yellow-rumped Warbler (Myrtle x Audubon's)", 'Setophaga coronata coronata x auduboni')).toMatchObject({
      binomial: 'Setophaga coronata',
      speciesCommonName: 'Yellow-rumped Warbler',
    });
    expect(classifyRow('Rock Pigeon (Feral Pigeon)', 'Columba livia (Feral Pigeon)')).toMatchObject({ binomial: 'Columba livia', speciesCommonName: 'Rock Pigeon' });
  });

  it('keeps a species row as it is', () => {
    expect(classifyRow('Yellow-crowned Night Heron', 'Nyctanassa violacea')).toEqual({ kind: 'species', binomial: 'Nyctanassa violacea', speciesCommonName: 'Yellow-crowned Night Heron' });
  });
});
