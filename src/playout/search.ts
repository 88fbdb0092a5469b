// Perfect Information Monte Carlo search over the playout kernel (issue 13; GUIDE §6): for a decision,
// sample worlds consistent with the observation (playout/worlds.ts sampleWorld), play each legal action out
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
// the 1853 author bid, H-21); 'none' samples every consistent deal alike.
//
// Not modelled in a playout (the kernel's limits, stated in kernel.ts): the end-of-deal corrections
// (false-figure penalties, A-39's erasure), a Partie ending in the middle of a hand except by the immediate
// writes of the option itself, the Aus value beyond the points still needed, the over-bid penalties (a
// bid over the limit is valued at no gain and the penalty; a raise over the limit stands as a hold, A-45).
import { WELI } from '../cards/card.ts';
import type { FigureName, PolicyAction } from '../engine/actions.ts';
import type { Observation } from '../engine/observation.ts';
import { showingPlanWord } from '../policy/figures.ts';
import { figureContext, type FigureContext } from '../eval/evaluate.ts';
import { jointFrontier } from '../engine/joint.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import { resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { tFor } from '../stats/math.ts';
import { WorldError, WorldSampler, kernelPositionOf, obligationsNow, type World, type WorldConstraint } from './worlds.ts';
import { partieEquity, doubleLine, type PartieEquity } from './equity.ts';
import { NO_AS, Playout, ROLLOUT, moveAs, moveCard, type KernelPosition, type KernelRandom } from './kernel.ts';
import { kernelRules, type KernelRules } from './rules.ts';

/** The search's settings (strategies/pimc.ts declares them as options, with their ranges). */
export interface SearchConfig {
  /** Worlds sampled per decision. */
  readonly worlds: number;
  /** Playouts of each option in each world (the continuation's own randomness). */
  readonly rolloutsPerWorld: number;
  readonly continuation: 'random' | 'simple';
  /** 'points' (the deal's expected points), 'partie' (P(win the Partie) from the equity table), 'auto' (partie near the end). */
  readonly objective: 'points' | 'partie' | 'auto';
  /** auto: the Partie objective when a party needs at most this many points (virtual score). */
  readonly autoWithin: number;
  readonly answers: 'simple' | 'perfect';
  readonly readBids: 'none' | 'any' | 'strong';
  /** Enumerate all 32 christenings of a Perlagg (default: the kernel's reduced set). */
  readonly christenAll: boolean;
  /** At most this many playouts per decision (fewer worlds when the options are many); 0 = no cap. */
  readonly maxRollouts: number;
  /** Stop sampling worlds after this many milliseconds (at least 8 worlds); 0 = no limit. Not reproducible. */
  readonly timeMs: number;
  /** Evaluate every legal option (advise) or only the plausible ones (the bot: see prune()). */
  readonly everyOption: boolean;
}

export const DEFAULT_SEARCH: SearchConfig = Object.freeze({
  worlds: 48,
  rolloutsPerWorld: 1,
  continuation: 'simple',
  objective: 'auto',
  autoWithin: 4,
  answers: 'simple',
  readBids: 'strong',
  christenAll: false,
  maxRollouts: 0,
  timeMs: 0,
  everyOption: false,
});

/** A mean over the sampled worlds with its 95% interval (mean ± t·SE, worlds as the sample). */
export interface Estimate {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
}

export interface OptionEstimate {
  readonly action: PolicyAction;
  /** Sampled and played out (false: decided by a rule, or not evaluated — see note). */
  readonly evaluated: boolean;
  /** Expected points of the deal: the acting party's minus the opponents'. */
  readonly points: Estimate | null;
  /** P(the acting party wins the Partie), when there is a Partie-equity table (two parties). */
  readonly pwin: Estimate | null;
  /** Expected Partie stake (±1, ±2 with the Double). */
  readonly equity: Estimate | null;
  /** The objective's mean (what the choice maximises); NaN when not evaluated. */
  readonly value: number;
  readonly note: string;
}

export interface DecisionEstimate {
  readonly phase: string;
  readonly objective: 'points' | 'partie';
  /** Worlds sampled, and playouts run in all. */
  readonly worlds: number;
  readonly rollouts: number;
  readonly options: readonly OptionEstimate[];
  /** Index of the chosen option. */
  readonly best: number;
  /** The Partie-equity table used (its source), null without one. */
  readonly equitySource: string | null;
  readonly notes: readonly string[];
}

