// Partien in series (src/play/partie.ts PartieSeries): the losers deal the next Partie, the
// Strohmann passes round (RULES §3 option b), and Partie k stays a pure function of (seed, k) however the
// Partien are split over batches.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { PartieSeries, partienPerMatch, type PartieResult } from '../../src/play/partie.ts';
import { probeTable } from '../../src/engine/game.ts';
import { createJob } from '../../src/sim/jobs.ts';
import type { SeatPolicy } from '../../src/play/hand.ts';

const simple = (): SeatPolicy => ({ name: 'simple', policy: builtinPolicy('simple').create({}) });
const loser = (res: PartieResult) => 1 - res.summary.winnerParty;

describe('Partien in series', () => {
  it('1853 [000 p.13] Innsbruck [003 §1] A-25: the losing party deals the next Partie; nextPartieDealer=continueRotation deals on and changes the result', () => {
    const r = resolveRuleset('1853');
    const table = probeTable(r, { players: 4 });
    // random players: with simple ones the last dealer is nearly always on the winning side, and then the
    // loser's next seat is the next seat anyway
    const random = (): SeatPolicy => ({ name: 'random', policy: builtinPolicy('random').create({}) });
    const series = new PartieSeries({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(random), rootSeed: 8 });
    const rotation = new PartieSeries({ ruleset: resolveRuleset('1853{nextPartieDealer=continueRotation}'), players: 4, policies: [0, 1, 2, 3].map(random), rootSeed: 8 });
    expect(series.perMatch).toBe(4);
    let differs = 0;
    for (let k = 0; k < 16; k++) {
      const a = series.play(k);
      const b = rotation.play(k);
      const m = Math.floor(k / 4);
      if (k % 4 === 0) {
        // a match begins with seat m mod 4
        expect(a.summary.firstDealer).toBe(m % 4);
        expect(b.summary.firstDealer).toBe(m % 4);
      } else {
        const pa = series.play(k - 1);
        const last = pa.dealers[pa.dealers.length - 1]!;
        // the loser's player next in the rotation after the last dealer
        const next = [1, 2, 3, 4].map((i) => (last + i) % 4).find((x) => table.party[x] === loser(pa))!;
        expect(a.summary.firstDealer).toBe(next);
        series.play(k); // back in order
        const pb = rotation.play(k - 1);
        expect(b.summary.firstDealer).toBe((pb.dealers[pb.dealers.length - 1]! + 1) % 4);
        rotation.play(k);
      }
      if (JSON.stringify(a.sheet) !== JSON.stringify(b.sheet)) differs++;
    }
    expect(differs).toBeGreaterThan(0); // the switch changes the result
  });

  it('1853 [000 p.12] RULES §3 option (b): with three players each holds the Strohmann once in every three Partien', () => {
    const r = resolveRuleset('1853');
    expect(partienPerMatch(r, 3)).toBe(3);
    const series = new PartieSeries({ ruleset: r, players: 3, policies: [0, 1, 2].map(simple), rootSeed: 9 });
    for (let m = 0; m < 2; m++) {
      const holders: number[] = [];
      for (let j = 0; j < 3; j++) {
        const res = series.play(m * 3 + j, { keepStates: true });
        const t = res.states[0]!.table;
        expect(t.dummySeat).toBe(res.dummySeat);
        holders.push(t.controller[t.dummySeat]!);
        for (const st of res.states) expect(st.table.dummySeat).toBe(t.dummySeat);
      }
      expect(holders.sort()).toEqual([0, 1, 2]);
    }
  });

  it('Partie k is the same however the Partien are split over batches (the match is replayed)', async () => {
    for (const [ruleset, players] of [['1853', 4], ['innsbruck', 4], ['1853', 3]] as const) {
      const job = await createJob({ mode: 'partien', ruleset, players, policies: ['simple'], seed: 31, constraints: { hands: {}, trump: null, predicate: null } });
      const whole = job.runBatch(0, 9);
      const parts = [job.runBatch(0, 2), job.runBatch(2, 7), job.runBatch(7, 9)];
      for (const [col, values] of Object.entries(whole.tables['partien']!)) {
        const joined = parts.flatMap((p) => Array.from(p.tables['partien']![col] as ArrayLike<number>));
        expect(joined, `${ruleset} ${players}: column ${col}`).toEqual(Array.from(values as ArrayLike<number>));
      }
      const dealers = Array.from(whole.tables['partien']!['first_dealer'] as ArrayLike<number>);
      expect(new Set(dealers).size).toBeGreaterThan(1);
    }
  });
});
