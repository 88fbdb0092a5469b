// Rules a review against the sources found the engine not following (issue 8), each a test named after
// the rule and its source. Every one of them failed before the fix it names.
import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../src/cards/notation.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal } from '../../src/play/hand.ts';
import { doubleThreshold } from '../../src/play/partie.ts';
import { actingSeat, handFromLayout, legalActions } from '../../src/engine/game.ts';
import { applyChecked } from '../../src/engine/checked.ts';
import type { FigureName, PolicyAction } from '../../src/engine/actions.ts';
import type { HandState } from '../../src/engine/state.ts';

const simple = () => ({ name: 'simple', policy: builtinPolicy('simple').create({}) });
const c = parseCard;

/** A 4-player hand, dealer P4 so that P1 (party A) leads; hands in seat order P1..P4. */
function setup(ruleset: string, turned: string, hands: readonly string[], score: number[] = [0, 0], extra: { stock?: string; skipped?: string; dealer?: number } = {}): HandState {
  return handFromLayout(resolveRuleset(ruleset), { players: 4, dealer: extra.dealer ?? 3, score, quietSeats: 0b1111 }, {
    hands: hands.map((h) => parseCards(h)),
    turned: c(turned),
    ...(extra.stock === undefined ? {} : { stock: parseCards(extra.stock) }),
    ...(extra.skipped === undefined ? {} : { skipped: parseCards(extra.skipped) }),
  });
}
const is = (a: PolicyAction, kind: string) => a.kind === kind;
/** Pass in the open window until `seat` is to act. */
function toSeat(s: HandState, seat: number): void {
  while (s.phase === 'window' && actingSeat(s) !== seat) applyChecked(s, { kind: 'pass' });
  if (s.phase !== 'window') throw new Error(`no window for P${seat + 1} (phase ${s.phase})`);
}
/** Skip the unseen window (point −1). */
function toFirstCard(s: HandState): void {
  while (s.phase === 'window' && s.bid.point < 0) applyChecked(s, { kind: 'pass' });
}
function bid(s: HandState, seat: number, ...figures: FigureName[]): void {
  toSeat(s, seat);
  applyChecked(s, { kind: 'bid', figures, cumulative: false, unseen: s.bid.point < 0 });
}
/** Answer (consenting to the partner's act first where the 1853 veto is asked). */
function answer(s: HandState, a: 'gut' | 'hold' | 'allow' | 'reject'): void {
  while (s.phase === 'veto') applyChecked(s, { kind: 'consent' });
  applyChecked(s, { kind: a });
  while ((s.phase as string) === 'veto') applyChecked(s, { kind: 'consent' });
}
function passWindows(s: HandState): void {
  while (s.phase === 'window' || s.phase === 'veto') applyChecked(s, { kind: s.phase === 'veto' ? 'consent' : 'pass' });
}
/** Play the hand out: pass/consent/allow in bidding, gut to offers, the first legal card and show. */
function finish(s: HandState): void {
  for (let i = 0; i < 500 && s.phase !== 'done'; i++) {
    const legal = legalActions(s);
    const pick = legal.find((a) => is(a, 'pass') || is(a, 'consent') || is(a, 'allow') || is(a, 'gut')) ?? legal[0]!;
    applyChecked(s, pick);
  }
}
const total = (s: HandState, p: number) => s.bid.score[p]! + s.points[p]!;

describe('RULES §3: players and cards', () => {
  it('1853 [000 p.13] RULES §3: six players get five cards each (four is Innsbruck\'s rule, [003 Intro 2], A-41)', () => {
    const r = resolveRuleset('1853');
    const res = playDeal({ ruleset: r, players: 6, policies: Array.from({ length: 6 }, simple), rootSeed: 6, dealIndex: 0, dealer: 0 });
    const s = res.state;
    expect(s.table.handSize).toBe(5);
    const dealt = s.events.filter((e) => e.type === 'dealt');
    expect(dealt.map((e) => (e.type === 'dealt' ? e.cards.length : 0))).toEqual([5, 5, 5, 5, 5, 5]);
    expect(s.stock.length).toBe(32 - 30 - 1);
    // five tricks of six cards: a party of three always makes the Spiel ([000 p.15-16])
    expect(s.spielParty).toBeGreaterThanOrEqual(0);
    const ibk = playDeal({ ruleset: resolveRuleset('innsbruck'), players: 6, policies: Array.from({ length: 6 }, simple), rootSeed: 6, dealIndex: 0, dealer: 0 });
    expect(ibk.state.table.handSize).toBe(4);
    void parseCards;
  });
});