export interface SearchRandom {
  nextUint32(): number;
}

// ---------------------------------------------------------------------------------------------------

const rulesets = new Map<string, RulesVariant>();
function rulesetOf(obs: Observation): RulesVariant {
  let r = rulesets.get(obs.ruleset);
  if (r === undefined) rulesets.set(obs.ruleset, (r = resolveRuleset(obs.ruleset)));
  return r;
}

const FIG: readonly FigureName[] = ['Spiel', 'Gleich', 'Hanger'];
const figOf = (f: FigureName): number => (f === 'Spiel' ? 0 : f === 'Gleich' ? 1 : 2);
/** simple.ts's thresholds (H-21, H-24): three Ober, Unter-Ober-König; "Drei" with four cards. */
const HOLD_CODE = [0, (3 << 4) | 6, (3 << 4) | 7];
const RAISE_COUNT = 4;

/** Four fixed words handed to the kernel's rollout seeding (common random numbers across options). */
class Seed implements KernelRandom {
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
interface Scenario {
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
interface OptionSpec {
  readonly action: PolicyAction;
  readonly note?: string;
  /** Not sampled: decided by a rule (value NaN). */
  readonly rule?: boolean;
  /** A rule option's preference: the highest above 0 is taken before any sampled option; at or below 0 never by rule. */
  readonly prefer?: number;
  /** Called once after the playouts (aggregate decisions over the worlds). */
  prepare?(): void;
  /** Fill the plan of world i, rollout r; false: use the base plan unchanged. */
  value(i: number, r: number, out: Outcome): void;
}

interface Outcome {
  diff: number;
  pwin: number;
  equity: number;
}

/** What the end of the deal writes: the immediate writes of the option and the end stakes. */
class Plan {
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

class Search {
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
    this.eq = twoParties ? partieEquity(this.r) : null;
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
    const reading = this.readingConstraints();
    try {
      sampler = new WorldSampler(obs, reading.length === 0 ? {} : { constraints: reading, maxTries: 4000 });
      if (reading.length > 0) sampler.sample(rng); // probe: the reading may be impossible
    } catch (e) {
      if (!(e instanceof WorldError) || reading.length === 0) throw e;
      this.notes.push('the bids could not be read (no world agrees): every consistent deal sampled');
      sampler = new WorldSampler(obs);
    }
    const n = Math.max(1, cfg.worlds);
    this.worlds = [];
    for (let i = 0; i < n; i++) {
      try {
        this.worlds.push(sampler.sample(rng));
      } catch (e) {
        if (!(e instanceof WorldError)) throw e;
        sampler = new WorldSampler(obs);
        this.notes.push('the bids could not be read in some worlds: every consistent deal sampled there');
        this.worlds.push(sampler.sample(rng));
      }
    }
    this.n = n;
    this.seeds = new Uint32Array(n * this.R * 4);
    for (let i = 0; i < this.seeds.length; i++) this.seeds[i] = rng.nextUint32();
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
    const cont = cfg.continuation === 'random' ? ROLLOUT.random : ROLLOUT.simple;
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
          k.rollout(cont, this.seed.set(this.seeds, (i * R + r) * 4));
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

