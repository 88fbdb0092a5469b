// A heartbeat for the decision time limit (issue 9, item 11): the thread that runs the policies and the
// --where predicate writes a few numbers into a slot of a SharedArrayBuffer at every decision (a counter,
// who decides, which deal); the main thread (or, for --workers 0, a watchdog thread) reads the slot and
// ends the run when the counter has not moved for longer than the limit. Writing is three or four plain
// stores per decision: cheap next to building the observation. Outside a run the slot is a private array.

/** Word offsets in a slot. */
export const HB = Object.freeze({
  /** Incremented at every decision, predicate call and deal. */
  count: 0,
  /** 1 while a batch runs in this slot, 0 before and after. */
  running: 1,
  /** What runs now: 0 the engine, 1 a policy's decision, 2 the --where predicate. */
  what: 2,
  player: 3,
  seat: 4,
  /** Index into the job's policy names (Job.policyNames), -1 none. */
  policy: 5,
  seating: 6,
  /** Deal index (hands, figures) or Partie index (partien), as an unsigned 32-bit number. */
  deal: 7,
  /** Deal number inside the Partie (partien), -1 otherwise. */
  partieDeal: 8,
  /** Set to 1 by the watchdog (watchdog.mjs) when it ended a decision that took too long. */
  timedOut: 9,
  /** Set to 1 by the runner when the run's time is up: the batch ends at its next deal (Partie) boundary (batchCut). */
  cut: 10,
});
export const SLOT_WORDS = 16;

/** The current slot (live binding: the hot loops read it). */
export let hb: Int32Array = new Int32Array(SLOT_WORDS);

/** Write the heartbeat into slot `slot` of `sab` (null: a private array again). */
export function useHeartbeat(sab: SharedArrayBuffer | null, slot = 0): void {
  hb = sab === null ? new Int32Array(SLOT_WORDS) : new Int32Array(sab, slot * SLOT_WORDS * 4, SLOT_WORDS);
}

export function heartbeatBuffer(slots: number): SharedArrayBuffer {
  return new SharedArrayBuffer(slots * SLOT_WORDS * 4);
}

/** A copy of slot `slot` (for the watcher). */
export function readSlot(sab: SharedArrayBuffer, slot: number): Int32Array {
  const v = new Int32Array(sab, slot * SLOT_WORDS * 4, SLOT_WORDS);
  const out = new Int32Array(SLOT_WORDS);
  for (let i = 0; i < SLOT_WORDS; i++) out[i] = Atomics.load(v, i);
  return out;
}

/** Called at the start of every deal while a batch runs in this thread (--workers 0: the runner's clock); null: none. */
let dealTick: (() => void) | null = null;
export function setDealTick(fn: (() => void) | null): void {
  dealTick = fn;
}

/**
 * The runner asked the batch in this slot to end (its time budget ran out). A job's loop asks before each
 * deal (Partie) after its first and, when true, ends the batch there: the batch then holds exactly the
 * deals [start, d), the same bytes as a batch of that range.
 */
export function batchCut(): boolean {
  return Atomics.load(hb, HB.cut) !== 0;
}

/** Mark the start of a deal (or Partie) in the slot. */
export function beatDeal(deal: number, seating: number): void {
  if (dealTick !== null) dealTick();
  hb[HB.count]!++;
  hb[HB.deal] = deal | 0;
  hb[HB.seating] = seating;
  hb[HB.partieDeal] = -1;
  hb[HB.what] = 0;
}
