// exact --dealt: the exact figures of a hand as dealt (src/exact/dealt.ts) against the engine's own deal,
// as `perlagg simulate` runs it, for every ruleset, and against a closed form where one exists.
import { describe, expect, it } from 'vitest';
import { CardSet } from '../../src/cards/cardset.ts';
import type { Suit } from '../../src/cards/card.ts';
import { dealtDistribution, dealtMass, dealtSummary } from '../../src/exact/dealt.ts';
import { exactDistribution, exactSummary } from '../../src/exact/distribution.ts';
import { figureContext, figureWord5 } from '../../src/eval/evaluate.ts';
import { codeCount, wordGleich } from '../../src/eval/figures.ts';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { FastDealer } from '../../src/sim/fast-deal.ts';
import { intervalOf, type SimSpec } from '../../src/sim/job.ts';
import { runSimulation } from '../../src/runner/runner.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';

const spec = (ruleset: string, seed: number, trump: Suit | null = null, players = 4): SimSpec => ({ mode: 'figures', ruleset, players, policies: [], seed, constraints: { hands: {}, trump, predicate: null } });

describe('exact --dealt', () => {
  it('1853 (no cut keeping, every suit trump): the mean over the turned card t of exact(suit(t), --exclude t), to 1e-12', () => {
    const r = resolveRuleset('1853');
    let want = 0;
    for (let t = 0; t < 32; t++) {
      const d = exactDistribution(r, (['H', 'S', 'L', 'E'] as const)[t >> 3]!, CardSet.of([t]));
      want += exactSummary(d).dritzigesGleich / d.hands / 32;
    }
    const d = dealtDistribution(r);
    expect(dealtSummary(d).dritzigesGleich).toBeCloseTo(want, 12);
    expect(d.trumpProbability.every((p) => Math.abs(p - 0.25) < 1e-12)).toBe(true);
    // no keeping: the cutter's hand is any other hand
    expect(dealtSummary(d, 'cutter').dritzigesGleich).toBeCloseTo(dealtSummary(d, 'other').dritzigesGleich, 12);
  });

  it('every ruleset: simulate (the engine\'s deal, 100,000 deals) within 4 SE of the dealt figure, for three metrics', async () => {
    for (const [i, name] of RULESET_NAMES.entries()) {
      const r = resolveRuleset(name);
      const s = dealtSummary(dealtDistribution(r));
      const run = await runSimulation({ spec: spec(name, 20261201 + i), deals: 100_000, batchSize: 25_000, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null });
      for (const [metric, exact] of [['hand_gleich3', s.dritzigesGleich], ['hand_gleich3_perlaggen', s.dritzigesGleichThanksToPerlaggen], ['hand_hanger3', s.dritzigerHanger]] as const) {
        const iv = intervalOf(run.metrics[metric]!);
        expect(Math.abs(iv.estimate - exact) / iv.se, `${name} ${metric}: simulate ${iv.estimate} vs dealt ${exact}`).toBeLessThan(4);
      }
      // and the plain exact figure (a hand of the whole deck, Herz trump) is not what simulate measures
      if (name === 'oberland') {
        const plain = exactSummary(exactDistribution(r, 'H'));
        const iv = intervalOf(run.metrics['hand_gleich3']!);
        expect(Math.abs(iv.estimate - plain.dritzigesGleich / plain.hands) / iv.se).toBeGreaterThan(4);
      }
    }
  });

  it('the cutter\'s hand, the other hands and the trump, each against the engine\'s deal (Oberland, Innsbruck; 2, 3, 4 players)', () => {
    const cases: Array<[string, number, number]> = [['oberland', 4, 300_000], ['innsbruck', 4, 200_000], ['oberland', 2, 150_000], ['oberland', 3, 150_000], ['1853', 3, 100_000]];
    for (const [name, players, n] of cases) {
      const r = resolveRuleset(name);
      const d = dealtDistribution(r, { players });
      const fd = new FastDealer(r, players);
      const seats = fd.seats;
      expect(d.seats).toBe(seats);
      const out = { hands: new Int32Array(seats), weli: new Int32Array(seats), trump: 'H' as Suit, turned: 0 };
      const ctx = new Map(r.trumpSuitsAllowed.map((t) => [t, figureContext(r, t)]));
      let cut = 0;
      let oth = 0;
      let oth2 = 0;
      const trumps = new Map<Suit, number>();
      for (let i = 0; i < n; i++) {
        const dealer = i % seats;
        fd.deal(keyedRng(99, i, STREAM.deal), dealer, out);
        trumps.set(out.trump, (trumps.get(out.trump) ?? 0) + 1);
        const cx = ctx.get(out.trump)!;
        const cutter = (dealer + seats - 1) % seats;
        let o = 0;
        for (let seat = 0; seat < seats; seat++) {
          const g = codeCount(wordGleich(figureWord5(cx, out.hands[seat]!, out.weli[seat]!))) >= 3 ? 1 : 0;
          if (seat === cutter) cut += g;
          else o += g;
        }
        o /= seats - 1;
        oth += o;
        oth2 += o * o;
      }
      const pc = cut / n;
      const want = dealtSummary(d, 'cutter').dritzigesGleich;
      expect(Math.abs(pc - want) / Math.sqrt((want * (1 - want)) / n), `${name}/${players} cutter ${pc} vs ${want}`).toBeLessThan(4);
      const po = oth / n;
      const se = Math.sqrt((oth2 / n - po * po) / n); // per deal: the mean over its other hands (they are dependent)
      const wantO = dealtSummary(d, 'other').dritzigesGleich;
      expect(Math.abs(po - wantO) / se, `${name}/${players} others ${po} vs ${wantO}`).toBeLessThan(4);
      d.trumps.forEach((t, ti) => {
        const p = d.trumpProbability[ti]!;
        const f = (trumps.get(t) ?? 0) / n;
        expect(Math.abs(f - p) / Math.sqrt((p * (1 - p)) / n), `${name}/${players} trump ${t}`).toBeLessThan(4);
      });
      if (r.cutterKeepsPermanentPerlaggen) expect(want - wantO, `${name}: the cutter keeps Perlaggen, his hand is richer`).toBeGreaterThan(0.02);
    }
  });

  it('given the turn-up made a trump: the conditional figure, as simulate --trump measures it', async () => {
    const d = dealtDistribution(resolveRuleset('oberland'));
    const s = dealtSummary(d, 'seat', 'L');
    const run = await runSimulation({ spec: spec('oberland', 5, 'L'), deals: 60_000, batchSize: 20_000, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null });
    const iv = intervalOf(run.metrics['hand_gleich3']!);
    expect(Math.abs(iv.estimate - s.dritzigesGleich) / iv.se).toBeLessThan(4);
    // the mixture is the trump-weighted mean of the conditionals
    const mix = d.trumps.reduce((acc, t, i) => acc + d.trumpProbability[i]! * dealtSummary(d, 'seat', t).dritzigesGleich, 0);
    expect(mix).toBeCloseTo(dealtSummary(d).dritzigesGleich, 12);
    const m = dealtMass(d, 'cutter', 'H');
    expect(m.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(() => dealtMass(d, 'seat', 'E')).toThrow(/E cannot be trump in oberland/);
    expect(() => dealtDistribution(resolveRuleset('oberland'), { players: 6 })).toThrow(/2, 3 or 4 players/);
  });
});
