// The sampler of worlds: a world drawn uniformly among the deals consistent with what a seat knows
// (worlds.ts: the facts of its observation and the constraints they put on the hidden cards).

import { WELI } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import type { Observation } from '../engine/observation.ts';
import { type Cards, type Knowledge, type World, type WorldConstraint, WorldError, type WorldOptions, type WorldRandom, has, knowledgeOf, worldConstraints } from './worlds.ts';

// ---- the sampler ----

/** n! as a double (exact to 22!, then to double precision). */
const FACT: Float64Array = (() => {
  const f = new Float64Array(34);
  f[0] = 1;
  for (let i = 1; i < 34; i++) f[i] = f[i - 1]! * i;
  return f;
})();

/** A uniform double in [0, 1) with 53 random bits. */
function unit53(rng: WorldRandom): number {
  return ((rng.nextUint32() >>> 5) * 67108864 + (rng.nextUint32() >>> 6)) / 9007199254740992;
}

/** Uniform integer in [0, n), exact. */
function below(rng: WorldRandom, n: number): number {
  for (;;) {
    const m = rng.nextUint32() * n;
    const lo = m >>> 0;
    if (lo >= n || lo >= (4294967296 - n) % n) return (m - lo) / 4294967296;
  }
}

/** The exact sampler's table would grow too large: the sampler falls back to rejection (also exact). */
class TooBig extends Error {}

interface Klass {
  readonly cards: Int32Array;
  /** Places (bit p: seat p; bit seats: the stock) a card of the class may go to. */
  readonly allowed: number;
  /** Active count constraints (bit j) whose set holds the class's cards. */
  readonly member: number;
}

interface Splits {
  readonly cum: Float64Array;
  readonly nextKeys: readonly number[];
  readonly nextStates: ReadonlyArray<readonly number[]>;
  /** Cards of the class per place, per split (places entries each). */
  readonly d: Int8Array;
}

interface Active {
  readonly place: number;
  readonly min: number;
  readonly max: number;
}

/** Draws worlds for one observation (build once, draw many). */
export class WorldSampler {
  readonly knowledge: Knowledge;
  readonly constraints: readonly WorldConstraint[];
  method: 'exact' | 'rejection';
  private readonly maxTries: number;
  private readonly places: number;
  private readonly cap: Int32Array;
  private readonly classes: Klass[] = [];
  private readonly active: Active[] = [];
  private readonly predicates: Array<(w: World) => boolean> = [];
  /** Count constraints as (place, set, min, max) on the hidden cards, for the rejection method. */
  private readonly hiddenCounts: Array<{ place: number; lo: number; weli: number; min: number; max: number }> = [];
  /** memo[i]: state key -> number of completions from class i on. */
  private memo: Array<Map<number, number>> = [];
  private radix: number[] = [];
  private total = -1;
  private readonly scratchCards = new Int32Array(33);
  /** Per class: the splits from each state visited while drawing (splitsOf). */
  private readonly splits: Array<Map<number, Splits> | undefined> = [];
  private start: number[] | null = null;

