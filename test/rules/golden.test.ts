// Golden cases of RULES §18.1 (GC-01 … GC-15) and the single-hand dealing/exchange cases of §18.5
// (GC-56 … GC-60, GC-62), each a test named after it (GUIDE guideline 13).
import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../src/cards/notation.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { perlaggenOf } from '../../src/rules/perlaggen.ts';
import { actingSeat, handFromLayout, legalActions, newHand } from '../../src/engine/game.ts';
import { applyChecked, explainIllegal } from '../../src/engine/checked.ts';
import { shuffleOutcomesFor } from '../../src/engine/deal.ts';
import { trickContext, winnerOfPlays } from '../../src/engine/tricks.ts';
import { type HandState, deckOf } from '../../src/engine/state.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal } from '../../src/play/hand.ts';

const c = parseCard;

/** A 4-player hand, dealer P4 so that P1 leads; hands in seat order P1..P4. */
function setup(ruleset: string, turned: string, hands: string[], extra: { skipped?: string; dealer?: number } = {}): HandState {
  return handFromLayout(resolveRuleset(ruleset), { players: 4, dealer: extra.dealer ?? 3, silentSeats: 0b1111, quietSeats: 0b1111 }, {
    hands: hands.map((h) => parseCards(h)),
    turned: c(turned),
    ...(extra.skipped === undefined ? {} : { skipped: parseCards(extra.skipped) }),
  });
}

/** Lay cards in turn: "HU>HA" = HU christened as HA, "W" = the Weli un-christened. */
function play(s: HandState, ...moves: string[]): void {
  for (const m of moves) {
    const [card, as] = m.split('>');
    applyChecked(s, { kind: 'play', card: c(card!), as: as === undefined ? null : c(as) });
  }
}

const lastWinner = (s: HandState) => s.tricks.find((t) => t.winner >= 0)!.winner;
const legalCards = (s: HandState) => [...new Set(legalActions(s).flatMap((a) => (a.kind === 'play' ? [a.card] : [])))].sort((a, b) => a - b);
const ids = (text: string) => parseCards(text).sort((a, b) => a - b);

