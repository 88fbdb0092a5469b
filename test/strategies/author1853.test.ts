// strategies/author1853.ts: each option does what its meaning line says, on a constructed position (the
// option on against off, everything else at its default unless the test says otherwise). Positions are
// four-player 1853 deals (dealer P4: P1 leads; parties P1+P3 and P2+P4); "trump H" = Herz turned (H9), whose
// Perlaggen are HK > H7 > HU > HO; "trump E" = Eichel (E8 turned), Perlaggen EK E7 EU EO.
import { describe, expect, it } from 'vitest';
import author from '../../strategies/author1853.ts';
import { apply, bid, c, decide, playCards, setup, toFirstCard, toPlay, toSeat } from './positions.ts';
import { actingSeat } from '../../src/engine/game.ts';
import type { HandState } from '../../src/engine/state.ts';
import type { PolicyAction } from '../../src/policy/api.ts';

const kind = (a: PolicyAction): string => (a.kind === 'bid' ? `bid ${a.cumulative ? 'all' : a.figures.join('+')}` : a.kind === 'play' ? `play ${a.card}` : a.kind);
/** The answering position: `bidder` bids `figure` at the first card; returns the state at the answer. */
function offered(hands: string[], turned: string, score: number[], bidder: number, figure: 'Gleich' | 'Hanger' | 'Spiel'): HandState {
  const s = setup(hands, turned, score);
  toFirstCard(s);
  bid(s, bidder, figure);
  expect(s.phase).toBe('answer');
  return s;
}
const played = (a: PolicyAction): number => (a.kind === 'play' ? a.card : -1);

// trump H: P3's Hanger L8-L9-L10 (idx 12), no Gleich
const H_DESPAIR = ['S7 S8 L7 E8 EA', 'S10 SU SO LU E9', 'L8 L9 L10 E7 SA', 'S9 LO LK E10 EU'];
// trump H: P3's natural Hanger U-O-K (idx 15)
const H_UOK = ['S7 S8 L7 E8 EA', 'S10 SU SO L10 E9', 'LU LO LK E7 SA', 'S9 L8 L9 E10 EU'];
// trump H: P3's natural Hanger 9-10-U (idx 13)
const H_910U = ['S7 S8 L7 E8 EA', 'S10 SU SO LO E9', 'L9 L10 LU E7 SA', 'S9 L8 LK E10 EU'];
// trump E: P3's Hanger 10-U-O (idx 14) and three Ober (idx 14)
const E_TWO = ['S7 S8 L7 L8 E9', 'S10 SU SK L9 E10', 'L10 LU LO HO SO', 'S9 LK LA EA H7'];

