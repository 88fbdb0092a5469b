// What the experiment files share: the policy specs, the sizes, the arm shapes.
import type { Arm, Sizes } from '../src/experiments/types.ts';

/** author1853 with these options ("author1853{holdSlack=3}"); no options: the author as he teaches. */
export function au(options: Readonly<Record<string, number | boolean | string>> = {}): string {
  const kv = Object.entries(options).map(([k, v]) => `${k}=${v}`);
  return kv.length === 0 ? 'author1853' : `author1853{${kv.join(',')}}`;
}

export const AUTHOR = au();

/** Hands at a level score: each run this many deals (a duplicate run plays each twice). */
export const HANDS: Sizes = { full: 8000, quick: 500, smoke: 8 };
/** Partien from a given score (short: a few deals each). */
export const PARTIEN_FROM: Sizes = { full: 4000, quick: 300, smoke: 4 };
/** Whole Partien from 0:0 (about six deals each). */
export const PARTIEN: Sizes = { full: 1500, quick: 80, smoke: 2 };

/** A against B on duplicate deals at a level score, points a hand (the claim: A earns more). */
export const h2h = (metric: Arm['metric'] = 'points', over: Partial<Arm> = {}): Arm => ({
  name: 'h2h',
  label: `A against B, duplicate deals, ${metric === 'points' ? 'points a hand' : 'Spiele won − lost a hand'}`,
  design: 'duplicate',
  mode: 'hands',
  metric,
  direction: 'greater',
  ...over,
});

/** A and B each against the simple policy on the same deals. */
export const vsSimple = (metric: Arm['metric'] = 'points', over: Partial<Arm> = {}): Arm => ({
  name: 'vs-simple',
  label: `A and B each against simple, same deals, ${metric === 'points' ? 'points a hand' : 'Spiele won − lost a hand'}`,
  design: 'side',
  mode: 'hands',
  metric,
  direction: 'greater',
  opponent: 'simple',
  ...over,
});

/** Partien from a score: the side under test (party 0) at score[0], A or B, against `opponent`. */
export const fromScore = (name: string, score: readonly number[], metric: Arm['metric'], direction: Arm['direction'], over: Partial<Arm> = {}): Arm => ({
  name,
  label: `Partien from ${score.join(':')} (the side under test at ${score[0]}), against ${over.opponent ?? 'author1853'}, ${metric}`,
  design: 'side',
  mode: 'partien',
  metric,
  direction,
  score,
  sizes: PARTIEN_FROM,
  ...over,
});
