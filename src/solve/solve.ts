// Solve the bidding war of a ruleset (issue 28): sampled CFR (cfr.ts) over the abstraction's game
// (bidwar.ts), all four seats learning, card play by a named bot; the average strategy as a table (table.ts).
import { Rng } from '../core/rng.ts';
import { resolveRuleset, canonicalName } from '../rules/registry.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { Cfr } from './cfr.ts';
import { bidwarGame } from './bidwar.ts';
import { tableData, type SolvedTableData } from './table.ts';

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
}

export async function solveBidwar(o: SolveOptions): Promise<SolvedTableData> {
  const ruleset = resolveRuleset(o.ruleset);
  const cardsSpec = o.cards ?? 'simple';
  const cards = await resolvePolicy(cardsSpec);
  const game = bidwarGame({ ruleset, cards: cards.factory.create(cards.options) });
  const cfr = new Cfr(game, new Rng(o.seed >>> 0, 0x5017e, 28, 1), { valueProb: o.valueProb ?? 0.34 });
  const meta = (n: number): Omit<SolvedTableData, 'keys'> => ({
    ruleset: canonicalName(ruleset),
    cards: cardsSpec,
    seed: o.seed,
    iterations: n,
    command: o.command ?? `perlagg solve --ruleset ${o.ruleset} --iterations ${n} --seed ${o.seed} --cards ${cardsSpec}`,
  });
  const snaps = [...(o.snapshots ?? [])].filter((n) => n < o.iterations).sort((a, b) => a - b);
  for (const n of snaps) {
    cfr.run(n - cfr.iterations);
    o.onSnapshot?.(n, tableData(cfr.table, meta(n)));
  }
  cfr.run(o.iterations - cfr.iterations);
  return tableData(cfr.table, meta(o.iterations));
}