describe('author1853: holding (H-24 … H-34, H-39, H-41)', () => {
  it('H-30: at 9 with Spiel and Gleich likely it lets an uncertain Hanger gut; without H-30 it holds', () => {
    // P3: four Asse (a sure Gleich) and the top Perlagg: the Spiel is likely
    const s = offered(['S7 S8 L7 L8 E7', 'S10 SU SO L9 E8', 'HA SA LA EA HK', 'S9 L10 LU E9 E10'], 'H9', [9, 3], 1, 'Hanger');
    expect(actingSeat(s)).toBe(2);
    expect(kind(decide(author, s, { holdSlack: 2 }))).toBe('gut');
    expect(kind(decide(author, s, { holdSlack: 2, outAnyway: false }))).toBe('hold');
  });

  it('H-26: near the end it holds a despair bid lower (and not when "near the end" is narrowed)', () => {
    const s = offered(H_DESPAIR, 'H9', [9, 3], 1, 'Hanger');
    expect(kind(decide(author, s))).toBe('hold');
    expect(kind(decide(author, s, { despairSlack: 0 }))).toBe('gut');
    expect(kind(decide(author, s, { nearEnd: 1 }))).toBe('gut');
    // the same cards at an ordinary score: no despair
    expect(kind(decide(author, offered(H_DESPAIR, 'H9', [2, 3], 1, 'Hanger')))).toBe('gut');
  });

  it('H-31: near the end it lets the best figure of a party at 4 gut (a won hold would lift it out of the Double)', () => {
    const s = offered(H_UOK, 'H9', [9, 4], 1, 'Hanger');
    expect(kind(decide(author, s))).toBe('gut');
    expect(kind(decide(author, s, { vs4Steps: 0 }))).toBe('hold');
  });

  it('H-33: very careful against a bidder at 9', () => {
    const s = offered(H_UOK, 'H9', [6, 9], 1, 'Hanger'); // not far behind (a lead of 3)
    expect(kind(decide(author, s))).toBe('gut');
    expect(kind(decide(author, s, { vs9Steps: 0 }))).toBe('hold');
  });

  it('H-24: holdSlack holds below the bid threshold', () => {
    const s = offered(H_910U, 'H9', [0, 0], 1, 'Hanger');
    expect(kind(decide(author, s, { naturaSlack: 0 }))).toBe('gut');
    expect(kind(decide(author, s, { naturaSlack: 0, holdSlack: 2 }))).toBe('hold');
  });

  it('H-27: a natural figure holds with naturaSlack steps less; the same figure made with a Perlagg does not', () => {
    const s = offered(H_910U, 'H9', [0, 0], 1, 'Hanger');
    expect(kind(decide(author, s))).toBe('hold');
    expect(kind(decide(author, s, { naturaSlack: 0 }))).toBe('gut');
    // 9-10 and the Perlagg HK as Unter: the same Hanger, not in natura
    const t = offered(['S7 S8 L7 E8 EA', 'S10 SU SO LO E9', 'L9 L10 HK E7 SA', 'S9 L8 LU E10 EU'], 'H9', [0, 0], 1, 'Hanger');
    expect(kind(decide(author, t, { bindPerlagg: false }))).toBe('gut');
  });

  it('H-28: strong in several pieces it holds with severalSlack steps less', () => {
    const s = offered(E_TWO, 'E8', [0, 0], 1, 'Hanger');
    expect(kind(decide(author, s, { naturaSlack: 0 }))).toBe('hold');
    expect(kind(decide(author, s, { naturaSlack: 0, severalSlack: 0 }))).toBe('gut');
  });

  it('H-29: it holds a weak Gleich to bind the bidder\'s Perlagg, then bids its Hanger at once', () => {
    const hands = ['S7 S8 L7 E7 EA', 'S10 SU SO LU LO', 'H8 L8 E9 E10 SA', 'S9 L9 L10 EU EK'];
    const s = offered(hands, 'H9', [0, 0], 1, 'Gleich');
    expect(kind(decide(author, s, { bindPerlagg: false }))).toBe('gut');
    const a = decide(author, s);
    expect(kind(a)).toBe('hold');
    apply(s, a);
    toSeat(s, 2);
    expect(kind(decide(author, s))).toBe('bid Hanger');
    expect(kind(decide(author, s, { bindPerlagg: false }))).toBe('pass');
  });

  it('H-32: it does not commit the Perlagg that would make its Gleich excellent', () => {
    // P3: SA LA and the Perlagg HK: three Asse, or with E9 E10 a Hanger 9-10-U — not both
    const s = offered(['S7 S8 L7 L8 E7', 'S10 SU SO L9 E8', 'SA LA HK E9 E10', 'S9 L10 LU EU EK'], 'H9', [0, 0], 1, 'Hanger');
    expect(kind(decide(author, s))).toBe('gut');
    expect(kind(decide(author, s, { perlaggOtherUse: false }))).toBe('hold');
    expect(kind(decide(author, s, { excellentIdx: 17 }))).toBe('hold');
  });

  it('H-34: of two items from a bidder at 9 it lets the worse go gut', () => {
    const low = { gleichCount: 2, gleichRank: 1, hangerCount: 2, hangerTop: 1, vs9Steps: 0, severalSlack: 0 };
    const s = setup(['S7 S8 L7 E7 E8', 'S10 SU SO LU LO', 'SA EA HA L8 L9', 'S9 L10 E9 E10 EK'], 'H9', [3, 9]);
    toFirstCard(s);
    bid(s, 1, 'Gleich');
    apply(s, { kind: 'hold' }); // P3 holds the Gleich (three Asse)
    bid(s, 1, 'Hanger');
    expect(actingSeat(s)).toBe(2);
    expect(kind(decide(author, s, low))).toBe('gut');
    expect(kind(decide(author, s, { ...low, concedeWorse: false }))).toBe('hold');
  });

  it('H-39: near the end, against a party whom a lost hold lifts out of the Double, it holds only "mit Grund"', () => {
    const s = offered(E_TWO, 'E8', [9, 4], 1, 'Hanger');
    const base = { vs4Steps: 0, naturaSlack: 0 };
    expect(kind(decide(author, s, base))).toBe('gut');
    expect(kind(decide(author, s, { ...base, doubleAware: false }))).toBe('hold');
  });

  it('H-41: it holds rather than let a gut lift the bidder out of the Double', () => {
    const s = offered(H_910U, 'H9', [9, 5], 1, 'Hanger');
    expect(kind(decide(author, s, { naturaSlack: 0 }))).toBe('hold');
    expect(kind(decide(author, s, { naturaSlack: 0, doubleLineSlack: 0 }))).toBe('gut');
  });

  it('H-36: strong in Spiel and Gleich, the master holds a weak Hanger', () => {
    const s = offered(['S7 S8 L7 L8 E8', 'S10 SU SO L9 E9', 'HA SA LA HK E7', 'S9 L10 LU E10 EU'], 'H9', [0, 0], 1, 'Hanger');
    expect(kind(decide(author, s))).toBe('hold');
    expect(kind(decide(author, s, { masterTactic: false }))).toBe('gut');
  });

  it('spielHold: it holds a Spiel bid with Spiel strength from spielHold', () => {
    const s = offered(['S9 S8 L8 E8 EA', 'S10 SU SO L9 E9', 'HK H7 HA S7 L7', 'SA L10 LU E10 EU'], 'H9', [0, 0], 1, 'Spiel');
    expect(kind(decide(author, s))).toBe('hold');
    expect(kind(decide(author, s, { spielHold: 20 }))).toBe('gut');
  });

  it('vsDreiSteps: a Drei against its bid is held only with that much more', () => {
    const s = setup(['LU LO LK E7 S9', 'S10 SU SO L9 E9', 'S7 S8 L7 E8 EA', 'SA L10 L8 E10 EU'], 'H9');
    toFirstCard(s);
    bid(s, 0, 'Hanger');
    apply(s, { kind: 'raise', figure: 'Hanger', to: 3 });
    expect(actingSeat(s)).toBe(0);
    expect(kind(decide(author, s))).toBe('gut');
    expect(kind(decide(author, s, { vsDreiSteps: 0 }))).toBe('hold');
  });
});

