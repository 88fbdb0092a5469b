// Each option of a decision played out from the engine's own state (issue 27): in every sampled world the hand
// is replayed through the engine up to the decision (inference.ts replayWorld), the option is applied there —
// a bid, a raise, an answer, a veto, a concede, by the engine's own rules, with its penalties (RULES §11.2:
// over the limit, gestrichen) and its Spielfarbe judgement (§8.5) — then the bidding it opens is driven to its
// end: the other party answers by the search's answer model (search.ts modelAnswer, or 'perfect': whichever of
// gut and hold is worse for us in that world), our party answers their raise with one response chosen over the
// worlds where they raise (one decision for one state of knowledge, GUIDE §6), every window passes, every veto
// consents, talk keeps quiet. The engine's state then goes to the playout kernel with the deal's bidding and
// writes (position.ts positionOfState), whose finish() writes what the engine writes at the end of the deal:
// false figures and their corrections, penalties, Aus, the Partie ending in the deal (kernel-score.ts). Card
// plays, showings and exchanges are laid on the kernel's copy of the decision's state, as before. With
// SearchConfig.linePlay (issue 28: bidding inside the playouts) an engine option's line is instead played to the
// end of the hand in the engine by bots (bot-playout.ts): the later windows, raises and cards are theirs, the
// answers to our offers still the answer model's, our response to their raise still the one chosen here.
//
// The value of a line in a world: the deal's points from now on (ours minus the others', search.ts
// judgeWrites) or, where the score makes it the aim, P(win the Partie) — the Partie over in the deal, or the
// equity table at the score it leaves.
import { CONSENT, DECLINE_EXCHANGE, GUT, HOLD, PASS, REJECT, sameAction, type PolicyAction } from '../engine/actions.ts';
import { actingSeat, applyAction, legalActions } from '../engine/game.ts';
import { observe } from '../engine/observe.ts';
import { keyedRng } from '../core/rng.ts';
import { cloneState, type HandState } from '../engine/state.ts';
import { ReplayUnsupported, replayWorld } from './inference.ts';
import { Playout } from './kernel.ts';
import { moveOf, type KernelPosition, type RolloutPolicy } from './kernel-state.ts';
import { positionOfState } from './position.ts';
import { type OptionSpec, type Outcome, Search, Seed } from './search.ts';
import { continuationOf, type LineBots } from './search-config.ts';
import { playOutWithBots, type Pick } from './bot-playout.ts';

/** Per option: the value of each world (its rollouts' mean): points, P(win), equity. */
export interface LineValues {
  readonly d: Float64Array;
  readonly p: Float64Array;
  readonly e: Float64Array;
}

/** How an option is laid: on the kernel (a card, a showing, new hands) or applied in the engine. */
type Lay = { readonly kind: 'move'; readonly move: number } | { readonly kind: 'show'; readonly word: number } | { readonly kind: 'hands'; readonly spec: OptionSpec } | { readonly kind: 'engine'; readonly action: PolicyAction };

const ALL_HOLD = 7;

/** The lines of a decision over the search's worlds. */
export class EngineLines {
  readonly S: Search;
  private readonly states: Array<HandState | null> = [];
  private readonly bases: Array<KernelPosition | null> = [];
  private readonly kBase = new Playout();
  private readonly kLine = new Playout();
  private readonly seed = new Seed();
  private readonly out: Outcome = { diff: 0, pwin: 0, equity: 0 };
  private readonly lo: Int32Array;
  private readonly weli: Uint8Array;
  private readonly cont: RolloutPolicy;
  private readonly solverCards: number;
  /** SearchConfig.linePlay: the engine's lines played to the end of the hand by these bots (null: the kernel). */
  private readonly bots: LineBots | null;

  /**
   * Does one replay serve every world? At a card, a showing or an exchange no answer follows the option (the
   * concede ends the Spiel), and the bidding so far is the same in every world unless a hidden seat bid, held
   * or raised the Spiel after the first card (its Spielfarbe judged on its cards, RULES §8.5) or the ruleset
   * judges going out during the hand on the cards (A-43 allImmediate).
   */
  private readonly shared: boolean;