// 1853, trump Schell (S9 turned; Perlaggen SK S7 SU SO). P1 has no figure and no Perlagg: every Gleich or
// Hanger he bids is false. P2 has no Hanger and no Perlagg.
const FALSE1853 = ['HA L9 E7 H10 LO', 'HK LK S10 E8 H8', 'EA SA L8 E10 HU', 'SK EK HO L7 EU'];

describe('RULES §11.3, A-39: the end-of-deal corrections', () => {
  it('1853 [000 p.31-32] A-39: every end-of-deal correction applies after one reaches the target (the loser lands in the Double)', () => {
    // X (party A) at 5 bids Gleich and then Hanger without having either; Y at 10 lets both gut: X 7.
    const s = setup('1853', 'S9', FALSE1853, [5, 10]);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    answer(s, 'gut');
    bid(s, 0, 'Hanger');
    answer(s, 'gut');
    expect(s.bid.score[0]! + s.bid.written[0]!).toBe(7);
    finish(s);
    // Both points are erased and written to Y: Y 12 wins, X is back at 5 — below the Double line.
    expect(s.bid.partieWinner).toBe(1);
    expect(total(s, 0)).toBe(5);
    expect(total(s, 1)).toBe(12);
    expect(total(s, 0) < doubleThreshold(s.ruleset)).toBe(true);
  });

  it('1853 [000 p.31-32] A-39: an erasure is not a later write — nobody goes out on a point he never had', () => {
    // X at 9 and Y at 9 each let a false figure gut: 10:10. Corrected, both stay at 10 (each gets the
    // other's point), and the Spiel (the first figure of the default order) decides.
    const s = setup('1853', 'S9', FALSE1853, [9, 9]);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    answer(s, 'gut');
    bid(s, 1, 'Hanger');
    answer(s, 'gut');
    expect([s.bid.score[0]! + s.bid.written[0]!, s.bid.score[1]! + s.bid.written[1]!]).toEqual([10, 10]);
    finish(s);
    expect(s.spielParty).toBeGreaterThanOrEqual(0);
    expect(s.bid.partieWinner).toBe(s.spielParty);
    expect(total(s, s.spielParty)).toBe(11);
    expect(total(s, 1 - s.spielParty)).toBe(10);
  });

  it('1853 [000 p.31-32] RULES §11.3: a party that goes out in the middle of a hand must have its let-gut figures', () => {
    // X at 9 bids a false Hanger, Y lets it gut: X 10. Y then concedes the Spiel: X would have 11.
    // The Hanger is shown false when X claims the Partie: erased and written to Y, X is at 10 and the hand
    // goes on to its end, where the figures decide.
    const s = setup('1853', 'S9', FALSE1853, [9, 3]);
    toFirstCard(s);
    bid(s, 0, 'Hanger');
    answer(s, 'gut');
    passWindows(s);
    applyChecked(s, legalActions(s).find((a) => a.kind === 'play')!); // P1 leads
    passWindows(s);
    expect(actingSeat(s)).toBe(1);
    applyChecked(s, { kind: 'concede' }); // P2 lets the Spiel gut
    expect(s.bid.partieWinner).toBe(-1);
    expect(s.phase).not.toBe('done');
    finish(s);
    expect(s.figureWinners).not.toBeNull(); // the hand was scored at its end
    expect(s.bid.figs[2]!.writtenParty).toBe(1);
    const corrections = s.events.filter((e) => e.type === 'correction');
    expect(corrections).toHaveLength(1);
  });
});

