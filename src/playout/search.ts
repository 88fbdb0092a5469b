// Perfect Information Monte Carlo search over the playout kernel (issue 13; GUIDE §6): for a decision,
// sample worlds consistent with the observation (sampler.ts sampleWorld), play each legal action out
// in each world with a continuation policy (kernel.ts), and estimate each action's value — the expected
// points of the deal (the acting party's points minus the opponents'; with more than two parties, minus
// their mean) or, where the score makes that the aim, the probability of winning the Partie from the Partie-equity
// table (equity.ts). Shared by strategies/pimc.ts (the bot) and `perlagg advise` (src/cli/advise.ts).
//
// What is played out, by kind of decision (RULES §4–§12):
//   card (play)       every legal card (christenings reduced to the kernel's set, or all with christenAll)
//                     and the concede: the concede is the Spiel written at once to the opponents (1, or its
//                     stake when held) and the showing of the cards in hand (RULES §6.1, §8.2);
//   show              every legal showing: the rest shows as strategies/simple.ts does (kernel finish);
//   exchange          each card given for the face-up Perlagg (the Perlagg into the hand, the card face
//                     up), or declining: then the next seat of the exchange order holding a plain card of
//                     its suit takes it for its lowest one (RULES §4.6; a simplification of deal.ts);
//   bids, answers, raises, vetoes (RULES §8): the kernel cannot bid inside a playout, so a bidding option
//                     is played out as its consequences on the stakes the kernel is given: a gut is the
//                     offerer's level − 1 written at once and the figure closed (a Spiel let gut ends trick
//                     play: the showing follows at once); a hold is the stake at the level, decided by the
//                     cards at the end; a bid or a raise is answered by the opponents by the answer model
//                     (below), and a raise of theirs answered by this party with the one response (gut or
//                     hold) that is best on average over the worlds in which they raise — one decision for
//                     one state of knowledge, not a choice per world (that would be strategy fusion, GUIDE
//                     §6). Whoever bids, holds or raises a Gleich or Hanger is bound to it (RULES §8.5) in
//                     the playouts; unseen bids bind nobody and score when let gut only if the party has the
//                     figure. The rest of the hand is played without further bids.
//   asks, answers to asks (RULES §11.4), keeping a Perlagg at the cut (§4.2): decided by rule — ask with the
//                     highest count the hand truly makes; reject an ask whenever the rules allow it; keep
//                     the Perlagg (trump is not known at the cut: there is no world to sample).
//
// The answer model — how the opponents answer this party's bid or raise (declared, `answers`):
//   'simple'   as strategies/simple.ts answers, from the answering seat's cards in the world: the Spiel
//              held only between tricks with a trick of its party more than ours and a trump König, As or
//              Perlagg; a Gleich / Hanger held with at least three Ober / Unter-Ober-König, raised ("Drei")
//              with four cards or more (RULES H-21, H-24); else gut. It sees only its own cards;
//   'perfect'  the plain PIMC reading: in each world the opponents take whichever of gut and hold is better
//              for them on that world's cards — they know every card (the fused reading, for comparison).
// What bids reveal (`readBids`): a seat that bid, held or raised a Gleich or Hanger holds one ('any', what
// RULES §8.5 obliges honest players to), or one of at least three Ober / U-O-K ('strong', how `simple` and
// the 1853 author bid, H-21); 'none' samples every consistent deal alike. Or, with `worldWeights: 'weighted'`,
// no reading at all: every consistent deal is sampled and each world weighted by the likelihood of the other
// seats' bids, answers and talk under `model` (inference.ts: policy-based inference, importance weights;
// decision.ts weightedEstimate: the self-normalised mean, its interval and the effective worlds).
//
// Every rule that moves points (issue 27): each option is applied in the engine's own state, replayed per world
// (lines.ts: the bidding it opens driven by the answer model, the penalties, the Spielfarbe judgement), and
// played out by the kernel with the deal's bidding (kernel-score.ts: false figures and their corrections,
// A-39's erasure, Aus, the Partie ending in the deal); the value is judged on the kernel's final writes
// (judgeWrites). Where a world cannot be replayed in the engine the options are priced on the plain stakes
// below (Plan, judge), with a note: no end-of-deal corrections, the over-bid penalties as options.ts writes
// them. Measured: 0 of 8,753 decisions of near-target test positions (test/playout/positions.ts: 1853 and
// Oberland 150 hands, Südtirol and Innsbruck 100, 2–6 seats, 12 worlds) fall back — 42 did before the replay
// passed over the answers the engine writes itself (a void raise's hold, a veto's answer: inference.ts).
import { WELI } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import type { FigureName, PolicyAction } from '../engine/actions.ts';
import type { Observation } from '../engine/observation.ts';
import { showingPlanWord } from '../policy/figures.ts';
import { figureContext, type FigureContext } from '../eval/evaluate.ts';
import { jointFrontier } from '../engine/joint.ts';
import { ausLevelOf } from '../engine/bid-raise.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import { resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { WorldError, obligationsNow, type World, type WorldConstraint } from './worlds.ts';
import { kernelPositionOf } from './position.ts';
import { WorldSampler } from './sampler.ts';
import { ReplayUnsupported, effectiveSize, weighedReplay, type SeatModel } from './inference.ts';
import type { HandState } from '../engine/state.ts';
import type { HandEvent } from '../engine/history.ts';
import { partieEquity, doubleLine, type PartieEquity } from './equity.ts';
import { Playout } from './kernel.ts';
import { type KernelPosition, type KernelRandom } from './kernel-state.ts';
import { kernelRules, type KernelRules } from './rules.ts';
import { DEFAULT_SEARCH, MIN_ESS_CAP, continuationOf, type AnswerModel, type AnswerQuery, type DecisionEstimate, type Estimate, type OptionEstimate, type SearchConfig, type SearchRandom } from './search-config.ts';