describe('author1853: raising (H-35)', () => {
  it('holdFirst holds an uncertain strong figure; atOnce says Drei from dreiIdx', () => {
    const s = offered(['S7 S8 L7 L8 E8', 'S10 SU SO L9 E9', 'L10 LU LO LK E7', 'S9 LA E10 EU EK'], 'H9', [0, 0], 1, 'Hanger');
    expect(kind(decide(author, s, { sureIdx: 33 }))).toBe('hold');
    expect(kind(decide(author, s, { sureIdx: 33, drei: 'atOnce' }))).toBe('raise');
    expect(kind(decide(author, s, { sureIdx: 33, drei: 'atOnce', dreiIdx: 33 }))).toBe('hold');
    expect(kind(decide(author, s, { sureIdx: 23 }))).toBe('raise'); // certain: Drei at once under holdFirst too
  });
});

describe('author1853: bidding (H-02, H-15 … H-21, H-37, H-38)', () => {
  it('H-21: a Gleich from three Ober, a Hanger from Unter-Ober-König (thresholds movable); H-19 switches early bids off', () => {
    const s = setup(['HO SO LO H7 S9', 'S10 SU SK L9 E10', 'S7 S8 L7 L8 E9', 'SA LK LA EA H8'], 'E8');
    toFirstCard(s);
    expect(kind(decide(author, s))).toBe('bid Gleich');
    expect(kind(decide(author, s, { gleichRank: 7 }))).toBe('pass');
    expect(kind(decide(author, s, { earlyFigureBids: false }))).toBe('pass');
    const t = setup(['LU LO LK H7 S9', 'S10 SU SK L9 E10', 'S7 S8 L7 L8 E9', 'SA HO LA EA H8'], 'E8');
    toFirstCard(t);
    expect(kind(decide(author, t))).toBe('bid Hanger');
    expect(kind(decide(author, t, { hangerTop: 8 }))).toBe('pass');
    expect(kind(decide(author, t, { hangerCount: 4 }))).toBe('pass');
  });

  it('H-16: the Spiel at once with overwhelming cards', () => {
    const s = setup(['HK H7 HA H10 SA', 'S10 SU SO L9 E9', 'S7 S8 L7 L8 E8', 'S9 L10 LU E10 EU'], 'H9');
    toFirstCard(s);
    expect(kind(decide(author, s))).toBe('bid Spiel');
    expect(kind(decide(author, s, { spielAtOnce: 16 }))).not.toBe('bid Spiel');
  });

  const TWO_TRICKS = ['SA LA EA HA H8', 'S7 L7 E7 S8 L8', 'S9 L9 E9 S10 L10', 'E8 E10 SU LU EU'];
  it('H-15: two tricks and a good card: the Spiel', () => {
    const s = setup(TWO_TRICKS, 'H9');
    playCards(s, 'SA', 'S7', 'S9', 'SU', 'LA', 'L7', 'L9', 'LU');
    toSeat(s, 0);
    expect(kind(decide(author, s, { spielProspect: 20 }))).toBe('bid Spiel');
    expect(kind(decide(author, s, { spielProspect: 20, spielTricks: 4 }))).toBe('pass');
  });

  it('H-18: with some prospect after the first trick: the Spiel', () => {
    const s = setup(TWO_TRICKS, 'H9');
    playCards(s, 'SA', 'S7', 'S9', 'SU');
    toSeat(s, 0);
    expect(kind(decide(author, s))).toBe('bid Spiel');
    expect(kind(decide(author, s, { spielProspect: 20 }))).toBe('pass');
  });

  it('H-19: no such Spiel bid while the opponents hold our Gleich and we lack the best Perlagg', () => {
    const s = setup(['SA EA LA HA H8', 'S7 L7 E7 S8 L8', 'S9 L9 E9 S10 L10', 'SU LU EU E10 SK'], 'H9');
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    apply(s, { kind: 'hold' });
    playCards(s, 'SA', 'S7', 'S9', 'SU');
    toSeat(s, 0);
    expect(kind(decide(author, s))).toBe('pass');
    expect(kind(decide(author, s, { spielVsHeldGleich: false }))).toBe('bid Spiel');
  });

  it('H-37: far behind it bids its best figure first, below the thresholds', () => {
    const s = setup(['S7 L7 E8 S10 LU', 'S8 SU SO L9 E9', 'H8 L8 E7 EA SA', 'S9 L10 LO E10 EU'], 'H9', [2, 8]);
    toFirstCard(s);
    expect(kind(decide(author, s, { rescueRatschen: 0 }))).toBe('bid Gleich');
    expect(kind(decide(author, s, { rescueRatschen: 0, trailingBest: false }))).toBe('pass');
    expect(kind(decide(author, s, { rescueRatschen: 0, farBehind: 10 }))).toBe('pass');
  });

  it('H-38: hopeless, it bids all three unseen (an option, off by default)', () => {
    const s = setup(['S7 L7 E8 S10 LU', 'S8 SU SO L9 E9', 'H8 L8 E7 EA SA', 'S9 L10 LO E10 EU'], 'H9', [2, 9]);
    expect(s.phase).toBe('window');
    expect(kind(decide(author, s))).toBe('pass');
    expect(kind(decide(author, s, { blindAllThree: true }))).toBe('bid all');
  });

  it('H-02: Ratschen at its rate — off at ordinary scores, on far behind', () => {
    const hands = ['S7 L7 E8 S10 LU', 'S8 SU SO L9 E9', 'H8 L8 E7 EA SA', 'S9 L10 LO E10 EU'];
    const s = setup(hands, 'H9', [0, 0]);
    toFirstCard(s);
    expect(kind(decide(author, s))).toBe('pass');
    expect(kind(decide(author, s, { ratschen: 1 }))).toBe('bid Gleich');
    expect(kind(decide(author, s, { ratschen: 0.4 }, 0.5))).toBe('pass'); // the draw 0.5 is above the rate
    const t = setup(hands, 'H9', [2, 8]);
    toFirstCard(t);
    expect(kind(decide(author, t, { trailingBest: false }))).toBe('bid Gleich');
    expect(kind(decide(author, t, { trailingBest: false, rescueRatschen: 0 }))).toBe('pass');
  });

  it('H-20: late in the deal it bids a figure no opponent can beat on the cards seen', () => {
    // with sureIdx 1 every figure counts as certain: the switch and its start point are what is tested here
    const s = setup(['S7 L7 E8 S10 LU', 'S8 SU SO L9 E9', 'H8 L8 E7 EA SA', 'S9 L10 LO E10 EU'], 'H9');
    playCards(s, 'S7');
    toSeat(s, 1);
    const o = { sureIdx: 1, lateFrom: 0, earlyFigureBids: false };
    expect(kind(decide(author, s, o))).toBe('bid Gleich');
    expect(kind(decide(author, s, { ...o, lateCount: false }))).toBe('pass');
    expect(kind(decide(author, s, { ...o, lateFrom: 1 }))).toBe('pass');
  });
});