describe('RULES §11.4: asking for the Dritzige, "Viertig erlaubt?"', () => {
  // 1853, trump Schell: P1 four Unter (HU LU EU + S7 as SU), P2 three Asse, P3 two Könige.
  const ASK = ['HU LU EU S7 H9', 'HA LA EA S10 L8', 'HK LK E9 H10 L7', 'EK S8 L10 E8 H8'];

  it("1853 [000 p.29] um's Dritzige fragen comes first: the opponents may not pre-empt the ask by bidding; only a blind all-three bid removes it ([000 p.31], GC-48)", () => {
    // Dealer P1: Vorhand P2 is an opponent of the party at 10.
    const s = setup('1853', 'S9', ASK, [10, 3], { dealer: 0 });
    expect(s.phase).toBe('window');
    expect(actingSeat(s)).toBe(1); // the unseen window, P2 first
    const blind = legalActions(s).filter((a) => a.kind === 'bid');
    expect(blind.length).toBeGreaterThan(0);
    expect(blind.every((a) => a.kind === 'bid' && a.figures.length === 3)).toBe(true); // all three, nothing less
    toFirstCard(s);
    // before the first card the party at 10 speaks first
    expect([0, 2]).toContain(actingSeat(s));
    toSeat(s, 0);
    applyChecked(s, { kind: 'ask', count: 4, type: 'Gleich' });
    answer(s, 'allow');
    expect(s.bid.partieWinner).toBe(0);
  });

  it('1853 [000 p.30] rule 3: the asker and the rejecter are bound to the Dritzige and may not spend its Perlagg on anything else', () => {
    // P1 at 10: two Unter and S7 (a Perlagg) make three Unter. P2: HA LA and SO (a Perlagg) make three Asse.
    const s = setup('1853', 'S9', ['HU LU S7 H9 L10', 'HA LA SO S10 L8', 'HK LK E9 H10 L7', 'EK S8 EU E8 H8'], [10, 3]);
    toFirstCard(s);
    toSeat(s, 0);
    applyChecked(s, { kind: 'ask', count: 3, type: 'Gleich' });
    answer(s, 'reject');
    passWindows(s);
    expect(actingSeat(s)).toBe(0);
    const unter = parseCards('HU SU LU EU');
    const s7 = legalActions(s).filter((a) => a.kind === 'play' && a.card === c('S7'));
    expect(s7.length).toBeGreaterThan(0);
    expect(s7.every((a) => a.kind === 'play' && unter.includes(a.as!))).toBe(true); // only as an Unter
    applyChecked(s, { kind: 'play', card: c('H9'), as: null });
    passWindows(s);
    expect(actingSeat(s)).toBe(1);
    const asse = parseCards('HA SA LA EA');
    const so = legalActions(s).filter((a) => a.kind === 'play' && a.card === c('SO'));
    expect(so.length).toBeGreaterThan(0);
    expect(so.every((a) => a.kind === 'play' && asse.includes(a.as!))).toBe(true); // the rejecter too
  });

  it('Oberland [002 §1.6] A-40: "Viertig nicht erlaubt!" may be raised to "Fünftig erlaubt?"', () => {
    // Trump Laub. P1 at 14: LK SK EK, the Martl HK and the Weli: five Könige. P2: four Asse.
    const s = setup('oberland', 'L9', ['HK LK SK EK W', 'HA LA SA EA H9', 'HO LO E9 H10 L7', 'EO S8 L10 E8 H8'], [14, 0]);
    toFirstCard(s);
    toSeat(s, 0);
    applyChecked(s, { kind: 'ask', count: 4, type: 'Gleich' });
    answer(s, 'reject'); // "Viertig nicht erlaubt!"
    expect(actingSeat(s)).toBe(0);
    expect(legalActions(s)).toContainEqual({ kind: 'ask', count: 5, type: 'Gleich' });
    applyChecked(s, { kind: 'ask', count: 5, type: 'Gleich' }); // "Fünftig erlaubt?"
    expect(legalActions(s)).not.toContainEqual({ kind: 'reject' });
    answer(s, 'allow');
    expect(s.bid.partieWinner).toBe(0);
  });
});