  /** The answering seat's answer in world i to an offer on f at `level` (simple.ts): 0 gut, 1 hold, 2 raise. */
  modelAnswer(i: number, f: number, level: number, seat: number, mayRaise: boolean): number {
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

// ---------------------------------------------------------------------------------------------------
// The options of each kind of decision

function isTrickOpen(obs: Observation): boolean {
  const t = obs.tricks[obs.tricks.length - 1];
  return t !== undefined && t.winner < 0 && t.plays.length > 0;
}

/** An offer this party makes: figures at levels, answered by the opponents' seat `responder`. */
interface Offer {
  readonly f: number;
  readonly level: number;
}

/**
 * The option "we offer these figures" (a bid, a raise, a partner's bid consented to): the answer model
 * gives the opponents' answer per world; our response to their raise is chosen over the worlds where they
 * raise. `bound`: the bound bits with the offer (the offerer bound to Gleich/Hanger), `unseen` an unseen bid.
 */
function offerOption(S: Search, action: PolicyAction, offers: readonly Offer[], offerSeat: number, bound: readonly number[] | null, unseen: boolean, newBids: readonly number[], note = ''): OptionSpec {
  const obs = S.obs;
  const me = S.party;
  const them = 1 - me;
  const responder = S.answeringSeat(offers[0]!.f, them, offerSeat);
  const spiel = offers.some((o) => o.f === 0);
  // scenarios: as the tricks go; the Spiel decided now for us (let gut) or for them (our "zwei gut" on their Drei)
  const cont = S.scenario({ bound });
  const mineNow = spiel ? S.scenario({ bound, spielNow: me }) : cont;
  const theirsNow = spiel ? S.scenario({ bound, spielNow: them }) : cont;
  const order = S.endOrder(newBids);
  const k = offers.length;
  let answers = new Int8Array(0); // per world, per offer: 0 gut, 1 hold, 2 raise
  const respondHold = new Array<boolean>(k).fill(true); // our response to their raise
  const plan = S.plan;
  const o2: Outcome = { diff: 0, pwin: 0, equity: 0 };
  const fill = (i: number, r: number, resp: readonly boolean[], out: Outcome): void => {
    plan.reset(S.base);
    plan.order = order;
    let scen = cont;
    for (let j = 0; j < k; j++) {
      const { f, level } = offers[j]!;
      const a = answers[i * k + j]!;
      if (a === 0) {
        // let gut: we write level − 1 at once (an unseen figure only if we have it, A-39)
        if (!unseen || S.partyHas(i, f, me)) plan.writes.push(me, level - 1);
        plan.val[f] = 0;
        plan.aus &= ~(1 << f);
        if (f === 0) scen = mineNow;
      } else if (a === 1) {
        plan.val[f] = level;
      } else if (resp[j]) {
        plan.val[f] = level + 1;
      } else {
        plan.writes.push(them, level);
        plan.val[f] = 0;
        if (f === 0) scen = theirsNow;
      }
    }
    S.winners(scen, i, r, plan);
    S.judge(plan, out);
  };
  return {
    action,
    note,
    prepare() {
      const n = S.n;
      answers = new Int8Array(n * k);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < k; j++) {
          const { f, level } = offers[j]!;
          let a: number;
          if (S.cfg.answers === 'perfect') {
            // they know the world: hold when holding costs them less than the gut (over the rollouts)
            let hold = 0;
            let gut = 0;
            for (let r = 0; r < S.R; r++) {
              answers[i * k + j] = 1;
              fill(i, r, respondHold, o2);
              hold += S.objectiveOf(o2);
              answers[i * k + j] = 0;
              fill(i, r, respondHold, o2);
              gut += S.objectiveOf(o2);
            }
            a = hold < gut ? 1 : 0;
          } else a = S.modelAnswer(i, f, level, responder, f !== 0 && (S.r.raiseLadder === 'openToAus' || level < 7));
          answers[i * k + j] = a;
        }
      }
      // our one response to their raise, per figure: the better mean over the worlds where they raise
      for (let j = 0; j < k; j++) {
        let m = 0;
        let hold = 0;
        let gut = 0;
        for (let i = 0; i < n; i++) {
          if (answers[i * k + j] !== 2) continue;
          m++;
          for (let r = 0; r < S.R; r++) {
            respondHold[j] = true;
            fill(i, r, respondHold, o2);
            hold += S.objectiveOf(o2);
            respondHold[j] = false;
            fill(i, r, respondHold, o2);
            gut += S.objectiveOf(o2);
          }
        }
        respondHold[j] = m === 0 || hold >= gut;
      }
    },
    value(i, r, out) {
      fill(i, r, respondHold, out);
    },
  };
  void obs;
}

/** A plain option: stakes changed as `edit` says, figure winners from scenario `s`. */
function stakeOption(S: Search, action: PolicyAction, s: Scenario, edit: (p: Plan, i: number) => void, note = ''): OptionSpec {
  const plan = S.plan;
  return {
    action,
    note,
    value(i, r, out) {
      plan.reset(S.base);
      edit(plan, i);
      S.winners(s, i, r, plan);
      S.judge(plan, out);
    },
  };
}

function ruleOption(action: PolicyAction, note: string, prefer = 0): OptionSpec {
  return { action, note, rule: true, prefer, value() {} };
}

// ---- card play ----

function playOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const w0 = S.worlds[0]!;
  const probe = new Playout().load(kernelPositionOf(obs, w0, S.cfg.christenAll ? { christenAll: true } : {}));
  const out: OptionSpec[] = [];
  if (probe.turn !== S.me || probe.over) throw new Error(`internal: the kernel has P${probe.turn + 1} to play, the observation P${S.me + 1}`);
  const n = probe.legalMoves();
  const moves = Array.from(probe.moves.subarray(0, n));
  for (const m of moves) {
    const card = moveCard(m);
    const as = moveAs(m);
    const action = obs.legal.find((a) => a.kind === 'play' && a.card === card && a.as === as);
    if (action === undefined) continue; // (the kernel's set is a subset of the engine's: never)
    out.push(stakeOption(S, action, S.scenario({ move: m }), () => {}));
  }
  const concede = obs.legal.find((a) => a.kind === 'concede');
  if (concede !== undefined) {
    const them = 1 - S.party;
    const s = S.scenario({ spielNow: them });
    const b = obs.bidding[0]!;
    const pts = b.status === 'stake' ? (b.aus ? Math.max(b.level, obs.target - S.vscore[them]!) : b.level) : 1;
    out.push(
      stakeOption(S, concede, s, (p) => {
        p.writes.push(them, pts);
        p.val[0] = 0;
        p.aus &= ~1;
      }),
    );
  }
  return out;
}

// ---- showing ----

function showOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  return obs.showChoices.map((c) => stakeOption(S, c.action, S.scenario({ showWord: c.gleich | (c.hanger << 7) }), () => {}));
}

// ---- the exchange of a turned-up Perlagg ----

function exchangeOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const target = obs.exchangeTarget;
  const me = S.me;
  const out: OptionSpec[] = [];
  const add = (lo: Int32Array, weli: Uint8Array, seat: number, c: number, on: boolean): void => {
    if (c === WELI) weli[seat] = on ? 1 : 0;
    else if (on) lo[seat]! |= 1 << c;
    else lo[seat]! &= ~(1 << c);
  };
  for (const a of obs.legal) {
    if (a.kind === 'exchange') {
      const give = a.card;
      out.push(stakeOption(S, a, S.scenario({ key: `x${give}`, hands: (lo, weli) => (add(lo, weli, me, give, false), add(lo, weli, me, target, true)) }), () => {}));
    } else if (a.kind === 'declineExchange') {
      // the next seats of the exchange order (RULES §4.6, A-10) that hold a plain card of its suit take it
      const r = S.r;
      const seats = S.seats;
      const order: number[] = [];
      const dealer = obs.dealer;
      if (!(r.exchange.partnerOnlyIfDealerHasNoTrump && me === dealer)) {
        for (let i = 1; i < seats; i++) {
          const s = (dealer + i) % seats;
          if (obs.party[s] === obs.party[dealer]) order.push(s);
        }
        if (r.exchange.who === 'dealerPartnerThenOpponents') for (let i = 1; i < seats; i++) {
          const s = (dealer + i) % seats;
          if (obs.party[s] !== obs.party[dealer]) order.push(s);
        }
      }
      const next = order.slice(order.indexOf(me) + 1);
      const suit = target === WELI ? 'HSLE'.indexOf(r.turnedWeliTrump) : target >>> 3;
      const plain = (0xff << (suit * 8)) & ~S.rules.perlLo;
      out.push(
        stakeOption(
          S,
          a,
          S.scenario({
            key: 'decline',
            hands: (lo, weli) => {
              for (const s of next) {
                const m = lo[s]! & plain;
                if (m === 0) continue;
                add(lo, weli, s, 31 - Math.clz32(m & -m), false);
                add(lo, weli, s, target, true);
                return;
              }
            },
          }),
          () => {},
        ),
      );
    }
  }
  return out;
}