// ---------------------------------------------------------------------------------------------------

const rulesets = new Map<string, RulesVariant>();

function rulesetOf(obs: Observation): RulesVariant {
  let r = rulesets.get(obs.ruleset);
  if (r === undefined) rulesets.set(obs.ruleset, (r = resolveRuleset(obs.ruleset)));
  return r;
}

export const FIG: readonly FigureName[] = ['Spiel', 'Gleich', 'Hanger'];

/** Did party q raise (or re-raise) figure f in these events (a valid raise)? */
export function partyRaised(events: readonly HandEvent[], f: number, q: number): boolean {
  for (const e of events) if (e.type === 'raise' && e.valid && e.party === q && e.figure === FIG[f]) return true;
  return false;
}

export const figOf = (f: FigureName): number => (f === 'Spiel' ? 0 : f === 'Gleich' ? 1 : 2);

/** simple.ts's thresholds (H-21, H-24): three Ober, Unter-Ober-König; "Drei" with four cards. */
const HOLD_CODE = [0, (3 << 4) | 6, (3 << 4) | 7];

const RAISE_COUNT = 4;

/** Four fixed words handed to the kernel's rollout seeding (common random numbers across options). */
export class Seed implements KernelRandom {
  readonly w = new Uint32Array(4);
  private i = 0;
  set(src: Uint32Array, at: number): this {
    for (let k = 0; k < 4; k++) this.w[k] = src[at + k]!;
    this.i = 0;
    return this;
  }
  nextUint32(): number {
    const x = this.w[this.i & 3]!;
    this.i++;
    return x;
  }
}

/** A kernel position to play out: the observation's, with overrides. */
export interface Scenario {
  readonly key: string;
  /** bound bits per seat (RULES §8.5); null: the observation's. */
  readonly bound: readonly number[] | null;
  /** The Spiel decided now for this party (a Spiel let gut, a concede); -1: as the tricks go. */
  readonly spielNow: number;
  /** A kernel move laid first (a card decision), -1 none. */
  readonly move: number;
  /** This seat's figure word shown (a show decision), -1 none. */
  readonly showWord: number;
  /** Change the world's hands before the playout (an exchange). */
  readonly hands: ((lo: Int32Array, weli: Uint8Array) => void) | null;
  /** The figure winners per (world, rollout): [ (i * R + r) * 3 + f ] = party or -1. */
  fw: Int8Array;
}

/** One option: how to value it in world i (after prepare()). */
export interface OptionSpec {
  readonly action: PolicyAction;
  readonly note?: string;
  /** Not sampled: decided by a rule (value NaN). */
  readonly rule?: boolean;
  /** A rule option's preference: the highest above 0 is taken before any sampled option; at or below 0 never by rule. */
  readonly prefer?: number;
  /** An exchange: the world's hands changed before the playout (lines.ts lays it on the kernel). */
  readonly hands?: (lo: Int32Array, weli: Uint8Array) => void;
  /** Called once after the playouts (aggregate decisions over the worlds). */
  prepare?(): void;
  /** Fill the plan of world i, rollout r; false: use the base plan unchanged. */
  value(i: number, r: number, out: Outcome): void;
}

export interface Outcome {
  diff: number;
  pwin: number;
  equity: number;
}