  constructor(S: Search) {
    this.S = S;
    const obs = S.obs;
    const known = new Set<number>([obs.seat, ...obs.seenHands.map((h) => h.seat)]);
    let cards = 0;
    let hidden = false;
    for (const e of obs.history) {
      if (e.type === 'play') cards++;
      else if (cards > 0 && !known.has((e as { seat?: number }).seat ?? -1) && ((e.type === 'bid' && e.figures.includes('Spiel')) || ((e.type === 'raise' || e.type === 'answer') && e.figure === 'Spiel'))) hidden = true;
    }
    this.shared = (obs.phase === 'play' || obs.phase === 'show' || obs.phase === 'exchange') && !hidden && S.r.writeTiming !== 'allImmediate';
    this.lo = new Int32Array(S.seats);
    this.weli = new Uint8Array(S.seats);
    ({ policy: this.cont, solverCards: this.solverCards } = continuationOf(S.cfg));
    // (where one replay serves every world, its cards are world 0's: the kernel's lines, which take each world's cards)
    this.bots = this.shared ? null : (S.cfg.linePlay ?? null);
  }

  /**
   * The engine's state at the decision in world i (replayed once). Throws ReplayUnsupported. Where the state's
   * bidding cannot depend on the world (`shared`), world 0's replay serves every world: the kernel takes each
   * world's cards after loading it (rollouts()).
   */
  state(i: number): HandState {
    if (this.shared) i = 0;
    let s = this.states[i];
    if (s === undefined || s === null) {
      const obs = this.S.obs;
      s = this.S.replayed[i] ?? replayWorld(obs, this.S.worlds[i]!);
      if (obs.phase !== 'show' && (s.phase !== obs.phase || actingSeat(s) !== obs.acting)) throw new ReplayUnsupported(`the replay stops at ${s.phase}, not the decision (${obs.phase})`);
      this.states[i] = s;
    }
    return s;
  }

  /** The kernel position of world i at the decision, shown figures as the observation saw them. */
  private base(i: number): KernelPosition {
    if (this.shared) i = 0;
    let p = this.bases[i];
    if (p === undefined || p === null) {
      p = this.positionOf(this.state(i));
      this.bases[i] = p;
    }
    return p;
  }

  private positionOf(s: HandState, showWord = -1): KernelPosition {
    const obs = this.S.obs;
    const shown = new Array<number>(obs.seats).fill(-1);
    for (const x of obs.shown) shown[x.seat] = x.gleich | (x.hanger << 7);
    if (showWord >= 0) shown[this.S.me] = showWord;
    return { ...positionOfState(s, this.S.cfg.christenAll), shown };
  }

  private layOf(o: OptionSpec): Lay {
    const a = o.action;
    if (a.kind === 'play') return { kind: 'move', move: moveOf(a.card, a.as) };
    if (a.kind === 'show') {
      const c = this.S.obs.showChoices.find((x) => x.action === a);
      if (c === undefined) throw new Error('internal: a show option without its choice');
      return { kind: 'show', word: c.gleich | (c.hanger << 7) };
    }
    if (o.hands !== undefined) return { kind: 'hands', spec: o };
    return { kind: 'engine', action: a };
  }