  constructor(obs: Observation, options: WorldOptions = {}) {
    const k = knowledgeOf(obs);
    this.knowledge = k;
    this.constraints = [...worldConstraints(obs, k), ...(options.constraints ?? [])];
    this.method = options.method ?? 'exact';
    this.maxTries = options.maxTries ?? 100000;
    const seats = k.seats;
    this.places = seats + 1;
    this.cap = new Int32Array(this.places);
    for (let s = 0; s < seats; s++) this.cap[s] = k.hiddenPerSeat[s]!;
    this.cap[seats] = k.hiddenStock;
    // count constraints -> on the hidden cards of the place
    const avoid = new Int32Array(33); // per card: places it may not go to (bits)
    const activeSets: Cards[] = [];
    for (const c of this.constraints) {
      if (c.kind === 'predicate') {
        this.predicates.push(c.test);
        continue;
      }
      const s = c.seat;
      const knownLo = (k.knownLo[s]! | k.laidLo[s]!) >>> 0;
      const knownWeli = k.knownWeli[s]! | k.laidWeli[s]!;
      const known = popcount32(knownLo & c.lo) + (knownWeli & c.weli);
      const min = c.min - known;
      const max = c.max - known;
      // the hidden cards of the set
      let hl = 0;
      let hw = 0;
      for (const card of k.hidden) {
        if (!has(c.lo, c.weli, card)) continue;
        if (card === WELI) hw = 1;
        else hl |= 1 << card;
      }
      const inSet = popcount32(hl) + hw;
      const room = Math.min(inSet, k.hiddenPerSeat[s]!);
      if (max < 0 || min > room || min > max) throw new WorldError(`no deal agrees with the observation: ${c.why}`);
      if (min <= 0 && max >= room) continue; // always true
      this.hiddenCounts.push({ place: s, lo: hl >>> 0, weli: hw, min, max });
      if (max === 0) {
        for (const card of k.hidden) if (has(hl, hw, card)) avoid[card]! |= 1 << s;
        continue;
      }
      this.active.push({ place: s, min: Math.max(0, min), max: Math.min(max, room) });
      activeSets.push({ lo: hl >>> 0, weli: hw ? 1 : 0 });
    }
    // classes of hidden cards: same allowed places, same active sets
    let open = 0;
    for (let p = 0; p < this.places; p++) if (this.cap[p]! > 0) open |= 1 << p;
    const groups = new Map<number, number[]>();
    for (const card of k.hidden) {
      const allowed = open & ~avoid[card]!;
      if (allowed === 0) throw new WorldError(`no deal agrees with the observation: card ${card} can be nowhere`);
      let member = 0;
      for (let j = 0; j < activeSets.length; j++) if (has(activeSets[j]!.lo, activeSets[j]!.weli, card)) member |= 1 << j;
      const key = allowed * 4096 + member;
      let g = groups.get(key);
      if (g === undefined) groups.set(key, (g = []));
      g.push(card);
    }
    for (const [key, cards] of groups) this.classes.push({ cards: Int32Array.from(cards), allowed: Math.floor(key / 4096), member: key % 4096 });
    // the largest class last: its distribution is forced by the room left
    this.classes.sort((a, b) => a.cards.length - b.cards.length);
    if (this.method === 'exact') {
      // mixed radix of the DP state: room per place, then the active counts (0..max)
      this.radix = [];
      let size = 1;
      for (let p = 0; p < this.places; p++) this.radix.push(this.cap[p]! + 1);
      for (const a of this.active) this.radix.push(a.max + 1);
      for (const x of this.radix) size *= x;
      if (size > 2 ** 50 || this.active.length > 12) this.method = 'rejection'; // state keys would not fit: the exact twin
      else {
        this.memo = this.classes.map(() => new Map<number, number>());
        try {
          this.total = this.ways(0, this.startState());
        } catch (e) {
          if (!(e instanceof TooBig)) throw e;
          this.method = 'rejection';
        }
        if (this.method === 'exact' && !(this.total > 0)) throw new WorldError('no deal agrees with the observation (every deal breaks a constraint)');
      }
    }
  }

  /** The number of deals agreeing with the count constraints (exact method; before the predicate constraints). */
  get count(): number {
    return this.total;
  }

  private startState(): number[] {
    const st: number[] = [];
    for (let p = 0; p < this.places; p++) st.push(this.cap[p]!);
    for (let j = 0; j < this.active.length; j++) st.push(0);
    return st;
  }

  private keyOf(st: readonly number[]): number {
    let key = 0;
    for (let i = 0; i < st.length; i++) key = key * this.radix[i]! + st[i]!;
    return key;
  }

