// perlagg advise (issue 13): a player describes a situation from his seat — ruleset, his seat and the five
// cards he was dealt, the turned card (or trump), the dealer, the score, the shown stock card where the
// ruleset shows one, and what has happened so far in the notation of `perlagg replay` (docs/replay-format.md:
// "P2 bid Gleich", "P3 play EK as HA", "P1 Drei Gleich"; silence is a pass) — and perlagg lists every legal
// action of his decision with its expected points (his party's minus the opponents') and, given a score, the
// probability of winning the Partie (the Partie-equity table, src/playout/equity.ts), each with a 95%
// interval over worlds sampled consistently with what he has seen (playout/worlds.ts) and played out by the
// continuation (src/playout/search.ts).
//
// How the position is built: the engine needs every card, the user knows his own. The cards the others are
// said to play or give are theirs; the rest is filled at random and the moves replayed through the engine's
// checked path (games/replay/perlaggen.ts step: the rules' own reasons); a fill the moves contradict (a seat
// that did not follow suit got a card of the suit) is drawn again. Only the user's Observation of the result
// goes to the search, so the fill itself carries no knowledge. A description no fill agrees with, a card
// twice, too many cards: one line naming the problem, exit 2.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { cardShort, parseCards, CardNotationError } from '../cards/notation.ts';
import { WELI } from '../cards/card.ts';
import { actingSeat, currentPlayer, handFromLayout, legalActions, applyAction, newHand } from '../engine/game.ts';
import { observe } from '../engine/observe.ts';
import { type Observation } from '../engine/observation.ts';
import type { HandState } from '../engine/state.ts';
import { perlaggenOf } from '../rules/perlaggen.ts';
import { resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { statements, ReplayError, type Statement } from '../games/replay/format.ts';
import { actionWords, cardAt } from '../games/replay/common.ts';
import { step } from '../games/replay/perlaggen.ts';
import { ADVICE_ANSWERS, DEFAULT_SEARCH, MIN_ESS_CAP, type DecisionEstimate, type SearchConfig } from '../playout/search-config.ts';
import { searchDecision } from '../playout/decision.ts';
import { WorldError } from '../playout/worlds.ts';
import { DEFAULT_TREMBLE, softened, type SeatModel } from '../playout/inference.ts';
import { builtinPolicy } from '../registry/policies.ts';
import { partieEquity } from '../playout/equity.ts';
import { STREAM, keyedRng } from '../core/rng.ts';
import { perlaggenLabel } from '../games/perlaggen/prompt.ts';
import { UsageError } from '../core/errors.ts';
import { actionNotation } from '../review/notation.ts';
import { fixed } from '../core/numbers.ts';

export interface PositionSpec {
  readonly ruleset: string;
  readonly players: number;
  /** The user's seat, 0-based. */
  readonly seat: number;
  /** His cards as dealt (before an exchange, with the ones he has played since). */
  readonly hand: string;
  readonly turned?: string;
  readonly trump?: string;
  readonly dealer: number;
  readonly score?: readonly number[];
  readonly stockShown?: string;
  /** What happened, one action a line (or separated by ';'), replay notation. */
  readonly moves: string;
  readonly seed: number;
  /** Fills tried before giving up. */
  readonly tries?: number;
}

export interface Position {
  readonly state: HandState;
  readonly ruleset: RulesVariant;
  readonly seat: number;
  readonly obs: Observation;
}

const SILENT = new Set(['pass', 'consent']);
const cards = (text: string, what: string): number[] => {
  try {
    return parseCards(text);
  } catch (e) {
    if (e instanceof CardNotationError) throw new UsageError(`${what}: ${e.message}`);
    throw e;
  }
};

/** The engine state of a described position, at the user's decision (see the top). */
export function buildPosition(p: PositionSpec): Position {
  // RULES §13: a description names no signs and no table talk, and the partner's signs would come from the
  // random fill of his hand: the position is judged at a table where partners share nothing.
  const r = resolveRuleset(p.ruleset, { partnerInfo: 'none' });
  let probe: HandState;
  try {
    probe = newHand(r, { players: p.players, dealer: p.dealer });
  } catch (e) {
    throw new UsageError(`--players: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { seats, handSize } = probe.table;
  const names = Array.from({ length: seats }, (_, i) => `P${i + 1}`);
  if (!(p.seat >= 0 && p.seat < seats)) throw new UsageError(`--seat: the table has seats P1..P${seats}`);
  if (!(p.dealer >= 0 && p.dealer < seats)) throw new UsageError(`--dealer: the table has seats P1..P${seats}`);
  const deck = new Set(probe.deck);
  const owner = new Map<number, string>(); // card -> where the description puts it
  const place = (c: number, where: string): void => {
    if (!deck.has(c)) throw new UsageError(`${cardShort(c)} is not in the ${r.name} deck`);
    const was = owner.get(c);
    if (was !== undefined) throw new UsageError(`impossible position: ${cardShort(c)} twice (${was} and ${where})`);
    owner.set(c, where);
  };
  const own = cards(p.hand, '--hand');
  if (own.length !== handSize) throw new UsageError(`--hand: ${names[p.seat]} is dealt ${handSize} cards, the description gives ${own.length}`);
  for (const c of own) place(c, `${names[p.seat]}'s hand`);
  // the turned card
  let turned: number;
  if (p.turned !== undefined) {
    const t = cards(p.turned, '--turned');
    if (t.length !== 1) throw new UsageError('--turned: name one card');
    turned = t[0]!;
  } else if (p.trump !== undefined) {
    const suit = 'HSLE'.indexOf(p.trump.toUpperCase());
    if (suit < 0) throw new UsageError('--trump: one of H S L E');
    const perl = new Set(perlaggenOf(r, 'HSLE'[suit] as 'H').order);
    const free = probe.deck.filter((c) => c !== WELI && c >>> 3 === suit && !perl.has(c) && !owner.has(c));
    if (free.length === 0) throw new UsageError(`--trump: no plain card of ${p.trump} is left to be the turned card`);
    turned = free[0]!;
  } else throw new UsageError('name the turned card (--turned EK) or the trump suit (--trump E)');
  place(turned, 'the turned card');
  let stockShown: number[] = [];
  if (p.stockShown !== undefined) {
    stockShown = cards(p.stockShown, '--stock-shown');
    for (const c of stockShown) place(c, 'the shown stock');
  }
  const wantShown = r.showStock === 'none' ? 0 : r.showStock === 'bottom' ? 1 : 2;
  if (stockShown.length !== wantShown) {
    throw new UsageError(wantShown === 0 ? `--stock-shown: the ${r.name} rules show no stock card` : `--stock-shown: the ${r.name} rules show ${wantShown === 1 ? 'the bottom card' : 'the top and the bottom card'} of the stock: name ${wantShown === 1 ? 'it' : 'them'}`);
  }
  // the moves, and the cards they put into the other seats' hands
  let sts: Statement[];
  try {
    sts = statements(p.moves.replace(/;/g, '\n'));
  } catch (e) {
    // a move that is no plain text, or far too long (the replay's check): bad input, said without echoing it
    if (e instanceof ReplayError) throw new UsageError(`--moves: move ${e.line}: ${e.message}`);
    throw e;
  }
  const claimed: number[][] = Array.from({ length: seats }, () => []);
  const exchanged = new Array<boolean>(seats).fill(false);
  for (const st of sts) {
    const who = names.indexOf(st.words[0]!.toUpperCase());
    if (who < 0) throw new UsageError(`move "${st.text}": start with the seat (${names.join(' ')})`);
    let verb: string;
    try {
      verb = actionWords(st).verb;
    } catch (e) {
      if (e instanceof ReplayError) throw new UsageError(`move "${st.text}": ${e.message}`);
      throw e;
    }
    if (verb !== 'play' && verb !== 'exchange' && verb !== 'revoke') continue;
    const c = cardAt(actionWords(st).args, 0);
    if (c === null) throw new UsageError(`move "${st.text}": name a card`);
    if (verb === 'exchange') exchanged[who] = true;
    if (c.card === turned && verb !== 'exchange') continue; // the exchanged Perlagg, played later
    if (who === p.seat) {
      if (!own.includes(c.card)) throw new UsageError(`impossible position: ${names[who]} ${verb === 'exchange' ? 'gives' : 'plays'} ${cardShort(c.card)}, which is not in his hand`);
      if (claimed[who]!.includes(c.card)) throw new UsageError(`impossible position: ${cardShort(c.card)} twice (played by ${names[who]} twice)`);
      claimed[who]!.push(c.card);
      continue;
    }
    if (claimed[who]!.includes(c.card) && verb === 'play') throw new UsageError(`impossible position: ${cardShort(c.card)} twice (played by ${names[who]} twice)`);
    if (!claimed[who]!.includes(c.card)) place(c.card, `played by ${names[who]}`);
    claimed[who]!.push(c.card);
  }
  for (let s = 0; s < seats; s++) {
    const distinct = new Set(claimed[s]).size;
    if (s !== p.seat && distinct > handSize) throw new UsageError(`impossible position: ${names[s]} plays ${distinct} cards, more than the ${handSize} the deal gives`);
  }
  return fillAndReplay(p, r, { deck: probe.deck, seats, handSize, names, own, owner, claimed, sts, turned, stockShown, wantShown });
}

/** What a description fixes, for the fill (buildPosition). */
interface Described {
  readonly deck: readonly number[];
  readonly seats: number;
  readonly handSize: number;
  readonly names: readonly string[];
  readonly own: readonly number[];
  /** card -> where the description puts it */
  readonly owner: ReadonlyMap<number, string>;
  /** The cards each seat is said to play or give. */
  readonly claimed: ReadonlyArray<readonly number[]>;
  readonly sts: readonly Statement[];
  readonly turned: number;
  readonly stockShown: readonly number[];
  readonly wantShown: number;
}

/** Fill the unseen cards at random until the moves agree, replay them, and take the user's observation at his decision (see the top). */
function fillAndReplay(p: PositionSpec, r: RulesVariant, d: Described): Position {
  const { seats, handSize, names, own, owner, claimed, sts, turned, stockShown, wantShown } = d;
  const rng = keyedRng(p.seed, 0, STREAM.resample);
  const unknown = d.deck.filter((c) => !owner.has(c));
  const tries = p.tries ?? 400;
  let firstWhy = '';
  for (let t = 0; t < tries; t++) {
    const pool = unknown.slice();
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    const hands: number[][] = [];
    let k = 0;
    for (let s = 0; s < seats; s++) {
      if (s === p.seat) {
        hands.push(own.slice());
        continue;
      }
      const h = [...new Set(claimed[s])];
      while (h.length < handSize) h.push(pool[k++]!);
      hands.push(h);
    }
    const rest = pool.slice(k);
    const stock = wantShown === 0 ? undefined : wantShown === 1 ? [...rest, ...stockShown] : [stockShown[0]!, ...rest, stockShown[1]!];
    let s: HandState;
    try {
      s = handFromLayout(r, { players: p.players, dealer: p.dealer, ...(p.score === undefined ? {} : { score: p.score.slice() }) }, { hands, turned, ...(stock === undefined ? {} : { stock }) });
    } catch (e) {
      throw new UsageError(`impossible position: ${e instanceof Error ? e.message : String(e)}`);
    }
    try {
      for (const st of sts) step(s, names.indexOf(st.words[0]!.toUpperCase()), st);
      const player = s.table.controller[p.seat]!;
      // the others' silences up to the user's decision
      for (let guard = 0; guard < 64 && s.phase !== 'done' && currentPlayer(s) !== player; guard++) {
        const quiet = legalActions(s).find((x) => SILENT.has(x.kind));
        if (quiet === undefined) throw new ReplayError(0, `it is ${names[actingSeat(s)]}'s turn (${s.phase}), not ${names[p.seat]}'s: say what ${names[actingSeat(s)]} did`);
        applyAction(s, quiet);
      }
      if (s.phase === 'done') throw new ReplayError(0, 'the hand is over: there is nothing to decide');
      if (currentPlayer(s) !== player) throw new ReplayError(0, `it is not ${names[p.seat]}'s turn`);
      const obs = observe(s, player);
      return { state: s, ruleset: r, seat: p.seat, obs };
    } catch (e) {
      if (!(e instanceof ReplayError)) throw e;
      firstWhy ||= e.message; // the moves contradict this fill (or every fill): draw again
    }
  }
  throw new UsageError(`impossible position: no deal of the unseen cards agrees with the moves (${tries} tried; first: ${firstWhy})`);
}

export { actionNotation } from '../review/notation.ts';

export interface AdviceOptions {
  readonly worlds: number;
  readonly continuation: 'simple' | 'random';
  readonly rolloutsPerWorld: number;
  readonly seed: number;
  /** 'points', or 'auto' when a score is given (the Partie objective near the end). */
  readonly objective: SearchConfig['objective'];
  /** What an opponent's bid or hold of a Gleich/Hanger tells (search.ts readBids); default 'strong'. */
  readonly readBids?: SearchConfig['readBids'];
  /** How the other seats answer our bid or raise (search.ts `answers`); default 'perfect' (ADVICE_ANSWERS: priced against sound answers, not against simple's holes). */
  readonly answers?: SearchConfig['answers'];
  /** 'uniform' worlds (the reading of bids) or worlds 'weighted' by the likelihood of what the others did (inference.ts); default uniform. */
  readonly weights?: SearchConfig['worldWeights'];
  /** The model's tremble for weighted worlds (inference.ts softened); default 0.1. */
  readonly tremble?: number;
  /** Weighted worlds: draw more until the effective worlds reach this many (search.ts minEss); 0: off; absent: as many as `worlds` when weighted (the default that keeps the intervals' coverage, docs/commands.md). */
  readonly minEss?: number;
}

export interface Advice {
  readonly position: Position;
  readonly decision: DecisionEstimate;
  readonly assumed: Assumptions;
}

/** What an answer rests on (issue 27 item 3): said on screen and in --json beside the options. */
export interface Assumptions {
  readonly ruleset: string;
  /** The table talk the position is judged at: advise names no signs and no talk (RULES §13). */
  readonly talk: 'none';
  /** How the other seats answer a bid or raise in the playouts (search.ts `answers`) and play their cards. */
  readonly others: { readonly answers: SearchConfig['answers']; readonly play: SearchConfig['continuation'] };
  /** What an opponent's Gleich/Hanger bid is taken to show (search.ts readBids). */
  readonly readBids: SearchConfig['readBids'];
  /** Worlds sampled, and the effective worlds (Kish's n_eff of their weights; uniform worlds: all of them). */
  readonly worlds: number;
  readonly effectiveWorlds: number;
  /** How the worlds count: alike, or weighted by the likelihood of the other seats' bids, answers and talk under `model`. */
  readonly weights: 'uniform' | 'weighted';
  readonly model: string | null;
  /** The effective worlds asked for (--min-ess: worlds drawn until they are reached, or the cap); 0: off. */
  readonly minEss: number;
  readonly seed: number;
  /** Playouts of each action per world, and the playouts in all. */
  readonly rolloutsPerWorld: number;
  readonly playouts: number;
  /** The decision priced (the bid window's point: before looking at the cards, before a trick, after the Spiel). */
  readonly decision: string;
}

/** The decision the position stands at, in words (a Vorhand position without moves: which window). */
export function decisionWords(obs: Observation, seat: number): string {
  if (obs.phase === 'window') {
    if (obs.point < 0) return `the window before looking at the cards (unseen bids: „ungesehen“); for the window on the cards seen, pass it: --moves "P${seat + 1} pass"`;
    if (obs.point === 0) return 'the window before the first lead (bids on the cards seen)';
    if (obs.point >= 5) return 'the window after the Spiel is decided';
    return `the window before a card of trick ${obs.point + 1}`;
  }
  return obs.phase;
}

/** The model of the other seats for weighted worlds: simple, softened (src/playout/inference.ts). */
function simpleModel(tremble: number): SeatModel {
  const simple = builtinPolicy('simple').create({});
  const rng = keyedRng(0, 0, STREAM.policy);
  return softened('simple', (obs) => simple.act(obs, { rng }), tremble);
}

export function advise(p: PositionSpec, o: AdviceOptions): Advice {
  const position = buildPosition(p);
  if (p.score !== undefined) {
    // RULES §11: P(win the Partie) needs two parties and the ruleset's Partie-equity table (equity.ts)
    const parties = Math.max(...position.obs.party) + 1;
    if (parties !== 2 || !position.obs.biddingTable) throw new UsageError(`--score: P(win the Partie) is priced for two parties at a bidding table; this table has ${parties} parties`);
    if (partieEquity(position.ruleset) === null) throw new UsageError(`--score: the ${position.ruleset.name} rules have no Partie-equity table (src/playout/equity-<ruleset>.json, made by scripts/equity-table.ts), so P(win the Partie) cannot be priced`);
  }
  const weighted = o.weights === 'weighted';
  // weighted worlds by default until as many are effective as were asked: with uneven weights 40 worlds leave
  // ~13 effective and intervals that cover a 10× run's mean 91.8% of the time; drawn to 40 effective, 93.5%
  // (scripts/interval-coverage.ts, docs/commands.md); --min-ess 0 turns it off
  const minEss = o.minEss ?? (weighted ? o.worlds : 0);
  if (minEss > 0 && !weighted) throw new UsageError('--min-ess: only with --weights weighted (equally weighted worlds are all effective)');
  const cfg: SearchConfig = {
    ...DEFAULT_SEARCH,
    worlds: o.worlds,
    continuation: o.continuation,
    rolloutsPerWorld: o.rolloutsPerWorld,
    objective: o.objective,
    everyOption: true,
    ...(o.readBids === undefined ? {} : { readBids: o.readBids }),
    answers: o.answers ?? ADVICE_ANSWERS,
    worldWeights: weighted ? 'weighted' : 'uniform',
    model: weighted ? simpleModel(o.tremble ?? DEFAULT_TREMBLE) : null,
    minEss,
  };
  let decision: DecisionEstimate;
  try {
    decision = searchDecision(position.obs, cfg, keyedRng(o.seed, 0, STREAM.policy, position.seat));
  } catch (e) {
    if (e instanceof WorldError) throw new UsageError(`impossible position: ${e.message}`);
    throw e;
  }
  const assumed: Assumptions = {
    ruleset: position.ruleset.name,
    talk: 'none',
    others: { answers: cfg.answers, play: cfg.continuation },
    readBids: cfg.readBids,
    worlds: decision.worlds,
    effectiveWorlds: decision.effectiveWorlds,
    weights: decision.weights,
    model: decision.model,
    minEss,
    seed: o.seed,
    rolloutsPerWorld: cfg.rolloutsPerWorld,
    playouts: decision.rollouts,
    decision: decisionWords(position.obs, position.seat),
  };
  return { position, decision, assumed };
}

const f2 = (x: number): string => (x >= 0 ? ' ' : '') + fixed(x, 2);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The options best first (those decided by rule last, in their order). */
function ranked(d: DecisionEstimate): number[] {
  const idx = d.options.map((_, i) => i);
  return idx.sort((a, b) => {
    if (a === d.best) return -1;
    if (b === d.best) return 1;
    const va = d.options[a]!.evaluated ? d.options[a]!.value : -Infinity;
    const vb = d.options[b]!.evaluated ? d.options[b]!.value : -Infinity;
    return vb - va || a - b;
  });
}

/** Options that are one action said in different ways: the same figures bid (in any order, or „alle drei“ at once) with the same estimate. */
function sameKey(o: DecisionEstimate['options'][number], i: number): string {
  const a = o.action;
  const est = o.points === null ? 'rule' : `${o.points.mean}|${o.points.lo}|${o.points.hi}|${o.pwin?.mean ?? ''}`;
  if (a.kind === 'bid') {
    const figs = a.cumulative ? ['Gleich', 'Hanger', 'Spiel'] : [...a.figures].sort();
    return `bid|${figs.join(' ')}|${a.unseen ? 1 : 0}|${est}`;
  }
  return `#${i}`;
}

/** The rows shown: the options best first, equal ones in one row (the first of them stands for the rest). */
export function adviceRows(d: DecisionEstimate): Array<{ index: number; same: number[] }> {
  const rows: Array<{ index: number; same: number[] }> = [];
  const byKey = new Map<string, { index: number; same: number[] }>();
  for (const i of ranked(d)) {
    const k = sameKey(d.options[i]!, i);
    const row = byKey.get(k);
    if (row !== undefined) row.same.push(i);
    else {
      const r = { index: i, same: [] as number[] };
      byKey.set(k, r);
      rows.push(r);
    }
  }
  return rows;
}

export function adviceJson(a: Advice, withPartie: boolean): object {
  const d = a.decision;
  const options = adviceRows(d).map(({ index: i, same }) => {
    const o = d.options[i]!;
    return {
      action: actionNotation(o.action),
      ev: o.points?.mean ?? null,
      lo: o.points?.lo ?? null,
      hi: o.points?.hi ?? null,
      ...(withPartie && o.pwin !== null ? { pwin: o.pwin.mean, pwinLo: o.pwin.lo, pwinHi: o.pwin.hi } : {}),
      ...(same.length === 0 ? {} : { same: same.map((j) => actionNotation(d.options[j]!.action)) }),
      ...(o.note === '' ? {} : { note: o.note }),
    };
  });
  return { best: actionNotation(d.options[d.best]!.action), options, phase: d.phase, objective: d.objective, worlds: d.worlds, rollouts: d.rollouts, assumed: a.assumed, ...(d.equitySource === null || !withPartie ? {} : { equity: d.equitySource }), notes: d.notes };
}

const READ_WORDS: Record<SearchConfig['readBids'], string> = {
  strong: 'a Gleich/Hanger bid or held shows one of three Ober / Unter-Ober-König at least (as simple bids, H-21)',
  any: 'a Gleich/Hanger bid or held shows one (RULES §8.5)',
  none: 'bids show nothing',
};

/** The assumptions in a few lines (what the answer rests on). */
export function assumptionLines(x: Assumptions): string[] {
  return [
    `assumed: ruleset ${x.ruleset}; no signs and no table talk (RULES §13); the others answer bids as ${x.others.answers === 'simple' ? 'simple does (from their own cards)' : 'if they saw every card'} and play as ${x.others.play};`,
    x.weights === 'weighted'
      ? `  reading of bids: every world weighted by the likelihood of the others' bids, answers and talk as ${x.model} would have made them; ${x.worlds} worlds${x.minEss > 0 ? ` (drawn until ${x.minEss} effective, at most ${MIN_ESS_CAP}× those asked)` : ''}, effective ${x.effectiveWorlds.toFixed(1)}; seed ${x.seed}; ${x.rolloutsPerWorld} playout(s) per action and world, ${x.playouts} in all;`
      : `  reading of bids: ${x.readBids} — ${READ_WORDS[x.readBids]}; ${x.worlds} worlds, equally weighted (effective ${Math.round(x.effectiveWorlds)}); seed ${x.seed}; ${x.rolloutsPerWorld} playout(s) per action and world, ${x.playouts} in all;`,
    `  the decision: ${x.decision}.`,
  ];
}

export function adviceText(a: Advice, withPartie: boolean, o: AdviceOptions): string {
  const d = a.decision;
  const obs = a.position.obs;
  const lines: string[] = [];
  lines.push(`P${a.position.seat + 1} to decide (${d.phase}); trump ${obs.trump}; hand ${obs.hand.length === 0 ? '(not looked at: ungesehen)' : obs.hand.map(cardShort).join(' ')}`);
  lines.push(...assumptionLines(a.assumed));
  lines.push(`${d.worlds} worlds consistent with what P${a.position.seat + 1} has seen, played out by ${o.continuation}; ${d.rollouts} playouts. EV = points of the deal, his party minus the opponents', 95% interval over the worlds.`);
  const pw = withPartie && d.options.some((x) => x.pwin !== null);
  const rows = adviceRows(d).map(({ index: i, same }) => {
    const x = d.options[i]!;
    const ev = x.points === null ? 'by rule' : `${f2(x.points.mean)} [${f2(x.points.lo)}, ${f2(x.points.hi)}]`;
    const p = pw ? (x.pwin === null ? '' : `${pct(x.pwin.mean)} [${pct(x.pwin.lo)}, ${pct(x.pwin.hi)}]`) : null;
    const also = same.length === 0 ? '' : ` (the same: ${same.map((j) => actionNotation(d.options[j]!.action)).join(', ')})`;
    return { mark: i === d.best ? '*' : ' ', action: actionNotation(x.action), words: perlaggenLabel(x.action, obs) + also, ev, p, note: x.note };
  });
  const w1 = Math.max(6, ...rows.map((r) => r.action.length));
  const w2 = Math.max(8, ...rows.map((r) => r.ev.length));
  const w3 = pw ? Math.max(12, ...rows.map((r) => r.p!.length)) : 0;
  lines.push(`  ${'action'.padEnd(w1)}  ${'EV [95%]'.padEnd(w2)}${pw ? `  ${'P(win Partie)'.padEnd(w3)}` : ''}  in words`);
  for (const r of rows) lines.push(`${r.mark} ${r.action.padEnd(w1)}  ${r.ev.padEnd(w2)}${pw ? `  ${r.p!.padEnd(w3)}` : ''}  ${r.words}${r.note === '' ? '' : ` (${r.note})`}`);
  lines.push(`best (*): ${actionNotation(d.options[d.best]!.action)}${d.objective === 'partie' ? ' — by the Partie equity (the score makes winning the Partie the aim)' : ''}`);
  for (const n of d.notes) lines.push(`note: ${n}`);
  return lines.join('\n') + '\n';
}

interface AdviseArgs {
  ruleset: string;
  players: string;
  seat: string;
  hand: string;
  turned?: string;
  trump?: string;
  dealer: string;
  score?: string;
  stockShown?: string;
  moves: string;
  worlds: string;
  continuation: string;
  rollouts: string;
  seed: string;
  readBids: string;
  answers: string;
  weights: string;
  tremble: string;
  minEss?: string;
  json: boolean;
}

const seatArg = (x: string, what: string): number => {
  const m = /^P?(\d)$/i.exec(x.trim());
  if (m === null) throw new UsageError(`${what}: a seat P1..P6, got "${x}"`);
  return Number(m[1]) - 1;
};
const probArg = (x: string, what: string): number => {
  const n = Number(x);
  if (!(n >= 0.001 && n <= 1)) throw new UsageError(`${what}: a probability 0.001..1, got "${x}"`);
  return n;
};
const intArg = (x: string, what: string, min: number, max: number): number => {
  const n = Number(x);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${what}: an integer ${min}..${max}, got "${x}"`);
  return n;
};

/** The examples of `advise --help` (test/search runs each). */
export const ADVISE_EXAMPLES: ReadonlyArray<{ readonly command: string; readonly what: string }> = [
  { command: 'perlagg advise -r 1853 --seat P3 --hand "HA SA LA EA HK" --turned S9 --stock-shown L7 --moves "P1 pass; P2 bid Gleich"', what: 'four Asse and the Herz König against a bid Gleich: halten, Drei or gut?' },
  { command: 'perlagg advise -r 1853 --seat P3 --hand "HA SA L7 L8 L9" --turned E9 --stock-shown S8 --moves "P1 pass; P2 bid Hanger" --score 9,5', what: 'near the end of the Partie: P(win the Partie) decides' },
  { command: 'perlagg advise -r oberland --seat P1 --hand "HA SA LA EA HK" --trump S', what: 'Vorhand before looking at the cards: the unseen window (said in the output)' },
  { command: 'perlagg advise -r 1853 --seat P3 --hand "H7 L8 E10 HU LO" --turned S9 --stock-shown L7 --moves "P1 pass; P2 bid Gleich" --weights weighted', what: "worlds weighted by how likely P2's bid is as simple would make it (the effective worlds printed)" },
];

export const adviseCommand: CommandModule<object, AdviseArgs> = {
  command: 'advise',
  describe: 'price every legal action of a described situation by worlds sampled from what you have seen (PIMC): expected points and P(win the Partie), with intervals',
  builder: (y: Argv) =>
    y
      .option('ruleset', { alias: 'r', type: 'string', default: 'oberland', describe: 'ruleset, e.g. 1853, oberland' })
      .option('players', { alias: 'p', type: 'string', default: '4', describe: 'players at the table' })
      .option('seat', { type: 'string', demandOption: true, describe: 'your seat: P1..P6 (P1 sits left of P4 at four; the dealer’s left is Vorhand)' })
      .option('hand', { type: 'string', demandOption: true, describe: 'your five cards as dealt, e.g. "HA SA LA EA Weli" (with those you have played since)' })
      .option('turned', { type: 'string', describe: 'the card turned up for trump, e.g. EK' })
      .option('trump', { type: 'string', describe: 'or only the trump suit (H S L E): a plain card of it is taken as the turned one' })
      .option('dealer', { type: 'string', default: 'P4', describe: 'the dealer’s seat' })
      .option('score', { type: 'string', describe: 'the Partie score before this deal, one number a party: "6,8" (your party A = P1/P3 first); gives P(win the Partie)' })
      .option('stock-shown', { type: 'string', describe: 'the stock card(s) shown where the rules show them (1853: the bottom card), e.g. SA' })
      .option('moves', { type: 'string', default: '', describe: 'what happened so far, in the replay notation, separated by ";": "P1 pass; P2 bid Gleich" (silence is a pass)' })
      .option('worlds', { type: 'string', default: '400', describe: 'worlds sampled (more: narrower intervals)' })
      .option('continuation', { type: 'string', default: 'simple', choices: ['simple', 'random'], describe: 'how each world is played out' })
      .option('rollouts', { type: 'string', default: '1', describe: 'playouts of each action per world' })
      .option('seed', { type: 'string', default: '1', describe: 'seed of the sampled worlds' })
      .option('read-bids', { type: 'string', default: 'strong', choices: ['strong', 'any', 'none'], describe: "what an opponent's bid or hold of a Gleich/Hanger tells: one as good as simple bids on (three Ober, U-O-K), any, nothing" })
      .option('answers', { type: 'string', default: 'perfect', choices: ['perfect', 'simple'], describe: 'how the others answer your bid or raise: perfect (whichever of gut and hold is better for them in the world) or simple (as the simple bot answers, from their own cards: its holes then count as your gain)' })
      .option('weights', { type: 'string', default: 'uniform', choices: ['uniform', 'weighted'], describe: "worlds equally weighted (with the reading of bids), or each weighted by how likely the others' bids, answers and talk are as simple would make them (policy-based inference; the effective worlds are printed)" })
      .option('tremble', { type: 'string', default: '0.1', describe: '--weights weighted: the probability that a seat does not do what simple would (0.001..1)' })
      .option('min-ess', { type: 'string', describe: '--weights weighted: draw more worlds, --worlds at a time, until the effective worlds reach this many (at most 8× --worlds; about 4× the CPU at --min-ess = --worlds 40); default: --worlds; 0 = off' })
      .option('json', { type: 'boolean', default: false, describe: 'print { "options": [ { "action", "ev", "lo", "hi" } ], "best" }' })
      .example(ADVISE_EXAMPLES.map((e) => [e.command, e.what])) as unknown as Argv<AdviseArgs>,
  handler: (argv: ArgumentsCamelCase<AdviseArgs>) => {
    const score = argv.score === undefined ? undefined : argv.score.split(/[,\s]+/).filter((x) => x !== '').map((x) => intArg(x, '--score', 0, 1000));
    const spec: PositionSpec = {
      ruleset: argv.ruleset,
      players: intArg(argv.players, '--players', 2, 6),
      seat: seatArg(argv.seat, '--seat'),
      hand: argv.hand,
      ...(argv.turned === undefined ? {} : { turned: argv.turned }),
      ...(argv.trump === undefined ? {} : { trump: argv.trump }),
      dealer: seatArg(argv.dealer, '--dealer'),
      ...(score === undefined ? {} : { score }),
      ...(argv.stockShown === undefined ? {} : { stockShown: argv.stockShown }),
      moves: argv.moves,
      seed: intArg(argv.seed, '--seed', 0, 2 ** 31),
    };
    const o: AdviceOptions = {
      worlds: intArg(argv.worlds, '--worlds', 2, 1000000),
      continuation: argv.continuation as 'simple' | 'random',
      rolloutsPerWorld: intArg(argv.rollouts, '--rollouts', 1, 1000),
      seed: spec.seed,
      objective: score === undefined ? 'points' : 'auto',
      readBids: argv.readBids as SearchConfig['readBids'],
      answers: argv.answers as SearchConfig['answers'],
      weights: argv.weights as SearchConfig['worldWeights'],
      tremble: probArg(argv.tremble, '--tremble'),
      ...(argv.minEss === undefined ? {} : { minEss: intArg(argv.minEss, '--min-ess', 0, 1000000) }),
    };
    const a = advise(spec, o);
    process.stdout.write(argv.json ? JSON.stringify(adviceJson(a, score !== undefined)) + '\n' : adviceText(a, score !== undefined, o));
  },
};