describe('RULES §18.1 trick resolution and christening', () => {
  it('GC-01 trump Unter christened trump As beats the real trump As', () => {
    const s = setup('1853', 'H9', ['HA E7 E8 E9 E10', 'HU EU EO EK EA', 'L7 L8 L9 L10 LU', 'S8 S9 S10 SU SO']);
    play(s, 'HA', 'HU>HA', 'L7', 'S8');
    expect(lastWinner(s)).toBe(1);
  });

  it('GC-02 all four trump Perlaggen christened trump As: K > 7 > U > O', () => {
    const s = setup('1853', 'S9', ['SO E7 E8 E9 E10', 'SU EU EO EK EA', 'S7 L8 L9 L10 LU', 'SK H8 H9 H10 HU']);
    play(s, 'SO>SA', 'SU>SA', 'S7>SA', 'SK>SA');
    expect(lastWinner(s)).toBe(3);
    const ctx = trickContext(s.ruleset, s.perl!);
    const sa = c('SA');
    expect(winnerOfPlays(ctx, [{ card: c('SO'), as: sa }, { card: c('SU'), as: sa }, { card: c('S7'), as: sa }])).toBe(2); // Spitz without the König
    expect(winnerOfPlays(ctx, [{ card: c('SO'), as: sa }, { card: c('SU'), as: sa }])).toBe(1); // Unter beats Ober
  });

  it('GC-03 a Perlagg christened as a side-suit card beats the natural card, loses to a higher Perlagg or identity', () => {
    const s = setup('1853', 'H9', ['L10 E7 E8 S7 S8', 'HO H7 H8 HA EA', 'E9 E10 EU S9 S10', 'L8 L7 SU SO SK']);
    play(s, 'L10', 'HO>L10', 'E9', 'L8');
    expect(lastWinner(s)).toBe(1);
    const ctx = trickContext(s.ruleset, s.perl!);
    const l10 = c('L10');
    // (a) P4 plays HU christened L10: Unter > Ober
    expect(winnerOfPlays(ctx, [{ card: l10, as: null }, { card: c('HO'), as: l10 }, { card: c('E9'), as: null }, { card: c('HU'), as: l10 }])).toBe(3);
    // (b) P3 plays the natural LU: U > 10 by identity
    expect(winnerOfPlays(ctx, [{ card: l10, as: null }, { card: c('HO'), as: l10 }, { card: c('LU'), as: null }, { card: c('L8'), as: null }])).toBe(2);
  });

  it('GC-04 trump König christened Laub 7 is beaten by the Laub 8', () => {
    const s = setup('1853', 'H9', ['L8 E7 E8 S7 S8', 'HK H7 H8 HA EA', 'S9 E9 EU S10 SU', 'E10 EK EO SO SK']);
    play(s, 'L8', 'HK>L7', 'S9', 'E10');
    expect(lastWinner(s)).toBe(0);
  });

  it('GC-05 follow suit even after an intermediate trump; trumping allowed instead', () => {
    const s = setup('1853', 'SA', ['HA L7 L8 LU LO', 'S9 E9 E10 EU EO', 'H8 S10 E7 E8 L9', 'H7 H9 HK LK LA']);
    play(s, 'HA', 'S9');
    expect(legalCards(s)).toEqual(ids('H8 S10'));
    expect(explainIllegal(s, { kind: 'play', card: c('E7'), as: null })).toMatch(/must follow Herz or trump/);
  });

  it('GC-06 void: free discard, no duty to trump or to overtake', () => {
    const s = setup('1853', 'SA', ['L10 H7 H8 H9 H10', 'S8 E7 E8 E9 E10', 'LK L7 HU HO HK', 'L8 L9 LU LO LA']);
    play(s, 'L10');
    expect(explainIllegal(s, { kind: 'play', card: c('E7'), as: null })).toBeNull();
    play(s, 'E7');
    expect(explainIllegal(s, { kind: 'play', card: c('L7'), as: null })).toBeNull(); // lachiren
    play(s, 'L7');
  });

  it('GC-07 1853: a Perlagg need not follow trump', () => {
    const s = setup('1853', 'E9', ['EA H7 H8 H10 HU', 'EO H9 L8 S7 SA', 'E7 E8 L7 L9 L10', 'E10 EU EK LU LO']);
    play(s, 'EA');
    expect(legalCards(s)).toEqual(ids('EO H9 L8 S7 SA'));
  });

  it('GC-08 nine Herz Asses: the Martl is highest', () => {
    const s = setup('oberland', 'H9', ['HA E9 E10 S8 S9', 'W L7 L8 L9 L10', 'HK LU LO LK LA', 'H7 S10 SU SO SK']);
    play(s, 'HA', 'W>HA', 'HK>HA', 'H7>HA');
    expect(lastWinner(s)).toBe(2);
  });

  it('GC-09 the Martl christened too low loses to the Weli christened Herz As', () => {
    const s = setup('oberland', 'H8', ['HK E9 E10 S8 S9', 'W L8 L9 L10 LU', 'H9 LO LK LA EA', 'L7 S10 SU SO SK']);
    play(s, 'HK>H10', 'W>HA', 'H9', 'L7');
    expect(lastWinner(s)).toBe(1);
  });

  it('GC-10 Oberland: trump Ober outranks the permanent Eichel Unter', () => {
    const s = setup('oberland', 'L8', ['EU H7 H8 H9 H10', 'LO S8 S9 S10 SU', 'LA HU HO HK HA', 'L9 SO SK SA E8']);
    play(s, 'EU>LA', 'LO>LA', 'LA', 'L9');
    expect(lastWinner(s)).toBe(1);
  });

  it('GC-11 Innsbruck: permanent Perlaggen outrank all trump Perlaggen (Oberland: trump 7 > trump O > Eichel 7)', () => {
    const hands = ['E7 H7 H8 H9 H10', 'LO S8 S9 S10 SU', 'L7 HU HO HK HA', 'LA SO SK SA E8'];
    const ibk = setup('innsbruck', 'L8', hands);
    play(ibk, 'E7>LA', 'LO>LA', 'L7>LA', 'LA');
    expect(lastWinner(ibk)).toBe(0);
    const ober = setup('oberland', 'L8', hands.map((h) => h.replace('HK', 'H7').replace('H7 H8', 'HK H8')));
    play(ober, 'E7>LA', 'LO>LA', 'L7>LA', 'LA');
    expect(lastWinner(ober)).toBe(2);
  });

  it('GC-12 Innsbruck, Schell trump: Schell 7 is both permanent and trump 7 (6 Perlaggen)', () => {
    const s = setup('innsbruck', 'S9', ['W H7 H8 H9 H10', 'S7 L8 L9 L10 LU', 'SU HU HO HA L7', 'SA E8 E9 E10 EU']);
    play(s, 'W>SA', 'S7>SA', 'SU>SA', 'SA');
    expect(lastWinner(s)).toBe(0);
    expect(perlaggenOf(resolveRuleset('innsbruck'), 'S').order).toEqual(parseCards('HK W S7 E7 SU SO'));
  });

  it('GC-13 Innsbruck: an un-christened Weli is the Schell 6', () => {
    const s = setup('innsbruck', 'H9', ['S8 H7 H8 H10 HU', 'W L8 L9 L10 LU', 'S9 HO HA L7 E8', 'L10 E9 E10 EU EO'.replace('L10', 'LA')]);
    play(s, 'S8', 'W', 'S9', 'LA');
    expect(lastWinner(s)).toBe(2);
    const t = setup('innsbruck', 'H9', ['S8 H7 H8 H10 HU', 'W L8 L9 L10 LU', 'S9 HO HA L7 E8', 'LA E9 E10 EU EO']);
    play(t, 'S8', 'W>SA', 'S9', 'LA');
    expect(lastWinner(t)).toBe(1);
  });

  it('GC-14 Innsbruck §15: a Perlagg may replace a trump on a trump lead', () => {
    const s = setup('innsbruck', 'H10', ['H9 L7 L8 S7 S8', 'H8 HA E7 L9 S10', 'HO HU L10 LU LO', 'HK LK LA SA E8'], {});
    play(s, 'H9');
    expect(legalCards(s)).toEqual(ids('H8 HA E7'));
    expect(explainIllegal(s, { kind: 'play', card: c('E7'), as: c('L7') })).toBeNull();
    expect(explainIllegal(s, { kind: 'play', card: c('L9'), as: null })).toMatch(/must follow Herz/);
  });

  it('GC-15 christening at play time is irrevocable; an un-christened Weli is the Schell 6, in no figure', () => {
    // Oberland: P2 lays the Weli without naming it; later he holds S7 S8: no Hanger S6-S7-S8.
    const s = setup('oberland', 'H9', ['L7 L8 L9 L10 LU', 'W S7 S8 E9 E10', 'LO LK LA S9 S10', 'H7 H8 H10 HU HO']);
    play(s, 'L7', 'W', 'LO', 'H7');
    const rec = s.tricks[0]!.plays[1]!;
    expect(rec.as).toBeNull();
    expect(Object.isFrozen(rec)).toBe(true);
    // 1853 forbids the un-christened Perlagg: the engine forces a declaration.
    const t = setup('1853', 'H9', ['HA E7 E8 E9 E10', 'HU EU EO EK EA', 'L7 L8 L9 L10 LU', 'S8 S9 S10 SU SO']);
    play(t, 'HA');
    expect(explainIllegal(t, { kind: 'play', card: c('HU'), as: null })).toMatch(/must be christened/);
    expect(legalActions(t).some((a) => a.kind === 'play' && a.card === c('HU') && a.as === null)).toBe(false);
  });
});