/** What the end of the deal writes: the immediate writes of the option and the end stakes. */
export class Plan {
  /** New immediate writes, in order: party, points. */
  readonly writes: number[] = [];
  /** End value per figure (0 = nothing written at the end). */
  readonly val = [0, 0, 0];
  /** Figures at stake "Aus" (bit mask). */
  aus = 0;
  /** Order of the end writes (figures). */
  order: readonly number[] = [0, 1, 2];
  /** Winner per figure (party or -1). */
  readonly win = [-1, -1, -1];
  reset(base: Plan): void {
    this.writes.length = 0;
    for (let f = 0; f < 3; f++) this.val[f] = base.val[f]!;
    this.aus = base.aus;
    this.order = base.order;
  }
}

export class Search {
  readonly obs: Observation;
  readonly cfg: SearchConfig;
  readonly r: RulesVariant;
  readonly me: number;
  readonly party: number;
  readonly parties: number;
  readonly seats: number;
  readonly rules: KernelRules;
  readonly fctx: FigureContext;
  readonly objective: 'points' | 'partie';
  readonly eq: PartieEquity | null;
  readonly dbl: number;
  readonly R: number;
  worlds: World[] = [];
  /** The engine's state at the decision per world, where weighing replayed it (lines.ts takes it from here). */
  readonly replayed: HandState[] = [];
  /** Each world's importance weight (all 1 for uniform worlds), and the model that gave them (null: uniform). */
  weights = new Float64Array(0);
  weightedBy: string | null = null;
  n = 0;
  seeds = new Uint32Array(0);
  readonly scenarios: Scenario[] = [];
  private readonly byKey = new Map<string, Scenario>();
  readonly notes: string[] = [];
  readonly base = new Plan();
  readonly plan = new Plan();
  /** Virtual score per party (score + this deal's writes so far). */
  readonly vscore: number[];
  readonly nextDealerParty: number;
  readonly baseBound: number[];
  rollouts = 0;
  private readonly seed = new Seed();
  private basePos: KernelPosition | null = null;
  private readonly codes = new Map<number, number>();
  /** raisedByThem(), once read (−1: not yet). */
  private theyRaised = -1;

  constructor(obs: Observation, cfg: SearchConfig) {
    this.obs = obs;
    this.cfg = cfg;
    this.r = rulesetOf(obs);
    this.me = obs.acting;
    this.party = obs.party[this.me]!;
    this.parties = Math.max(...obs.party) + 1;
    this.seats = obs.seats;
    this.rules = kernelRules(this.r, (obs.trump ?? 'H') as 'H');
    this.fctx = figureContext(this.r, (obs.trump ?? 'H') as 'H');
    this.R = Math.max(1, cfg.rolloutsPerWorld);
    this.vscore = [];
    for (let p = 0; p < this.parties; p++) this.vscore.push((obs.score[p] ?? 0) + (obs.written[p] ?? 0));
    this.nextDealerParty = obs.party[(obs.dealer + 1) % obs.seats]!;
    this.dbl = doubleLine(this.r);
    const twoParties = this.parties === 2 && obs.biddingTable;
    this.eq = twoParties ? partieEquity(this.r, cfg.equityPlay) : null;
    let objective: 'points' | 'partie' = 'points';
    if (this.eq !== null && cfg.objective === 'partie') objective = 'partie';
    if (this.eq !== null && cfg.objective === 'auto') {
      const need = Math.min(...this.vscore.map((v) => obs.target - v));
      if (need <= cfg.autoWithin) objective = 'partie';
    }
    if (cfg.objective === 'partie' && this.eq === null) this.notes.push('no Partie-equity table for this table: points are the objective');
    this.objective = objective;
    this.baseBound = obligationsNow(obs);
    this.setBasePlan();
  }

  // ---- the stakes as they stand ----

  private setBasePlan(): void {
    const b = this.base;
    const obs = this.obs;
    b.aus = 0;
    for (let f = 0; f < 3; f++) {
      const x = obs.bidding[f]!;
      if (x.status === 'closed') b.val[f] = 0;
      else if (x.status === 'stake' || x.status === 'offer') {
        b.val[f] = x.level;
        if (x.aus) b.aus |= 1 << f;
      } else b.val[f] = 1;
    }
    b.order = this.endOrder([]);
  }

  /** RULES §11.3: Aus first, then the bid figures as first bid (`newBids` after the others, in order), then the unbid ones in the default order. */
  endOrder(newBids: readonly number[]): number[] {
    const obs = this.obs;
    const bid: Array<[number, number]> = [];
    const unbid: number[] = [];
    for (let f = 0; f < 3; f++) {
      const x = obs.bidding[f]!;
      if (x.priority >= 0) bid.push([x.priority, f]);
    }
    bid.sort((a, b) => a[0] - b[0]);
    const order = bid.map((x) => x[1]);
    for (const f of newBids) if (!order.includes(f)) order.push(f);
    for (const name of this.r.defaultFigureOrder) {
      const f = figOf(name);
      if (!order.includes(f)) unbid.push(f);
    }
    return [...order, ...unbid];
  }

