// RULES §17.1 rules beyond the golden cases: the Spiel in the last trick (rule 14), play going on after a
// Spiel let gut (rule 14), the cut for the first dealer (rule 3), the next game's dealer (rule 23), flight of
// equal figures (rule 9), revokes (rule 16).
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/cards/notation.ts';
import { applyChecked, dealWithHands, legalActions } from '../../src/games/bieten/engine.ts';
import { cutForDealer, cutValue, nextGameDealer } from '../../src/games/bieten/partie.ts';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { Rng } from '../../src/core/rng.ts';
import { replay } from './helpers.ts';

const rules = resolveBietenRules('bieten');
const c = (t: string) => parseCards(t)[0]!;

describe('Bieten rules in play', () => {
  it('rule 14: once the last trick is led, only a player with its suit may bid or hold the Spiel; else void and punished', () => {
    // P1 leads E7 in the last trick; P2 holds no Eichel, P3 holds E9
    const s = dealWithHands(rules, { players: 3, dealer: 2 }, [parseCards('S7 S8 E7'), parseCards('S9 SU L7'), parseCards('S10 SO E9')]);
    for (const card of ['S7', 'S9', 'S10']) {
      if (s.phase === 'window') applyChecked(s, { kind: 'pass' });
      applyChecked(s, { kind: 'play', card: c(card) });
    }
    applyChecked(s, { kind: 'play', card: c('SO') }); // P3 wins trick 1 and leads SO
    applyChecked(s, { kind: 'play', card: c('S8') });
    applyChecked(s, { kind: 'play', card: c('SU') }); // P3 wins trick 2? SO > SU > S8: P3
    expect(s.tricks[1]!.winner).toBe(2);
    // last trick: P3 leads E9; P1 holds E7 (may bid Spiel), P2 holds L7 (may not)
    applyChecked(s, { kind: 'play', card: c('E9') });
    expect(s.turn).toBe(0);
    applyChecked(s, { kind: 'bid', figure: 'Spiel' }); // P1 with E7: valid
    expect(s.phase).toBe('answer');
    expect(s.offer!.queue[0]).toBe(1); // P2 answers first
    applyChecked(s, { kind: 'hold' }); // P2 holds without Eichel: void and punished
    expect(s.penalties[1]).toBe(rules.penalties.spielWithoutSuit);
    expect(legalActions(s).map((a) => a.kind)).toEqual(['gut', 'groschen']); // he answers again, not with hold
    applyChecked(s, { kind: 'gut' });
    applyChecked(s, { kind: 'hold' }); // P3 holds: he led the E9, a card of the suit lies in the trick for him
    expect(s.figs[4]!.status).toBe('held');
    expect(s.penalties).toEqual([0, 2, 0]);
  });

  it('rule 14: a Spiel let gut is written at once and play and bidding go on to the last card', () => {
    const r = replay('game bieten\nplayers A B\ndeal\ndealer B\nA: EA EK HU\nB: E7 S8 H7\nA bid Spiel\nB gut\nA play EA\nA pass\nB play E7\nA play EK\nB play S8\nA play HU\nB bid Herz\nA hold\nB play H7');
    const s = r.states[0]!;
    expect(s.tricks).toHaveLength(3);
    expect(s.results!.find((x) => x.figure === 'Spiel')).toMatchObject({ maker: 0, points: 1, how: 'gut' });
    expect(s.results!.find((x) => x.figure === 'Herz')).toMatchObject({ maker: 0, points: 2, how: 'held' });
  });

  it('rule 9: equal best Gleich flees — nobody writes it, and a point written when it was let gut is erased', () => {
    // A and B both hold two Neuner: the Gleich flees. A's Herz (H9, the only one) is his either way.
    for (const [spec, a] of [['bieten', 1], ['bieten{fleeCancelsGut=false}', 2]] as const) {
      const r = replay(`game bieten\nruleset ${spec}\nplayers A B C\ndeal\ndealer C\nA: H9 S9 E7\nB: L9 E9 S7\nC: SA SK L7
        A bid Gleich\nB gut\nC gut\nA play H9\nA pass\nB play L9\nC play L7\nA play S9\nB play S7\nC play SK\nC play SA\nA play E7\nB play E9`);
      expect(r.dealPoints[0]![0]).toBe(a);
      const gleich = r.states[0]!.results!.find((x) => x.figure === 'Gleich')!;
      expect(gleich.maker).toBe(spec === 'bieten' ? -2 : 0);
      expect(r.states[0]!.events.some((e) => e.type === 'erase')).toBe(spec === 'bieten');
    }
  });

  it('rule 16: a revoke costs the agreed penalty; the card stays where it was laid', () => {
    const r = replay('game bieten\nruleset bieten{penalties.revoke=3}\nplayers A B\ndeal\ndealer B\nA: EA E7 HU\nB: E8 S8 H7\nA play EA\nB play S8 revoke\nA play E7\nB play E8\nB play H7\nA play HU');
    const s = r.states[0]!;
    expect(s.penalties).toEqual([0, 3]);
    expect(s.tricks[0]!.plays[1]).toEqual({ seat: 1, card: c('S8'), revoke: true });
    expect(s.tricks[1]!.winner).toBe(1); // the withheld E8 takes the E7
  });

  it('rule 3: cutting for the first deal — the first As deals at once, else the lowest card; ties cut again', () => {
    expect(cutValue(c('HA'))).toBe(0);
    expect(cutValue(c('H7'))).toBe(1);
    expect(cutValue(c('HK'))).toBe(7);
    // the scripted rng returns the index in the remaining pack of the card we want
    const pick = (cards: string[]): Rng => {
      const pack = Array.from({ length: 32 }, (_, k) => k);
      let i = 0;
      return {
        below: () => {
          const k = pack.indexOf(c(cards[i++]!));
          pack.splice(k, 1);
          return k;
        },
      } as unknown as Rng;
    };
    expect(cutForDealer(3, pick(['HK', 'EA', 'S7'])).dealer).toBe(1); // the first As deals
    expect(cutForDealer(3, pick(['HK', 'E9', 'S8'])).dealer).toBe(2); // the lowest
    const tie = cutForDealer(3, pick(['H8', 'E8', 'SK', 'LU', 'H9']));
    expect(tie.cuts.map((x) => x.seat)).toEqual([0, 1, 2, 0, 1]);
    expect(tie.dealer).toBe(1); // H8 and E8 tie lowest: P1 and P2 cut again, LU against H9, and P2 (H9) deals
  });

  it('rule 23: in the next game the player right of the loser deals, so that the loser has the lead', () => {
    expect(nextGameDealer(3, 0)).toBe(2);
    expect(nextGameDealer(4, 2)).toBe(1);
  });
});
