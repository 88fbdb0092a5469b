// The last holes in the bidding war a replay checker found (issue 24), each a test named after the rule and
// its source. Every one of them failed before the fix it names.
import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../src/cards/notation.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { actingSeat, handFromLayout, legalActions } from '../../src/engine/game.ts';
import { applyChecked, explainIllegal } from '../../src/engine/checked.ts';
import type { FigureName, PolicyAction } from '../../src/engine/actions.ts';
import type { HandState } from '../../src/engine/state.ts';

const c = parseCard;

/** A 4-player hand; dealer P4 unless said (then P1, party A, leads); hands in seat order P1..P4. */
function setup(ruleset: string, turned: string, hands: readonly string[], score: number[] = [0, 0], dealer = 3): HandState {
  return handFromLayout(resolveRuleset(ruleset), { players: 4, dealer, score, quietSeats: 0b1111 }, { hands: hands.map((h) => parseCards(h)), turned: c(turned) });
}
/** Pass in the open window until `seat` is to act. */
function toSeat(s: HandState, seat: number): void {
  while (s.phase === 'window' && actingSeat(s) !== seat) applyChecked(s, { kind: 'pass' });
  if (s.phase !== 'window') throw new Error(`no window for P${seat + 1} (phase ${s.phase})`);
}
/** Skip the unseen window (point −1). */
function toFirstCard(s: HandState): void {
  while (s.phase === 'window' && s.bid.point < 0) applyChecked(s, { kind: 'pass' });
}
function passWindows(s: HandState): void {
  while (s.phase === 'window' || s.phase === 'veto') applyChecked(s, { kind: s.phase === 'veto' ? 'consent' : 'pass' });
}
function bid(s: HandState, seat: number, ...figures: FigureName[]): void {
  toSeat(s, seat);
  applyChecked(s, { kind: 'bid', figures, cumulative: false, unseen: s.bid.point < 0 });
  while (s.phase === 'veto') applyChecked(s, { kind: 'consent' });
}
const has = (s: HandState, a: PolicyAction): boolean => legalActions(s).some((x) => JSON.stringify(x) === JSON.stringify(a));
const bidsOf = (s: HandState) => legalActions(s).filter((a) => a.kind === 'bid');

describe('1853: a vetoed blind all-three bid [000 p.29, p.31, p.33]', () => {
  // 1853, trump Schell. Party A (P1, P3) at 10: P1 four Unter (HU LU EU + S7 as SU). Party B (P2, P4) at 3.
  const ASK = ['HU LU EU S7 H9', 'HA LA EA S10 L8', 'HK LK E9 H10 L7', 'EK S8 L10 E8 H8'];

  it('[000 p.33] a protested bid is void: a vetoed blind all-three bid leaves no trace — the party at 10 keeps its ask, the opponents still may bid only all three blind ([000 p.29, p.31])', () => {
    // Dealer P1: Vorhand P2 (party B) speaks first in the unseen window.
    const s = setup('1853', 'S9', ASK, [10, 3], 0);
    expect(actingSeat(s)).toBe(1);
    const blind = bidsOf(s).find((a) => a.kind === 'bid' && a.cumulative)!;
    applyChecked(s, blind); // "alle Drei", cards unseen [000 p.31]
    expect(s.phase).toBe('veto');
    expect(actingSeat(s)).toBe(3);
    applyChecked(s, { kind: 'veto' }); // P4 protests at once, before the opponents answer [000 p.33]
    expect(s.bid.figs.every((f) => f.status === 'unbid')).toBe(true);
    // no trace: the ask of the party at 10 is not removed ...
    expect(s.bid.unseenAll).toBe(0);
    // ... and P4, B's other seat, may still bid only all three blind ("die Gegenparthei darf ihr durch
    // Biethen hierin nicht zuvorkommen" [000 p.29]: only the blind all-three bid of [000 p.31] is left to it)
    toSeat(s, 3);
    const left = bidsOf(s);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((a) => a.kind === 'bid' && a.figures.length === 3)).toBe(true);
    toFirstCard(s);
    // before the first card the party at 10 may ask for its Dritzige ("um's Dritzige fragen" [000 p.29])
    toSeat(s, 0);
    expect(has(s, { kind: 'ask', count: 4, type: 'Gleich' })).toBe(true);
    applyChecked(s, { kind: 'ask', count: 4, type: 'Gleich' });
    applyChecked(s, { kind: 'allow' });
    expect(s.bid.partieWinner).toBe(0);
  });

  it('[000 p.31] the same bid not vetoed takes the ask away (GC-48)', () => {
    const s = setup('1853', 'S9', ASK, [10, 3], 0);
    applyChecked(s, bidsOf(s).find((a) => a.kind === 'bid' && a.cumulative)!);
    applyChecked(s, { kind: 'consent' });
    expect(s.bid.unseenAll).toBe(2);
    passWindows(s);
    expect(legalActions(s).some((a) => a.kind === 'ask')).toBe(false);
  });
});

