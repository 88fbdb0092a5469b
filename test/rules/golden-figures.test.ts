// RULES §18.2: the golden cases on figures, each a test named after it (GUIDE guideline 13).
import { describe, expect, it } from 'vitest';
import type { Suit } from '../../src/cards/card.ts';
import { CardSet } from '../../src/cards/cardset.ts';
import { parseCard } from '../../src/cards/notation.ts';
import { evaluateHand, evaluateJoint, figureContext, figureWord } from '../../src/eval/evaluate.ts';
import { compareGleich, compareHanger, gleichName, hangerName, wordGleich, wordHanger, wordHangerSuit } from '../../src/eval/figures.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';

function figures(ruleset: string, trump: Suit, cards: string) {
  const ctx = figureContext(resolveRuleset(ruleset), trump);
  const h = CardSet.parse(cards);
  const w = figureWord(ctx, h.lo, h.weli);
  return { gleich: wordGleich(w), hanger: wordHanger(w), suit: wordHangerSuit(w), joint: evaluateJoint(ctx, { inHand: h, played: [] }) };
}
const name = (f: ReturnType<typeof figures>) => ({ gleich: gleichName(f.gleich), hanger: hangerName(f.hanger, f.suit) });

describe('RULES §18.2 golden cases: figures', () => {
  it('GC-16 Hanger höchst completed by a Perlagg', () => {
    // V1853, T = S: SU is a trump Perlagg, christened HK: HA-HK-HO
    const f = figures('1853', 'S', 'HA HO SU L8 E7');
    expect(name(f).hanger).toBe('dritziger Hanger HA (höchst)');
  });

  it('GC-17 three Siebener beat two Asse', () => {
    const p1 = figures('1853', 'S', 'H7 L7 E7 H9 LK');
    const p2 = figures('1853', 'S', 'HA LA E8 H10 LU');
    expect(name(p1).gleich).toBe('dritziges Gleich Siebener');
    expect(name(p2).gleich).toBe('einfaches Gleich Asse (höchst)');
    expect(compareGleich(p1.gleich, p2.gleich)).toBe(1);
  });

  it('GC-18 rank decides at equal count; equal -> steht', () => {
    const a1 = figures('1853', 'S', 'HA LA E8 H10 S9');
    const a2 = figures('1853', 'S', 'HK LK E9 L8 HU');
    expect(compareGleich(a1.gleich, a2.gleich)).toBe(1);
    const b1 = figures('1853', 'S', 'H9 L9 EA HU L7');
    const b2 = figures('1853', 'S', 'E9 S9 HK L10 E7');
    expect(name(b1).gleich).toBe('einfaches Gleich Neuner');
    expect(compareGleich(b1.gleich, b2.gleich)).toBe(0); // steht: nobody scores
  });

  it('GC-19 Hanger: length before rank', () => {
    const p1 = figures('1853', 'E', 'SA SK H7 L10 EA');
    const p2 = figures('1853', 'E', 'L9 L8 L7 HA S10');
    expect(name(p1).hanger).toBe('einfacher Hanger SA (höchst)');
    expect(name(p2).hanger).toBe('dritziger Hanger L9-hoch');
    expect(compareHanger(p2.hanger, p1.hanger)).toBe(1);
  });

  it('GC-20 equal Hangers in different suits stand', () => {
    const p1 = figures('1853', 'E', 'HA HK HO S8 L10');
    const p2 = figures('1853', 'E', 'LA LK LO S10 H8');
    expect(p1.suit).not.toBe(p2.suit);
    expect(compareHanger(p1.hanger, p2.hanger)).toBe(0);
  });

  it('GC-21 Unter and Zehner are adjacent', () => {
    const p1 = figures('1853', 'S', 'EU E10 E9 H7 LA');
    const p2 = figures('1853', 'S', 'HA HK L8 E7 S9');
    expect(name(p1).hanger).toBe('dritziger Hanger EU-hoch');
    expect(compareHanger(p1.hanger, p2.hanger)).toBe(1);
  });

  it('GC-22 figures are per player, not per partnership', () => {
    // VOBER, T = H. HA in P1's hand and LA in P3's hand make no Gleich; P2's two 8s do.
    const p1 = figures('oberland', 'H', 'HA S9 L10 EK H8');
    const p3 = figures('oberland', 'H', 'LA SK H9 E10 L7');
    const p2 = figures('oberland', 'H', 'S8 L8 H10 EA SO');
    expect(p1.gleich).toBe(0);
    expect(p3.gleich).toBe(0);
    expect(name(p2).gleich).toBe('einfaches Gleich Achter');
    expect(compareGleich(p2.gleich, Math.max(p1.gleich, p3.gleich))).toBe(1);
  });

  it('GC-23 one card in both figures', () => {
    const f = figures('1853', 'E', 'S9 S8 L9 H7 EA');
    expect(name(f)).toEqual({ gleich: 'einfaches Gleich Neuner', hanger: 'einfacher Hanger S9-hoch' });
    // shown together: the S9 serves both, so the joint answer is that single pair
    expect(f.joint).toHaveLength(1);
    expect(wordGleich(f.joint[0]!)).toBe(f.gleich);
    expect(wordHanger(f.joint[0]!)).toBe(f.hanger);
  });

  it('GC-24 five Perlaggen all christened As: fünftiges Gleich höchst', () => {
    for (const trump of ['H', 'S', 'L'] as const) {
      const f = figures('oberland', trump, 'HK Weli E7 EU EO');
      expect(name(f).gleich).toBe('fünftiges Gleich Asse (höchst)');
      expect(name(f).hanger).toBe('fünftiger Hanger HA (höchst)');
    }
  });

  it('§7.4 a Perlagg takes one identity: it cannot complete a Gleich and a Hanger at once', () => {
    // Oberland, T = H: HK is a Perlagg. HA + LA + Perlagg: as EA a dritziges Gleich, as HO ... the Hanger
    // HA-HK(Perlagg as HK) needs the Perlagg too. The joint answer offers either, never both.
    const f = figures('oberland', 'H', 'HA LA HK S8 L9');
    expect(name(f).gleich).toBe('dritziges Gleich Asse (höchst)');
    expect(name(f).hanger).toBe('einfacher Hanger HA (höchst)');
    const pairs = f.joint.map((w) => [gleichName(wordGleich(w)), hangerName(wordHanger(w), wordHangerSuit(w))]);
    expect(pairs).toEqual([
      ['dritziges Gleich Asse (höchst)', 'kein Hanger'],
      ['einfaches Gleich Asse (höchst)', 'einfacher Hanger HA (höchst)'],
    ]);
  });

  it('GC-15 (figures) a played Perlagg keeps its christening; an un-christened Weli is in no figure', () => {
    const ctx = figureContext(resolveRuleset('oberland'), 'L');
    // LA played as itself; the Weli was played un-christened (Schell 6); S7 played; in hand: S8, EO (Perlagg)
    const hand = { inHand: CardSet.parse('S8 EO'), played: [{ card: parseCard('LA'), as: null }, { card: parseCard('Weli'), as: null }, { card: parseCard('S7'), as: null }] };
    const w = evaluateHand(ctx, hand);
    expect(gleichName(wordGleich(w))).toBe('einfaches Gleich Asse (höchst)'); // EO christened as an As
    expect(hangerName(wordHanger(w), wordHangerSuit(w))).toBe('dritziger Hanger S9-hoch'); // S7 S8 + EO as S9
    // under the A-11 alternative the natural Weli (Schell 6) joins the Schell run: S6 S7 S8 + EO as S9
    const alt = figureContext(resolveRuleset('oberland{weliNaturalInFigures=true}'), 'L');
    expect(hangerName(wordHanger(evaluateHand(alt, hand)), 1)).toBe('viertiger Hanger S9-hoch');
    // christened identities are fixed: a Weli played as "HA" counts as a Herz As
    const w2 = evaluateHand(ctx, { inHand: CardSet.parse('SA EA'), played: [{ card: parseCard('Weli'), as: parseCard('HA') }] });
    expect(gleichName(wordGleich(w2))).toBe('dritziges Gleich Asse (höchst)');
  });
});