// ---- bid windows ----

function windowOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const me = S.me;
  const party = S.party;
  const out: OptionSpec[] = [];
  const every = S.cfg.everyOption;
  const unseen = obs.point < 0;
  const open = isTrickOpen(obs);
  const mine = unseen ? null : S.bestOfMine();
  const headroom = S.headroomOf(party);
  const gestrichen = S.vscore[party]! >= obs.target - 1;
  for (const a of obs.legal) {
    if (a.kind === 'pass') {
      out.push(stakeOption(S, a, S.scenario({}), () => {}));
      continue;
    }
    if (a.kind === 'ask') {
      const has = mine !== null && (a.type === 'Gleich' ? mine.gleich >>> 4 : mine.hanger >>> 4) >= a.count;
      out.push(ruleOption(a, has ? 'rule: ask with the figure the hand makes (RULES §11.4)' : 'rule: never ask without the figure', has ? 10 + a.count : -1));
      continue;
    }
    if (a.kind === 'bid') {
      const figs = a.figures.map(figOf);
      const over = gestrichen || (S.r.overbidAtTargetMinus2 !== 'curtailed' && figs.length > headroom);
      if (!every) {
        if (over) continue;
        if (!unseen) {
          if (figs.some((f) => (f === 0 ? open || obs.point === 5 : (f === 1 ? mine!.gleich : mine!.hanger) === 0))) continue;
          if (open && figs.length > 0) continue;
        }
      }
      if (over) {
        out.push(stakeOption(S, a, S.scenario({}), (p) => p.writes.push(party, gestrichen && S.r.bidWhenGestrichenPenalty === 'halve' ? -Math.floor(S.vscore[party]! / 2) : -2), 'over the limit: void and penalized (RULES §11.2)'));
        continue;
      }
      // curtailed (1853): only as many figures as the limit lets through
      const kept = gestrichen ? 0 : S.r.overbidAtTargetMinus2 === 'curtailed' ? Math.min(figs.length, Math.max(0, headroom)) : figs.length;
      const used = figs.slice(0, kept);
      let bits = 0;
      if (!a.unseen) for (const f of used) if (f > 0) bits |= 1 << f;
      out.push(offerOption(S, a, used.map((f) => ({ f, level: 2 })), me, bits === 0 ? null : S.boundWith(me, bits), a.unseen, used, kept < figs.length ? `curtailed to ${used.map((f) => FIG[f]).join(' ')} (RULES §11.2)` : ''));
      continue;
    }
    if (a.kind === 'raise') {
      const f = figOf(a.figure);
      if (!every && open && obs.point !== 5) continue;
      if (headroom < a.to - 1 || gestrichen) {
        if (!every) continue;
        out.push(stakeOption(S, a, S.scenario({}), (p) => p.writes.push(party, gestrichen && S.r.bidWhenGestrichenPenalty === 'halve' ? -Math.floor(S.vscore[party]! / 2) : -2), 'over the limit: void and penalized (RULES §11.2)'));
        continue;
      }
      out.push(offerOption(S, a, [{ f, level: a.to }], me, f === 0 ? null : S.boundWith(me, 1 << f), false, []));
      continue;
    }
  }
  return out;
}

