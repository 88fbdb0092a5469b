// The coverage of the search's 95% intervals (issue 27 item 3: "intervals whose coverage is tested against
// a 10× longer run"): at decisions taken from seeded hands played by simple (1853 and Oberland, four players;
// bids, answers and card play), every option is priced twice — once with `worlds` worlds, once with 10× as
// many from an independent seed — and the short run's interval is counted as covering when it holds the long
// run's mean.
//   npx tsx scripts/interval-coverage.ts [--decisions 600] [--worlds 40] [--weights uniform|weighted] [--min-ess 0] [--seed 1]
// (--min-ess: the short run draws weighted worlds until that many are effective, search.ts minEss, and the long
// run until 10× as many are: 10× longer in effective worlds, the measure of its own noise. A long run of only
// 10 × --worlds would hold about 3.5× the short run's effective worlds, and a faithful interval would cover its
// mean only about 91.7% of the time.)
// What to expect: the long run's mean is itself off by σ/√(10n), so a faithful 95% interval covers it with
// probability P(|Z| < t(n−1)/√1.1) — 94.5% at 40 worlds, 93.8% in the limit (t → 1.96) — hence the window
// 93–97%. Options of one decision share their worlds (common random numbers): their coverage events are
// correlated, so the binomial interval printed (n = options) is somewhat too narrow; the decisions are many.
// test/search/interval-coverage.test.ts runs a short version of it.
import { pathToFileURL } from 'node:url';
import { keyedRng } from '../src/core/rng.ts';
import type { Observation } from '../src/engine/observation.ts';
import { playDeal } from '../src/play/hand.ts';
import { DEFAULT_SEARCH, type SearchConfig } from '../src/playout/search-config.ts';
import { searchDecision } from '../src/playout/decision.ts';
import { softened } from '../src/playout/inference.ts';
import { WorldError } from '../src/playout/worlds.ts';
import { builtinPolicy } from '../src/registry/policies.ts';
import { resolveRuleset } from '../src/rules/registry.ts';

export interface CoverageOptions {
  /** Decisions priced (half 1853, half Oberland). */
  readonly decisions: number;
  readonly worlds: number;
  readonly weights: SearchConfig['worldWeights'];
  readonly seed: number;
  /** The short run's minEss (weighted worlds drawn until this many are effective); 0 or absent: off. */
  readonly minEss?: number;
}

export interface Coverage {
  readonly decisions: number;
  readonly intervals: number;
  readonly covered: number;
  /** Mean effective worlds of the short runs. */
  readonly meanEss: number;
  /** Mean worlds drawn by the short runs (more than `worlds` with minEss). */
  readonly meanWorlds: number;
  /** CPU seconds of the short runs (user + system). */
  readonly shortCpu: number;
}

const PHASES = new Set(['play', 'window', 'answer']);

/** Observations of seeded hands played by simple at its decisions with a choice (bids, answers, card play). */
function decisionsOf(ruleset: string, count: number, seed: number): Observation[] {
  const r = resolveRuleset(ruleset);
  const simple = builtinPolicy('simple').create({});
  const out: Observation[] = [];
  for (let d = 0; out.length < count && d < count * 4; d++) {
    let k = 0;
    playDeal({
      ruleset: r,
      players: 4,
      policies: Array.from({ length: 4 }, () => ({ name: 'simple', policy: simple })),
      rootSeed: seed,
      dealIndex: d,
      dealer: d % 4,
      onDecision: (_s, _p, obs) => {
        if (out.length >= count || obs.trump === null || obs.legal.length < 2 || !PHASES.has(obs.phase)) return;
        if ((k++ + d) % 5 === 0) out.push(obs); // a few decisions of each hand
      },
    });
  }
  return out;
}

export function intervalCoverage(o: CoverageOptions): Coverage {
  const simple = builtinPolicy('simple').create({});
  const rng0 = keyedRng(0, 0, 0);
  const model = o.weights === 'weighted' ? softened('simple', (x) => simple.act(x, { rng: rng0 })) : null;
  const cfg = (worlds: number, minEss = 0): SearchConfig => ({ ...DEFAULT_SEARCH, worlds, objective: 'points', everyOption: true, worldWeights: o.weights, model, minEss });
  const half = Math.ceil(o.decisions / 2);
  const obs = [...decisionsOf('1853', half, o.seed), ...decisionsOf('oberland', o.decisions - half, o.seed)];
  let intervals = 0;
  let covered = 0;
  let ess = 0;
  let drawn = 0;
  let cpu = 0;
  let decisions = 0;
  obs.forEach((x, i) => {
    let short, long;
    try {
      const c0 = process.cpuUsage();
      short = searchDecision(x, cfg(o.worlds, o.minEss ?? 0), keyedRng(o.seed, i, 1));
      const c1 = process.cpuUsage(c0);
      cpu += (c1.user + c1.system) / 1e6;
      long = searchDecision(x, cfg(10 * o.worlds, 10 * (o.minEss ?? 0)), keyedRng(o.seed, i, 2));
    } catch (e) {
      if (e instanceof WorldError) return;
      throw e;
    }
    decisions++;
    ess += short.effectiveWorlds;
    drawn += short.worlds;
    short.options.forEach((a, j) => {
      const b = long.options[j]!;
      if (a.points === null || b.points === null || !(a.points.hi > a.points.lo)) return; // by rule, or no spread at all
      intervals++;
      if (a.points.lo <= b.points.mean && b.points.mean <= a.points.hi) covered++;
    });
  });
  return { decisions, intervals, covered, meanEss: decisions === 0 ? 0 : ess / decisions, meanWorlds: decisions === 0 ? 0 : drawn / decisions, shortCpu: cpu };
}

/** Wilson's 95% interval of a share. */
export function wilson(k: number, n: number): [number, number] {
  const z = 1.959964;
  const p = k / n;
  const c = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const h = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [c - h, c + h];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string, def: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1]! : def;
  };
  const o: CoverageOptions = { decisions: Number(arg('decisions', '600')), worlds: Number(arg('worlds', '40')), weights: arg('weights', 'uniform') as SearchConfig['worldWeights'], seed: Number(arg('seed', '1')), minEss: Number(arg('min-ess', '0')) };
  const t0 = process.cpuUsage();
  const c = intervalCoverage(o);
  const [lo, hi] = wilson(c.covered, c.intervals);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const all = process.cpuUsage(t0);
  console.log(`${o.weights} worlds, ${o.worlds} against ${10 * o.worlds}: ${c.covered} of ${c.intervals} intervals cover the long run's mean = ${pct(c.covered / c.intervals)} [${pct(lo)}, ${pct(hi)}] (${c.decisions} decisions, mean ESS ${c.meanEss.toFixed(1)}, mean worlds drawn ${c.meanWorlds.toFixed(1)}${o.minEss ? `, min-ess ${o.minEss}` : ''}; short runs ${c.shortCpu.toFixed(1)} s CPU, ${((all.user + all.system) / 1e6).toFixed(0)} s with the long runs); expected about 94.5% (window 93–97%)`);
}
