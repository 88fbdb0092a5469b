// The playout kernel's rules, case by case (the twin tests compare it with the engine wholesale).
import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../src/cards/notation.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { Playout } from '../../src/playout/kernel.ts';
import { ROLLOUT, moveAs, moveCard, type KernelPosition } from '../../src/playout/kernel-state.ts';
import { kernelRules } from '../../src/playout/rules.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';

const bits = (text: string): { lo: number; weli: number } => {
  let lo = 0;
  let weli = 0;
  for (const c of parseCards(text)) {
    if (c === 32) weli = 1;
    else lo |= 1 << c;
  }
  return { lo: lo >>> 0, weli };
};
const mask = (text: string): number => bits(text).lo;

/** Two players, Oberland, Laub trump: P1 leads S9 SO L8 HA with the Eichel Unter (a permanent Perlagg). */
function twoHands(extra: Partial<KernelPosition> = {}): KernelPosition {
  const a = bits('S9 SO L8 HA EU');
  const b = bits('H7 H8 S7 L10 E9');
  return {
    ruleset: resolveRuleset('oberland'),
    trump: 'L',
    seats: 2,
    party: [0, 1],
    handSize: 5,
    vorhand: 0,
    handLo: [a.lo, b.lo],
    handWeli: [a.weli, b.weli],
    tricks: [],
    ...extra,
  };
}

/** The identities the Eichel Unter may be laid as now (null = un-christened). */
function christenings(k: Playout): Array<number | null> {
  const n = k.legalMoves();
  const out: Array<number | null> = [];
  for (let i = 0; i < n; i++) if (moveCard(k.moves[i]!) === parseCard('EU')) out.push(moveAs(k.moves[i]!));
  return out;
}

describe('christenings reduced to the identities that can matter (RULES §5, §7.4)', () => {
  it('the trump As, and every identity that completes one of the best figure pairs', () => {
    const k = new Playout().load(twoHands());
    // joint frontier of S9 SO L8 HA + one free Perlagg: (Gleich of Asse), (Neuner Gleich with the Laub 8-9
    // Hanger), (the Herz König-As Hanger): realised as S-As, L9, HK; plus the trump As LA
    expect(k.candidates(0) >>> 0).toBe(mask('HK SA L9 LA'));
    expect(christenings(k)).toEqual([...parseCards('HK SA L9 LA'), null]); // un-christened: Oberland allows it
  });

  it('every one of the 32 christenings with christenAll', () => {
    const k = new Playout().load(twoHands({ christenAll: true }));
    expect(christenings(k)).toHaveLength(33);
  });

  it('under A-02 M2 the best trick identity is the trump König, which beats a Perlagg christened trump As', () => {
    const r = resolveRuleset('1853{trumpOrderModel=M2}');
    const R = kernelRules(r, 'H');
    expect(R.topMask >>> 0).toBe(mask('HK HA'));
    const hu = parseCard('HU');
    const ho = parseCard('HO');
    expect(R.power[ho * 33 + parseCard('HK')]!).toBeGreaterThan(R.power[hu * 33 + parseCard('HA')]!);
    const m1 = kernelRules(resolveRuleset('1853'), 'H');
    expect(m1.topMask >>> 0).toBe(mask('HA'));
    expect(m1.allowNull).toBe(false); // 1853: a Perlagg must be christened
  });
});

describe('obligations (RULES §8.5, GC-34)', () => {
  it('a seat bound to the Hanger lays its Perlagg only as an identity that keeps a Hanger', () => {
    const k = new Playout().load(twoHands({ bound: [4, 0] }));
    expect(christenings(k)).toEqual(parseCards('HK L9'));
    const all = new Playout().load(twoHands({ bound: [4, 0], christenAll: true }));
    expect(christenings(all)).toEqual(parseCards('HK S8 S10 SU SK L7 L9'));
    // bound to the Gleich: any As (beside the Herz As) or the Neuner
    expect(christenings(new Playout().load(twoHands({ bound: [2, 0] })))).toEqual(parseCards('SA L9 LA'));
  });
});

