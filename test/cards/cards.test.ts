import { describe, expect, it } from 'vitest';
import { ALL_CARDS, RANKS, SUITS, WELI, cardId, rankValue, suitOf } from '../../src/cards/card.ts';
import { CardSet } from '../../src/cards/cardset.ts';
import { BINOM, binom, bitIndices, colex32, popcount32 } from '../../src/cards/mask.ts';
import { CardNotationError, cardLong, cardShort, parseCard, parseCards, tryParseCard } from '../../src/cards/notation.ts';
import { forEachMask } from '../../src/eval/tables.ts';

describe('cards', () => {
  it('has 33 ids: 32 suited cards suit-major, ranks ascending, and the Weli', () => {
    expect(ALL_CARDS).toHaveLength(33);
    expect(cardId('H', '7')).toBe(0);
    expect(cardId('H', 'A')).toBe(7);
    expect(cardId('S', '7')).toBe(8);
    expect(cardId('E', 'A')).toBe(31);
    expect(WELI).toBe(32);
    expect(suitOf(WELI)).toBe('S'); // natural identity Schell 6 (RULES §1.3)
    expect(rankValue(WELI)).toBe(0);
    expect(rankValue(cardId('L', 'A'))).toBe(8);
  });

  it('prints and parses every card in short and long form', () => {
    for (const id of ALL_CARDS) {
      expect(parseCard(cardShort(id))).toBe(id);
      expect(parseCard(cardLong(id))).toBe(id);
      expect(parseCard(cardShort(id).toLowerCase())).toBe(id);
    }
    expect(cardShort(cardId('E', '10'))).toBe('E10');
    expect(cardLong(cardId('S', '7'))).toBe('Schell Siebener');
  });

  it('reads the forms players write', () => {
    expect(parseCards('HA S7 E10 EU Weli').map(cardShort)).toEqual(['HA', 'S7', 'E10', 'EU', 'Weli']);
    expect(parseCards('Herz As, Schellsiebener, Eichel-Unter, laub 10, Grün Ober, Herzkönig').map(cardShort)).toEqual(['HA', 'S7', 'EU', 'L10', 'LO', 'HK']);
    expect(parseCards('Schellwelli').map(cardShort)).toEqual(['Weli']);
  });

  it('rejects malformed cards with one clear line', () => {
    for (const bad of ['HX', 'H11', 'Q7', '', 'Herz', 'S6', 'Weli7']) {
      expect(tryParseCard(bad)).toBeNull();
      expect(() => parseCard(bad)).toThrow(CardNotationError);
    }
    expect(() => parseCards('HA HX')).toThrow(/not a card: "HX"/);
    expect(() => parseCards('HA Herz As')).toThrow(/card named twice: HA/);
  });

  it('keeps hands as bit sets', () => {
    const h = CardSet.parse('HK Weli S7');
    expect(h.size).toBe(3);
    expect(h.has(WELI)).toBe(true);
    expect(h.has(cardId('H', 'K'))).toBe(true);
    expect(h.toString()).toBe('HK S7 Weli');
    expect(h.minus(CardSet.parse('Weli')).size).toBe(2);
    expect(CardSet.deck(true).size).toBe(33);
    expect(CardSet.deck(false).size).toBe(32);
    expect(CardSet.deck(true).minus(h).union(h).equals(CardSet.deck(true))).toBe(true);
  });

  it('counts bits and ranks subsets perfectly (colex)', () => {
    expect(popcount32(0xffffffff)).toBe(32);
    expect(bitIndices(0x80000001)).toEqual([0, 31]);
    expect(binom(33, 5)).toBe(237_336);
    expect(BINOM.length).toBe(34 * 34);
    for (let n = 0; n <= 5; n++) {
      const seen = new Uint8Array(binom(32, n));
      let count = 0;
      forEachMask(n, (m) => {
        seen[colex32(m)]! += 1;
        count++;
      });
      expect(count).toBe(binom(32, n));
      expect(seen.every((x) => x === 1)).toBe(true);
    }
  });

  it('has the suits and ranks of RULES §0.3 and §1.2', () => {
    expect(SUITS).toEqual(['H', 'S', 'L', 'E']);
    expect(RANKS).toEqual(['7', '8', '9', '10', 'U', 'O', 'K', 'A']);
  });
});