  // ---- worlds ----

  sample(rng: SearchRandom): void {
    const cfg = this.cfg;
    const obs = this.obs;
    let sampler: WorldSampler;
    const weighted = cfg.worldWeights === 'weighted' && cfg.model !== null;
    const reading = weighted ? [] : this.readingConstraints();
    try {
      sampler = new WorldSampler(obs, reading.length === 0 ? {} : { constraints: reading, maxTries: 4000 });
      if (reading.length > 0) sampler.sample(rng); // probe: the reading may be impossible
    } catch (e) {
      if (!(e instanceof WorldError) || reading.length === 0) throw e;
      this.notes.push('the bids could not be read (no world agrees): every consistent deal sampled');
      sampler = new WorldSampler(obs);
    }
    const batch = Math.max(1, cfg.worlds);
    this.worlds = [];
    const draw = (k: number): void => {
      for (let i = 0; i < k; i++) {
        try {
          this.worlds.push(sampler.sample(rng));
        } catch (e) {
          if (!(e instanceof WorldError)) throw e;
          sampler = new WorldSampler(obs);
          this.notes.push('the bids could not be read in some worlds: every consistent deal sampled there');
          this.worlds.push(sampler.sample(rng));
        }
      }
    };
    draw(batch);
    this.weights = new Float64Array(batch).fill(1);
    if (weighted) this.weigh(cfg.model!);
    const minEss = cfg.minEss ?? 0;
    if (weighted && minEss > 0 && this.weightedBy !== null) {
      // draw `worlds` more at a time until the effective worlds reach minEss (or the cap): the same posterior,
      // more of it sampled — the weights of the worlds already drawn do not change
      const cap = MIN_ESS_CAP * batch;
      let ess = effectiveSize(this.weights);
      while (ess < minEss - 1e-9 && this.worlds.length < cap && this.weightedBy !== null) {
        const from = this.worlds.length;
        draw(Math.min(batch, cap - from));
        const w = new Float64Array(this.worlds.length).fill(1);
        w.set(this.weights);
        this.weights = w;
        this.weigh(cfg.model!, from);
        ess = effectiveSize(this.weights);
      }
      if (this.weightedBy !== null) {
        const at = ess >= minEss - 1e-9 ? 'reached' : `stopped at the cap of ${cap} worlds short of`;
        this.notes.push(`min-ess ${minEss}: ${this.worlds.length} worlds drawn (${batch} asked), ${ess.toFixed(1)} effective — ${at} ${minEss}`);
      }
    }
    const n = this.worlds.length;
    this.n = n;
    this.seeds = new Uint32Array(n * this.R * 4);
    for (let i = 0; i < this.seeds.length; i++) this.seeds[i] = rng.nextUint32();
  }

  /** Each world's weight: the likelihood of what the other seats did under the model (inference.ts). */
  private weigh(model: SeatModel, from = 0): void {
    try {
      for (let i = from; i < this.worlds.length; i++) {
        const x = weighedReplay(this.obs, this.worlds[i]!, model, this.cfg.partnerModel); // undefined: `model`
        this.weights[i] = x.like;
        this.replayed[i] = x.state;
      }
      this.weightedBy = this.cfg.partnerModel === null ? `${model.name}, the partner not weighed` : model.name;
    } catch (e) {
      if (!(e instanceof ReplayUnsupported)) throw e;
      this.weights.fill(1);
      this.weightedBy = null;
      this.notes.push(`the worlds could not be weighted (${e.message}): every consistent deal counts alike`);
    }
  }