  /**
   * Every option's value in every world (worlds in the outer loop, so that a time limit cuts evenly); the
   * search's `n` becomes the worlds done. Throws ReplayUnsupported when a world cannot be replayed.
   */
  run(specs: readonly OptionSpec[]): Map<OptionSpec, LineValues> {
    const S = this.S;
    const cfg = S.cfg;
    let n = S.n;
    if (cfg.maxRollouts > 0 && specs.length > 0) n = Math.min(n, Math.max(4, Math.floor(cfg.maxRollouts / (S.R * specs.length))));
    const lays = specs.map((o) => this.layOf(o));
    const lines = specs.map((o, j) => (lays[j]!.kind === 'engine' ? new EngineLine(this, o.action) : null));
    const vals = specs.map(() => ({ d: new Float64Array(n), p: new Float64Array(n), e: new Float64Array(n) }));
    const t0 = cfg.timeMs > 0 ? Date.now() : 0;
    let done = 0;
    for (let i = 0; i < n; i++) {
      if (cfg.timeMs > 0 && i >= 8 && (i & 3) === 0 && Date.now() - t0 > cfg.timeMs) break;
      let loaded = false;
      for (let j = 0; j < specs.length; j++) {
        const lay = lays[j]!;
        if (lay.kind === 'engine') {
          lines[j]!.world(i);
          continue;
        }
        if (lay.kind === 'show') {
          this.kLine.load(this.positionOf(this.state(i), lay.word));
          this.rollouts(this.kLine, i, vals[j]!, null);
          continue;
        }
        if (!loaded) {
          if (!this.shared || i === 0) this.kBase.load(this.base(i));
          loaded = true;
        }
        this.rollouts(this.kBase, i, vals[j]!, lay);
      }
      done++;
    }
    S.n = done;
    for (let j = 0; j < specs.length; j++) lines[j]?.values(done, vals[j]!);
    return new Map(specs.map((o, j) => [o, vals[j]!]));
  }

  /**
   * Play the kernel's loaded position out R times in world i (restored before each; a card or new hands laid
   * first) and put the mean outcome into v[i] (v null: into `this.out`).
   */
  rollouts(k: Playout, i: number, v: LineValues | null, lay: Lay | null): Outcome {
    const S = this.S;
    const R = S.R;
    let d = 0;
    let p = 0;
    let e = 0;
    const o = this.out;
    const w = S.worlds[i]!;
    for (let r = 0; r < R; r++) {
      k.restore();
      k.setHands(w.handLo, w.handWeli); // (the loaded state's cards are world i's, or world 0's where shared)
      if (lay !== null && lay.kind === 'hands') {
        this.lo.set(w.handLo);
        this.weli.set(w.handWeli);
        lay.spec.hands!(this.lo, this.weli);
        k.setHands(this.lo, this.weli);
      }
      if (lay !== null && lay.kind === 'move') k.play(lay.move);
      k.rollout(this.cont, this.seed.set(S.seeds, (i * R + r) * 4), this.solverCards);
      S.rollouts++;
      S.judgeWrites(k.points, k.partieWinner, o);
      d += o.diff;
      p += o.pwin;
      e += o.equity;
    }
    o.diff = d / R;
    o.pwin = p / R;
    o.equity = e / R;
    if (v !== null) {
      v.d[i] = o.diff;
      v.p[i] = o.pwin;
      v.e[i] = o.equity;
    }
    return o;
  }

  /**
   * One line of an engine option in world i: the action applied to a copy of the decision's state, the
   * bidding driven to its end (`resp`: bit f = we hold their raise of figure f, else gut; `force`: 2 bits per
   * figure, 0 the answer model, 1 they let gut, 2 they hold), played out. `asked` and `raised`: the figures
   * they answered and raised (bit masks).
   */
  line(action: PolicyAction, i: number, resp: number, force: number): { value: Outcome; asked: number; raised: number } {
    if (this.bots !== null) return this.botLine(action, i, resp, force);
    const s = cloneState(this.state(i));
    applyAction(s, action);
    const { asked, raised } = this.drive(s, i, resp, force);
    this.kLine.load(this.positionOf(s));
    const o = this.rollouts(this.kLine, i, null, null);
    return { value: { diff: o.diff, pwin: o.pwin, equity: o.equity }, asked, raised };
  }

  /**
   * SearchConfig.answerBot's answer for `seat` in the line's state `s` (world i), when it is one of the legal
   * answers (gut, hold, a raise); undefined without an answer bot. Its randomness is keyed by the world and
   * the decision (reproducible).
   */
  private botAnswer(s: HandState, seat: number, i: number, legal: readonly PolicyAction[]): PolicyAction | undefined {
    const bot = this.S.cfg.answerBot;
    if (bot === undefined) return undefined;
    const player = s.table.controller[seat]!;
    const a = bot.act(observe(s, player, this.S.obs.score), { rng: keyedRng(this.S.seeds[i * this.S.R * 4] ?? i, s.events.length, 29, seat) });
    if (a.kind !== 'gut' && a.kind !== 'hold' && a.kind !== 'raise') return undefined;
    return legal.find((x) => sameAction(x, a));
  }

