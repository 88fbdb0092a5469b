// Counterfactual regret minimisation by sampling (issue 28): "trajectory-sampled CFR with rollouts" — each
// iteration deals one deal (chance sampled), plays it with every seat's current strategy, and at every
// decision of the traverser (the seats take turns) values each of its actions by a rollout of a copy of the
// state under the current strategies. The sampled counterfactual regret of action a at that decision is
// (v(a) − Σ σ(b) v(b)) / q, q being the probability with which the traverser's own sampling (its strategy
// mixed with ε exploration) reached the decision: the opponents and chance are sampled as they play, so
// their reach cancels and the estimate is unbiased (Lanctot et al. 2009, outcome sampling, with the
// traverser's actions at a node all valued as in external sampling). Regret matching+ and linear averaging
// in regrets.ts. Validated on Kuhn poker in test/solve/cfr.test.ts (value −1/18, exploitability small).
//
// A game offers this file only what the algorithm needs (CfrGame): copies of a state, the next decision of
// the abstraction (chance and the decisions below the abstraction — card play — taken inside `advance`),
// its key and its number of actions.
import { Rng } from '../core/rng.ts';
import { RegretTable } from './regrets.ts';

export interface CfrGame<S> {
  readonly players: number;
  /** A new deal, chance drawn from rng, for this iteration's traverser. */
  deal(rng: Rng, iteration: number, traverser: number): S;
  clone(s: S): S;
  /** Play on (chance, decisions outside the abstraction) to the next abstract decision: its player, or −1 at the end. */
  advance(s: S, rng: Rng): number;
  /** The decision's information-set key and its number of actions (≥ 1). */
  decision(s: S): { readonly key: string; readonly n: number };
  apply(s: S, action: number, rng: Rng): void;
  /** The finished deal's utility for a player. */
  utility(s: S, player: number): number;
}

export interface CfrOptions {
  /** Exploration of the traverser's sampling (default 0.2). */
  readonly epsilon?: number;
  /** Players whose strategies are learnt (default all): the others play `fixed`. */
  readonly learners?: readonly number[];
  /** The strategy of a player not learning (its key → its action), e.g. a bot whose best response is sought. */
  readonly fixed?: (s: unknown, player: number, rng: Rng) => number;
  /**
   * The probability that a decision of the traverser is valued by rollouts (default 1): the others only
   * add to the average strategy, and the valued ones' regrets are divided by it (unbiased, fewer rollouts).
   */
  readonly valueProb?: number;
  /** Rollouts valuing each action of a valued decision, with common random numbers across the actions (default 1). */
  readonly rollouts?: number;
  /**
   * Stochastically weighted updates (default false): a decision's regrets are not divided by the traverser's
   * sampling reach q, and its average strategy weighs t, not t · own / q — each visit counts alike, the
   * traverser's own sampling (on its strategy, ε explored) standing for its reach. Biased by the
   * exploration, but free of the 1/q weights that let one late, unlikely deal swamp a key's regrets.
   */
  readonly stochastic?: boolean;
}

const MAX_ACTIONS = 16;

export class Cfr<S> {
  readonly table = new RegretTable();
  iterations = 0;
  private readonly eps: number;
  private readonly valueProb: number;
  private readonly rollouts: number;
  private readonly learners: readonly number[];
  private readonly isLearner: boolean[];
  private readonly sigma = new Float64Array(MAX_ACTIONS);

  constructor(private readonly game: CfrGame<S>, private readonly rng: Rng, private readonly o: CfrOptions = {}) {
    this.eps = o.epsilon ?? 0.2;
    this.valueProb = o.valueProb ?? 1;
    this.rollouts = o.rollouts ?? 1;
    this.learners = o.learners ?? Array.from({ length: game.players }, (_, i) => i);
    this.isLearner = Array.from({ length: game.players }, (_, i) => this.learners.includes(i));
  }

  /** Run `n` iterations (each with the next learner as traverser). */
  run(n: number): void {
    for (let k = 0; k < n; k++) this.iterate(this.learners[this.iterations % this.learners.length]!);
  }

  private pick(probs: ArrayLike<number>, n: number, rng: Rng = this.rng): number {
    let x = rng.nextFloat();
    for (let a = 0; a < n - 1; a++) {
      x -= probs[a]!;
      if (x < 0) return a;
    }
    return n - 1;
  }

  /** A non-traverser's move: the current strategy of a learner, the fixed strategy of the others. */
  private otherMove(s: S, p: number, key: string, n: number, rng: Rng = this.rng): number {
    if (!this.isLearner[p]) return this.o.fixed!(s, p, rng);
    return this.pick(this.table.current(key, n, this.sigma), n, rng);
  }

  /** The traverser's utility of playing `s` to the end under the current strategies. */
  private rollout(s: S, traverser: number, rng: Rng): number {
    for (;;) {
      const p = this.game.advance(s, rng);
      if (p < 0) return this.game.utility(s, traverser);
      const { key, n } = this.game.decision(s);
      this.game.apply(s, n === 1 ? 0 : this.otherMove(s, p, key, n, rng), rng);
    }
  }

  private iterate(traverser: number): void {
    const t = ++this.iterations;
    const g = this.game;
    const s = g.deal(this.rng, t, traverser);
    let q = 1; // the traverser's sampling reach
    let own = 1; // the traverser's reach under its own strategy
    const values = new Float64Array(MAX_ACTIONS);
    const sigma = new Float64Array(MAX_ACTIONS);
    for (;;) {
      const p = g.advance(s, this.rng);
      if (p < 0) return;
      const { key, n } = g.decision(s);
      if (n === 1) {
        g.apply(s, 0, this.rng);
        continue;
      }
      if (p !== traverser) {
        g.apply(s, this.otherMove(s, p, key, n), this.rng);
        continue;
      }
      this.table.current(key, n, sigma);
      if (this.valueProb >= 1 || this.rng.nextFloat() < this.valueProb) {
        // common random numbers: every action's rollouts draw from the same streams, so the differences
        // between the actions' values carry less of the rollouts' noise
        let ev = 0;
        const seeds = Array.from({ length: this.rollouts }, () => [this.rng.nextUint32(), this.rng.nextUint32()] as const);
        for (let a = 0; a < n; a++) {
          let v = 0;
          for (const [x, y] of seeds) {
            const r = new Rng(x, y, 0x5eed, 28);
            const c = g.clone(s);
            g.apply(c, a, r);
            v += this.rollout(c, traverser, r);
          }
          values[a] = v / this.rollouts;
          ev += sigma[a]! * values[a]!;
        }
        const deltas = new Float64Array(n);
        const scale = (this.o.stochastic === true ? 1 : q) * Math.min(1, this.valueProb);
        for (let a = 0; a < n; a++) deltas[a] = (values[a]! - ev) / scale;
        this.table.addRegret(key, deltas);
      }
      this.table.addAverage(key, sigma.subarray(0, n), this.o.stochastic === true ? t : (t * own) / q);
      // the traverser goes on by its strategy mixed with exploration
      const mix = new Float64Array(n);
      for (let a = 0; a < n; a++) mix[a] = (1 - this.eps) * sigma[a]! + this.eps / n;
      const a = this.pick(mix, n);
      q *= mix[a]!;
      own *= sigma[a]!;
      g.apply(s, a, this.rng);
    }
  }
}
