// Exact answers: the enumeration's totals and splits against closed-form counts.
import { describe, expect, it } from 'vitest';
import { CardSet } from '../../src/cards/cardset.ts';
import { binom } from '../../src/cards/mask.ts';
import { DIM, exactDistribution, exactRows, exactSummary } from '../../src/exact/distribution.ts';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';

describe('perlagg exact', () => {
  it('counts every hand once, split by Perlaggen as C(P,k) C(N-P,5-k)', () => {
    for (const name of RULESET_NAMES) {
      const r = resolveRuleset(name);
      for (const trump of r.trumpSuitsAllowed) {
        const d = exactDistribution(r, trump);
        const n = r.deckHasWeli ? 33 : 32;
        const p = d.perlaggenInDeck.length;
        expect(d.hands).toBe(binom(n, 5));
        const byP = new Array<number>(DIM).fill(0);
        for (const row of exactRows(d)) byP[row.perlaggen]! += row.hands;
        for (let k = 0; k <= 5; k++) expect(byP[k], `${name}/${trump} k=${k}`).toBe(binom(p, k) * binom(n - p, 5 - k));
      }
    }
  });

  it('natural dritzig Gleich in 32 cards is 8 (C(4,3) C(28,2) + C(28,1)) = 12,320 hands', () => {
    const d = exactDistribution(resolveRuleset('1853'), 'H');
    const natural = exactRows(d).filter((r) => r.gleichNatural >= 3).reduce((s, r) => s + r.hands, 0);
    expect(natural).toBe(8 * (4 * binom(28, 2) + binom(28, 1)));
    const s = exactSummary(d);
    expect(s.dritzigesGleich - s.dritzigesGleichThanksToPerlaggen).toBe(natural);
  });

  it('three or more Perlaggen always make a dritziges Gleich and Hanger; figures never shrink by christening', () => {
    const d = exactDistribution(resolveRuleset('innsbruck'), 'L');
    for (const row of exactRows(d)) {
      if (row.perlaggen >= 3) expect(row.gleich >= 4 && row.hanger >= 4, JSON.stringify(row)).toBe(true);
      if (row.perlaggen >= 2) expect(row.gleich).toBeGreaterThanOrEqual(3);
      expect(row.gleich).toBeGreaterThanOrEqual(row.gleichNatural);
      expect(row.hanger).toBeGreaterThanOrEqual(row.hangerNatural);
      if (row.perlaggen === 0) expect([row.gleich, row.hanger]).toEqual([row.gleichNatural, row.hangerNatural]);
    }
  });

  it('--exclude removes known cards and the figures follow', () => {
    const r = resolveRuleset('oberland');
    const d = exactDistribution(r, 'H', CardSet.parse('HK Weli'));
    expect(d.deck).toHaveLength(31);
    expect(d.hands).toBe(binom(31, 5));
    expect(d.perlaggenInDeck).toHaveLength(6);
    const full = exactSummary(exactDistribution(r, 'H'));
    expect(exactSummary(d).dritzigesGleich / d.hands).toBeLessThan(full.dritzigesGleich / full.hands);
    expect(() => exactDistribution(resolveRuleset('1853'), 'H', CardSet.parse('Weli'))).toThrow(/not in the 1853 deck/);
    expect(() => exactDistribution(r, 'H', CardSet.deck(true).minus(CardSet.parse('HA S7 L8 E9')))).toThrow(/only 4 cards left/);
  });
});