  /** The bidding after the option, to its end (see line()). */
  private drive(s: HandState, i: number, resp: number, force: number): { asked: number; raised: number } {
    const st = { asked: 0, raised: 0 };
    for (let guard = 0; guard < 200; guard++) {
      const ph = s.phase;
      if (ph === 'play' || ph === 'show' || ph === 'done') break;
      const legal = legalActions(s);
      if (legal.length === 0) break;
      let a: PolicyAction | undefined;
      if (ph === 'window') a = ofKind(legal, PASS);
      else if (ph === 'veto') a = ofKind(legal, CONSENT);
      else if (ph === 'talk') a = legal.find((x) => x.kind === 'quiet');
      else if (ph === 'exchange') a = ofKind(legal, DECLINE_EXCHANGE);
      else if (ph === 'cutKeep') a = legal.find((x) => x.kind === 'keepCut' && !x.keep);
      else if (ph === 'answer') {
        const b = s.bid;
        if (b.ask !== null && b.ask.answer === 'pending') a = ofKind(legal, REJECT) ?? legal[0];
        else if (s.table.party[b.answerSeat] !== this.S.party) a = this.theirAnswer(s, b.answerSeat, i, legal, force, st);
        else a = this.ourResponse(b.queue[0]!, legal, resp);
      }
      applyAction(s, a ?? legal[0]!);
    }
    return st;
  }

  /** Our party's one response to the other party's raise of figure f: hold where bit f of `resp` is set, else gut. */
  private ourResponse(f: number, legal: readonly PolicyAction[], resp: number): PolicyAction | undefined {
    return ((resp >>> f) & 1) === 1 ? (ofKind(legal, HOLD) ?? ofKind(legal, GUT)) : ofKind(legal, GUT);
  }

  /**
   * The other party's answer to an offer (figure s.bid.queue[0]) in world i: forced ('perfect'), the answer bot's,
   * or the answer model's; `st` collects the figures answered and raised.
   */
  private theirAnswer(s: HandState, seat: number, i: number, legal: readonly PolicyAction[], force: number, st: { asked: number; raised: number }): PolicyAction | undefined {
    const S = this.S;
    const b = s.bid;
    const f = b.queue[0]!;
    const raise = legal.find((x) => x.kind === 'raise');
    st.asked |= 1 << f;
    const forced = (force >>> (2 * f)) & 3;
    const bot = forced === 0 ? this.botAnswer(s, seat, i, legal) : undefined;
    if (bot !== undefined) {
      if (bot.kind === 'raise') st.raised |= 1 << f;
      return bot;
    }
    const m = forced === 1 ? 0 : forced === 2 ? 1 : S.modelAnswer(i, f, b.figs[f]!.level, seat, f !== 0 && raise !== undefined, s.events, b.figs[f]!.aus);
    if (m === 2 && raise !== undefined) {
      st.raised |= 1 << f;
      return raise;
    }
    return m >= 1 ? (ofKind(legal, HOLD) ?? ofKind(legal, GUT)) : ofKind(legal, GUT);
  }

  /**
   * A line played to the end of the hand in the engine by bots (SearchConfig.linePlay; bot-playout.ts), R times
   * with the line's own keyed streams: the other party's answers to our offers by the answer model (as drive()
   * gives them), our response to their raise by `resp`, every other turn — the bid windows, the vetoes, the talk,
   * the cards, the showing, our answers to their bids — by the seat's bot. Valued on the engine's own writes.
   */
  private botLine(action: PolicyAction, i: number, resp: number, force: number): { value: Outcome; asked: number; raised: number } {
    const S = this.S;
    const R = S.R;
    const bots = this.bots!;
    const st = { asked: 0, raised: 0 };
    const pick: Pick = (s, seat, legal) => {
      if (s.phase !== 'answer') return undefined;
      const b = s.bid;
      if (b.ask !== null && b.ask.answer === 'pending') return undefined;
      if (s.table.party[seat] !== S.party) return this.theirAnswer(s, seat, i, legal, force, st);
      const f = b.queue[0]!;
      return ((st.raised >>> f) & 1) === 1 ? this.ourResponse(f, legal, resp) : undefined;
    };
    let d = 0;
    let p = 0;
    let e = 0;
    const o = this.out;
    for (let r = 0; r < R; r++) {
      const s = cloneState(this.state(i));
      applyAction(s, action);
      const rng = keyedRng(S.seeds[(i * R + r) * 4] ?? i, r, LINE_BOTS_KIND);
      playOutWithBots(s, bots, S.party, S.obs.score, { rng }, pick);
      S.rollouts++;
      S.judgeWrites(s.points, s.bid.partieWinner, o);
      d += o.diff;
      p += o.pwin;
      e += o.equity;
    }
    return { value: { diff: d / R, pwin: p / R, equity: e / R }, asked: st.asked, raised: st.raised };
  }
}