// ---- answers ----

function answerOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const out: OptionSpec[] = [];
  if (obs.legal.some((a) => a.kind === 'allow')) {
    const reject = obs.legal.find((a) => a.kind === 'reject');
    for (const a of obs.legal) {
      const take = a.kind === 'reject' || reject === undefined;
      out.push(ruleOption(a, take ? 'rule: reject an ask whenever the rules allow it (RULES §11.4)' : 'rule: only when rejecting is not allowed', take ? 1 : -1));
    }
    return out;
  }
  const me = S.me;
  const party = S.party;
  const them = 1 - party;
  let f = -1;
  for (let j = 0; j < 3; j++) if (obs.bidding[j]!.status === 'offer' && obs.bidding[j]!.offerParty !== party) f = f < 0 ? j : f;
  // the head of the queue: the first offered figure not ours (api.ts offerToAnswer)
  if (f < 0) return obs.legal.map((a) => ruleOption(a, 'no offer found'));
  const b = obs.bidding[f]!;
  const n = b.level;
  const headroom = S.headroomOf(party);
  const gestrichen = S.vscore[party]! >= obs.target - 1;
  const spielOpen = f === 0 && isTrickOpen(obs);
  const offerSeat = S.answeringSeat(f, them, -1) >= 0 ? S.answeringSeat(f, them, me) : (me + 1) % S.seats;
  const hold = S.scenario({ bound: f === 0 ? null : S.boundWith(me, 1 << f) });
  for (const a of obs.legal) {
    if (a.kind === 'gut') {
      const s = f === 0 ? S.scenario({ spielNow: them }) : S.scenario({});
      out.push(
        stakeOption(S, a, s, (p) => {
          p.writes.push(them, n - 1);
          p.val[f] = 0;
          p.aus &= ~(1 << f);
        }),
      );
    } else if (a.kind === 'hold') {
      out.push(stakeOption(S, a, hold, (p) => (p.val[f] = n), spielOpen ? 'the Spiel held during a trick needs the Spielfarbe (RULES §8.5)' : ''));
    } else if (a.kind === 'raise') {
      if (gestrichen || headroom < a.to - 1) {
        out.push(stakeOption(S, a, hold, (p) => (p.val[f] = n), 'over the limit: stands as a hold (A-45)'));
        continue;
      }
      out.push(offerOption(S, a, [{ f, level: a.to }], me, f === 0 ? null : S.boundWith(me, 1 << f), false, []));
    } else out.push(ruleOption(a, ''));
  }
  void offerSeat;
  return out;
}