describe('RULES §18.5 dealing and exchange', () => {
  it('GC-56 card counts: 1853 11 undealt and the bottom shown; Innsbruck 12 with Luck und Boden; Oberland 12, nothing shown', () => {
    for (const [name, undealt, shown] of [['1853', 11, 1], ['innsbruck', 12, 2], ['oberland', 12, 0]] as const) {
      const res = playDeal({ ruleset: resolveRuleset(name), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: builtinPolicy('simple').create({}) })), rootSeed: 5, dealIndex: 3, dealer: 0 });
      const s = res.state;
      const dealt = s.events.filter((e) => e.type === 'dealt');
      expect(dealt.reduce((n, e) => n + (e.type === 'dealt' ? e.cards.length : 0), 0) + s.cutKept.length).toBe(20);
      expect(s.stock.length + s.skipped.length).toBe(undealt);
      expect(s.shownStock.length).toBe(shown);
      if (shown === 1) expect(s.shownStock[0]).toBe(s.stock[s.stock.length - 1]);
      if (shown === 2) expect(s.shownStock).toEqual([s.stock[0], s.stock[s.stock.length - 1]]);
    }
    // The 1853 pattern 3 then 2, from the dealer's left: Vorhand gets pack cards 1-3 and 13-14.
    const r = resolveRuleset('1853');
    const s = newHand(r, { players: 4, dealer: 0, silentSeats: 0b1111, quietSeats: 0b1111 });
    for (const o of shuffleOutcomesFor(deckOf(r), deckOf(r))) applyChecked(s, { kind: 'chance', outcome: o });
    applyChecked(s, { kind: 'chance', outcome: 0 }); // lift one card: the pack is 1..31, 0
    const vorhand = s.events.find((e) => e.type === 'dealt' && e.seat === 1);
    expect(vorhand?.type === 'dealt' ? vorhand.cards : []).toEqual([1, 2, 3, 13, 14]);
  });

  it('GC-57 1853 exchange of a turned-up Perlagg: the dealer must with a plain trump, may with a lower Perlagg; then his partner', () => {
    // Dealer P4 (seat 3), partner P2 (seat 1). Turned H7 (trump 7 = Perlagg).
    const a = setup('1853', 'H7', ['L7 L8 L9 L10 LU', 'S7 S8 S9 S10 SU', 'E7 E8 E9 E10 EU', 'H9 LO LK LA SO']);
    expect(actingSeat(a)).toBe(3);
    expect(legalActions(a)).toEqual([{ kind: 'exchange', card: c('H9') }]);
    expect(explainIllegal(a, { kind: 'declineExchange' })).toMatch(/must exchange/);
    applyChecked(a, { kind: 'exchange', card: c('H9') });
    expect(a.faceUp).toBe(c('H9'));
    expect(a.loc[c('H7')]).toBe(3);
    const b = setup('1853', 'H7', ['L7 L8 L9 L10 LU', 'S7 S8 S9 S10 SU', 'E7 E8 E9 E10 EU', 'HU LO LK LA SO']);
    expect(legalActions(b)).toEqual([{ kind: 'exchange', card: c('HU') }, { kind: 'declineExchange' }]);
    const cc = setup('1853', 'H7', ['L7 L8 L9 L10 LU', 'H10 S8 S9 S10 SU', 'E7 E8 E9 E10 EU', 'S7 LO LK LA SO']);
    expect(actingSeat(cc)).toBe(1);
    expect(legalActions(cc)).toEqual([{ kind: 'exchange', card: c('H10') }]);
    const d = setup('1853', 'H7', ['H10 L8 L9 L10 LU', 'L7 S8 S9 S10 SU', 'E7 E8 E9 E10 EU', 'S7 LO LK LA SO']);
    expect(d.phase).toBe('play'); // neither dealer nor partner holds Herz: the H7 stays (P1, an opponent, may not)
    expect(d.faceUp).toBe(c('H7'));
  });

  it('GC-58 Innsbruck exchange: the dealer may; leaving it to his partner loses the Partie; opponents never', () => {
    const s = setup('innsbruck', 'LU', ['L9 H7 H8 H9 H10', 'L10 S8 S9 S10 SU', 'E8 E9 E10 EU EO', 'L8 LK LA SA SK']);
    expect(actingSeat(s)).toBe(3);
    expect(legalActions(s)).toEqual([...ids('L8 LK LA').map((card) => ({ kind: 'exchange', card })), { kind: 'declineExchange' }]);
    applyChecked(s, { kind: 'declineExchange' });
    expect(s.phase).toBe('play'); // the right does not pass to the partner: the dealer has a trump ([003 §7])
    expect(s.exchangeOrder).toEqual([3, 1]); // opponents excluded
    // The dealer holds L8 but leaves the exchange to his partner (an infraction, as a recorded game shows
    // it): the dealer's party loses the Partie.
    const left = setup('innsbruck', 'LU', ['L9 H7 H8 H9 H10', 'L10 S8 S9 S10 SU', 'E8 E9 E10 EU EO', 'L8 LK LA SA SK']);
    expect(() => applyChecked(left, { kind: 'exchange', card: c('L10') })).toThrow(/cannot give L10/);
    applyChecked(left, { kind: 'exchange', card: c('L10') }, { infraction: true });
    expect(left.bid.partieWinner).toBe(0);
    expect(left.phase).toBe('done');
    expect(left.loc[c('LU')]).toBe(1);
    // Dealer without trump: the partner may; an opponent holding L9 may never.
    const t = setup('innsbruck', 'LU', ['L9 H7 H8 H9 H10', 'L10 S8 S9 S10 SU', 'E8 E9 E10 EU EO', 'SO EK EA SA SK']);
    expect(actingSeat(t)).toBe(1);
    const u = setup('innsbruck', 'LU', ['L9 H7 H8 H9 H10', 'S7 S8 S9 S10 SU', 'E8 E9 E10 EU EO', 'SO EK EA SA SK']);
    expect(u.phase).toBe('play');
  });

  it('GC-59 Oberland: Eichel is never trump; the E10 turned up is laid aside face up', () => {
    const s = setup('oberland', 'H8', ['L7 L8 L9 L10 LU', 'S7 S8 S9 S10 SU', 'E7 E8 E9 EU EO', 'H9 LO LK LA SO'], { skipped: 'E10' });
    expect(s.trump).toBe('H');
    expect(s.skipped).toEqual([c('E10')]);
    expect(s.events.some((e) => e.type === 'skipped' && e.card === c('E10'))).toBe(true);
  });

  it('GC-60 the cutter keeps the Weli and the Herz König shown at the cut and then receives 3 cards', () => {
    const r = resolveRuleset('innsbruck');
    const s = newHand(r, { players: 4, dealer: 0, silentSeats: 0b1111, quietSeats: 0b1111 }); // cutter: P4 (seat 3), the dealer's right-hand neighbour
    const special = [32, c('HK'), c('S7'), c('E7')];
    const order = deckOf(r).filter((x) => !special.includes(x));
    // lift 10 cards: the packet's bottom (index 9) shows the Weli, above it the Herz König, above that a plain card
    const deck = [...order.slice(0, 8), c('HK'), 32, ...order.slice(8), c('S7'), c('E7')];
    for (const o of shuffleOutcomesFor(deckOf(r), deck)) applyChecked(s, { kind: 'chance', outcome: o });
    applyChecked(s, { kind: 'chance', outcome: 9 });
    expect(s.phase).toBe('cutKeep');
    applyChecked(s, { kind: 'keepCut', keep: true });
    expect(s.phase).toBe('cutKeep');
    applyChecked(s, { kind: 'keepCut', keep: true });
    expect(s.cutKept).toEqual([32, c('HK')]);
    const dealt = s.events.find((e) => e.type === 'dealt' && e.seat === 3);
    expect(dealt?.type === 'dealt' ? dealt.cards.length : 0).toBe(3);
    expect(s.loc[32]).toBe(3);
    expect(s.loc[c('HK')]).toBe(3);
  });

  it('GC-62 every 4-player 1853 deal scores at least 1 : 0 (the Spiel is always decided)', () => {
    const r = resolveRuleset('1853');
    const pol = builtinPolicy('random').create({});
    for (let d = 0; d < 1000; d++) {
      const res = playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'random', policy: pol })), rootSeed: 62, dealIndex: d, dealer: d % 4 });
      expect(res.state.spielParty).toBeGreaterThanOrEqual(0);
      expect(res.points.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    }
  });
});