describe('author1853: trick play (H-03, H-07, H-11 … H-14, H-17)', () => {
  it('H-07: the trump As to a trumpless partner; no trump lead otherwise', () => {
    const hands = ['HA H10 S7 L7 E7', 'H8 S8 L8 E8 SK', 'S9 L9 E9 S10 L10', 'SU LU EU E10 LK'];
    const s = setup(hands, 'H9');
    toPlay(s);
    expect(played(decide(author, s, { trumpLead: 'always' }))).toBe(c('HA'));
    expect(played(decide(author, s))).not.toBe(c('HA')); // the partner's trumps are not known yet
    playCards(s, 'H10', 'H8', 'S9', 'SU'); // P3 shows he has no trump; P1 takes the trick
    toPlay(s);
    expect(actingSeat(s)).toBe(0);
    expect(played(decide(author, s))).toBe(c('HA'));
    expect(played(decide(author, s, { trumpLead: 'never' }))).not.toBe(c('HA'));
  });

  it('H-07: no low trump lead while another card can be led', () => {
    const s = setup(['H8 HA HK H7 HU', 'S8 SU SO L9 H10', 'S7 L8 E7 EA SA', 'S9 L10 LO E10 EU'], 'H9');
    toPlay(s);
    expect(played(decide(author, s, { bockLead: false }))).not.toBe(c('H8'));
    expect(played(decide(author, s, { lowTrumpLead: true }))).toBe(c('H8'));
  });

  it('H-11: it trumps whenever that wins; with trumpToWin off it saves the trump', () => {
    const s = setup(['S7 L7 E7 S9 L9', 'H8 L10 E9 LO EO', 'S8 L8 E8 S10 E10', 'SA SU LU EU LK'], 'H9');
    playCards(s, 'S7');
    toPlay(s);
    expect(actingSeat(s)).toBe(1);
    expect(played(decide(author, s))).toBe(c('H8'));
    expect(played(decide(author, s, { trumpToWin: false }))).not.toBe(c('H8'));
  });

  const PERLAGG = ['E9 SA LA S7 L7', 'S8 L8 EA E10 E7', 'HK LU LO S9 L9', 'S10 L10 EO SK LK'];
  it('H-12: a Perlagg takes a trick only at no cost to the figures ("free": like a trump)', () => {
    const s = setup(PERLAGG, 'H9');
    playCards(s, 'E9', 'EA');
    toPlay(s);
    expect(actingSeat(s)).toBe(2);
    expect(played(decide(author, s))).not.toBe(c('HK'));
    expect(played(decide(author, s, { perlaggTricks: 'free' }))).toBe(c('HK'));
    expect(played(decide(author, s, { perlaggTricks: 'decisive' }))).not.toBe(c('HK'));
  });

  it('H-13: in a trick that makes the Spiel the Perlagg is spent', () => {
    const s = setup(PERLAGG, 'H9');
    playCards(s, 'SA', 'S8', 'S9', 'S10', 'LA', 'L8', 'L9', 'L10', 'E9', 'EA');
    toPlay(s);
    expect(actingSeat(s)).toBe(2);
    expect(played(decide(author, s))).toBe(c('HK'));
    expect(played(decide(author, s, { askDecisive: false }))).not.toBe(c('HK'));
  });

  const BOCK = ['LA SK L7 E7 H8', 'L8 S7 S8 E8 EU', 'L9 S9 S10 E9 E10', 'L10 LU LO EK LK'];
  it('H-14: after winning a trick it leads a Bock', () => {
    // SA lies at the bottom of the stock, shown to all (RULES §4.5): SK is the best Schell left
    const stock = 'HA H10 HK H7 HU HO SU SO EO EA SA';
    const s = setup(BOCK, 'H9', [0, 0], '1853', stock);
    playCards(s, 'LA', 'L8', 'L9', 'L10');
    toPlay(s);
    expect(actingSeat(s)).toBe(0);
    expect(played(decide(author, s))).toBe(c('SK'));
    expect(played(decide(author, s, { bockLead: false }))).not.toBe(c('SK'));
    // H-03: without counting the bottom card the Schell As may be out there: SK is no Bock
    expect(played(decide(author, s, { useExchange: false }))).not.toBe(c('SK'));
  });

  it('H-17: a lost Spiel is conceded before it is bid', () => {
    const s = setup(['S7 L7 E7 S8 L8', 'SA LA EA HA H8', 'S9 L9 E9 S10 L10', 'SU LU EU E10 E8'], 'H9');
    playCards(s, 'S7', 'SA', 'S9', 'SU', 'LA', 'L9', 'LU', 'L7', 'EA');
    toPlay(s);
    expect(actingSeat(s)).toBe(2);
    expect(kind(decide(author, s))).toBe('concede');
    expect(kind(decide(author, s, { concedeHopeless: false }))).not.toBe('concede');
  });
});
