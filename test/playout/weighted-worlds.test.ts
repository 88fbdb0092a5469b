// Worlds weighted by what the table said (issue 27 item 2; src/playout/inference.ts, decision.ts
// weightedEstimate). The oracle is exact enumeration: late in a two-player hand every deal of the
// opponent's unseen cards is listed, those the engine agrees with (replay.ts: the same observation byte for
// byte) kept, each weighted by the model's likelihood of what the opponent said — the exact weighted value
// of a quantity is then Σ L·v / Σ L over all of them. The sampled estimate (uniform worlds, importance
// weights, self-normalised) must hold it within its 95% interval, at the rate an interval promises.
import { describe, expect, it } from 'vitest';
import { WELI } from '../../src/cards/card.ts';
import { observe } from '../../src/engine/observe.ts';
import { cloneState, LOC, type HandState } from '../../src/engine/state.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal } from '../../src/play/hand.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import type { Observation } from '../../src/engine/observation.ts';
import { Playout, ROLLOUT, effectiveSize, kernelPositionOf, newWorld, softened, weightedEstimate, worldLikelihood, worldSampler, type World } from '../../src/playout/api.ts';
import { agrees } from './replay.ts';

const simple = builtinPolicy('simple').create({});
const noRandom = { nextUint32: () => 0 } as never;
const model = softened('simple', (o) => simple.act(o, { rng: noRandom }));

/** Two-player Oberland hands played by simple, cut at a card decision of player 0 in trick 3 or later, where the opponent bid or answered. */
function latePositions(hands: number): HandState[] {
  const r = resolveRuleset('oberland');
  const out: HandState[] = [];
  for (let d = 0; d < hands && out.length < 8; d++) {
    let taken = false;
    playDeal({
      ruleset: r,
      players: 2,
      policies: [{ name: 'simple', policy: simple }, { name: 'simple', policy: simple }],
      rootSeed: 27,
      dealIndex: d,
      dealer: d % 2,
      onDecision: (s, p) => {
        if (taken || p !== 0 || s.phase !== 'play' || s.tricks.length < 2) return;
        const said = s.events.some((e) => (e.type === 'bid' || e.type === 'answer' || e.type === 'raise') && e.seat === 1);
        if (!said) return;
        // small enough to enumerate in a moment: at most 1,200 deals of the unseen cards
        const k = worldSampler(observe(s, 0)).knowledge;
        let deals = 1;
        for (let i = 0; i < k.hiddenPerSeat[1]!; i++) deals = (deals * (k.hidden.length - i)) / (i + 1);
        if (deals > 1200) return;
        taken = true;
        out.push(cloneState(s));
      },
    });
  }
  return out;
}

/** Every deal of the cards player 0 cannot see (the opponent's unseen cards, the rest to the stock) that the engine agrees with. */
function consistentWorlds(s: HandState): World[] {
  const obs = observe(s, 0);
  const k = worldSampler(obs).knowledge;
  const pool = k.hidden;
  const need = k.hiddenPerSeat[1]!;
  const out: World[] = [];
  const pick = (from: number, chosen: number[]): void => {
    if (chosen.length === need) {
      const w = newWorld(2);
      for (let seat = 0; seat < 2; seat++) {
        w.handLo[seat] = k.knownLo[seat]!;
        w.handWeli[seat] = k.knownWeli[seat]!;
      }
      let lo = k.stockKnownLo;
      let weli = k.stockKnownWeli;
      for (const c of pool) {
        if (chosen.includes(c)) c === WELI ? (w.handWeli[1] = 1) : (w.handLo[1]! |= 1 << c);
        else if (c === WELI) weli = 1;
        else lo |= 1 << c;
      }
      w.stockLo = lo >>> 0;
      w.stockWeli = weli;
      if (agrees(s, 0, w)) out.push(w);
      return;
    }
    for (let i = from; i <= pool.length - (need - chosen.length); i++) pick(i + 1, [...chosen, pool[i]!]);
  };
  pick(0, []);
  return out;
}

/** The quantity estimated: the points of the deal (player 0's party minus the opponent's) played out by simple in the kernel from world w. */
function valueOf(obs: Observation, w: World): number {
  const k = new Playout().load(kernelPositionOf(obs, w));
  k.rollout(ROLLOUT.simple, keyedRng(5, 0, 0));
  let v = 0;
  for (let f = 0; f < 3; f++) v += k.figureWinner[f] === 0 ? 1 : k.figureWinner[f] === 1 ? -1 : 0;
  return v;
}