// ---- the partner's veto (1853, RULES §8.6) ----

function vetoOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const party = S.party;
  const them = 1 - party;
  const last = obs.history[obs.history.length - 1];
  const consent = obs.legal.find((a) => a.kind === 'consent')!;
  const veto = obs.legal.find((a) => a.kind === 'veto')!;
  if (last === undefined || !(last.type === 'bid' || last.type === 'raise' || last.type === 'answer')) return [ruleOption(consent, 'rule: consent', 1), ruleOption(veto, '', -1)];
  const actor = last.seat;
  // the obligations before the act: replayed from the history without it
  const before = obligationsNow({ ...obs, history: obs.history.slice(0, -1) } as Observation);
  const out: OptionSpec[] = [];
  if (last.type === 'bid') {
    const figs = last.figures.slice(0, last.kept).map((x) => figOf(x));
    out.push(offerOption(S, consent, figs.map((f) => ({ f, level: 2 })), actor, S.baseBound, last.unseen, figs));
    out.push(stakeOption(S, veto, S.scenario({ bound: before }), () => {}, 'the bid is void'));
    return out;
  }
  const f = figOf(last.figure);
  if (last.type === 'answer') {
    // a hold of their offer at level n: consent = the stake; veto = gut
    const n = last.level;
    out.push(stakeOption(S, consent, S.scenario({ bound: S.baseBound }), (p) => (p.val[f] = n)));
    out.push(
      stakeOption(S, veto, f === 0 ? S.scenario({ bound: before, spielNow: them }) : S.scenario({ bound: before }), (p) => {
        p.writes.push(them, n - 1);
        p.val[f] = 0;
      }, 'gut instead of the hold'),
    );
    return out;
  }
  // a raise to `to`: consent = our offer at `to`; veto = the hold one step down
  out.push(offerOption(S, consent, [{ f, level: last.to }], actor, S.baseBound, false, []));
  out.push(stakeOption(S, veto, S.scenario({ bound: before }), (p) => (p.val[f] = last.to - 1), 'a hold instead of the raise'));
  return out;
}

// ---------------------------------------------------------------------------------------------------


// ---- the cut ----

function cutOptions(S: Search): OptionSpec[] {
  // RULES §4.2: trump is not known at the cut, so there is no world to sample: keep the Perlagg
  return S.obs.legal.map((a) => ruleOption(a, a.kind === 'keepCut' && a.keep ? 'rule: keep the Perlagg at the cut' : 'rule: never', a.kind === 'keepCut' && a.keep ? 1 : -1));
}

/** The options of the observation's decision (without sampling: rule options only where no world is needed). */
function optionsOf(S: Search): OptionSpec[] {
  switch (S.obs.phase) {
    case 'play':
      return playOptions(S);
    case 'show':
      return showOptions(S);
    case 'exchange':
      return exchangeOptions(S);
    case 'window':
      return windowOptions(S);
    case 'answer':
      return answerOptions(S);
    case 'veto':
      return vetoOptions(S);
    default:
      return S.obs.legal.map((a, i) => ruleOption(a, `not searched (phase ${S.obs.phase})`, i === 0 ? 1 : -1));
  }
}

const NONE: Estimate | null = null;