describe("RULES §8.6: the 1853 partner's veto", () => {
  // 1853, trump Schell; A1853: P1 Gleich KK + Hanger HK-HO, P2 AA, P3 888.
  const A1853 = ['HK LK HO E9 L10', 'HA LA S10 E7 H10', 'H8 L8 E8 SA EU', 'EA LO HU S8 L9'];

  it("1853 [000 p.33] the partner's veto covers every act — holding and Drei said in answer too; the less dangerous opinion prevails", () => {
    // P1 bids the Gleich; P2 holds; P4 (P2's partner) protests: the less dangerous opinion, gut, prevails.
    const s = setup('1853', 'S9', A1853);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    applyChecked(s, { kind: 'consent' }); // P3 lets P1's bid stand
    applyChecked(s, { kind: 'hold' }); // P2
    expect(s.phase).toBe('veto');
    expect(actingSeat(s)).toBe(3);
    applyChecked(s, { kind: 'veto' });
    expect(s.bid.figs[1]!.status).toBe('closed');
    expect(s.bid.written).toEqual([1, 0]); // gut: P1's party writes 1
    // P2 says Drei in answer; P4 protests: P2's party holds instead (the less dangerous of the two)
    const t = setup('1853', 'S9', A1853);
    toFirstCard(t);
    bid(t, 0, 'Gleich');
    applyChecked(t, { kind: 'consent' });
    applyChecked(t, { kind: 'raise', figure: 'Gleich', to: 3 });
    expect(t.phase).toBe('veto');
    expect(actingSeat(t)).toBe(3);
    applyChecked(t, { kind: 'veto' });
    expect(t.bid.figs[1]).toMatchObject({ status: 'stake', level: 2, raiseRight: 1 });
    // letting gut is the least dangerous act: a protest against it could never prevail, so none is asked
    const u = setup('1853', 'S9', A1853);
    toFirstCard(u);
    bid(u, 0, 'Gleich');
    applyChecked(u, { kind: 'consent' });
    applyChecked(u, { kind: 'gut' });
    expect(u.phase).not.toBe('veto');
    expect(u.bid.written).toEqual([1, 0]);
  });
});

describe('RULES §4.6, A-10: the exchange of a turned-up Perlagg', () => {
  it('1853 [000 p.19] Innsbruck [003 §7] A-10: "has no trump" means no card of the trump suit — a dealer holding only a higher trump Perlagg keeps the right, it does not pass to his partner', () => {
    // 1853, LO turned (Laub trump; LK > L7 > LU > LO). Dealer P4's only Laub is the LK; his partner P2 holds L8.
    const s = setup('1853', 'LO', ['H7 H8 H9 H10 HU', 'L8 S8 S9 S10 SU', 'E7 E8 E9 E10 EU', 'LK SO SK SA HO']);
    expect(s.events.some((e) => e.type === 'exchangeOffer')).toBe(false);
    expect(s.exchanges).toEqual([]);
    expect(s.faceUp).toBe(c('LO'));
    // Innsbruck, LU turned (Laub trump): the dealer's only Laub is the trump 7, a higher Perlagg.
    const t = setup('innsbruck', 'LU', ['H7 H8 H9 H10 HU', 'L8 S8 S9 S10 SU', 'E8 E9 E10 EU EO', 'L7 SO SK SA HO']);
    expect(t.events.some((e) => e.type === 'exchangeOffer')).toBe(false);
    expect(t.faceUp).toBe(c('LU'));
  });

  it('Oberland [002 §1.3] A-10: the right goes round — dealer, partner, then the opponents in turn; a dealer able but unwilling passes his partner over', () => {
    // LO turned (Laub trump). Dealer P4 holds L8 and declines; his partner P2 (L10) may not take it
    // ("dem Partner ein Perlagg überlassen" costs the Partie); the opponents may, P1 first (L9), then P3.
    const s = setup('oberland', 'LO', ['L9 H8 H9 H10 HU', 'L10 S8 S9 S10 SU', 'LA E8 E9 E10 H7', 'L8 SO SK SA HO']);
    expect(actingSeat(s)).toBe(3);
    applyChecked(s, { kind: 'declineExchange' });
    expect(s.phase).toBe('exchange');
    expect(actingSeat(s)).toBe(0);
    applyChecked(s, { kind: 'declineExchange' });
    expect(actingSeat(s)).toBe(2);
    applyChecked(s, { kind: 'exchange', card: c('LA') });
    expect(s.faceUp).toBe(c('LA'));
    expect(s.loc[c('LO')]).toBe(2);
    // a dealer without a card to give passes the right to his partner
    const t = setup('oberland', 'LO', ['L9 H8 H9 H10 HU', 'L10 S8 S9 S10 SU', 'LA E8 E9 E10 H7', 'S7 SO SK SA HO']);
    expect(actingSeat(t)).toBe(1);
  });

  it('Oberland [002 §1.3] A-10, A-32: an Eichel Perlagg turned aside lies face up and is taken like any face-up Perlagg, with a plain Eichel card', () => {
    // EU turned first (Eichel is never trump, it is laid aside), then H8: Herz trump. Dealer P4 holds E9.
    const hands = ['L9 H7 H9 H10 HU', 'L10 S8 S9 S10 SU', 'LA E8 L8 E10 LK', 'E9 SO SK SA HO'];
    const s = setup('oberland', 'H8', hands, [0, 0], { skipped: 'EU' });
    expect(s.trump).toBe('H');
    expect(actingSeat(s)).toBe(3);
    expect(legalActions(s)).toContainEqual({ kind: 'exchange', card: c('E9') });
    applyChecked(s, { kind: 'exchange', card: c('E9') });
    expect(s.skipped).toEqual([c('E9')]);
    expect(s.loc[c('EU')]).toBe(3);
    // the other reading: skipped cards stay out of play beside the stock
    const t = setup('oberland{skippedTurnCards=shownBesideStock}', 'H8', hands, [0, 0], { skipped: 'EU' });
    expect(t.events.some((e) => e.type === 'exchangeOffer')).toBe(false);
  });
});

