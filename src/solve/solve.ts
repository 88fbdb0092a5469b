// Solve the bidding war of a ruleset (issue 28): sampled CFR (cfr.ts) over the abstraction's game
// (bidwar.ts), all four seats learning, card play by a named bot, in a share of the deals against a
// population of fixed bots (restricted Nash response); the average strategy as a table (table.ts), with
// coarse keys for the keys valued fewer than minVisits times.
import { Rng } from '../core/rng.ts';
import { resolveRuleset, canonicalName } from '../rules/registry.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { Cfr } from './cfr.ts';
import { bidwarGame } from './bidwar.ts';
import { rawOf, tableData, type RawTable, type SolvedTableData } from './table.ts';

export interface SolveOptions {
  readonly ruleset: string;
  readonly iterations: number;
  readonly seed: number;
  /** The card-play bot (a policy spec; default simple). */
  readonly cards?: string;
  readonly command?: string;
  /** Iteration counts after which onSnapshot gets the table as it stands. */
  readonly snapshots?: readonly number[];
  readonly onSnapshot?: (iterations: number, data: SolvedTableData) => void;
  /** Share of the traverser's decisions valued by rollouts (default 0.34). */
  readonly valueProb?: number;
  /** Bots (policy specs) the traverser meets as opponents in a share of the deals (bidwar.ts population). */
  readonly population?: readonly string[];
  /** That share (default 0.5 when a population is given). */
  readonly share?: number;
  /** A key valued fewer times is left out of the table: its coarse key answers for it (default 1). */
  readonly minVisits?: number;
  /** Utility bonus for ending the Partie in one's favour (bidwar.ts; default none). */
  readonly partieBonus?: number;
  /** Stochastically weighted regrets and averages (cfr.ts; default false). */
  readonly stochastic?: boolean;
  /** Rollouts per action of a valued decision, common random numbers (cfr.ts; default 1). */
  readonly rollouts?: number;
  /** Thresholding of the stored strategies (table.ts; default 0). */
  readonly threshold?: number;
  /** Gets the run's whole state at the end (table.ts rawOf), to remake tables with other options. */
  readonly onRaw?: (raw: RawTable) => void;
}

export async function solveBidwar(o: SolveOptions): Promise<SolvedTableData> {
  const ruleset = resolveRuleset(o.ruleset);
  const cardsSpec = o.cards ?? 'simple';
  const cards = await resolvePolicy(cardsSpec);
  const bots = [];
  for (const spec of o.population ?? []) {
    const r = await resolvePolicy(spec);
    bots.push(r.factory.create(r.options));
  }
  const population = bots.length > 0 ? { population: { bots, share: o.share ?? 0.5 } } : {};
  const game = bidwarGame({ ruleset, cards: cards.factory.create(cards.options), ...population, ...(o.partieBonus !== undefined ? { partieBonus: o.partieBonus } : {}) });
  const cfr = new Cfr(game, new Rng(o.seed >>> 0, 0x5017e, 28, 1), { valueProb: o.valueProb ?? 0.34, rollouts: o.rollouts ?? 1, stochastic: o.stochastic === true });
  const meta = (n: number): Omit<SolvedTableData, 'keys'> => ({
    ruleset: canonicalName(ruleset),
    cards: cardsSpec,
    seed: o.seed,
    iterations: n,
    command: o.command ?? `perlagg solve --ruleset ${o.ruleset} --iterations ${n} --seed ${o.seed} --cards ${cardsSpec}`,
  });
  const topts = { minVisits: o.minVisits ?? 1, coarse: o.minVisits !== undefined, threshold: o.threshold ?? 0 };
  const snaps = [...(o.snapshots ?? [])].filter((n) => n < o.iterations).sort((a, b) => a - b);
  for (const n of snaps) {
    cfr.run(n - cfr.iterations);
    o.onSnapshot?.(n, tableData(cfr.table, meta(n), topts));
  }
  cfr.run(o.iterations - cfr.iterations);
  o.onRaw?.(rawOf(cfr.table, meta(o.iterations)));
  return tableData(cfr.table, meta(o.iterations), topts);
}