describe('the Spiel (RULES §7.1, A-41) and the stakes (§8.1)', () => {
  const deal = (seats: number, handSize: number, rng: ReturnType<typeof keyedRng>, deckSize: number) => {
    const cards = Array.from({ length: deckSize }, (_, i) => i);
    for (let i = cards.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
    const lo: number[] = [];
    const weli: number[] = [];
    for (let s = 0; s < seats; s++) {
      let l = 0;
      let w = 0;
      for (const c of cards.slice(s * handSize, (s + 1) * handSize)) c === 32 ? (w = 1) : (l |= 1 << c);
      lo.push(l >>> 0);
      weli.push(w);
    }
    return { lo, weli };
  };

  it('six players (two parties of three, four cards): 2:2 tricks, the Spiel lapses', () => {
    const rng = keyedRng(8, 0, STREAM.resample);
    const k = new Playout();
    let lapsed = 0;
    for (let i = 0; i < 400; i++) {
      const d = deal(6, 4, rng, 33);
      k.load({ ruleset: resolveRuleset('innsbruck'), trump: 'S', seats: 6, party: [0, 1, 0, 1, 0, 1], handSize: 4, vorhand: 1, handLo: d.lo, handWeli: d.weli, tricks: [] });
      k.rollout(ROLLOUT.random, rng);
      if (k.spielParty === -2) {
        lapsed++;
        expect([k.tricksWon(0), k.tricksWon(1)]).toEqual([2, 2]);
        expect(k.figureWinner[0]).toBe(-1);
      } else expect(k.tricksWon(k.spielParty)).toBe(3);
    }
    expect(lapsed).toBeGreaterThan(50);
  });

  it('three players each for himself: nobody with three of the five tricks, the Spiel lapses', () => {
    const rng = keyedRng(8, 1, STREAM.resample);
    const k = new Playout();
    let lapsed = 0;
    for (let i = 0; i < 400; i++) {
      const d = deal(3, 5, rng, 33);
      k.load({ ruleset: resolveRuleset('oberland'), trump: 'H', seats: 3, party: [0, 1, 2], handSize: 5, vorhand: 1, handLo: d.lo, handWeli: d.weli, tricks: [] });
      k.rollout(ROLLOUT.simple, rng);
      if (k.spielParty === -2) {
        lapsed++;
        expect(k.tricksDone).toBe(5);
        expect(Math.max(k.tricksWon(0), k.tricksWon(1), k.tricksWon(2))).toBe(2);
      } else expect(k.tricksWon(k.spielParty)).toBe(3);
    }
    expect(lapsed).toBeGreaterThan(50);
  });

  it('each figure is worth its stake to the party that makes it', () => {
    const rng = keyedRng(8, 2, STREAM.resample);
    const k = new Playout();
    const values = [2, 2, 3, 3, 5, 5]; // Spiel held at 2, Gleich at Drei, Hanger at 5
    for (let i = 0; i < 300; i++) {
      const d = deal(4, 5, rng, 33);
      const pos: KernelPosition = { ruleset: resolveRuleset('oberland'), trump: 'L', seats: 4, party: [0, 1, 0, 1], handSize: 5, vorhand: 1, handLo: d.lo, handWeli: d.weli, tricks: [] };
      const seed = keyedRng(9, i, STREAM.resample);
      k.load(pos).rollout(ROLLOUT.random, seed);
      const silent = [k.points[0]!, k.points[1]!, ...k.figureWinner];
      k.load({ ...pos, values }).rollout(ROLLOUT.random, keyedRng(9, i, STREAM.resample));
      expect([...k.figureWinner]).toEqual(silent.slice(2)); // the same play
      for (let p = 0; p < 2; p++) {
        let want = 0;
        for (let f = 0; f < 3; f++) if (k.figureWinner[f] === p) want += values[f * 2 + p]!;
        expect(k.points[p]).toBe(want);
        expect(silent[p]).toBe([0, 1, 2].filter((f) => k.figureWinner[f] === p).length);
      }
    }
  });
});

describe('positions are checked', () => {
  it('a card laid out of turn, or a trick given to the wrong seat, is refused', () => {
    const base = twoHands();
    const a = parseCard('S9');
    const b = parseCard('S7');
    expect(() => new Playout().load({ ...base, handLo: [base.handLo[0]! & ~(1 << a), base.handLo[1]! & ~(1 << b)], tricks: [{ leader: 1, plays: [{ seat: 0, card: a, as: null }, { seat: 1, card: b, as: null }], winner: 0 }] })).toThrow(/out of turn/);
    expect(() => new Playout().load({ ...base, handLo: [base.handLo[0]! & ~(1 << a), base.handLo[1]! & ~(1 << b)], tricks: [{ leader: 0, plays: [{ seat: 0, card: a, as: null }, { seat: 1, card: b, as: null }], winner: 1 }] })).toThrow(/taken by P1/);
  });
});
