// RULES §18.6: the Bieten golden cases BG-01 … BG-10 [001 pp.8-23], each a test named after it. The worked
// game (BG-01 … BG-03) is replayed from its committed recording, examples/bieten-worked-game.txt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/cards/notation.ts';
import { applyChecked, bidsAllowed, dealWithHands, legalActions, newDeal } from '../../src/games/bieten/engine.ts';
import { afterDeal } from '../../src/games/bieten/partie.ts';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { BietenState } from '../../src/games/bieten/state.ts';
import { observeBieten } from '../../src/games/bieten/observe.ts';
import { byName, lastPoints, replay, totals } from './helpers.ts';

const WORKED = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'bieten-worked-game.txt'), 'utf8');
const rules = resolveBietenRules('bieten');

/** The worked game up to and including deal k (1-based). */
function workedUpTo(k: number): string {
  const parts = WORKED.split(/^(?=deal )/m);
  return parts.slice(0, k + 1).join('');
}

/** Deal 3 of the worked game from a given score (C out), with B's bids and A's answers as given. */
function deal3(score: string, moves: string): string {
  return `game bieten
players A B C
score ${score}
out C
deal
dealer A
B: E9 E8 H8
A: LA L8 SK
B play E9
A play L8
${moves}`;
}

/** Play the rest of a deal: every seat lays its first legal card, no more bids. */
function playOut(s: BietenState): void {
  while (s.phase !== 'done') {
    const legal = legalActions(s);
    applyChecked(s, legal.find((a) => a.kind === 'play' || a.kind === 'pass' || a.kind === 'gut')!);
  }
}

const cards = (t: string) => parseCards(t);

describe('BG-01 … BG-03: the worked game zu sieben [001 pp.18-23]', () => {
  it('BG-01 worked deal 1: B 3, C 5, A 1 [001 p.18-20]', () => {
    const r = replay(workedUpTo(1));
    expect(lastPoints(r)).toEqual({ A: 1, B: 3, C: 5 });
    const s = r.states[0]!;
    const res = Object.fromEntries(s.results!.map((x) => [x.figure, [r.names[x.maker], x.points, x.how]]));
    expect(res).toEqual({
      Spiel: ['B', 2, 'held'],
      Hanger: ['B', 1, 'silent'],
      Herz: ['C', 2, 'held'],
      Laub: ['C', 3, 'groschenHeld'],
      Gleich: ['A', 1, 'silent'],
    });
  });

  it('BG-02 worked deal 2: C 3, A 4, B 0 (Bantl); totals B 3, C 8 (out), A 5 [001 p.20-22]', () => {
    const r = replay(workedUpTo(2));
    expect(lastPoints(r)).toEqual({ A: 4, B: 0, C: 3 });
    expect(totals(r)).toEqual({ A: 5, B: 3, C: 8 });
    expect(byName(r, r.states[1]!.outOrder)).toEqual(['C']);
    expect(r.loser).toBe(-1); // A and B play on
  });

  it('BG-03 worked deal 3: B goes out and A loses, whether A holds the Spiel or lets it gut [001 p.22-23]', () => {
    const whole = replay(WORKED); // A holds, as the recording has it
    expect(byName(whole, whole.outOrder)).toEqual(['C', 'B']);
    expect(whole.names[whole.loser]).toBe('A');
    expect(lastPoints(whole)).toEqual({ A: 1, B: 5, C: 0 });
    const held = replay(deal3('A 5 B 3 C 8', 'B bid Gleich\nA gut\nB bid Hanger\nA gut\nB bid Spiel\nA hold\nB play E8\nA play SK\nB play H8\nA play LA'));
    const gut = replay(deal3('A 5 B 3 C 8', 'B bid Gleich\nA gut\nB bid Hanger\nA gut\nB bid Spiel\nA gut\nB play E8\nA play SK\nB play H8\nA play LA'));
    for (const r of [held, gut]) {
      expect(byName(r, r.states[0]!.outOrder)).toEqual(['B']);
      expect(r.names[r.loser]).toBe('A');
    }
    expect(totals(held)).toMatchObject({ B: 8, A: 6 }); // the held Spiel goes out first: 5 + 2 = 7
    expect(totals(gut)).toMatchObject({ B: 7, A: 6 }); // 6 after the Spiel let gut, then his unbid Herz (H8) before A's Laub
  });
});

