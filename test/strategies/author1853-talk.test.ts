// strategies/author1853.ts at tables that share (RULES §13): the author's advice that needs the partner's
// signs or words [000 p.32–41] — H-04 (signs), H-07/H-08 („Welche Farbe?“), H-10 („Ich kann nicht.“), H-22
// („Hast du das Gleich in natura?“ … „Biet das Gleich!“) — on constructed four-player 1853 deals (dealer P4:
// P1 leads; parties P1+P3 and P2+P4; trump H = H9 turned, Perlaggen HK > H7 > HU > HO). Each option against
// a silent table or the option off. H-09 (the suits the opponents asked for) and H-13 („Ist der Stich von
// Entscheidung?“) on dealt hands, where the positions arise by themselves.
import { describe, expect, it } from 'vitest';
import author from '../../strategies/author1853.ts';
import { c, decide, observeActing, playCards, setup, fixedRng } from './positions.ts';
import { CHANCE, TERMINAL, actingSeat, applyAction, chanceOutcomes, currentPlayer, legalActions, newHand } from '../../src/engine/game.ts';
import { applyChecked } from '../../src/engine/checked.ts';
import { observe } from '../../src/engine/observe.ts';
import { cloneState, type HandState } from '../../src/engine/state.ts';
import { winningIndex, type PolicyAction } from '../../src/policy/api.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { suitIndexOf } from '../../src/cards/card.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';

const played = (a: PolicyAction): number => (a.kind === 'play' ? a.card : -1);
type Opts = Record<string, number | boolean | string>;

/** Every seat plays author1853 (with `o`) until the next card is due: talk, bid windows, answers, vetoes. */
function toCard(s: HandState, o: Opts = {}): void {
  const p = author.create(o);
  for (let i = 0; i < 200 && s.phase !== 'play'; i++) applyChecked(s, p.act(observeActing(s), { rng: fixedRng() }));
  if (s.phase !== 'play') throw new Error(`no card due (phase ${s.phase})`);
}

/** What was said, as "P1>P3 welcheFarbe" lines. */
const said = (s: HandState): string[] => s.events.flatMap((e) => (e.type === 'say' ? [`P${e.seat + 1}>P${e.to + 1} ${e.phrase}${e.figure === null ? '' : ` ${e.figure}`}`] : []));

// P3 holds no heart at all: trumpless
const TRUMPLESS = ['HA H10 S7 L7 E7', 'H8 S8 L8 E8 SK', 'S9 L9 E9 S10 L10', 'SU LU EU E10 LK'];

