// deal.ts's fast paths of the hand's set-up against their slow twins, on seeded random set-ups of every ruleset
// (and the exchange and cut switches) × every table: hasExchangeCard against exchangeCards' list, for every
// seat and every card as the face-up Perlagg, and exchangeIsCompulsory against its list-built twin at every
// exchange offer; the shared exchange order against exchangeOrder at every state; dealAll (the pack read in place) against dealAllChecked, the deal as it was (the same hands
// played both ways: the same states, events included); the shared set-up records (cutEvent … exchangeRecord) against their literals over the whole key
// space.
import { describe, expect, it } from 'vitest';
import { CHANCE, applyAction, chanceOutcomes, currentPlayer, legalActions, newHand } from '../../src/engine/game.ts';
import * as deal from '../../src/engine/deal.ts';
import { exchangeCards, exchangeIsCompulsory, exchangeIsCompulsoryChecked, hasExchangeCard } from '../../src/engine/deal.ts';
import { SUITS } from '../../src/cards/card.ts';
import { type HandState, nulls, zeros } from '../../src/engine/state.ts';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import type { RulesVariant } from '../../src/rules/variant.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';
import { TABLES } from './tables.ts';

/** Specs: every ruleset, and the switches the set-up reads. */
export const SETUP_SPECS: readonly string[] = [
  ...RULESET_NAMES,
  'oberland{cutRepeat=once}',
  'innsbruck{dealPattern=3/2}',
  'suedtirol{cutterKeepsPermanentPerlaggen=false}',
  '1853{exchange.lowerPerlaggMay=true,exchange.eichelImprove=true}',
  'oberland{exchange.duty=plainTrumpCompulsory}',
];

/**
 * Seeded random set-ups: `deals` hands of `spec` on every table, chance drawn from keyed streams, decisions
 * (cut keeps, exchanges) drawn at random among the legal ones, until trick play (or the end); `visit` sees every
 * state from the turn-up on, and the state after the first lead is due.
 */
export function forEachSetup(spec: string, deals: number, visit: (s: HandState, label: string) => void): void {
  for (const tb of TABLES) {
    const r = tableRuleset(spec, tb.override);
    if (r === null) continue; // a switch the ruleset does not take
    for (let d = 0; d < deals; d++) setupHand(r, tb.players, d, (s, step) => visit(s, `${spec} ${tb.label} deal ${d} step ${step}`));
  }
}

/** The ruleset of `spec` at a table (its override added), null when the ruleset does not take it. */
function tableRuleset(spec: string, override: string): RulesVariant | null {
  try {
    return resolveRuleset(override === '' ? spec : spec.includes('{') ? spec.replace('{', `{${override},`) : `${spec}{${override}}`);
  } catch {
    return null;
  }
}

/** One seeded random set-up (deal d), `visit` at every state from the turn-up on; the state at its end. */
function setupHand(r: RulesVariant, players: number, d: number, visit: (s: HandState, step: number) => void = () => {}): HandState {
  const probe = newHand(r, { players });
  const s = newHand(r, { players, dealer: d % probe.table.seats });
  const chance = keyedRng(7, d, STREAM.deal);
  const pick = keyedRng(7, d, STREAM.policy);
  for (let step = 0; step < 200; step++) {
    if (s.trump !== null) visit(s, step);
    if (s.phase === 'play' || s.phase === 'window' || s.phase === 'done' || s.phase === 'talk') break;
    if (currentPlayer(s) === CHANCE) applyAction(s, { kind: 'chance', outcome: chance.below(chanceOutcomes(s)) });
    else {
      const legal = legalActions(s);
      applyAction(s, legal[pick.below(legal.length)]!);
    }
  }
  return s;
}

describe('hasExchangeCard = exchangeCards has a card (a plain one); the shared exchange order = exchangeOrder', () => {
  for (const spec of SETUP_SPECS) {
    it(`${spec}: every seat, every card as the face-up Perlagg`, () => {
      const bad: string[] = [];
      let n = 0;
      let some = 0;
      let offers = 0;
      forEachSetup(spec, 60, (s, label) => {
        const deckSize = s.ruleset.deckHasWeli ? 33 : 32;
        for (let seat = 0; seat < s.table.seats; seat++) {
          for (let f = 0; f < deckSize; f++) {
            const list = exchangeCards(s, seat, f);
            if (hasExchangeCard(s, seat, f, false) !== list.length > 0) bad.push(`${label} P${seat + 1} f ${f} any`);
            if (hasExchangeCard(s, seat, f, true) !== list.some((c) => s.perl!.level[c] === 0)) bad.push(`${label} P${seat + 1} f ${f} plain`);
            if (list.length > 0) some++;
            n++;
          }
        }
        if (JSON.stringify(s.exchangeOrder) !== JSON.stringify(deal.exchangeOrder(s)) || !Object.isFrozen(s.exchangeOrder)) bad.push(`${label} exchange order`);
        if (s.phase === 'exchange') {
          offers++;
          const seat = s.exchangeOrder[s.exchangeAt]!;
          if (exchangeIsCompulsory(s, seat) !== exchangeIsCompulsoryChecked(s, seat)) bad.push(`${label} compulsory`);
        }
      });
      expect(bad).toEqual([]);
      expect(n).toBeGreaterThan(1000);
      expect(some).toBeGreaterThan(0);
      expect(offers).toBeGreaterThan(0);
    });
  }
});

