// The hand tables of the fast path, built once and cached.
//
// What a hand can show depends on the ruleset and trump only through which of its cards are Perlaggen.
// So one table serves every ruleset and trump: it is indexed by the hand's natural part (the suited
// cards that are not Perlaggen, a set of n <= 5 of 32) and the number k of Perlaggen, n + k <= 5:
//
//   index = OFFSET[n * 6 + k] + colex(natural mask)          (290,326 entries, Uint16: 567 KiB)
//
// The entry is the figure word of figures.ts (best Gleich, best Hanger, its suit). One table stays in
// cache whatever the ruleset and trump (GUIDE §3: tables <= 1 MiB), and it also serves hands of fewer
// than five cards. The joint answers (Pareto frontiers) sit in a second table, built on first use.
import { binom, colex32, lsbIndex } from '../cards/mask.ts';
import { bestFigures, jointFigures, jointFiguresOfMask, type FigureRules } from './core.ts';

export const MAX_HAND = 5;

/** OFFSET[n * 6 + k]: where the block of hands with n natural cards and k Perlaggen starts (-1: none). */
export const OFFSET: Int32Array = (() => {
  const t = new Int32Array(6 * 6).fill(-1);
  let at = 0;
  for (let n = 0; n <= MAX_HAND; n++) {
    for (let k = 0; n + k <= MAX_HAND; k++) {
      t[n * 6 + k] = at;
      at += binom(32, n);
    }
  }
  return t;
})();
export const TABLE_SIZE: number = OFFSET[5 * 6 + 0]! + binom(32, 5);

/** Call fn(mask) for every 32-bit mask with exactly n bits set. */
export function forEachMask(n: number, fn: (mask: number) => void): void {
  const rec = (from: number, left: number, mask: number): void => {
    if (left === 0) {
      fn(mask >>> 0);
      return;
    }
    for (let b = from; b <= 32 - left; b++) rec(b + 1, left - 1, mask | (1 << b));
  };
  rec(0, n, 0);
}

export interface FigureTables {
  readonly rules: FigureRules;
  /** Figure word per (natural mask, k). */
  readonly best: Uint16Array;
  /** Joint frontiers, built on first use. */
  joint(): JointTable;
}
export interface JointTable {
  /** Frontier of entry i: words[start[i] .. start[i + 1]). */
  readonly start: Uint32Array;
  readonly words: Uint16Array;
}

const built = new Map<string, FigureTables>();

function rulesKey(r: FigureRules): string {
  return r.gleichIdenticalIdentities ? 'identical' : 'distinct';
}

function forEachEntry(fn: (index: number, mask: number, k: number) => void): void {
  for (let n = 0; n <= MAX_HAND; n++) {
    forEachMask(n, (mask) => {
      const c = colex32(mask);
      for (let k = 0; n + k <= MAX_HAND; k++) fn(OFFSET[n * 6 + k]! + c, mask, k);
    });
  }
}

/** The tables for these figure rules (built on first call, about 0.3 s; then cached). */
export function figureTables(rules: FigureRules): FigureTables {
  const key = rulesKey(rules);
  let t = built.get(key);
  if (t !== undefined) return t;
  const frozenRules: FigureRules = { gleichIdenticalIdentities: rules.gleichIdenticalIdentities };
  const best = new Uint16Array(TABLE_SIZE);
  forEachEntry((i, mask, k) => {
    best[i] = bestFigures({ mask, extraByRank: null, naturalWeliInFigures: 0, wilds: k }, frozenRules);
  });
  let joint: JointTable | null = null;
  t = {
    rules: frozenRules,
    best,
    joint(): JointTable {
      if (joint !== null) return joint;
      joint = buildJoint(frozenRules);
      return joint;
    },
  };
  built.set(key, t);
  return t;
}

/**
 * The joint table: every entry's frontier by core.ts jointFiguresOfMask (no allocations per entry), written
 * in entry order. Its twin is buildJointChecked (jointFigures per entry, as the table was first built),
 * compared entry by entry in test/eval/joint-table.test.ts.
 */