  /** `readBids`: the seats that bid, held or raised a Gleich or Hanger hold one (RULES §8.5, H-21). */
  private readingConstraints(): WorldConstraint[] {
    if (this.cfg.readBids === 'none') return [];
    const obs = this.obs;
    const seen = new Set<number>([obs.seat, ...obs.seenHands.map((h) => h.seat)]);
    const need = new Map<number, number>(); // seat -> bits (2 Gleich, 4 Hanger)
    for (const e of obs.history) {
      let seat = -1;
      let fig: FigureName | null = null;
      if (e.type === 'bid' && !e.unseen) {
        for (let i = 0; i < e.kept; i++) {
          const f = e.figures[i]!;
          if (f !== 'Spiel' && !seen.has(e.seat)) need.set(e.seat, (need.get(e.seat) ?? 0) | (1 << figOf(f)));
        }
        continue;
      }
      if (e.type === 'raise' && e.valid) {
        seat = e.seat;
        fig = e.figure;
      } else if (e.type === 'answer' && e.answer === 'hold') {
        seat = e.seat;
        fig = e.figure;
      }
      if (seat >= 0 && fig !== null && fig !== 'Spiel' && !seen.has(seat)) need.set(seat, (need.get(seat) ?? 0) | (1 << figOf(fig)));
    }
    const out: WorldConstraint[] = [];
    const strong = this.cfg.readBids === 'strong';
    for (const [seat, bits] of need) {
      out.push({
        kind: 'predicate',
        why: `P${seat + 1} bid or held ${bits & 2 ? 'a Gleich' : ''}${bits === 6 ? ' and ' : ''}${bits & 4 ? 'a Hanger' : ''} (reading the bids: ${this.cfg.readBids})`,
        test: (w) => {
          // 'strong': the figures of the showing plan, which simple.ts and the author bid on (api.ts showingFigures)
          const { gleich, hanger } = strong ? this.planFigures(w, seat) : this.bestFigures(w, seat);
          if ((bits & 2) !== 0 && gleich < (strong ? HOLD_CODE[1]! : 1)) return false;
          if ((bits & 4) !== 0 && hanger < (strong ? HOLD_CODE[2]! : 1)) return false;
          return true;
        },
      });
    }
    return out;
  }

  /** The seat's five cards in world w (its hand now, its laid cards with their identities). */
  private frontierOf(w: World, seat: number): readonly number[] {
    const played: Array<{ card: number; as: number | null }> = [];
    for (const t of this.obs.tricks) for (const p of t.plays) if (p.seat === seat) played.push({ card: p.card, as: p.as });
    return jointFrontier(this.fctx, w.handLo[seat]! >>> 0, w.handWeli[seat]!, played);
  }

  /** The best Gleich and best Hanger the seat can show (each on its own). */
  bestFigures(w: World, seat: number): { gleich: number; hanger: number } {
    let gleich = 0;
    let hanger = 0;
    for (const x of this.frontierOf(w, seat)) {
      gleich = Math.max(gleich, wordGleich(x));
      hanger = Math.max(hanger, wordHanger(x));
    }
    return { gleich, hanger };
  }

  /** The Gleich and Hanger of the seat's showing plan in world w (api.ts showingFigures: the most figures, then the highest codes). */
  planFigures(w: World, seat: number): { gleich: number; hanger: number } {
    const best = showingPlanWord(this.frontierOf(w, seat));
    return best < 0 ? { gleich: 0, hanger: 0 } : { gleich: wordGleich(best), hanger: wordHanger(best) };
  }

  /** The figures the seat would show now (api.ts showingFigures: the most figures, then the highest codes), cached per world. */
  showCodes(i: number, seat: number): number {
    const key = i * 8 + seat;
    let c = this.codes.get(key);
    if (c === undefined) {
      c = Math.max(0, showingPlanWord(this.frontierOf(this.worlds[i]!, seat)));
      this.codes.set(key, c);
    }
    return c;
  }

  // ---- scenarios and playouts ----

  scenario(o: { bound?: readonly number[] | null; spielNow?: number; move?: number; showWord?: number; hands?: ((lo: Int32Array, weli: Uint8Array) => void) | null; key?: string }): Scenario {
    const bound = o.bound ?? null;
    const spielNow = o.spielNow ?? -1;
    const move = o.move ?? -1;
    const showWord = o.showWord ?? -1;
    const key = o.key ?? `${bound === null ? '-' : bound.join(',')}|${spielNow}|${move}|${showWord}`;
    let s = this.byKey.get(key);
    if (s === undefined) {
      s = { key, bound, spielNow, move, showWord, hands: o.hands ?? null, fw: new Int8Array(0) };
      this.byKey.set(key, s);
      this.scenarios.push(s);
    }
    return s;
  }

  boundWith(seat: number, bits: number): number[] {
    const b = this.baseBound.slice();
    b[seat] = (b[seat] ?? 0) | bits;
    return b;
  }

  private position(w: World, s: Scenario): KernelPosition {
    const base = (this.basePos ??= kernelPositionOf(this.obs, w, this.cfg.christenAll ? { christenAll: true } : {}));
    const shown = (base.shown === undefined ? new Array<number>(this.seats).fill(-1) : Array.from(base.shown)) as number[];
    if (s.showWord >= 0) shown[this.me] = s.showWord;
    return {
      ...base,
      handLo: w.handLo,
      handWeli: w.handWeli,
      shown,
      ...(s.bound === null ? {} : { bound: s.bound }),
      ...(s.spielNow >= 0 ? { spielParty: s.spielNow } : {}),
    };
  }