/** The legal action `a` itself, or the first of its kind (a pass, a hold, a gut …). */
function ofKind(legal: readonly PolicyAction[], a: PolicyAction): PolicyAction | undefined {
  return legal.find((x) => x === a || x.kind === a.kind);
}

/** The key kind of a line's bots' streams (keyedRng; the answer bot's is 29). */
const LINE_BOTS_KIND = 31;

/** An option applied in the engine: its lines per world, their answers, and our one response to a raise. */
class EngineLine {
  private readonly L: EngineLines;
  private readonly action: PolicyAction;
  /** Per world: their forced answers ('perfect'), the figures they raised (with all our responses hold). */
  private readonly force: number[] = [];
  private readonly raised: number[] = [];
  private readonly cache = new Map<number, { value: Outcome; asked: number; raised: number }>();

  constructor(L: EngineLines, action: PolicyAction) {
    this.L = L;
    this.action = action;
  }

  private line(i: number, resp: number, force: number): { value: Outcome; asked: number; raised: number } {
    const key = (i * 8 + resp) * 64 + force;
    let x = this.cache.get(key);
    if (x === undefined) {
      x = this.L.line(this.action, i, resp, force);
      this.cache.set(key, x);
    }
    return x;
  }
  private value(i: number, resp: number, force: number): Outcome {
    return this.line(i, resp, force).value;
  }

  /**
   * World i: the line with the model's answers — under 'perfect' their better answer in the world, figure by
   * figure; with `raisersPerfect` so for the figures they raised before the decision.
   */
  world(i: number): void {
    const S = this.L.S;
    let force = 0;
    const onCards = S.cfg.answers === 'perfect' ? ALL_HOLD : S.cfg.raisersPerfect === true ? S.raisedByThem() : 0;
    if (onCards !== 0) {
      const asked = this.line(i, ALL_HOLD, 0).asked & onCards;
      for (let f = 0; f < 3; f++) {
        if (((asked >>> f) & 1) === 0) continue;
        const gut = S.objectiveOf(this.value(i, ALL_HOLD, force | (1 << (2 * f))));
        const hold = S.objectiveOf(this.value(i, ALL_HOLD, force | (2 << (2 * f))));
        force |= (hold < gut ? 2 : 1) << (2 * f);
      }
    }
    this.force[i] = force;
    this.raised[i] = this.line(i, ALL_HOLD, force).raised;
  }

  /** Our response to their raise per figure (the better mean over the worlds where they raise), then each world's value. */
  values(n: number, v: LineValues): void {
    const S = this.L.S;
    let resp = ALL_HOLD;
    for (let f = 0; f < 3; f++) {
      let m = 0;
      let hold = 0;
      let gut = 0;
      for (let i = 0; i < n; i++) {
        if (((this.raised[i]! >>> f) & 1) === 0) continue;
        m++;
        hold += S.objectiveOf(this.value(i, resp | (1 << f), this.force[i]!));
        gut += S.objectiveOf(this.value(i, resp & ~(1 << f), this.force[i]!));
      }
      if (m > 0 && gut > hold) resp &= ~(1 << f);
    }
    for (let i = 0; i < n; i++) {
      const o = this.value(i, resp, this.force[i]!);
      v.d[i] = o.diff;
      v.p[i] = o.pwin;
      v.e[i] = o.equity;
    }
  }
}