describe('RULES §11.2, A-13: bidding at target - 2', () => {
  const B1853 = ['HK LK HO E9 L10', 'HA LA S10 E7 H10', 'EA LO HU S8 L9', 'H8 L8 E8 SA EU'];
  const secondBidAt9 = (ruleset: string) => {
    const s = setup(ruleset, 'S9', B1853, [9, 9]);
    toFirstCard(s);
    bid(s, 0, 'Hanger');
    answer(s, 'hold');
    bid(s, 0, 'Spiel');
    return s;
  };

  it('1853 [000 p.24] A-13 against GC-41: at 9 one open bid at a time (A-13, GC-37); "nur mehr Eins" as one figure a deal is the switch overbidLimit=oneBidAtTargetMinus2', () => {
    // A-13 (default): the Hanger held, the party at 9 may bid the Spiel next (GC-37).
    const a = secondBidAt9('1853');
    expect(a.bid.figs[0]!.status).not.toBe('unbid');
    // the literal reading: one figure in the deal; the second is curtailed by the opponents, no penalty
    const b = secondBidAt9('1853{overbidLimit=oneBidAtTargetMinus2}');
    expect(b.bid.figs[0]!.status).toBe('unbid');
    expect(b.bid.penalties).toEqual([0, 0]);
    // both readings curtail two figures bid together at 9 to the first named (GC-41)
    for (const r of ['1853', '1853{overbidLimit=oneBidAtTargetMinus2}']) {
      const s = setup(r, 'S9', B1853, [9, 0]);
      toFirstCard(s);
      bid(s, 0, 'Gleich', 'Hanger');
      expect([s.bid.figs[1]!.status, s.bid.figs[2]!.status]).toEqual(['offer', 'unbid']);
    }
  });
});

describe('RULES §3, A-41: three players each for himself', () => {
  const three = (ruleset: string) =>
    handFromLayout(resolveRuleset(ruleset), { players: 3, dealer: 2 }, { hands: ['HA LA S10 E7 H10', 'HK LK HO E9 L10', 'H8 L8 E8 SA H9'].map((h) => parseCards(h)), turned: c('L9') });

  it('Oberland [002 §1.3] A-41: three players each for himself score silently — the sources give no answering rule; Bieten\'s answer in turn [001 p.9-11] is the switch individualBidding=answerInTurn', () => {
    const silent = three('oberland{threePlayers=individual}');
    expect(silent.bid.active).toBe(false);
    expect(silent.phase).toBe('play');
    // Bieten's rule: a bid is answered by the others in turn, written when all let it gut
    const s = three('oberland{threePlayers=individual,individualBidding=answerInTurn}');
    expect(s.bid.active).toBe(true);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    expect(actingSeat(s)).toBe(1);
    applyChecked(s, { kind: 'gut' });
    expect(s.bid.written).toEqual([0, 0, 0]); // P3 has not answered yet
    expect(actingSeat(s)).toBe(2);
    applyChecked(s, { kind: 'gut' });
    expect(s.bid.written).toEqual([1, 0, 0]);
    // held by one of them: the best Gleich among all three takes the stake (P3's three 8s)
    const t = three('oberland{threePlayers=individual,individualBidding=answerInTurn}');
    toFirstCard(t);
    bid(t, 0, 'Gleich');
    applyChecked(t, { kind: 'gut' });
    applyChecked(t, { kind: 'hold' });
    finish(t);
    const g = t.events.find((e) => e.type === 'figure' && e.figure === 'Gleich');
    expect(g).toMatchObject({ party: 2, points: 2 });
  });
});