  /** Play every scenario out in every world (worlds in the outer loop, so that a time limit cuts evenly). */
  run(): void {
    const cfg = this.cfg;
    const R = this.R;
    let n = this.n;
    if (cfg.maxRollouts > 0 && this.scenarios.length > 0) n = Math.min(n, Math.max(4, Math.floor(cfg.maxRollouts / (R * this.scenarios.length))));
    const kernels = this.scenarios.map((s) => new Playout().load(this.position(this.worlds[0]!, s)));
    for (const s of this.scenarios) s.fw = new Int8Array(n * R * 3);
    const lo = new Int32Array(this.seats);
    const weli = new Uint8Array(this.seats);
    const { policy: cont, solverCards } = continuationOf(cfg);
    const t0 = cfg.timeMs > 0 ? Date.now() : 0;
    let done = 0;
    for (let i = 0; i < n; i++) {
      if (cfg.timeMs > 0 && i >= 8 && (i & 3) === 0 && Date.now() - t0 > cfg.timeMs) break;
      const w = this.worlds[i]!;
      for (let j = 0; j < this.scenarios.length; j++) {
        const s = this.scenarios[j]!;
        const k = kernels[j]!;
        for (let r = 0; r < R; r++) {
          k.restore();
          if (s.hands !== null) {
            lo.set(w.handLo);
            weli.set(w.handWeli);
            s.hands(lo, weli);
            k.setHands(lo, weli);
          } else k.setHands(w.handLo, w.handWeli);
          if (s.move >= 0) k.play(s.move);
          k.rollout(cont, this.seed.set(this.seeds, (i * R + r) * 4), solverCards);
          const at = (i * R + r) * 3;
          s.fw[at] = k.figureWinner[0]!;
          s.fw[at + 1] = k.figureWinner[1]!;
          s.fw[at + 2] = k.figureWinner[2]!;
          this.rollouts++;
        }
      }
      done++;
    }
    this.n = done;
  }

  /** The plan's figure winners from a scenario's playout. */
  winners(s: Scenario, i: number, r: number, plan: Plan): void {
    const at = (i * this.R + r) * 3;
    plan.win[0] = s.fw[at]!;
    plan.win[1] = s.fw[at + 1]!;
    plan.win[2] = s.fw[at + 2]!;
  }

  // ---- judging a deal's outcome ----

  /** The deal's points (mine minus theirs) and, with a table, the Partie's value (RULES §11.3, §11.5). */
  judge(p: Plan, out: Outcome): void {
    const me = this.party;
    const parties = this.parties;
    const T = this.obs.target;
    const pts = this.scratchPts;
    for (let q = 0; q < parties; q++) pts[q] = 0;
    for (let j = 0; j < p.writes.length; j += 2) pts[p.writes[j]!]! += p.writes[j + 1]!;
    for (let f = 0; f < 3; f++) {
      const w = p.win[f]!;
      if (w < 0 || p.val[f] === 0) continue;
      pts[w]! += (p.aus >>> f) & 1 ? Math.max(p.val[f]!, T - this.vscore[w]!) : p.val[f]!;
    }
    let others = 0;
    for (let q = 0; q < parties; q++) if (q !== me) others += pts[q]!;
    out.diff = pts[me]! - (parties > 1 ? others / (parties - 1) : 0);
    const eq = this.eq;
    if (eq === null) {
      out.pwin = NaN;
      out.equity = NaN;
      return;
    }
    // the order of writing: the immediate writes, then Aus, then the end writes in order; stop at the target
    const sc = this.scratchScore;
    sc[0] = this.vscore[0]!;
    sc[1] = this.vscore[1]!;
    let winner = -1;
    for (let j = 0; j < p.writes.length && winner < 0; j += 2) {
      const q = p.writes[j]!;
      sc[q]! += p.writes[j + 1]!;
      if (sc[q]! >= T) winner = q;
    }
    if (winner < 0 && p.aus !== 0) {
      for (const f of p.order) {
        if (((p.aus >>> f) & 1) === 0) continue;
        const w = p.win[f]!;
        if (w >= 0) {
          winner = w;
          sc[w] = Math.max(sc[w]!, T);
          break;
        }
      }
    }
    if (winner < 0) {
      for (const f of p.order) {
        const w = p.win[f]!;
        if (w < 0 || p.val[f] === 0 || ((p.aus >>> f) & 1) !== 0) continue;
        sc[w]! += p.val[f]!;
        if (sc[w]! >= T) {
          winner = w;
          break;
        }
      }
    }
    let v;
    if (winner >= 0) v = eq.over(winner === me, this.dbl > 0 && sc[1 - winner]! < this.dbl);
    else v = eq.at(sc[me]!, sc[1 - me]!, this.nextDealerParty === me);
    out.pwin = v.pwin;
    out.equity = v.equity;
  }
  private readonly scratchPts = [0, 0, 0, 0, 0, 0];
  private readonly scratchScore = [0, 0];