describe('author1853 at tables that share (RULES §13)', () => {
  it('H-07/H-08: the leader asks „Welche Farbe?“, the trumpless partner answers „Trumpf!“, and the trump As is led; silent, it is not', () => {
    const s = setup(TRUMPLESS, 'H9', [0, 0], '1853{partnerInfo=table}');
    toCard(s);
    expect(actingSeat(s)).toBe(0);
    expect(said(s)).toContain('P1>P3 welcheFarbe');
    expect(said(s)).toContain('P3>P1 trumpf');
    expect(played(decide(author, s))).toBe(c('HA'));
    const quiet = setup(TRUMPLESS, 'H9', [0, 0], '1853{partnerInfo=none}');
    toCard(quiet);
    expect(said(quiet)).toEqual([]);
    expect(played(decide(author, quiet))).not.toBe(c('HA'));
  });

  it('H-04: under signs alone the partner\'s „no trump“ sign brings the trump As too; with signs=false it does not', () => {
    const s = setup(TRUMPLESS, 'H9', [0, 0], '1853{partnerInfo=signs}');
    toCard(s);
    expect(said(s)).toEqual([]);
    expect(observeActing(s).signs).toEqual([{ seat: 2, trumps: 0, perlaggen: 0, best: -1 }]);
    expect(played(decide(author, s))).toBe(c('HA'));
    expect(played(decide(author, s, { signs: false }))).not.toBe(c('HA'));
  });

  it('H-08: a partner with a side master names its suit, and the leader brings that suit', () => {
    // P3 holds the Laub As (master) and a plain trump; P1 leads Laub
    const hands = ['H10 S7 L7 E7 SO', 'H8 S8 L8 E8 SK', 'HA LA E9 S10 L10', 'SU LU EU E10 LK'];
    const s = setup(hands, 'H9', [0, 0], '1853{partnerInfo=table}');
    toCard(s);
    expect(said(s)).toContain('P3>P1 farbe');
    expect(played(decide(author, s))).toBe(c('L7'));
    expect(played(decide(author, s, { leadRequest: false }))).not.toBe(c('L7'));
  });

  it('H-10: the last hand says „Ich kann nicht.“ and his partner trumps, even where trumps are saved (trumpToWin=false)', () => {
    // P1 leads S7; P4 (last hand) has neither a spade nor a trump; P2 holds the H8 and no spade
    const hands = ['S7 L7 E7 S9 L9', 'H8 L10 E9 LO EO', 'S8 L8 E8 S10 E10', 'LA LU EU LK EA'];
    const s = setup(hands, 'H9', [0, 0], '1853{partnerInfo=table}');
    toCard(s, { trumpToWin: false });
    playCards(s, 'S7');
    toCard(s, { trumpToWin: false });
    expect(actingSeat(s)).toBe(1);
    expect(said(s)).toContain('P4>P2 ichKannNicht');
    expect(played(decide(author, s, { trumpToWin: false }))).toBe(c('H8'));
    expect(played(decide(author, s, { trumpToWin: false, cannotWinSignal: false }))).not.toBe(c('H8'));
    const quiet = setup(hands, 'H9', [0, 0], '1853{partnerInfo=none}');
    toCard(quiet, { trumpToWin: false });
    playCards(quiet, 'S7');
    toCard(quiet, { trumpToWin: false });
    expect(played(decide(author, quiet, { trumpToWin: false }))).not.toBe(c('H8'));
  });

  it('H-22: a Gleich that needs its Perlagg: it asks „in natura?“, hears „Ja“, says „Biet das Gleich!“ and the partner bids; silent, it bids itself', () => {
    // P1: two Ober and the HK (three Ober only with the Perlagg); P3: three Asse in natura
    const hands = ['SO LO HK S7 E9', 'S8 L10 E8 SK H8', 'SA LA EA S9 L9', 'SU LU EU E10 LK'];
    const bidders = (s: HandState): number[] => s.events.flatMap((e) => (e.type === 'bid' && e.figures.includes('Gleich') ? [e.seat] : []));
    const s = setup(hands, 'H9', [0, 0], '1853{partnerInfo=table}');
    toCard(s);
    expect(said(s)).toEqual(expect.arrayContaining(['P1>P3 inNatura Gleich', 'P3>P1 ja', 'P1>P3 biet Gleich']));
    expect(bidders(s)).toEqual([2]);
    const off = setup(hands, 'H9', [0, 0], '1853{partnerInfo=table}');
    toCard(off, { kunstgriff: false });
    expect(bidders(off)).toEqual([0]);
    const quiet = setup(hands, 'H9', [0, 0], '1853{partnerInfo=none}');
    toCard(quiet);
    expect(bidders(quiet)).toEqual([0]);
  });
});