/** A mean with its 95% interval over the worlds (t on n − 1 degrees of freedom; a single world: no width). */
function estimate(sum: number, sumSq: number, n: number): Estimate {
  const mean = sum / n;
  if (n < 2) return { mean, lo: mean, hi: mean };
  const v = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  const h = tFor(0.95, n - 1) * Math.sqrt(v / n);
  return { mean, lo: mean - h, hi: mean + h };
}

/**
 * Search one decision: sample worlds (throws WorldError when the observation admits none), play every
 * option out in every world, and estimate each option's value. The options' estimates share the worlds and
 * the rollouts' random numbers (common random numbers: their differences are sharper than their intervals).
 */
export function searchDecision(obs: Observation, cfg: SearchConfig, rng: SearchRandom): DecisionEstimate {
  if (obs.acting < 0 || obs.legal.length === 0) throw new Error('searchDecision: the player is not to act');
  if (obs.phase === 'cutKeep') return finish(obs, 'points', 0, 0, cutOptions({ obs } as Search), null, null, []);
  const S = new Search(obs, cfg);
  S.sample(rng);
  const specs = optionsOf(S);
  const sampled = specs.filter((o) => o.rule !== true);
  if (sampled.length > 1 || (sampled.length === 1 && cfg.everyOption)) {
    S.run();
    for (const o of sampled) o.prepare?.();
  }
  const n = S.n;
  const R = S.R;
  const out: Outcome = { diff: 0, pwin: 0, equity: 0 };
  const acc = new Map<OptionSpec, { points: Estimate; pwin: Estimate | null; equity: Estimate | null }>();
  if (S.rollouts > 0) {
    for (const o of sampled) {
      let d = 0, d2 = 0, w = 0, w2 = 0, e = 0, e2 = 0;
      for (let i = 0; i < n; i++) {
        let di = 0, wi = 0, ei = 0;
        for (let r = 0; r < R; r++) {
          o.value(i, r, out);
          di += out.diff;
          wi += out.pwin;
          ei += out.equity;
        }
        di /= R;
        wi /= R;
        ei /= R;
        d += di;
        d2 += di * di;
        w += wi;
        w2 += wi * wi;
        e += ei;
        e2 += ei * ei;
      }
      const withEq = S.eq !== null;
      acc.set(o, { points: estimate(d, d2, n), pwin: withEq ? estimate(w, w2, n) : NONE, equity: withEq ? estimate(e, e2, n) : NONE });
    }
  }
  return finish(obs, S.objective, n, S.rollouts, specs, acc, S.eq === null ? null : S.eq.source, S.notes);
}

function finish(
  obs: Observation,
  objective: 'points' | 'partie',
  n: number,
  rollouts: number,
  specs: readonly OptionSpec[],
  acc: ReadonlyMap<OptionSpec, { points: Estimate; pwin: Estimate | null; equity: Estimate | null }> | null,
  equitySource: string | null,
  notes: readonly string[],
): DecisionEstimate {
  const options: OptionEstimate[] = specs.map((o) => {
    const a = acc?.get(o);
    if (a === undefined) return { action: o.action, evaluated: false, points: null, pwin: null, equity: null, value: NaN, note: o.note ?? '' };
    // the Partie objective is P(win the Partie) (the equity's stake, ±2 with the Double, is reported beside it)
    const value = objective === 'partie' && a.pwin !== null ? a.pwin.mean : a.points.mean;
    return { action: o.action, evaluated: true, points: a.points, pwin: a.pwin, equity: a.equity, value, note: o.note ?? '' };
  });
  // a rule that prefers an option decides; else the best sampled value; else the first option
  let best = -1;
  let bestPrefer = 0;
  specs.forEach((o, i) => {
    if (o.rule === true && (o.prefer ?? 0) > bestPrefer) {
      bestPrefer = o.prefer!;
      best = i;
    }
  });
  if (best < 0) {
    let bv = -Infinity;
    options.forEach((o, i) => {
      if (o.evaluated && o.value > bv) {
        bv = o.value;
        best = i;
      }
    });
  }
  if (best < 0) {
    const i = specs.findIndex((o) => o.rule !== true || (o.prefer ?? 0) >= 0);
    best = i < 0 ? 0 : i;
  }
  return { phase: obs.phase, objective, worlds: n, rollouts, options, best, equitySource, notes };
}
