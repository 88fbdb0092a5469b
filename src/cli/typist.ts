// The lines a person would type at `perlagg play --human P` to play seat P exactly as a bot does (issue 24,
// item 3): the bot's choices are recorded from a game of bots, then the game is played again with a person at
// P whose every question is answered by typing the word of the answer that takes the bot's next choices — a
// card, „Gleich“, „ja“, Enter — as a player would. So the lines drive the real screen and prompts (games/
// perlaggen/prompt.ts, desk.ts), and played through `perlagg play --human P` they give the bots' transcript.
// It also counts the questions a whole hand or Partie asks (the measure of issue 24: fewer prompts).
// Used by scripts/human-moves.ts (the file of moves in examples/) and the tests.
import { sameAction, type PolicyAction } from '../engine/actions.ts';
import { seatTable } from '../engine/state.ts';
import { answerLine, type Option, type Prompt } from '../games/prompt.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { resolveRuleset } from '../rules/registry.ts';
import { playPartie } from '../play/partie.ts';
import { playDeal, type SeatPolicy } from '../play/hand.ts';
import { PerlaggenHuman, type HumanIO } from './human.ts';

export interface TypistRequest {
  readonly ruleset: string;
  readonly seed: number;
  readonly players: number;
  readonly deal: number;
  /** A whole Partie keyed by this index (first dealer 0, as `perlagg play --human --partie`); a hand when absent. */
  readonly partie?: number;
  /** The player typed for (0-based). */
  readonly human: number;
  /** The bot whose choices are typed, and the bots at the other seats (default simple). */
  readonly policy?: string;
}

export interface TypedMoves {
  /**
   * The lines typed, each with a note (the question it answers and what it chose; '' for the second line of a
   * group) and the bot's decisions it takes (`from`, 0-based, and how many: the desk follows an answer over the
   * seat's next decisions while nothing happens).
   */
  readonly lines: ReadonlyArray<{ readonly line: string; readonly note: string; readonly from: number; readonly takes: number }>;
  /** The questions asked (a group opened within one counts with it). */
  readonly prompts: number;
  /** The bot's decisions at the seat (the engine's count of them). */
  readonly decisions: number;
}

/** How many of the answer's actions are the next ones of `queue` from `at`. */
function agree(o: Option<PolicyAction>, queue: readonly PolicyAction[], at: number): number {
  let k = 0;
  while (k < o.actions.length && queue[at + k] !== undefined && sameAction(o.actions[k]!, queue[at + k]!)) k++;
  return k;
}

/**
 * The answer (at any depth, with its path of groups) that takes the bot's next choices: all of its actions
 * if one does (the longest), else Enter or an answer whose first action is the bot's — its rest is dropped by
 * the desk when something happens before it (another seat bids, a partner speaks), as the bot's record shows.
 */
function matching(p: Prompt<PolicyAction>, queue: readonly PolicyAction[], at: number): Option<PolicyAction>[] | null {
  let full: Option<PolicyAction>[] | null = null;
  let first: Option<PolicyAction>[] | null = null;
  const walk = (options: readonly Option<PolicyAction>[], path: Option<PolicyAction>[]): void => {
    for (const o of options) {
      if (o.group !== undefined) {
        walk(o.group.options, [...path, o]);
        continue;
      }
      const k = agree(o, queue, at);
      if (k === o.actions.length && k > 0 && (full === null || k > full[full.length - 1]!.actions.length)) full = [...path, o];
      if (k > 0 && first === null) first = [...path, o];
    }
  };
  if (p.empty !== undefined) walk([p.empty], []);
  walk(p.options, []);
  if (full !== null) return full;
  if (p.empty !== undefined && agree(p.empty, queue, at) > 0) return [p.empty];
  return first;
}

/** What to type for `o` (reached through `groups`): its word when the prompt reads it back as `o`, else its number. */
function typed(p: Prompt<PolicyAction>, group: Option<PolicyAction> | null, o: Option<PolicyAction>): string {
  const r = answerLine(p, group, o.word);
  if ((r.kind === 'take' || r.kind === 'open') && r.option === o) return o.word;
  const list = group?.group?.options ?? p.options;
  return String(list.indexOf(o) + 1);
}

export async function typedMoves(req: TypistRequest): Promise<TypedMoves> {
  const ruleset = resolveRuleset(req.ruleset);
  const table = seatTable(ruleset, { players: req.players });
  const spec = req.policy ?? 'simple';
  const bot = await resolvePolicy(spec);
  const bots = (): SeatPolicy[] => Array.from({ length: req.players }, () => ({ name: spec, policy: bot.factory.create(bot.options) }));
  const dealer = req.partie === undefined ? req.deal % table.seats : 0;
  // 1. the bots' game: the seat's choices in order
  const queue: PolicyAction[] = [];
  const record = { onDecision: (_s: unknown, player: number, _o: unknown, a: PolicyAction) => void (player === req.human && queue.push(a)) };
  if (req.partie === undefined) playDeal({ ruleset, players: req.players, policies: bots(), rootSeed: req.seed, dealIndex: req.deal, dealer, ...record });
  else playPartie({ ruleset, players: req.players, policies: bots(), rootSeed: req.seed, partieIndex: req.partie, firstDealer: dealer, ...record });
  // 2. the same game with a person at the seat who types them
  const lines: Array<{ line: string; note: string; from: number; takes: number }> = [];
  let prompts = 0;
  let at = 0;
  let pending: string[] = [];
  let asked: Prompt<PolicyAction> | null = null;
  let human: PerlaggenHuman;
  const io: HumanIO = {
    write: () => undefined,
    read: () => {
      const p = human.asking;
      if (p === null) throw new Error('a line was read with no question open');
      if (p !== asked) {
        asked = p;
        prompts++;
        const chosen = matching(p, queue, at);
        if (chosen === null) throw new Error(`no answer of "${p.question}" takes ${JSON.stringify(queue[at])}`);
        const last = chosen[chosen.length - 1]!;
        pending = chosen.map((o, k) => (o === p.empty ? '' : typed(p, k === 0 ? null : chosen[k - 1]!, o)));
        lines.push(...pending.map((line, k) => ({ line, note: k === 0 ? `${p.question} → ${last.label}` : '', from: at, takes: agree(last, queue, at) })));
      }
      return pending.shift() ?? null;
    },
  };
  human = new PerlaggenHuman(io);
  const policies = bots();
  policies[req.human] = {
    name: 'human',
    onTurn: human.onTurn,
    policy: {
      bidding: 'full',
      act: (obs, ctx) => {
        const a = human.act(obs);
        if (queue[at] === undefined || !sameAction(a, queue[at]!)) throw new Error(`the person's choice ${JSON.stringify(a)} is not the bot's ${JSON.stringify(queue[at])}`);
        at++;
        void ctx;
        return a;
      },
    },
  };
  if (req.partie === undefined) playDeal({ ruleset, players: req.players, policies, rootSeed: req.seed, dealIndex: req.deal, dealer });
  else playPartie({ ruleset, players: req.players, policies, rootSeed: req.seed, partieIndex: req.partie, firstDealer: dealer });
  if (at !== queue.length) throw new Error(`the person made ${at} of the bot's ${queue.length} choices`);
  return { lines, prompts, decisions: queue.length };
}
