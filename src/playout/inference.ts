// Worlds weighted by what the table said (issue 27 item 2; policy-based inference as in Skat: Buro, Long,
// Furtak, Sturtevant, "Improving State Evaluation, Inference, and Search in Trick-Based Card Games", IJCAI
// 2009, and its successors; BEN's bidding inference in bridge).
//
// The sampler (sampler.ts) draws worlds uniformly among the deals the rules allow (worlds.ts: follow suit,
// exchanges, obligations, shows). What the other seats *chose* to do — bid, pass, answer gut or hold, raise,
// veto, talk — says more, but only under a model of how they choose. Here each sampled world d gets the
// importance weight
//
//     w(d) = Π over the other seats' bidding and talk decisions k so far:  P_model(a_k | o_k(d))
//
// where a_k is the action the seat took and o_k(d) the observation that seat had at that moment had the
// cards been dealt as in d: the hand is replayed through the engine from world d (replayOf below), and at
// each decision of another seat the engine's own observe() gives the observation the model is asked about.
// Card plays, exchanges, shows and the cut are not weighted: what they reveal is a hard fact already in the
// sampler's constraints (worlds.ts); the model is asked only about what the rules leave free.
//
// Self-normalised importance sampling then estimates the value under the posterior (decision.ts
// weightedEstimate): sum w·x / sum w, with the effective sample size ESS = (sum w)² / sum w² (Kish).
//
// The model is a parameter (SeatModel: an observation to a distribution over its legal actions), so that any
// model of the other seats plugs in: today `simple` (the answers the playouts assume, search.ts), or the solved
// bid layer (src/solve). A deterministic bot gives 0/1 likelihoods — one world out of line and its weight is 0,
// and a model that is wrong once kills every world. softened() mixes it with a uniform choice ("trembling
// hand"): P(a) = (1 − ε)·[a = bot(o)] + ε / |legal(o)|. ε = 0.1 (DEFAULT_TREMBLE) by default: a world where the
// bot would have chosen otherwise keeps about ε/|legal| ≈ 3% of the weight per decision, enough that real
// players who are not the bot do not empty the sample (the ESS stays reported, so a collapse is seen).
import { WELI } from '../cards/card.ts';
import { sameAction, type PolicyAction } from '../engine/actions.ts';
import { actingSeat, applyAction, handFromLayout, legalActions, newHand, type HandOptions } from '../engine/game.ts';
import type { HandEvent } from '../engine/history.ts';
import { allowedShows } from '../engine/showing.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import type { Observation } from '../engine/observation.ts';
import { observe } from '../engine/observe.ts';
import type { HandState } from '../engine/state.ts';
import { resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import type { World } from './worlds.ts';

/** A distribution over the legal actions of an observation (probabilities summing to 1; actions not listed: 0). */
export type ActionDistribution = ReadonlyArray<{ readonly action: PolicyAction; readonly p: number }>;

/** A model of how another seat chooses: its observation to a distribution over its legal actions. */
export interface SeatModel {
  readonly name: string;
  distribution(obs: Observation): ActionDistribution;
}

/** The default tremble of softened(): the probability that the modelled seat does not do what the bot would. */
export const DEFAULT_TREMBLE = 0.1;

/** A deterministic bot as a model: its action with probability 1 − ε, every legal action with ε / |legal| more. */
export function softened(name: string, act: (obs: Observation) => PolicyAction, tremble = DEFAULT_TREMBLE): SeatModel {
  if (!(tremble > 0 && tremble <= 1)) throw new RangeError('softened: the tremble is in (0, 1]');
  return {
    name: `${name} (ε ${tremble})`,
    distribution(obs) {
      const legal = obs.legal;
      const chosen = act(obs);
      const u = tremble / legal.length;
      return legal.map((a) => ({ action: a, p: u + (sameAction(a, chosen) ? 1 - tremble : 0) }));
    },
  };
}

/** The probability the distribution gives an action (0 when it names it not). */
export function probabilityOf(d: ActionDistribution, a: PolicyAction): number {
  for (const x of d) if (sameAction(x.action, a)) return x.p;
  return 0;
}

/** The decisions that are weighted: the other seats' free choices in the bidding war and the talk (RULES §8, §11.4, §13). */
const WEIGHED_PHASES: ReadonlySet<string> = new Set(['window', 'answer', 'veto', 'talk']);
const SILENT_KINDS: ReadonlySet<string> = new Set(['pass', 'consent', 'quiet']);

/** The action an event records (null: an event no seat chose, or one matched another way). */
function actionOf(e: HandEvent): PolicyAction | null {
  switch (e.type) {
    case 'exchange':
      return { kind: 'exchange', card: e.gave };
    case 'exchangeDeclined':
      return { kind: 'declineExchange' };
    case 'play':
      return { kind: 'play', card: e.card, as: e.as };
    case 'concede':
      return { kind: 'concede' };
    case 'bid':
      return { kind: 'bid', figures: e.figures, cumulative: e.cumulative, unseen: e.unseen };
    case 'raise':
      return { kind: 'raise', figure: e.figure, to: e.to };
    case 'answer':
      return { kind: e.answer };
    case 'veto':
      return { kind: e.veto ? 'veto' : 'consent' };
    case 'ask':
      return { kind: 'ask', count: e.count, type: e.kind };
    case 'askAnswer':
      return { kind: e.allow ? 'allow' : 'reject' };
    case 'say':
      return { kind: 'say', phrase: e.phrase, to: e.to, suit: e.suit, figure: e.figure };
    default:
      return null;
  }
}

/**
 * The show action of a show event in the replay (the windows after the Spiel come between the showings, so
 * the replay goes through them): the legal showing with the same christenings, else the same figures.
 */
function showOf(s: HandState, e: Extract<HandEvent, { type: 'show' }>): PolicyAction | null {
  const want = e.cards.filter((c) => c.as !== null).map((c) => c.as!).sort((x, y) => x - y).join(',');
  const shows = allowedShows(s, e.seat);
  const o = shows.find((x) => x.as.slice().sort((p, q) => p - q).join(',') === want) ?? shows.find((x) => wordGleich(x.word) === e.gleich && wordHanger(x.word) === e.hanger);
  return o === undefined ? null : { kind: 'show', as: o.as };
}

/** The seat an action event names. */
const seatOf = (e: HandEvent): number => ('seat' in e ? (e as { seat: number }).seat : -1);

/** The same event of an action: the same kind, seat and action (and figure, for answers and raises). */
function sameEvent(x: HandEvent, e: HandEvent): boolean {
  if (x.type !== e.type || seatOf(x) !== seatOf(e)) return false;
  if ('figure' in x && 'figure' in e && x.figure !== e.figure) return false;
  const a = actionOf(x);
  const b = actionOf(e);
  return a !== null && b !== null && sameAction(a, b);
}

/** Why a world could not be replayed (the weight is then unknown: the search falls back to uniform worlds). */
export class ReplayUnsupported extends Error {
  override name = 'ReplayUnsupported';
}

const rulesets = new Map<string, RulesVariant>();
const decks = new Map<string, readonly number[]>();

/** The cards as a list. */
function cardsIn(lo: number, weli: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 32; c++) if ((lo >>> c) & 1) out.push(c);
  if (weli) out.push(WELI);
  return out;
}