describe('shared set-up records = their literals', () => {
  it('every key: the same fields in the same order, frozen all the way down, the same record every time', () => {
    const bad: string[] = [];
    let n = 0;
    const same = (what: string, fast: () => object, slow: object, shared: boolean): void => {
      const a = fast();
      n++;
      if (JSON.stringify(a) !== JSON.stringify(slow) || !Object.isFrozen(a)) bad.push(what);
      for (const v of Object.values(a)) if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) bad.push(`${what} nested`);
      if (shared && fast() !== a) bad.push(`${what} not shared`);
      if (!shared && fast() === a) bad.push(`${what} shared out of the key space`);
    };
    const cards: number[] = [];
    for (let c = -1; c <= 33; c++) cards.push(c);
    const inCards = (c: number): boolean => c >= 0 && c <= 32;
    for (let seat = -1; seat <= 9; seat++) {
      const inSeats = seat >= 0 && seat < 8;
      for (let lifted = -1; lifted <= 35; lifted++) same(`cut ${seat} ${lifted}`, () => deal.cutEvent(seat, lifted), deal.cutEventChecked(seat, lifted), inSeats && lifted >= 0 && lifted < 34);
      for (const c of cards) {
        for (const b of [false, true]) {
          same(`cutShows ${c} ${b} ${seat}`, () => deal.cutShowsEvent(c, b, seat), deal.cutShowsEventChecked(c, b, seat), inSeats && inCards(c));
          same(`cutKeep ${seat} ${c} ${b}`, () => deal.cutKeepEvent(seat, c, b), deal.cutKeepEventChecked(seat, c, b), inSeats && inCards(c));
          same(`exchangeOffer ${seat} ${c} ${b}`, () => deal.exchangeOfferEvent(seat, c, b), deal.exchangeOfferEventChecked(seat, c, b), inSeats && inCards(c));
        }
        same(`exchangeDeclined ${seat} ${c}`, () => deal.exchangeDeclinedEvent(seat, c), deal.exchangeDeclinedEventChecked(seat, c), inSeats && inCards(c));
        for (const t of cards) {
          same(`exchange ${seat} ${c} ${t}`, () => deal.exchangeEvent(seat, c, t), deal.exchangeEventChecked(seat, c, t), inSeats && inCards(c) && inCards(t));
          same(`exchange record ${seat} ${c} ${t}`, () => deal.exchangeRecord(seat, c, t), deal.exchangeRecordChecked(seat, c, t), inSeats && inCards(c) && inCards(t));
        }
      }
    }
    for (const c of cards) {
      same(`skipped ${c}`, () => deal.skippedEvent(c), deal.skippedEventChecked(c), inCards(c));
      for (const t of SUITS) same(`turnedUp ${c} ${t}`, () => deal.turnedUpEvent(c, t), deal.turnedUpEventChecked(c, t), inCards(c));
      for (const f of cards) same(`stockShown ${f} ${c}`, () => deal.stockShownEvent(f, c), deal.stockShownEventChecked(f, c), inCards(c) && (f === -1 || inCards(f)));
    }
    expect(bad).toEqual([]);
    expect(n).toBe(11 * (37 + 35 * 7 + 35 * 35 * 2) + 35 * (1 + 4 + 35));
    expect(deal.stockShownEvent(-1, 7).cards).toEqual([7]);
    expect(deal.stockShownEvent(3, 7).cards).toEqual([3, 7]);
  });
});

describe('dealAll = dealAllChecked (the deal as it was)', () => {
  for (const spec of SETUP_SPECS) {
    it(`${spec}: the same state after the set-up, every table`, () => {
      let hands = 0;
      let kept = 0;
      for (const tb of TABLES) {
        const r = tableRuleset(spec, tb.override);
        if (r === null) continue;
        for (let d = 0; d < 80; d++) {
          deal.useDealTwin(false);
          const fast = setupHand(r, tb.players, d);
          deal.useDealTwin(true);
          const slow = setupHand(r, tb.players, d);
          expect(deal.useDealTwin(false)).toBe(1);
          expect(fast, `${spec} ${tb.label} deal ${d}`).toEqual(slow);
          expect(fast.events.length).toBe(slow.events.length);
          hands++;
          if (fast.cutKept.length > 0) kept++;
        }
      }
      expect(hands).toBeGreaterThan(0);
      if (resolveRuleset(spec).cutterKeepsPermanentPerlaggen) expect(kept).toBeGreaterThan(0);
    });
  }
  it('the comparison can fail: a deal that differs is told apart', () => {
    const r = resolveRuleset('oberland');
    const a = setupHand(r, 4, 3);
    const b = setupHand(r, 4, 4);
    expect(a).not.toEqual(b);
  });
});

describe('listOf = the slice', () => {
  it('n = 0..9 from every offset', () => {
    const a = [5, 9, 13, 2, 31, 0, 7, 22, 17, 4, 30, 1, 8, 16, 3, 11, 12, 6];
    for (let at = 0; at < 9; at++) for (let n = 0; n <= 9; n++) expect(deal.listOf(a, at, n)).toEqual(a.slice(at, at + n));
  });
});

describe('zeros, nulls = new Array(n).fill(x)', () => {
  it('n = 0..12', () => {
    for (let n = 0; n <= 12; n++) {
      expect(zeros(n)).toEqual(new Array<number>(n).fill(0));
      expect(nulls(n)).toEqual(new Array<null>(n).fill(null));
      expect(zeros(n).length).toBe(n);
    }
  });
});