export function buildJoint(rules: FigureRules): JointTable {
  const lengths = new Uint8Array(TABLE_SIZE);
  const byEntry: number[] = []; // the frontiers in enumeration order
  const order = new Int32Array(TABLE_SIZE); // entry index at each enumeration position
  let pos = 0;
  forEachEntry((i, mask, k) => {
    lengths[i] = jointFiguresOfMask(mask, k, rules, byEntry);
    order[pos++] = i;
  });
  const start = new Uint32Array(TABLE_SIZE + 1);
  for (let i = 0; i < TABLE_SIZE; i++) start[i + 1] = start[i]! + lengths[i]!;
  const words = new Uint16Array(start[TABLE_SIZE]!);
  let from = 0;
  for (let p = 0; p < pos; p++) {
    const i = order[p]!;
    const n = lengths[i]!;
    const at = start[i]!;
    for (let j = 0; j < n; j++) words[at + j] = byEntry[from + j]!;
    from += n;
  }
  return { start, words };
}

/** The joint table as first built: jointFigures per entry (buildJoint's twin). */
export function buildJointChecked(rules: FigureRules): JointTable {
  const lists: number[][] = new Array(TABLE_SIZE);
  let total = 0;
  forEachEntry((i, mask, k) => {
    const f = jointFigures({ mask, extraByRank: null, naturalWeliInFigures: 0, wilds: k }, rules);
    lists[i] = f;
    total += f.length;
  });
  const start = new Uint32Array(TABLE_SIZE + 1);
  const words = new Uint16Array(total);
  let at = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    start[i] = at;
    for (const w of lists[i]!) words[at++] = w;
  }
  start[TABLE_SIZE] = at;
  return { start, words };
}

/**
 * The joint table's entries with free Perlaggen (k >= 1: 47,501 of them) in a compact index of their own,
 * JOINT_DELTA[n * 6 + k] + tableIndex(mask, n, k) (-1 where k = 0), for the inline table below.
 */
export const JOINT_DELTA: Int32Array = (() => {
  const t = new Int32Array(6 * 6).fill(-1);
  let at = 0;
  for (let n = 0; n <= MAX_HAND; n++) {
    for (let k = 1; n + k <= MAX_HAND; k++) {
      t[n * 6 + k] = at - OFFSET[n * 6 + k]!;
      at += binom(32, n);
    }
  }
  return t;
})();
export const JOINT_ENTRIES_K: number = (() => {
  let at = 0;
  for (let n = 0; n <= MAX_HAND; n++) for (let k = 1; n + k <= MAX_HAND; k++) at += binom(32, n);
  return at;
})();
/** Frontier words an inline entry holds. */
export const INLINE_WORDS = 7;
/** Slots of an inline entry: its length and INLINE_WORDS words (16 bytes: never across a cache line). */
export const INLINE_SLOTS = 8;

/**
 * The joint frontiers of the entries with free Perlaggen, inline: entry e (JOINT_DELTA above) at INLINE_SLOTS * e
 * holds the frontier's length, then, when it is at most INLINE_WORDS (every entry of the built-in figure rules),
 * its words (else the joint table has them). 16 bytes per entry, in one cache line, 760 KiB in all, where the
 * joint table's start and words are two dependent reads in 1.1 MiB and 0.7 MiB (the end of every hand reads a
 * few entries: two cache misses each). Made from
 * the joint table on first use; compared with it entry by entry in test/eval/joint-table.test.ts.
 */
export function jointInline(t: FigureTables): Uint16Array {
  if (t === lastInlineTables) return lastInline!;
  let r = inlineOf.get(t);
  if (r === undefined) inlineOf.set(t, (r = buildJointInline(t.joint())));
  lastInlineTables = t;
  lastInline = r;
  return r;
}
const inlineOf = new WeakMap<FigureTables, Uint16Array>();
let lastInlineTables: FigureTables | null = null;
let lastInline: Uint16Array | null = null;

export function buildJointInline(j: JointTable): Uint16Array {
  const out = new Uint16Array(INLINE_SLOTS * JOINT_ENTRIES_K);
  for (let n = 0; n <= MAX_HAND; n++) {
    for (let k = 1; n + k <= MAX_HAND; k++) {
      const from = OFFSET[n * 6 + k]!;
      const delta = JOINT_DELTA[n * 6 + k]!;
      for (let c = 0; c < binom(32, n); c++) {
        const i = from + c;
        const a = j.start[i]!;
        const len = j.start[i + 1]! - a;
        const at = INLINE_SLOTS * (i + delta);
        out[at] = len;
        if (len <= INLINE_WORDS) for (let w = 0; w < len; w++) out[at + 1 + w] = j.words[a + w]!;
      }
    }
  }
  return out;
}

/** Table index of a hand's natural mask (n bits) and k Perlaggen. */
export function tableIndex(naturalMask: number, n: number, k: number): number {
  return OFFSET[n * 6 + k]! + colex32(naturalMask);
}

export { lsbIndex };