  /** Deals of classes i.. into the room left (st: room per place, then the active counts so far). */
  private ways(i: number, st: number[]): number {
    if (i === this.classes.length) {
      for (let j = 0; j < this.active.length; j++) if (st[this.places + j]! < this.active[j]!.min) return 0;
      return 1;
    }
    const key = this.keyOf(st);
    const memo = this.memo[i]!;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    if (memo.size > 1_000_000) throw new TooBig();
    let total = 0;
    this.forEachSplit(i, st, (weight, next) => {
      total += weight * this.ways(i + 1, next);
    });
    memo.set(key, total);
    return total;
  }

  /**
   * Every way to split class i's cards over its allowed places within the room left: fn(number of ways to
   * choose which cards go where, the next state). The last class fills the room left exactly.
   */
  private forEachSplit(i: number, st: readonly number[], fn: (weight: number, next: number[]) => void): void {
    const k = this.classes[i]!;
    const m = k.cards.length;
    const places = this.places;
    const last = i === this.classes.length - 1;
    const d = new Array<number>(places).fill(0);
    const emit = (): void => {
      const next = st.slice();
      let w = FACT[m]!;
      for (let p = 0; p < places; p++) {
        next[p]! -= d[p]!;
        w /= FACT[d[p]!]!;
      }
      for (let j = 0; j < this.active.length; j++) {
        if (((k.member >>> j) & 1) === 0) continue;
        const c = next[places + j]! + d[this.active[j]!.place]!;
        if (c > this.active[j]!.max) return;
        next[places + j] = c;
      }
      fn(w, next);
    };
    if (last) {
      let sum = 0;
      for (let p = 0; p < places; p++) {
        const room = st[p]!;
        if (room > 0 && ((k.allowed >>> p) & 1) === 0) return;
        d[p] = room;
        sum += room;
      }
      if (sum !== m) return;
      emit();
      return;
    }
    const rec = (p: number, left: number): void => {
      if (p === places) {
        if (left === 0) emit();
        return;
      }
      if (((k.allowed >>> p) & 1) === 0) {
        d[p] = 0;
        rec(p + 1, left);
        return;
      }
      const hi = Math.min(left, st[p]!);
      for (let x = 0; x <= hi; x++) {
        d[p] = x;
        rec(p + 1, left - x);
      }
      d[p] = 0;
    };
    rec(0, m);
  }

  /** A world, uniform over the deals that agree with the observation. */
  sample(rng: WorldRandom, out?: World): World {
    const w = out ?? newWorld(this.knowledge.seats);
    for (let tries = 0; tries < this.maxTries; tries++) {
      if (this.method === 'exact') this.drawExact(rng, w);
      else if (!this.drawRejection(rng, w)) continue;
      let ok = true;
      for (const p of this.predicates) {
        if (!p(w)) {
          ok = false;
          break;
        }
      }
      if (ok) return w;
    }
    throw new WorldError(`no world found in ${this.maxTries} draws (constraints: ${this.constraints.map((c) => c.why).join('; ')})`);
  }

  private reset(w: World): void {
    const k = this.knowledge;
    for (let s = 0; s < k.seats; s++) {
      w.handLo[s] = k.knownLo[s]!;
      w.handWeli[s] = k.knownWeli[s]!;
    }
    w.stockLo = k.stockKnownLo;
    w.stockWeli = k.stockKnownWeli;
  }

  private give(w: World, place: number, card: number): void {
    if (place === this.knowledge.seats) {
      if (card === WELI) w.stockWeli = 1;
      else w.stockLo = (w.stockLo | (1 << card)) >>> 0;
    } else if (card === WELI) w.handWeli[place] = 1;
    else w.handLo[place]! |= 1 << card;
  }