/** The engine's state at the start of the hand, had the cards been dealt as in world w (cut without kept cards). */
function dealOf(obs: Observation, w: World): HandState {
  // a Perlagg the cutter kept at the cut (A-31) is dealt to him here like his other cards: the seats' hands,
  // and so every observation the model is asked about, are the same but for the record of the cut
  let r = rulesets.get(obs.ruleset);
  if (r === undefined) rulesets.set(obs.ruleset, (r = resolveRuleset(obs.ruleset)));
  const opts: HandOptions = { players: obs.players, dealer: obs.dealer, score: obs.score.slice(), ...(obs.dummySeat >= 0 ? { dummySeat: obs.dummySeat } : {}) };
  let deck = decks.get(obs.ruleset + '|' + obs.players);
  if (deck === undefined) decks.set(obs.ruleset + '|' + obs.players, (deck = newHand(r, opts).deck.slice()));
  // each seat's cards as dealt: its cards now and those it laid, less what it took in the exchange, plus what it gave
  const hands: number[][] = [];
  const used = new Set<number>();
  for (let seat = 0; seat < obs.seats; seat++) {
    const five = new Set(cardsIn(w.handLo[seat]! >>> 0, w.handWeli[seat]!));
    for (const t of obs.tricks) for (const p of t.plays) if (p.seat === seat) five.add(p.card);
    for (let i = obs.exchanges.length - 1; i >= 0; i--) {
      const x = obs.exchanges[i]!;
      if (x.seat !== seat) continue;
      five.delete(x.took);
      five.add(x.gave);
    }
    if (five.size !== obs.handSize) throw new ReplayUnsupported(`P${seat + 1} would be dealt ${five.size} cards`);
    const h = [...five].sort((a, b) => a - b);
    for (const c of h) used.add(c);
    hands.push(h);
  }
  // the cards laid aside at the turn-up as they were turned: a skipped card taken in an exchange lies where
  // the card given for it lies now
  const skipped = obs.skipped.slice();
  for (let i = obs.exchanges.length - 1; i >= 0; i--) {
    const x = obs.exchanges[i]!;
    const at = skipped.indexOf(x.gave);
    if (at >= 0 && x.took !== obs.turned) skipped[at] = x.took;
  }
  for (const c of skipped) used.add(c);
  used.add(obs.turned);
  const shown = obs.stockShown;
  for (const c of shown) used.add(c);
  const rest = deck.filter((c) => !used.has(c));
  // the stock top first: a shown bottom card last, a shown top card first (as advise lays it)
  const stock = shown.length === 0 ? rest : shown.length === 1 ? [...rest, shown[0]!] : [shown[0]!, ...rest, shown[1]!];
  try {
    return handFromLayout(r, opts, { hands, skipped, turned: obs.turned, stock });
  } catch (e) {
    throw new ReplayUnsupported(`the deal cannot be laid out: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * The likelihood of world w: the product, over the other seats' bidding and talk decisions in the
 * observation's history, of the model's probability of the action taken (passes included), each asked of
 * the observation that seat had at that moment in world w. Throws ReplayUnsupported when the hand cannot be
 * replayed from the world (the cutter kept a Perlagg; a course the engine refuses).
 */
export function worldLikelihood(obs: Observation, w: World, model: SeatModel): number {
  return weighedReplay(obs, w, model).like;
}

/**
 * worldLikelihood with the replayed state (at the observer's decision, as replayWorld returns it). The partner's
 * decisions (a seat of the observer's party) are asked of `partnerModel` (default `model`); null: not weighed.
 */
export function weighedReplay(obs: Observation, w: World, model: SeatModel, partnerModel: SeatModel | null = model): { like: number; state: HandState } {
  let like = 1;
  const ownParty = obs.party[obs.seat]!;
  const state = replayWorld(obs, w, (s, a) => {
    if (!WEIGHED_PHASES.has(s.phase)) return;
    const seat = actingSeat(s);
    const player = s.table.controller[seat]!;
    if (player === obs.player) return;
    const m = obs.party[seat] === ownParty ? partnerModel : model;
    if (m === null) return;
    like *= probabilityOf(m.distribution(observe(s, player, obs.score)), a);
  });
  return { like, state };
}

/**
 * The engine's state at the observer's decision, had the cards been dealt as in world w: the hand replayed
 * from the deal through every event of the observation's history (the silences between them, passes and
 * consents, filled in), up to the observer's turn — or to the showing, which comes after every bid of the
 * hand. `onAction(state, action)` is called before each action is applied (the observer's own included).
 * Events the engine writes itself are not actions to look for: the answer it gives for a seat (a void raise
 * stands as the hold, or as the gut a gestrichen party must give, A-45; a partner's veto brings the less
 * dangerous answer, RULES §8.6; a silent party lets it gut) and a hand of one showing shown. Each is
 * passed over when the replay's engine wrote it too (matched against what the engine did), so it is neither
 * searched for among the legal actions nor weighted.
 * Throws ReplayUnsupported when the hand cannot be replayed from the world (a course the engine refuses).
 */
export function replayWorld(obs: Observation, w: World, onAction?: (s: HandState, a: PolicyAction) => void): HandState {
  const s = dealOf(obs, w);
  // the events the engine wrote itself in this replay (not the record of the action applied), not yet
  // matched in the history: the answers of a void raise, of a veto, of a silent party
  const engineWrote: HandEvent[] = [];
  const apply = (a: PolicyAction): void => {
    const seat = actingSeat(s);
    const from = s.events.length;
    onAction?.(s, a);
    applyAction(s, a);
    let record = false; // the action's own record: the first event of an action at the acting seat
    for (let i = from; i < s.events.length; i++) {
      const x = s.events[i]!;
      if (actionOf(x) === null) continue;
      if (!record && seatOf(x) === seat) record = true;
      else engineWrote.push(x);
    }
  };
  const silent = (): boolean => {
    if (s.phase === 'cutKeep') {
      applyAction(s, { kind: 'keepCut', keep: false });
      return true;
    }
    const q = legalActions(s).find((x) => SILENT_KINDS.has(x.kind));
    if (q === undefined) return false;
    apply(q);
    return true;
  };
  for (const e of obs.history) {
    const given = actionOf(e);
    if (given === null && e.type !== 'show') continue;
    if (given !== null) {
      const k = engineWrote.findIndex((x) => sameEvent(x, e));
      if (k >= 0) {
        engineWrote.splice(k, 1); // the engine's own answer: written in this world too, passed over
        continue;
      }
    }
    for (let guard = 0; ; guard++) {
      if (guard > 64) throw new ReplayUnsupported('the replay does not reach the event');
      if (e.type === 'show' && (s.shows[e.seat] ?? null) !== null) break; // shown already: the engine shows a hand of one showing itself
      const a = e.type === 'show' ? (s.phase === 'show' ? showOf(s, e) : null) : given;
      if (a !== null && s.phase !== 'cutKeep' && actingSeat(s) === seatOf(e)) {
        const legal = legalActions(s);
        const m = legal.find((x) => sameAction(x, a));
        if (m !== undefined) {
          apply(m);
          break;
        }
      }
      if (!silent()) throw new ReplayUnsupported(`no action of the world's replay matches the event ${e.type} of P${seatOf(e) + 1}`);
    }
  }
  // the silences up to the observer's decision
  for (let guard = 0; guard < 64 && s.phase !== 'done' && s.phase !== 'show' && (actingSeat(s) !== obs.acting || s.phase !== obs.phase); guard++) if (!silent()) break;
  return s;
}

/** The effective sample size of weights (Kish): (Σw)² / Σw²; 0 for no weight at all. */
export function effectiveSize(w: ArrayLike<number>, n = w.length): number {
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    s += w[i]!;
    s2 += w[i]! * w[i]!;
  }
  return s2 > 0 ? (s * s) / s2 : 0;
}