describe('1853: the asker and the rejecter stay bound to the Dritzige [000 p.30] rule 3', () => {
  // 1853, trump Schell (Perlaggen SK S7 SU SO). P1 (party A, at 10): HU LU and S7 make three Unter; any
  // Hanger of his needs the S7 too. P2 (party B, at 3): HA LA and SO make three Asse; any Hanger of his
  // needs the SO too. Neither can show a Hanger together with his Dritzige.
  const BOUND = ['HU LU S7 H9 EA', 'HA LA SO S10 L8', 'HK LK E9 H10 L7', 'EK S8 L10 E8 H8'];
  const HANGER: PolicyAction = { kind: 'bid', figures: ['Hanger'], cumulative: false, unseen: false };
  const asked = (ruleset: string): HandState => {
    const s = setup(ruleset, 'S9', BOUND, [10, 3]);
    toFirstCard(s);
    toSeat(s, 0);
    applyChecked(s, { kind: 'ask', count: 3, type: 'Gleich' }); // "um's Dritzige fragen" [000 p.29]
    applyChecked(s, { kind: 'reject' }); // P2: "es ist nicht gut, es wird zurückgewiesen"
    return s;
  };

  it('[000 p.30] rule 3 "dürfen im Verlaufe des Spieles nicht mehr davon abgehen": a bound seat may not bid, hold or raise a figure it cannot show together with the Dritzige (askObligation=dritzigeFirst)', () => {
    const s = asked('1853');
    toSeat(s, 1);
    // the rejecter may bid what he can show with his three Asse (the Gleich, the Spiel), not the Hanger
    expect(has(s, { kind: 'bid', figures: ['Gleich'], cumulative: false, unseen: false })).toBe(true);
    expect(has(s, { kind: 'bid', figures: ['Spiel'], cumulative: false, unseen: false })).toBe(true);
    expect(bidsOf(s).some((a) => a.kind === 'bid' && a.figures.includes('Hanger'))).toBe(false);
    expect(explainIllegal(s, HANGER)).toMatch(/P2 is bound to the Dritzige .* cannot show the Hanger together with it \(\[000 p\.30\] rule 3/);
    // P4, not bound, bids the Hanger; it is answered by P1, the bound asker: he may only let it gut
    toSeat(s, 3);
    applyChecked(s, HANGER);
    applyChecked(s, { kind: 'consent' }); // (P2 lets his partner's bid stand)
    expect(s.phase).toBe('answer');
    expect(actingSeat(s)).toBe(0);
    expect(legalActions(s)).toEqual([{ kind: 'gut' }]);
    expect(explainIllegal(s, { kind: 'hold' })).toMatch(/P1 is bound to the Dritzige/);
  });

  it('[000 p.30] rule 3, A-30 switch askObligation=bidsFirst: the Dritzige binds like a bid — the bound seat may bid anything, and the figure said binds first', () => {
    const s = asked('1853{askObligation=bidsFirst}');
    toSeat(s, 1);
    expect(has(s, HANGER)).toBe(true);
    expect(() => setup('oberland{askObligation=bidsFirst}', 'S9', BOUND)).toThrow(/askObligation/);
  });

  it('[000 p.30] rule 3 against [000 p.25-26]: where the Dritzige and a figure bid collide, the Dritzige keeps its Perlagg (askObligation=dritzigeFirst); bidsFirst: the Hanger does — neither releases the seat', () => {
    // askFirst=false lets P2 bid the Hanger before the ask: dealer P1, Vorhand P2.
    const collide = (ruleset: string): HandState => {
      const s = setup(ruleset, 'S9', BOUND, [10, 3], 0);
      toFirstCard(s);
      bid(s, 1, 'Hanger');
      applyChecked(s, { kind: 'hold' }); // P3 holds: P2 is bound to a Hanger, which needs his SO
      while (s.phase === 'veto') applyChecked(s, { kind: 'consent' });
      toSeat(s, 0);
      applyChecked(s, { kind: 'ask', count: 3, type: 'Gleich' });
      expect(actingSeat(s)).toBe(1);
      applyChecked(s, { kind: 'reject' }); // and to three Asse, which need it too
      passWindows(s);
      expect(s.phase).toBe('play');
      expect(actingSeat(s)).toBe(1);
      return s;
    };
    const soAs = (s: HandState) => legalActions(s).filter((a) => a.kind === 'play' && a.card === c('SO')).map((a) => (a.kind === 'play' ? a.as : null));
    const asse = parseCards('HA SA LA EA');
    const d = soAs(collide('1853{askFirst=false}'));
    expect(d.length).toBe(4);
    expect(d.every((x) => asse.includes(x!))).toBe(true); // only as an As: the Dritzige first
    const b = soAs(collide('1853{askFirst=false,askObligation=bidsFirst}'));
    expect(b.length).toBeGreaterThan(0);
    expect(b.some((x) => asse.includes(x!))).toBe(false); // the Hanger first: HK, LK, SU, S9, L9, L7
    expect(b.sort()).toEqual(parseCards('HK LK SU S9 L9 L7').sort());
  });
});

describe('Oberland, Südtirol: "Viertig nicht erlaubt!" → "Fünftig erlaubt?" [002 §1.6], A-40', () => {
  // Trump Laub. KINGS: HK LK SK EK and the Weli as a König make five Könige; ASSE: four natural Asse.
  const KINGS = 'HK LK SK EK W';
  const ASSE = 'HA LA SA EA H9';
  const REST = ['HO LO E9 H10 L7', 'EO S8 L10 E8 H8'];
  const asks = (s: HandState) => legalActions(s).filter((a) => a.kind === 'ask').map((a) => (a.kind === 'ask' ? a.count : 0));

  it('[002 §1.6] "man kann aber auch erhöhen": one number at a time — a rejected "tritzig" is raised to Viertig, not straight to Fünftig', () => {
    const s = setup('suedtirol', 'L9', [KINGS, ASSE, ...REST], [17, 0]);
    toFirstCard(s);
    toSeat(s, 0);
    expect(new Set(asks(s))).toEqual(new Set([3, 4, 5])); // the first ask may name any of them
    applyChecked(s, { kind: 'ask', count: 3, type: 'Gleich' });
    applyChecked(s, { kind: 'reject' }); // "tritzig nicht erlaubt!"
    expect(actingSeat(s)).toBe(0);
    expect(new Set(asks(s))).toEqual(new Set([4])); // "Viertig erlaubt?", no jump
    applyChecked(s, { kind: 'ask', count: 4, type: 'Gleich' });
    applyChecked(s, { kind: 'reject' });
    expect(new Set(asks(s))).toEqual(new Set([5]));
    applyChecked(s, { kind: 'ask', count: 5, type: 'Gleich' }); // "Fünftig erlaubt?": P2 has no five
    expect(legalActions(s)).toEqual([{ kind: 'allow' }]);
    applyChecked(s, { kind: 'allow' });
    expect(s.bid.partieWinner).toBe(0);
  });

  it('A-40 "either side may raise": the rejecter gets a turn to raise, even when his seat has spoken in the window; at target − 1 his allowed Fünftig puts him out', () => {
    // Both at 14; dealer P1, so P2 speaks first and P1, the asker, last in the window before the first card.
    const s = setup('oberland', 'L9', [ASSE, KINGS, ...REST], [14, 14], 0);
    toFirstCard(s);
    toSeat(s, 0);
    applyChecked(s, { kind: 'ask', count: 4, type: 'Gleich' }); // "Viertig erlaubt?"
    applyChecked(s, { kind: 'reject' }); // P2: "Viertig nicht erlaubt!"
    expect(actingSeat(s)).toBe(0);
    expect(asks(s)).toEqual([5, 5]); // the asker may raise first
    applyChecked(s, { kind: 'pass' });
    expect(s.phase).toBe('window');
    expect(actingSeat(s)).toBe(1); // then the rejecter
    expect(asks(s)).toEqual([5, 5]);
    applyChecked(s, { kind: 'ask', count: 5, type: 'Gleich' }); // "Fünftig erlaubt?"
    expect(actingSeat(s)).toBe(2); // answered by P1's party, its first seat clockwise: P3
    expect(legalActions(s)).toEqual([{ kind: 'allow' }]); // nobody there has five: no "nicht erlaubt"
    applyChecked(s, { kind: 'allow' });
    expect(s.bid.partieWinner).toBe(1);
  });

  it('A-40: a Fünftig raised by the side below target − 1 only beats the asked figure — nothing is written, play goes on; one that does not exist is a Bummerl', () => {
    const below = (p2: string) => {
      const s = setup('oberland', 'L9', [ASSE, p2, ...REST], [14, 5], 0);
      toFirstCard(s);
      toSeat(s, 0);
      applyChecked(s, { kind: 'ask', count: 4, type: 'Gleich' });
      applyChecked(s, { kind: 'reject' });
      applyChecked(s, { kind: 'pass' });
      applyChecked(s, { kind: 'ask', count: 5, type: 'Gleich' });
      applyChecked(s, { kind: 'allow' });
      return s;
    };
    const s = below(KINGS);
    expect(s.bid.partieWinner).toBe(-1);
    expect(s.bid.written).toEqual([0, 0]);
    passWindows(s);
    expect(s.phase).toBe('play');
    // four Könige without the Weli: enough to reject the Viertig, not to make the Fünftig P2 announces
    const t = below('HK LK SK EK H7');
    expect(t.bid.partieWinner).toBe(0); // Bummerl: the announced figure does not exist
  });
});

describe('revokes (the revoke switch, recorded games): [003 §17], [000 p.31]', () => {
  const play = (s: HandState, card: string, infraction = false) => {
    passWindows(s); // (nobody bids)
    applyChecked(s, { kind: 'play', card: c(card), as: null }, { infraction });
  };
  /** Play the hand out: pass, consent, allow or gut in bidding, else the first legal action. */
  const finish = (s: HandState) => {
    for (let i = 0; i < 500 && s.phase !== 'done'; i++) {
      const legal = legalActions(s);
      applyChecked(s, legal.find((a) => ['pass', 'consent', 'allow', 'gut'].includes(a.kind)) ?? legal[0]!);
    }
  };

  it('Innsbruck [003 §17] "Farbleugnen bedeutet Spiel-Verlust und zwei Punkte Strafe" also with three players each for himself: the revoker pays 2 and cannot make the Spiel', () => {
    // Innsbruck, three players (each for himself, [003 Intro 2]), trump Schell; no Perlagg dealt. P2 holds
    // HA but throws E9 on P1's Herz lead; with his Asse and the SA he takes three tricks all the same.
    const s = handFromLayout(resolveRuleset('innsbruck'), { players: 3, dealer: 2, quietSeats: 0b111 }, {
      hands: ['H8 L7 L8 E8 H7', 'HA E9 LA EA SA', 'H10 L9 LK EK E10'].map((h) => parseCards(h)),
      turned: c('S9'),
    });
    expect(s.table.parties).toBe(3);
    play(s, 'H8');
    play(s, 'E9', true);
    play(s, 'H10');
    finish(s);
    expect(s.tricksWon[1]).toBeGreaterThanOrEqual(3); // the tricks are his ...
    expect(s.figureWinners!.Spiel).toBe(-1); // ... the Spiel is not (with three, nobody else has it)
    expect(s.bid.penalties).toEqual([0, 2, 0]);
    const gained = s.events.filter((e) => e.type === 'figure' && e.party === 1).reduce((n, e) => n + (e.type === 'figure' ? e.points : 0), 0);
    expect(s.points[1]).toBe(gained - 2); // (his four Asse make the Gleich)
    expect(s.events.some((e) => e.type === 'revoke' && e.penalty === 'spielPlus2')).toBe(true);
  });

  it('1853 [000 p.31] a double revoke with a single card of the suit: "die später bei ihm zum Vorschein kommende Farbe" is put in place of the first wrong card; then he held no Herz at the second — that card was no revoke, and no trump is put in its place', () => {
    // 1853, trump Schell (S9 turned). P2's only Herz is the H7; he also holds a plain trump, the SA.
    const s = setup('1853', 'S9', ['HA HK L7 E7 E8', 'H7 SA E9 L8 L9', 'H10 HO LA LK EK', 'H9 H8 LO LU EA']);
    passWindows(s);
    play(s, 'HA');
    play(s, 'E9', true); // holding H7
    play(s, 'H10');
    play(s, 'H9');
    passWindows(s);
    play(s, 'HK');
    play(s, 'L8', true); // holding H7 still
    play(s, 'HO');
    play(s, 'H8');
    passWindows(s);
    play(s, 'L7');
    play(s, 'L9');
    play(s, 'LA');
    play(s, 'LO'); // party A has three tricks: trick play is over, the revokes are found
    const revokes = s.events.filter((e) => e.type === 'revoke');
    expect(revokes).toEqual([{ type: 'revoke', seat: 1, trick: 0, card: c('E9'), substitute: c('H7'), penalty: 'substitute' }]);
    expect(s.tricks[0]!.plays[1]).toMatchObject({ seat: 1, card: c('H7') });
    expect(s.tricks[1]!.plays[1]).toMatchObject({ seat: 1, card: c('L8') }); // not the SA
    expect(s.revokes.map((x) => x.cleared)).toEqual([false, true]);
    expect(s.tricksWon).toEqual([3, 0]);
    expect(s.spielParty).toBe(0);
  });
});