// H-09 and H-13 on dealt hands: 1853 at the talking table, every seat author1853, the deals of seed 7 (the
// positions arise by themselves; a change of the engine or the policy that removes them fails the test).
describe('author1853: H-09 and H-13 on dealt hands (RULES §13)', () => {
  const r = resolveRuleset('1853');
  const ALWAYS = { rng: fixedRng() };
  const pol = author.create({});
  const act = (s: HandState, p = pol) => p.act(observe(s, currentPlayer(s)), ALWAYS);
  const apply1 = (s: HandState, a: PolicyAction) => applyChecked(s, a);
  /** Drive author1853 (and the chance stream) until `stop` says so or the hand ends; false at the end. */
  function until(s: HandState, chance: { below(n: number): number }, stop: (s: HandState) => boolean, p = pol): boolean {
    for (let i = 0; i < 400; i++) {
      const who = currentPlayer(s);
      if (who === TERMINAL) return false;
      if (who === CHANCE) applyAction(s, { kind: 'chance', outcome: chance.below(chanceOutcomes(s)) });
      else if (stop(s)) return true;
      else apply1(s, act(s, p));
    }
    throw new Error('the hand did not end');
  }
  const DEALS = 160;

  it('H-13: at a decisive trick a seat with a Perlagg asks „Ist der Stich von Entscheidung?“; „Ja.“ makes it take the trick with the Perlagg, „Nein.“ does not; askDecisive=false never asks', () => {
    let asked = 0;
    let differ = 0;
    for (let d = 0; d < DEALS; d++) {
      const s = newHand(r, { players: 4, dealer: 3 });
      const chance = keyedRng(7, d, STREAM.deal);
      while (until(s, chance, (x) => x.phase === 'talk' && x.talk!.question?.phrase === 'entscheidung')) {
        asked++;
        const asker = s.talk!.question!.seat;
        const answers = legalActions(s).filter((a): a is Extract<PolicyAction, { kind: 'say' }> => a.kind === 'say');
        const ja = answers.find((a) => a.phrase === 'ja')!;
        const nein = answers.find((a) => a.phrase === 'nein')!;
        const card = (answer: PolicyAction) => {
          const w = cloneState(s);
          apply1(w, answer);
          until(w, chance, (x) => x.phase === 'play');
          expect(actingSeat(w)).toBe(asker);
          const a = act(w);
          if (a.kind !== 'play') throw new Error('no card');
          const o = observe(w, currentPlayer(w));
          const trick = o.tricks[o.tricks.length - 1]!.plays;
          return { a, wins: winningIndex(o, [...trick, { card: a.card, as: a.as }]) === trick.length, perlagg: (w.perl!.level[a.card] ?? 0) > 0 };
        };
        const yes = card(ja);
        const no = card(nein);
        if (yes.a.card !== no.a.card || yes.a.as !== no.a.as) {
          differ++;
          expect(yes.perlagg && yes.wins, `deal ${d}: after „Ja.“ a Perlagg takes the trick`).toBe(true);
          expect(no.perlagg && no.wins, `deal ${d}: after „Nein.“ no Perlagg takes it`).toBe(false);
        }
        apply1(s, act(s));
      }
    }
    expect(asked).toBeGreaterThan(5);
    expect(differ).toBeGreaterThan(1);
    // the option off: the question is never asked on the same deals
    const off = author.create({ askDecisive: false });
    for (let d = 0; d < DEALS; d++) {
      const s = newHand(r, { players: 4, dealer: 3 });
      until(s, keyedRng(7, d, STREAM.deal), () => false, off);
      expect(s.events.some((e) => e.type === 'say' && e.phrase === 'entscheidung')).toBe(false);
    }
  });

  it('H-09: a leader avoids the suits the opponents asked their partner for: where the option changes the suit led, on leads another suit and off leads an asked one', () => {
    const offPolicy = author.create({ avoidAskedSuit: false });
    let differ = 0;
    for (let d = 0; d < DEALS; d++) {
      const s = newHand(r, { players: 4, dealer: 3 });
      const chance = keyedRng(7, d, STREAM.deal);
      const atLead = (x: HandState) => {
        if (x.phase !== 'play') return false;
        const t = x.tricks[x.tricks.length - 1];
        return t === undefined || t.plays.length === 0 || t.winner >= 0;
      };
      while (until(s, chance, atLead)) {
        const o = observe(s, currentPlayer(s));
        let asked = 0;
        for (const t of o.talk) if (t.phrase === 'farbe' && t.suit >= 0 && o.party[t.seat] !== o.party[o.acting]) asked |= 1 << t.suit;
        const on = pol.act(o, ALWAYS);
        const off = offPolicy.act(o, ALWAYS);
        const suit = (a: PolicyAction) => (a.kind === 'play' ? suitIndexOf(a.as ?? a.card) : -1);
        // where the option changes the suit led (with every card in asked suits it may change only the card)
        if (on.kind === 'play' && off.kind === 'play' && suit(on) !== suit(off)) {
          differ++;
          expect(asked, `deal ${d}: the opponents asked for a suit`).not.toBe(0);
          expect((asked >>> suit(on)) & 1, `deal ${d}: on leads no asked suit`).toBe(0);
          expect((asked >>> suit(off)) & 1, `deal ${d}: off leads an asked suit`).toBe(1);
        }
        apply1(s, on);
      }
    }
    expect(differ).toBeGreaterThan(1);
  });
});
