// What the page asks the server for, validated like the command line's input (issue 30, item 6): a table to
// sit at (the game, the ruleset with its switches, the players, your seat, the bots at the other seats, one
// hand or a Partie, the seed) and an answer (the path of buttons clicked). Every field is checked here with
// one clear line naming it; a bot is a built-in name only (a file path would run the user's code); nothing
// the page sends is ever evaluated as code.
import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { resolveBietenRules } from '../games/bieten/rules.ts';
import { MAX_PLAYERS } from '../games/bieten/engine.ts';
import { builtinPoliciesOf } from '../registry/policies.ts';
import { canonicalName, resolveRuleset } from '../rules/registry.ts';
import { bietenRulesName } from '../games/bieten/rules.ts';

const whole = (max: number) => z.number().int().min(0).max(max);

const TableSchema = z
  .object({
    game: z.enum(['perlaggen', 'bieten']),
    ruleset: z.string().min(1).max(200),
    players: z.number().int().min(2).max(10),
    /** The player you are, 0-based. */
    seat: whole(9),
    /** One bot for all other seats, or one per player (your entry is ignored). */
    bots: z.array(z.string().min(1).max(40)).min(1).max(10),
    partie: z.boolean(),
    seed: whole(2 ** 31),
    deal: whole(2 ** 31),
  })
  .strict();

export interface TableSpec {
  readonly game: 'perlaggen' | 'bieten';
  /** The canonical ruleset name. */
  readonly ruleset: string;
  readonly players: number;
  readonly seat: number;
  /** One bot name per player ('human' at your seat). */
  readonly policies: readonly string[];
  readonly partie: boolean;
  readonly seed: number;
  readonly deal: number;
}

/** One line for a zod failure: the field and what it must be. */
export function zodLine(e: z.ZodError, what: string): string {
  const i = e.issues[0]!;
  const field = i.path.length > 0 ? i.path.join('.') : what;
  return `${field}: ${i.message}`;
}

/** The table a page asks for, checked: a UsageError (one line) names the first thing wrong. */
export function tableSpec(body: unknown): TableSpec {
  const r = TableSchema.safeParse(body);
  if (!r.success) throw new UsageError(zodLine(r.error, 'table'));
  const t = r.data;
  let ruleset: string;
  if (t.game === 'perlaggen') {
    if (![2, 3, 4, 6].includes(t.players)) throw new UsageError(`players must be 2, 3, 4 or 6 for Perlaggen, got ${t.players}`);
    ruleset = canonicalName(resolveRuleset(t.ruleset));
  } else {
    if (t.players > MAX_PLAYERS) throw new UsageError(`players must be 2 to ${MAX_PLAYERS} for Bieten, got ${t.players}`);
    ruleset = bietenRulesName(resolveBietenRules(t.ruleset));
  }
  if (t.seat >= t.players) throw new UsageError(`seat must be 0 to ${t.players - 1}, got ${t.seat}`);
  const known = builtinPoliciesOf(t.game);
  for (const b of t.bots) if (!known.includes(b)) throw new UsageError(`bots: unknown bot "${b.slice(0, 40)}" (known: ${known.join(', ')})`);
  if (t.bots.length !== 1 && t.bots.length !== t.players) throw new UsageError(`bots: give one bot for all, or one for each of the ${t.players} players`);
  const policies = Array.from({ length: t.players }, (_, p) => (p === t.seat ? 'human' : (t.bots.length === 1 ? t.bots[0]! : t.bots[p]!)));
  return { game: t.game, ruleset, players: t.players, seat: t.seat, policies, partie: t.partie, seed: t.seed, deal: t.deal };
}

const AnswerSchema = z.object({ path: z.array(z.number().int().min(0).max(999)).min(1).max(2) }).strict();

/** The buttons clicked for one answer: the option's index, and in a group the index inside it. */
export function answerPath(body: unknown): number[] {
  const r = AnswerSchema.safeParse(body);
  if (!r.success) throw new UsageError(zodLine(r.error, 'answer'));
  return r.data.path;
}