describe('BG-04 … BG-10', () => {
  it('BG-04 counterfactual of deal 3: with A at 6, correct play wins for B, bidding the Herz first loses [001 p.23]', () => {
    const start = newDeal(rules, { players: 3, dealer: 0, score: [6, 3, 8].map((x, i) => (i === 2 ? 0 : x)), out: [2], names: ['A', 'B', 'C'] });
    expect(bidsAllowed(start, 1)).toBe(3); // B needs 4: at most three figures
    expect(bidsAllowed(start, 0)).toBe(0); // A at target - 1: none
    for (const answer of ['hold', 'gut']) {
      const r = replay(deal3('A 6 B 3 C 8', `B bid Gleich\nA gut\nB bid Hanger\nA gut\nB bid Spiel\nA ${answer}\nB play E8\nA play SK\nB play H8\nA play LA`));
      expect(byName(r, r.states[0]!.outOrder)[0]).toBe('B');
      expect(r.names[r.loser]).toBe('A');
    }
    const careless = replay(deal3('A 6 B 3 C 8', 'B bid Herz\nA gut\nB bid Gleich\nA gut\nB bid Hanger\nA gut\nB play E8\nA play SK\nB play H8\nA play LA'));
    const s = careless.states[0]!;
    expect(s.penalties).toEqual([0, 0, 0]);
    expect(byName(careless, s.outOrder)).toEqual(['A', 'B']); // A's Laub goes out before B's Spiel
    expect(careless.names[careless.loser]).toBe('B');
  });

  it('BG-05 going-out rank with everyone at target - 1: Herz, then Laub, Gleich, Hanger; the last one loses [001 p.16-18]', () => {
    // X holds the only Herz (H7), Y the best Laub (LA), Z the only Gleich (two 7s), W the only Hanger (SA SK SO)
    const hands = [cards('H7 E9 S10'), cards('LA EK S8'), cards('L7 E7 SU'), cards('SA SK SO')];
    for (const [order, want] of [['herzFirst', [0, 1, 2, 3]], ['laubFirst', [1, 0, 2, 3]]] as const) {
      const r = resolveBietenRules(`bieten{goingOutOrder=${order}}`);
      const s = dealWithHands(r, { players: 4, dealer: 3, score: [6, 6, 6, 6] }, hands);
      for (let seat = 0; seat < 4; seat++) expect(bidsAllowed(s, seat)).toBe(0);
      playOut(s);
      expect(s.outOrder).toEqual(want);
      expect(afterDeal(s, []).loser).toBe(3); // W goes out last: he has lost
    }
    // no Herz, Laub, Gleich or Hanger anywhere: only then the Spiel goes out
    const plain = [cards('S7 E9 SK'), cards('S9 E7 EU'), cards('SU E10 S8'), cards('SA EK E8')];
    const s = dealWithHands(rules, { players: 4, dealer: 3, score: [6, 6, 6, 6] }, plain);
    playOut(s);
    expect(s.results!.filter((x) => x.figure !== 'Spiel').every((x) => x.maker === -1)).toBe(true);
    expect(s.outOrder).toEqual([s.tricks[2]!.winner]);
  });

  it('BG-06 bid limits by need: at 5 one figure, at 4 two, at 3 three, at 2 four, at 6 none (penalty 2) [001 p.17]', () => {
    for (const [score, n] of [[5, 1], [4, 2], [3, 3], [2, 4], [6, 0]] as const) {
      const s = newDeal(rules, { players: 2, dealer: 1, score: [score, 0] });
      expect(bidsAllowed(s, 0)).toBe(n);
    }
    // at 5: one figure; held, a second bid is an over-bid: void and punished
    const r = replay(`game bieten
      players P Q
      score P 5
      deal
      dealer Q
      P: HA LA E7
      Q: HK L8 E9
      P bid Herz
      Q hold
      P bid Laub
      P play E7
      Q play E9
      Q play HK
      P play HA
      P play LA
      Q play L8`);
    const s = r.states[0]!;
    expect(s.events.filter((e) => e.type === 'bid').map((e) => (e.type === 'bid' ? e.void : 'x'))).toEqual([null, 'overbid']);
    expect(s.penalties).toEqual([2, 0]);
    expect(s.figs[1]!.status).toBe('unbid'); // the void bid stands as not said: the Laub is scored silently
    expect(lastPoints(r)).toEqual({ P: 2 + 1 + 1 + 1 - 2, Q: 0 }); // Herz held 2, Laub, Gleich (two Asses), Spiel; penalty 2
    expect(byName(r, s.outOrder)).toEqual(['P']);
    // at 6: no bid at all
    const six = replay('game bieten\nplayers P Q\nscore P 6\ndeal\ndealer Q\nP: HA LA E7\nQ: HK L8 E9\nP bid Herz\nP play E7\nQ play E9\nQ play HK\nP play HA\nP play LA\nQ play L8');
    expect(six.states[0]!.events.find((e) => e.type === 'bid')).toMatchObject({ void: 'gestrichen' });
    expect(six.states[0]!.penalties[0]).toBe(2);
  });

  it('BG-07 the Vorgebotene goes out before rank: Q at 5 makes his held Hanger before P at 6 with the Herz As [001 p.18]', () => {
    const r = replay(`game bieten
      players P Q R
      score P 6 Q 5
      deal
      dealer R
      P: HA E7 S9
      Q: L9 L8 E10
      R: S7 EA LO
      P play E7
      Q bid Hanger
      R gut
      P hold
      Q play E10
      R play EA
      R play S7
      P play S9
      Q play L9
      P play HA
      Q play L8
      R play LO
      expect out Q P
      expect loser R`);
    expect(byName(r, r.outOrder)).toEqual(['Q', 'P']);
    // the reading "only a held figure its bidder makes goes first" gives the same here
    const alt = replay(`game bieten\nruleset bieten{vorgebotene=bidderOnly}\n${'players P Q R\nscore P 6 Q 5\ndeal\ndealer R\nP: HA E7 S9\nQ: L9 L8 E10\nR: S7 EA LO\nP play E7\nQ bid Hanger\nR gut\nP hold\nQ play E10\nR play EA\nR play S7\nP play S9\nQ play L9\nP play HA\nQ play L8\nR play LO'}`);
    expect(byName(alt, alt.outOrder)).toEqual(['Q', 'P']);
  });

  it('BG-08 a Groschen must be answered by everyone in turn until held; the maker writes 3, a silent one too [001 p.10-11]', () => {
    const hands = [cards('LK E7 S7'), cards('LO E8 S8'), cards('L7 E9 S9'), cards('LA E10 S10')];
    const start = () => {
      const s = dealWithHands(rules, { players: 4, dealer: 3 }, hands);
      applyChecked(s, { kind: 'bid', figure: 'Laub' }); // P1 (Vorhand) bids before leading
      applyChecked(s, { kind: 'groschen', figure: 'Laub' }); // P2 answers with Drei
      expect(observeBieten(s, 2).offer).toEqual({ figure: 'Laub', by: 1, level: 2, queue: [2, 3, 0] }); // P3, P4, then P1
      return s;
    };
    const a = start();
    for (let i = 0; i < 3; i++) applyChecked(a, { kind: 'gut' });
    expect(a.points).toEqual([0, 2, 0, 0]); // all let it gut: P2 writes 2 at once
    playOut(a);
    expect(a.results!.find((x) => x.figure === 'Laub')).toMatchObject({ maker: 1, points: 2, how: 'groschenGut' });
    const b = start();
    applyChecked(b, { kind: 'hold' }); // P3 holds: P4 and P1 need not answer
    expect(b.offer).toBeNull();
    expect(b.phase).toBe('play');
    playOut(b);
    expect(b.results!.find((x) => x.figure === 'Laub')).toMatchObject({ maker: 3, points: 3, how: 'groschenHeld' }); // P4, silent, has the LA
  });

  it('BG-09 a Herz led and not followed: the leader writes it, even with the 7; no Herz in play, nobody [001 p.14]', () => {
    const s = dealWithHands(rules, { players: 3, dealer: 2 }, [cards('H7 E9 S9'), cards('EA LK S10'), cards('SA E10 L8')]);
    playOut(s);
    expect(s.results!.find((x) => x.figure === 'Herz')).toMatchObject({ maker: 0, points: 1 });
    const none = dealWithHands(rules, { players: 3, dealer: 2 }, [cards('E7 E9 S9'), cards('EA LK S10'), cards('SA E10 L8')]);
    playOut(none);
    expect(none.results!.find((x) => x.figure === 'Herz')).toMatchObject({ maker: -1, points: 0 });
    // a higher Herz thrown off earlier (P2's HK on a Schell lead), then P1 leads the H7 and nobody follows:
    // "schreibt der Ausspieler eins und auch wenn er nur den Herz oder Laub=Siebener hätte" [001 p.14] — the
    // leader makes the Herz (default), or the highest card on the table (the switch unfollowedLead=highestCard)
    for (const [spec, maker] of [['bieten', 'P1'], ['bieten{unfollowedLead=highestCard}', 'P2']] as const) {
      const t = replay(`game bieten\nruleset ${spec}\nplayers P1 P2 P3\ndeal\ndealer P3
        P1: S7 H7 EA\nP2: HK E8 L9\nP3: S8 E9 L7
        P1 play S7\nP2 play HK\nP3 play S8\nP3 play E9\nP1 play EA\nP2 play E8\nP1 play H7\nP2 play L9\nP3 play L7`);
      const herz = t.states[0]!.results!.find((x) => x.figure === 'Herz')!;
      expect(t.names[herz.maker]).toBe(maker);
    }
  });

  it('BG-10 the Jagen example: 1 for the bluffer let gut, 2 for the Unter that holds, 3 for the As behind [001 p.13]', () => {
    const jagen = (p1: string, p4: string, moves: string) =>
      replay(`game bieten
        players P1 P2 P3 P4
        deal
        dealer P4
        P1: ${p1}
        P2: H8 E7 E8
        P3: S7 S8 E9
        P4: ${p4}
        P1 play HU
        P2 play H8
        P3 play S7
        P4 bid Herz
        ${moves}`);
    // (a) the HU believes him and runs away: P4 writes 1 with the lower card
    const a = jagen('HU SA EA', 'H10 S9 E10', 'P1 gut\nP2 gut\nP3 gut\nP4 play H10\nP1 play SA\nP2 play E7\nP3 play S8\nP4 play S9\nP1 play EA\nP2 play E8\nP3 play E9\nP4 play E10');
    expect(a.states[0]!.results!.find((x) => x.figure === 'Herz')).toMatchObject({ maker: 3, points: 1, how: 'gut' });
    // (b) P1 holds; having seen the H10 he gives a Groschen, P4 (and the others) let it gut: P1 still 2
    const b = jagen('HU SA EA', 'H10 S9 E10', 'P1 hold\nP4 play H10\nP1 Drei Herz\nP2 gut\nP3 gut\nP4 gut\nP1 play SA\nP2 play E7\nP3 play S8\nP4 play S9\nP1 play EA\nP2 play E8\nP3 play E9\nP4 play E10');
    expect(b.states[0]!.results!.find((x) => x.figure === 'Herz')).toMatchObject({ maker: 0, points: 2, how: 'groschenGut' });
    // (c) P1 with HK behind gives a Groschen at once; P4 holds it and makes it with the HA: 3
    const c = jagen('HU HK EA', 'H10 HA E10', 'P1 Drei\nP2 gut\nP3 gut\nP4 hold\nP4 play H10\nP1 play EA\nP2 play E7\nP3 play E9\nP4 play E10\nP1 play HK\nP2 play E8\nP3 play S8\nP4 play HA');
    expect(c.states[0]!.results!.find((x) => x.figure === 'Herz')).toMatchObject({ maker: 3, points: 3, how: 'groschenHeld' });
  });
});
