// Two runs of `bench/exploit.ts partien --per-pair` on the same seed, paired Partie pair by Partie pair (issue
// 28; docs/solved.md): the other arm's share of Partien won minus the base's, with the paired t interval over
// the pairs both runs played (src/stats/paired.ts, GUIDE §5: one value a pair), and each arm's share and its
// held Aus figures over those pairs (a share: clustered Wilson, shareInterval). A run split over several files (--from) is read as one.
import { readFileSync } from 'node:fs';
import { emptyPairAcc, pairedEstimate, pushPair, type PairAcc, type PairedEstimate } from '../src/stats/paired.ts';
import { wilson } from '../src/stats/intervals.ts';

/** One line of a --per-pair file. */
interface PairLine {
  readonly ruleset?: string;
  readonly seed?: number;
  readonly pair: number;
  readonly won: number;
  readonly ausWon?: number;
  readonly ausLost?: number;
}

export interface PairedRuns {
  /** The pairs both runs played. */
  readonly n: number;
  readonly base: { readonly won: PairedEstimate; readonly ausWon: number; readonly ausLost: number };
  readonly other: { readonly won: PairedEstimate; readonly ausWon: number; readonly ausLost: number };
  /** other − base, a share of Partien (×100: points of %). */
  readonly difference: PairedEstimate;
}

/** The lines of a run's files, by pair; a pair twice, a line that is not one, or two rulesets or seeds: an Error naming it. */
export function readRun(files: readonly string[], read: (f: string) => string = (f) => readFileSync(f, 'utf8')): Map<number, PairLine> {
  const out = new Map<number, PairLine>();
  let ruleset: string | undefined;
  let seed: number | undefined;
  for (const f of files) {
    for (const [i, text] of read(f).split('\n').entries()) {
      if (text.trim() === '') continue;
      let l: PairLine;
      try {
        l = JSON.parse(text) as PairLine;
      } catch {
        throw new Error(`${f}:${i + 1}: not a line of JSON`);
      }
      if (!Number.isInteger(l.pair) || typeof l.won !== 'number' || !(l.won >= 0 && l.won <= 1)) throw new Error(`${f}:${i + 1}: not a --per-pair line (a pair index and a share won in [0, 1])`);
      if (out.has(l.pair)) throw new Error(`${f}:${i + 1}: pair ${l.pair} twice`);
      if (l.ruleset !== undefined) {
        if (ruleset !== undefined && l.ruleset !== ruleset) throw new Error(`${f}:${i + 1}: ruleset ${l.ruleset}, but ${ruleset} before`);
        ruleset = l.ruleset;
      }
      if (l.seed !== undefined) {
        if (seed !== undefined && l.seed !== seed) throw new Error(`${f}:${i + 1}: seed ${l.seed}, but ${seed} before`);
        seed = l.seed;
      }
      out.set(l.pair, l);
    }
  }
  return out;
}

/** Pair two runs over the pairs both played; runs of other rulesets or seeds are not the same Partien: an Error. */
export function pairRuns(base: Map<number, PairLine>, other: Map<number, PairLine>): PairedRuns {
  const first = (m: Map<number, PairLine>) => m.values().next().value as PairLine | undefined;
  const [b0, o0] = [first(base), first(other)];
  if (b0?.ruleset !== undefined && o0?.ruleset !== undefined && b0.ruleset !== o0.ruleset) throw new Error(`the runs are of rulesets ${b0.ruleset} and ${o0.ruleset}: not the same Partien`);
  if (b0?.seed !== undefined && o0?.seed !== undefined && b0.seed !== o0.seed) throw new Error(`the runs are of seeds ${b0.seed} and ${o0.seed}: not the same Partien`);
  const accs = { base: emptyPairAcc(), other: emptyPairAcc(), diff: emptyPairAcc() };
  const aus = { base: [0, 0], other: [0, 0] };
  for (const [k, b] of [...base].sort((x, y) => x[0] - y[0])) {
    const o = other.get(k);
    if (o === undefined) continue;
    pushPair(accs.base, b.won);
    pushPair(accs.other, o.won);
    pushPair(accs.diff, o.won - b.won);
    aus.base[0]! += b.ausWon ?? 0;
    aus.base[1]! += b.ausLost ?? 0;
    aus.other[0]! += o.ausWon ?? 0;
    aus.other[1]! += o.ausLost ?? 0;
  }
  if (accs.diff.n === 0) throw new Error('the runs have no pair in common');
  return {
    n: accs.diff.n,
    base: { won: pairedEstimate(accs.base, SHARE), ausWon: aus.base[0]!, ausLost: aus.base[1]! },
    other: { won: pairedEstimate(accs.other, SHARE), ausWon: aus.other[0]!, ausLost: aus.other[1]! },
    difference: pairedEstimate(accs.diff, { kind: 'difference' }),
  };
}

/** A bot's share of Partien won: a per-pair proportion (0, 1/2, 1), its interval the clustered Wilson one. */
const SHARE = { kind: 'proportion' } as const;

/**
 * A share of Partien won over the pairs, with its 95% interval inside [0, 1] (src/stats/paired.ts; the t
 * interval left it at a handful of pairs: 6 pairs, 91.7% [70.2, 113.1]). No pair: NaN; one pair, or the same
 * share in every pair: its Wilson interval at n pairs.
 */
export function shareInterval(acc: PairAcc): { estimate: number; low: number; high: number } {
  const e = pairedEstimate(acc, SHARE);
  if (e.kind === 'interval') return { estimate: e.estimate, low: e.low, high: e.high };
  if (acc.n === 0) return { estimate: NaN, low: NaN, high: NaN };
  const p = acc.sum / acc.n;
  const w = wilson(p * acc.n, acc.n);
  return { estimate: p, low: w.low, high: w.high };
}
