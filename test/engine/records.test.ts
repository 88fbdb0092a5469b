// game.ts's shared frozen records of trick play (playRecord, playEvent, trickEvent, spielEvent: each distinct record built
// and frozen once) against their slow twins, the frozen literals (…Checked): over the whole key space — every
// seat of the largest table and beyond, every card, every identity or none, every trick — the same fields in
// the same order, frozen, and the same record every time it is asked for. And recordShow (the shown cards as
// shared frozen records) against recordShowChecked at every showing choice of seeded random hands.
import { describe, expect, it } from 'vitest';
import { CHANCE, applyAction, chanceOutcomes, currentPlayer, isTerminal, legalActions, newHand } from '../../src/engine/game.ts';
import { allowedShows, recordShow, recordShowChecked } from '../../src/engine/showing.ts';
import { playEvent, playEventChecked, playRecord, playRecordChecked, spielEvent, spielEventChecked, trickEvent, trickEventChecked } from '../../src/engine/records.ts';
import { cloneState } from '../../src/engine/state.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { RULESETS } from './tables.ts';

const IDS: Array<number | null> = [null];
for (let a = 0; a <= 32; a++) IDS.push(a);

describe('shared trick-play records = their literals', () => {
  it('every (seat, card, as) and every trick', () => {
    // (mismatches collected and compared once: 90,000 expect calls would take seconds)
    const bad: string[] = [];
    let n = 0;
    for (let seat = 0; seat < 9; seat++) {
      for (let card = 0; card <= 32; card++) {
        for (const as of IDS) {
          const r = playRecord(seat, card, as);
          if (JSON.stringify(r) !== JSON.stringify(playRecordChecked(seat, card, as)) || !Object.isFrozen(r)) bad.push(`play record ${seat} ${card} ${as}`);
          if (seat < 8 && playRecord(seat, card, as) !== r) bad.push(`play record ${seat} ${card} ${as} not shared`);
          for (let trick = 0; trick < 9; trick++) {
            const e = playEvent(seat, card, as, trick);
            if (JSON.stringify(e) !== JSON.stringify(playEventChecked(seat, card, as, trick)) || !Object.isFrozen(e)) bad.push(`play event ${seat} ${card} ${as} ${trick}`);
            n++;
          }
        }
      }
    }
    for (let index = 0; index < 9; index++) {
      for (let winner = 0; winner < 9; winner++) {
        const e = trickEvent(index, winner);
        if (JSON.stringify(e) !== JSON.stringify(trickEventChecked(index, winner)) || !Object.isFrozen(e)) bad.push(`trick event ${index} ${winner}`);
      }
    }
    // the 'spiel' event: every party (-2 lapsed, -1, 0.., beyond the shared ones) and tricks per party, at two parties and others
    let spiels = 0;
    for (let party = -3; party < 10; party++) {
      for (let t0 = -1; t0 < 10; t0++) {
        for (let t1 = -1; t1 < 10; t1++) {
          for (const tricks of [[t0, t1], [t0, t1, 1], [t0 + 0.5, t1]]) {
            const e = spielEvent(party, tricks);
            if (JSON.stringify(e) !== JSON.stringify(spielEventChecked(party, tricks)) || !Object.isFrozen(e) || !Object.isFrozen(e.tricks) || e.tricks === tricks) bad.push(`spiel event ${party} ${tricks.join(' ')}`);
            const inSpace = party >= -2 && party < 8 && tricks.length === 2 && tricks.every((t) => Number.isInteger(t) && t >= 0 && t < 8);
            if ((spielEvent(party, tricks) === e) !== inSpace) bad.push(`spiel event ${party} ${tricks.join(' ')} shared: ${!inSpace}`);
            spiels++;
          }
        }
      }
    }
    expect(spiels).toBe(13 * 11 * 11 * 3);
    expect(bad).toEqual([]);
    expect(n).toBe(9 * 33 * 34 * 9);
    expect(playRecord(2, 5, null)).toBe(playRecord(2, 5, null));
    expect(playEvent(2, 5, 7, 3)).toBe(playEvent(2, 5, 7, 3));
    expect(trickEvent(4, 1)).toBe(trickEvent(4, 1));
  });
});

describe('recordShow = recordShowChecked', () => {
  it('every showing choice of every seat in seeded random hands of every ruleset and table size', () => {
    let n = 0;
    const bad: string[] = [];
    for (const spec of [...RULESETS, 'oberland{weliNaturalInFigures=true}']) {
      const r = resolveRuleset(spec);
      for (const players of [2, 4, 6]) {
        for (let d = 0; d < 10; d++) {
          let a = (players * 7919 + d * 104729) >>> 0;
          const below = (k: number): number => {
            a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
            return Math.floor((a / 4294967296) * k);
          };
          const s = newHand(r, { players, dealer: d % players });
          while (!isTerminal(s)) {
            if (s.phase === 'show') {
              // every seat yet to show (also those that will show without a choice), every choice
              for (let seat = 0; seat < s.table.seats; seat++) {
                if (s.shows[seat] !== null) continue;
                for (const o of allowedShows(s, seat)) {
                  const x = cloneState(s);
                  const y = cloneState(s);
                  recordShow(x, seat, o.as);
                  recordShowChecked(y, seat, o.as);
                  if (JSON.stringify([x.shows, x.events.at(-1), x.showAt]) !== JSON.stringify([y.shows, y.events.at(-1), y.showAt])) bad.push(`${spec} ${players} ${d} seat ${seat}`);
                  if (!Object.isFrozen(x.events.at(-1)) || !x.shows[seat]!.cards.every((c) => Object.isFrozen(c))) bad.push(`${spec} ${players} ${d} seat ${seat}: not frozen`);
                  n++;
                }
              }
            }
            if (currentPlayer(s) === CHANCE) applyAction(s, { kind: 'chance', outcome: below(chanceOutcomes(s)) });
            else {
              const legal = legalActions(s);
              applyAction(s, s.phase === 'window' ? legal[0]! : legal[below(legal.length)]!);
            }
          }
        }
      }
    }
    expect(bad).toEqual([]);
    expect(n).toBeGreaterThan(200);
  });
});