describe('weighted worlds against exact enumeration', () => {
  it('the effective sample size is (Σw)² / Σw²; equal weights give the plain interval', () => {
    expect(effectiveSize([1, 1, 1, 1])).toBe(4);
    expect(effectiveSize([0, 0, 5, 0])).toBe(1);
    expect(effectiveSize([1, 2, 3])).toBeCloseTo(36 / 14, 12);
    expect(effectiveSize([0.2, 0.2, 0.4], 2)).toBe(2);
    const x = [3, -1, 2, 0, 5, 1];
    const e = weightedEstimate(x, x.map(() => 0.25));
    const m = 10 / 6;
    const sd = Math.sqrt(x.reduce((a, b) => a + (b - m) ** 2, 0) / 5);
    expect(e.mean).toBeCloseTo(m, 12);
    expect(e.ess).toBe(6);
    expect(e.hi - e.mean).toBeCloseTo(2.570582 * (sd / Math.sqrt(6)), 5); // t(0.975, 5)
    // one world of all the weight: its value, no width
    expect(weightedEstimate([7, 1, 2], [1, 0, 0])).toMatchObject({ mean: 7, lo: 7, hi: 7, ess: 1 });
  });

  it('late two-player positions: the self-normalised estimate holds the exact weighted value within its 95% interval (7 of 8 positions at least), where the uniform value often lies outside it', () => {
    const ps = latePositions(400);
    expect(ps.length).toBe(8);
    const rng = keyedRng(27, 1, 0);
    let covered = 0;
    let informative = 0;
    let moved = 0;
    const rows: string[] = [];
    for (const s of ps) {
      const obs = observe(s, 0);
      // exact: every consistent deal, weighted by the likelihood of the opponent's bids and answers
      const all = consistentWorlds(s);
      expect(all.length).toBeGreaterThan(4);
      const L = all.map((w) => worldLikelihood(obs, w, model));
      const v = all.map((w) => valueOf(obs, w));
      const exact = L.reduce((a, l, i) => a + l * v[i]!, 0) / L.reduce((a, b) => a + b, 0);
      const uniform = v.reduce((a, b) => a + b, 0) / v.length;
      if (Math.max(...L) > 2 * Math.min(...L)) informative++;
      // the true deal has a likelihood (it was played by simple: the model's choice every time)
      const truth = newWorld(2);
      for (let c = 0; c <= WELI; c++) {
        const at = s.loc[c]!;
        if (at === 0 || at === 1) c === WELI ? (truth.handWeli[at] = 1) : (truth.handLo[at]! |= 1 << c);
        else if (at === LOC.stock) c === WELI ? (truth.stockWeli = 1) : (truth.stockLo |= 1 << c);
      }
      expect(worldLikelihood(obs, truth, model)).toBeCloseTo(Math.max(...L), 12);
      // sampled: 300 uniform worlds, importance weights
      const sampler = worldSampler(obs);
      const n = 300;
      const xs = new Float64Array(n);
      const ws = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const w = sampler.sample(rng);
        xs[i] = valueOf(obs, w);
        ws[i] = worldLikelihood(obs, w, model);
      }
      const e = weightedEstimate(xs, ws);
      expect(e.ess).toBeCloseTo(effectiveSize(ws), 12);
      expect(e.ess).toBeGreaterThan(1);
      expect(e.ess).toBeLessThanOrEqual(n + 1e-9);
      if (e.lo <= exact && exact <= e.hi) covered++;
      if (uniform < e.lo || uniform > e.hi) moved++;
      rows.push(`${all.length} deals, exact ${exact.toFixed(3)} (uniform ${uniform.toFixed(3)}), estimate ${e.mean.toFixed(3)} [${e.lo.toFixed(3)}, ${e.hi.toFixed(3)}], ESS ${e.ess.toFixed(0)}`);
    }
    console.log(rows.join('\n'));
    expect(informative).toBeGreaterThanOrEqual(3);
    expect(covered).toBeGreaterThanOrEqual(7);
    expect(moved).toBeGreaterThanOrEqual(2);
  });
});