  /**
   * A line's outcome from the kernel's final writes (lines.ts): `points` the deal's writes per party (those before
   * the decision included, kernel-score.ts), `partieWinner` the party that won the Partie in the deal, -1. The
   * points are counted from the decision on (the writes so far, obs.written, taken off); P(win the Partie): 1 or
   * 0 when the deal ends it (the equity's stake ±1, ±2 with the Double), else the equity table at the score
   * the deal leaves.
   */
  judgeWrites(points: ArrayLike<number>, partieWinner: number, out: Outcome): void {
    const me = this.party;
    const parties = this.parties;
    const obs = this.obs;
    let others = 0;
    for (let q = 0; q < parties; q++) if (q !== me) others += points[q]! - (obs.written[q] ?? 0);
    out.diff = points[me]! - (obs.written[me] ?? 0) - (parties > 1 ? others / (parties - 1) : 0);
    const eq = this.eq;
    if (eq === null) {
      out.pwin = NaN;
      out.equity = NaN;
      return;
    }
    const mine = (obs.score[me] ?? 0) + points[me]!;
    const theirs = (obs.score[1 - me] ?? 0) + points[1 - me]!;
    let v;
    if (partieWinner >= 0) v = eq.over(partieWinner === me, this.dbl > 0 && (partieWinner === me ? theirs : mine) < this.dbl);
    else v = eq.at(mine, theirs, this.nextDealerParty === me);
    out.pwin = v.pwin;
    out.equity = v.equity;
  }

  objectiveOf(o: Outcome): number {
    return this.objective === 'partie' ? o.pwin : o.diff;
  }

  // ---- the answer model ----

  /** The seat of party q that answers an offer on figure f made by `offerSeat` (engine/bid-answer.ts answeringSeat). */
  answeringSeat(f: number, q: number, offerSeat: number): number {
    const obs = this.obs;
    let last = -1;
    for (const e of obs.history) {
      if ((e.type === 'bid' && e.figures.includes(FIG[f]!)) || ((e.type === 'raise' || e.type === 'answer') && e.figure === FIG[f])) {
        if (e.party === q) last = e.seat;
      }
    }
    if (last >= 0) return last;
    for (let i = 1; i < this.seats; i++) {
      const seat = (offerSeat + i) % this.seats;
      if (obs.party[seat] === q) return seat;
    }
    return -1;
  }

  /**
   * The answering seat's answer in world i to an offer on f at `level`: 0 gut, 1 hold, 2 raise. `events`: the
   * deal's events up to the offer (the line's engine state, or the observation's history), read for
   * `raisersHold`: a party that raised f in them holds where the model would let gut — with `raisersHoldAus`
   * false, not when the offer is a raise to Aus (`aus`: the engine's flag in a line, else this.isAus).
   */
  modelAnswer(i: number, f: number, level: number, seat: number, mayRaise: boolean, events: readonly HandEvent[] = this.obs.history, aus?: boolean): number {
    const a = this.baseAnswer(i, f, level, seat, mayRaise);
    if (a === 0 && this.cfg.raisersHold === true && partyRaised(events, f, this.obs.party[seat]!)) {
      if (this.cfg.raisersHoldAus === false && (aus ?? this.isAus(level))) return a;
      return 1;
    }
    return a;
  }

  /** The figures (bit f) the other party raised in the deal before this decision (SearchConfig.raisersPerfect); read once. */
  raisedByThem(): number {
    if (this.theyRaised < 0) {
      let m = 0;
      for (let f = 0; f < 3; f++) {
        for (let q = 0; q < this.parties; q++) if (q !== this.party && partyRaised(this.obs.history, f, q)) m |= 1 << f;
      }
      this.theyRaised = m;
    }
    return this.theyRaised;
  }

  /** Is a raise to `level` a raise to Aus now (the engine's level, engine/bid-raise.ts ausLevelOf)? A bid (level 2) never is. */
  isAus(level: number): boolean {
    return level > 2 && level >= ausLevelOf(this.r.raiseLadder, this.obs.target, this.parties, (p) => this.vscore[p]!);
  }

