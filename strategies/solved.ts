// solved: the bidding war played by the table a CFR run learnt (issue 28; docs/solved.md) — every bid
// decision (bid window, answer, ask answer, veto) reduced to its abstract decision (solved-layer.ts) and
// played at the table's mixed strategy, drawn from the seat's own stream; everything else (the exchange,
// the cards, the showing, table talk) and any decision the table knows neither by its key nor by its coarse
// key (score and position left out: solved-layer.ts, the fallback of keys valued too seldom) is its card-play bot's
// (`cards`, default author1853, the bot the tables were learnt under). The tables are data: strategies/solved/<ruleset>.json, each with the command
// and the seed that rebuilt it (scripts/solve.ts). A ruleset without a table of its own plays as `cards`.
//
// solvedBidAction is the same layer as a function, for another bot's bid layer or model of the other seats
// (pimc, advise: issue 28 item 3).
import { definePolicy, type Observation, type PolicyAction, type RandomSource } from '../src/policy/api.ts';
import { abstractDecision, answerKeyOf, gleichBucket, hangerBucket, probsOf, spielBucketOf } from './solved-layer.ts';
import type { AnswerQuery } from '../src/playout/api.ts';
import simple from './simple.ts';
import author1853 from './author1853.ts';
import t1853 from './solved/1853.json' with { type: 'json' };
import tOberland from './solved/oberland.json' with { type: 'json' };

interface Table {
  readonly ruleset: string;
  readonly keys: Readonly<Record<string, readonly number[]>>;
}

const TABLES: ReadonlyMap<string, Table> = new Map((([t1853, tOberland] as Table[]).map((t) => [t.ruleset.split('{')[0]!, t])));

/** The table for a ruleset (its base name: 1853, oberland …), if one was solved. */
export function solvedTable(ruleset: string): Table | undefined {
  return TABLES.get(ruleset.split('{')[0]!);
}

/**
 * The solved layer's action at a bid decision, drawn from `rng`; null when it has none (not a bid decision,
 * no table for the ruleset, or a key the table knows neither by itself nor by its coarse key): then the caller decides.
 */
export function solvedBidAction(obs: Observation, rng: RandomSource): PolicyAction | null {
  const dec = abstractDecision(obs);
  if (dec === null) return null;
  if (dec.actions.length === 1) return dec.actions[0]!;
  const t = solvedTable(obs.ruleset);
  const probs = t === undefined ? undefined : probsOf(t.keys, dec.key, dec.actions.length);
  if (probs === undefined) return null;
  let total = 0;
  for (const p of probs) total += p;
  if (total <= 0) return null;
  let x = rng.nextFloat() * total;
  for (let i = 0; i < probs.length - 1; i++) {
    x -= probs[i]!;
    if (x < 0) return dec.actions[i]!;
  }
  return dec.actions[probs.length - 1]!;
}

/**
 * The solved layer as the model of the other seats in a search (pimc answers=solved): how the answering seat
 * answers our offer in a world, drawn by the query's u from the table's mix at the key the seat would have
 * there (0 gut, 1 hold, 2 raise); −1 where the table has no such key (then the search takes simple's answer).
 */
export function solvedAnswerModel(q: AnswerQuery): number {
  const t = solvedTable(q.obs.ruleset);
  if (t === undefined) return -1;
  const bucket = q.figure === 0 ? spielBucketOf(q.perlaggen, q.plainTrumps) : q.figure === 1 ? gleichBucket(q.gleich) : hangerBucket(q.hanger);
  const o = q.obs;
  // Aus: the first level reaching a party's target, 8 on the ladder up to 7
  let aus = q.level >= 8;
  for (let p = 0; p < o.score.length; p++) aus ||= q.level >= o.target - o.score[p]! - (o.written[p] ?? 0);
  const probs = probsOf(t.keys, answerKeyOf(o, q.seat, q.figure, q.level, aus, bucket, q.mayRaise), q.mayRaise ? 3 : 2);
  if (probs === undefined) return -1;
  let total = 0;
  for (const p of probs) total += p;
  if (total <= 0) return -1;
  let x = q.u * total;
  for (let i = 0; i < probs.length - 1; i++) {
    x -= probs[i]!;
    if (x < 0) return i;
  }
  return probs.length - 1;
}

export default definePolicy({
  name: 'solved',
  version: '2.0.0',
  description: 'the bidding war by the table sampled CFR learnt (docs/solved.md); cards, talk and unknown keys by its card-play bot',
  options: {
    cards: { type: 'enum', values: ['simple', 'author1853'], default: 'author1853', description: 'the bot of everything outside the bidding war (and of keys the table does not know); the tables were learnt under author1853' },
  },
  create(o) {
    const base = o['cards'] === 'simple' ? simple.create({}) : author1853.create({});
    const out = {
      bidding: 'full' as const,
      observation: 'view' as const, // reads fields by property during the call (solved-layer.ts too) and hands obs to its card-play bot, which keeps the promise
      act(obs: Observation, ctx: { readonly rng: RandomSource }): PolicyAction {
        return solvedBidAction(obs, ctx.rng) ?? base.act(obs, ctx);
      },
    };
    return base.talk === undefined ? out : { ...out, talk: base.talk };
  },
});