  /**
   * The splits of class i from the state with this key, built on the first visit and kept: cumulative
   * weights (ways to place the class x completions), the next states (keys and arrays) and the splits.
   */
  private splitsOf(i: number, key: number, st: readonly number[]): Splits {
    let byKey = this.splits[i];
    if (byKey === undefined) this.splits[i] = byKey = new Map();
    let sp = byKey.get(key);
    if (sp !== undefined) return sp;
    const cum: number[] = [];
    const nextKeys: number[] = [];
    const nextStates: number[][] = [];
    const ds: number[] = [];
    let acc = 0;
    this.forEachSplit(i, st, (weight, next) => {
      const x = weight * this.ways(i + 1, next);
      if (!(x > 0)) return;
      acc += x;
      cum.push(acc);
      nextKeys.push(this.keyOf(next));
      nextStates.push(next);
      for (let p = 0; p < this.places; p++) ds.push(st[p]! - next[p]!);
    });
    if (cum.length === 0) throw new Error('internal: the sampler found no split');
    sp = { cum: Float64Array.from(cum), nextKeys, nextStates, d: Int8Array.from(ds) };
    byKey.set(key, sp);
    return sp;
  }

  private drawExact(rng: WorldRandom, w: World): void {
    this.reset(w);
    let st: readonly number[] = this.start ?? (this.start = this.startState());
    let key = this.keyOf(st);
    const scratch = this.scratchCards;
    const places = this.places;
    for (let i = 0; i < this.classes.length; i++) {
      // the split of class i, with probability (ways to place it) x (completions) / (all completions)
      const sp = this.splitsOf(i, key, st);
      const cum = sp.cum;
      const target = unit53(rng) * cum[cum.length - 1]!;
      let j = 0;
      while (j < cum.length - 1 && target >= cum[j]!) j++;
      // shuffle the class's cards into the places drawn
      const k = this.classes[i]!;
      const m = k.cards.length;
      for (let x = 0; x < m; x++) scratch[x] = k.cards[x]!;
      for (let x = m - 1; x > 0; x--) {
        const r = below(rng, x + 1);
        const t = scratch[x]!;
        scratch[x] = scratch[r]!;
        scratch[r] = t;
      }
      let at = 0;
      for (let p = 0; p < places; p++) for (let x = sp.d[j * places + p]!; x > 0; x--) this.give(w, p, scratch[at++]!);
      key = sp.nextKeys[j]!;
      st = sp.nextStates[j]!;
    }
  }

  private drawRejection(rng: WorldRandom, w: World): boolean {
    this.reset(w);
    const k = this.knowledge;
    const cards = this.scratchCards;
    const n = k.hidden.length;
    for (let j = 0; j < n; j++) cards[j] = k.hidden[j]!;
    for (let j = n - 1; j > 0; j--) {
      const r = below(rng, j + 1);
      const t = cards[j]!;
      cards[j] = cards[r]!;
      cards[r] = t;
    }
    let at = 0;
    for (let p = 0; p < this.places; p++) for (let x = 0; x < this.cap[p]!; x++) this.give(w, p, cards[at++]!);
    // the count constraints on the hidden cards of each seat
    for (const c of this.hiddenCounts) {
      // c.lo / c.weli hold hidden cards only: the count among the cards drawn for the seat
      const x = popcount32(w.handLo[c.place]! & c.lo) + (w.handWeli[c.place]! & c.weli);
      if (x < c.min || x > c.max) return false;
    }
    return true;
  }
}

export function newWorld(seats: number): World {
  return { seats, handLo: new Int32Array(seats), handWeli: new Uint8Array(seats), stockLo: 0, stockWeli: 0 };
}

const samplers = new WeakMap<Observation, WorldSampler>();

/** The sampler for an observation, built on first use and kept with it (options change it: then a new one). */
export function worldSampler(obs: Observation, options?: WorldOptions): WorldSampler {
  if (options !== undefined) return new WorldSampler(obs, options);
  let s = samplers.get(obs);
  if (s === undefined) samplers.set(obs, (s = new WorldSampler(obs)));
  return s;
}

/**
 * A deal of the cards the seat cannot see, consistent with everything it has seen and uniform over all such
 * deals (see the top of this file), as a World the playout kernel takes directly.
 */
export function sampleWorld(obs: Observation, rng: WorldRandom, options?: WorldOptions): World {
  return worldSampler(obs, options).sample(rng);
}