  /** The answer model proper (SearchConfig.answerModel, else as simple.ts answers): 0 gut, 1 hold, 2 raise. */
  baseAnswer(i: number, f: number, level: number, seat: number, mayRaise: boolean): number {
    if (this.cfg.answerModel !== undefined) {
      const a = this.cfg.answerModel(this.answerQuery(i, f, level, seat, mayRaise));
      if (a >= 0) return a;
    }
    const obs = this.obs;
    const q = obs.party[seat]!;
    if (f === 0) {
      const open = (obs.tricks[obs.tricks.length - 1]?.plays.length ?? 0) > 0 && (obs.tricks[obs.tricks.length - 1]?.winner ?? 0) < 0;
      if (open) return 0;
      const mine = obs.tricksWon[q] ?? 0;
      const theirs = obs.tricksWon[1 - q] ?? 0;
      if (mine < 1 || mine <= theirs) return 0;
      const w = this.worlds[i]!;
      const lo = w.handLo[seat]! >>> 0;
      const R = this.rules;
      const t = R.trump;
      const good = (lo & R.perlLo) !== 0 || (w.handWeli[seat]! & R.weliPerl) !== 0 || ((lo >>> (t * 8 + 6)) & 3) !== 0;
      return good ? 1 : 0;
    }
    const word = this.showCodes(i, seat);
    const code = f === 1 ? wordGleich(word) : wordHanger(word);
    // simple.ts: with a figure shown by our side that it cannot beat it lets gut; else it raises with four cards
    if (mayRaise && code >>> 4 >= RAISE_COUNT && this.headroomOf(q) >= level) return 2;
    return code > 0 && code >= HOLD_CODE[f]! ? 1 : 0;
    void level;
  }

  /** The answer model's question about world i (SearchConfig.answerModel). */
  answerQuery(i: number, f: number, level: number, seat: number, mayRaise: boolean): AnswerQuery {
    const w = this.worlds[i]!;
    const lo = w.handLo[seat]! >>> 0;
    const R = this.rules;
    const suit = (lo >>> (R.trump * 8)) & 0xff;
    const perlInSuit = (R.perlLo >>> (R.trump * 8)) & 0xff;
    const perlaggen = popcount32(lo & R.perlLo) + ((w.handWeli[seat]! & R.weliPerl) !== 0 ? 1 : 0);
    const word = f === 0 ? 0 : this.showCodes(i, seat);
    const u = ((i + 1) * 0.6180339887498949 + f * 0.377 + level * 0.131) % 1;
    return { obs: this.obs, seat, figure: f, level, mayRaise, gleich: f === 1 ? wordGleich(word) : 0, hanger: f === 2 ? wordHanger(word) : 0, perlaggen, plainTrumps: popcount32(suit & ~perlInSuit), u };
  }

  /** api.ts headroom of a party (RULES §11.2, A-13). */
  headroomOf(q: number): number {
    let open = 0;
    for (const b of this.obs.bidding) if (b.status === 'offer' && b.offerParty === q) open += b.level - 1;
    return this.obs.target - 1 - this.vscore[q]! - open;
  }


  /** The acting seat's best Gleich and Hanger (its own cards, known). */
  bestOfMine(): { gleich: number; hanger: number } {
    // the acting seat's own cards (known): its frontier from the observation
    const obs = this.obs;
    const hand = obs.acting === obs.seat ? obs.hand : (obs.seenHands.find((h) => h.seat === obs.acting)?.cards ?? []);
    let lo = 0;
    let weli = 0;
    for (const c of hand) {
      if (c === WELI) weli = 1;
      else lo |= 1 << c;
    }
    const played: Array<{ card: number; as: number | null }> = [];
    for (const t of obs.tricks) for (const p of t.plays) if (p.seat === obs.acting) played.push({ card: p.card, as: p.as });
    let gleich = 0;
    let hanger = 0;
    for (const x of jointFrontier(this.fctx, lo >>> 0, weli, played)) {
      gleich = Math.max(gleich, wordGleich(x));
      hanger = Math.max(hanger, wordHanger(x));
    }
    return { gleich, hanger };
  }

  /** Does party q have the figure f in world i (for an unseen bid let gut, A-39)? */
  partyHas(i: number, f: number, q: number): boolean {
    if (f === 0) return true;
    for (let s = 0; s < this.seats; s++) {
      if (this.obs.party[s] !== q) continue;
      const x = this.bestFigures(this.worlds[i]!, s);
      if ((f === 1 ? x.gleich : x.hanger) > 0) return true;
    }
    return false;
  }
}
