// Shared bench harness: one fast RNG class, an interleaved median-of-rounds timer, table printing.
//
// The machine is shared and noisy: absolute speeds are noise, ratios measured within one run are the
// figures. So every contender is warmed up, then timed in round-robin rounds (each round visits every
// contender, in a rotating order), and a contender's rate is the median over its rounds.
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting RNG, 128-bit state). The one RNG class of every bench
 * loop, so `next()` call sites stay monomorphic and inline. State lives in an Int32Array: no boxed fields.
 */
export class Sfc32 {
  private readonly s = new Int32Array(4);

  constructor(a: number, b: number, c: number, d: number) {
    const s = this.s;
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
    for (let i = 0; i < 15; i++) this.next(); // mix the seed
  }

  /** Next uint32. */
  next(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = (s[3]! + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    s[3] = d;
    return t >>> 0;
  }

  /** Uniform integer in [0, n), n <= 2^21 (multiply-shift; exact in a double). */
  below(n: number): number {
    return (this.next() * n * 2.3283064365386963e-10) | 0;
  }
}

/** One contender: `step(n)` runs n iterations of its loop and returns a checksum. */
export interface Contender {
  readonly name: string;
  readonly step: (n: number) => number;
  /** Time budget of one timed round (ms); default MeasureOptions.roundMs. */
  readonly roundMs?: number;
  /** Warm-up time (ms); default MeasureOptions.warmupMs. */
  readonly warmupMs?: number;
}

export interface MeasureOptions {
  /** Timed rounds per contender (>= 5). */
  readonly rounds?: number;
  readonly roundMs?: number;
  readonly warmupMs?: number;
  /** A round calls step(chunk) until its budget is spent; chunk is sized to take about this long. */
  readonly chunkMs?: number;
}

export interface Measurement {
  readonly name: string;
  /** Median of the rounds' rates (iterations per second). */
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** All iterations over all rounds / all their time. */
  readonly pooled: number;
  readonly rates: readonly number[];
  readonly iterations: number;
}

/** The spread of every measurement this process made ((max - min) / median of its rounds): how steady the machine was. */
const spreads: number[] = [];

/** Checksums of every loop, folded here and reported, so no loop is dead code. */
let sink = 0;
export function checksum(): number {
  return sink >>> 0;
}

const now = (): number => performance.now();

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Warm up (also sizes the chunk), returns the chunk size. */
function warmUp(c: Contender, warmupMs: number, chunkMs: number): number {
  let chunk = 1;
  const end = now() + warmupMs;
  for (;;) {
    const t0 = now();
    sink = (sink + c.step(chunk)) | 0;
    const dt = now() - t0;
    if (now() >= end) return chunk;
    if (dt < chunkMs && chunk < 1 << 24) chunk *= 2;
  }
}

/** One timed round: step(chunk) until the budget is spent. */
function timedRound(c: Contender, chunk: number, budgetMs: number): { n: number; ms: number } {
  let n = 0;
  const t0 = now();
  const end = t0 + budgetMs;
  let t = t0;
  do {
    sink = (sink + c.step(chunk)) | 0;
    n += chunk;
    t = now();
  } while (t < end);
  return { n, ms: t - t0 };
}

/** Warm up every contender, then time them in interleaved rounds; rate = median over rounds. */
export function measure(contenders: readonly Contender[], opts: MeasureOptions = {}): Measurement[] {
  // PERLAGG_BENCH_SMOKE=1: a few milliseconds a contender — the test that every bench runs to its end and
  // reports its targets (test/bench/smoke.test.ts); its figures mean nothing
  const smoke = process.env['PERLAGG_BENCH_SMOKE'] === '1';
  const rounds = Math.max(5, opts.rounds ?? 7);
  const roundMs = smoke ? 2 : (opts.roundMs ?? 250);
  const warmupMs = smoke ? 2 : (opts.warmupMs ?? 400);
  const chunkMs = opts.chunkMs ?? 2;
  const chunks = contenders.map((c) => warmUp(c, smoke ? warmupMs : (c.warmupMs ?? warmupMs), chunkMs));
  const rates = contenders.map((): number[] => []);
  const totals = contenders.map(() => ({ n: 0, ms: 0 }));
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < contenders.length; j++) {
      const i = (r + j) % contenders.length; // rotate the order: no contender always runs first
      const c = contenders[i]!;
      const { n, ms } = timedRound(c, chunks[i]!, smoke ? roundMs : (c.roundMs ?? roundMs));
      rates[i]!.push((n * 1000) / ms);
      totals[i]!.n += n;
      totals[i]!.ms += ms;
    }
  }
  return contenders.map((c, i) => {
    const rs = rates[i]!;
    if (!smoke) spreads.push(median(rs) > 0 ? (Math.max(...rs) - Math.min(...rs)) / median(rs) : 0);
    return {
      name: c.name,
      median: median(rs),
      min: Math.min(...rs),
      max: Math.max(...rs),
      pooled: (totals[i]!.n * 1000) / totals[i]!.ms,
      rates: rs,
      iterations: totals[i]!.n,
    };
  });
}

/** 12345678 -> "12.3 M", 1234 -> "1.23 k". */
export function si(x: number): string {
  const units: Array<[number, string]> = [[1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
  for (const [f, u] of units) if (Math.abs(x) >= f) return `${(x / f).toPrecision(3)} ${u}`;
  return x.toPrecision(3);
}

/** A plain text table: first column left-aligned, the others right-aligned. */
export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const all = [header, ...rows];
  const widths = header.map((_, j) => Math.max(...all.map((r) => (r[j] ?? '').length)));
  const line = (r: readonly string[]) =>
    r.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : cell.padStart(widths[j]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Rate table of measurements: median evals/s and the spread of the rounds. */
export function measurementTable(ms: readonly Measurement[]): string {
  return formatTable(
    ['loop', 'evals/s (median)', 'min', 'max', 'pooled', 'rounds'],
    ms.map((m) => [m.name, si(m.median), si(m.min), si(m.max), si(m.pooled), String(m.rates.length)]),
  );
}

/** True when the module with this import.meta.url is the script node was started with. */
export function isMain(metaUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && resolve(script) === fileURLToPath(metaUrl);
}

/** How busy the machine was while the benches ran. */
export interface MachineState {
  /** The 1-minute load average and the CPUs this process may use. */
  readonly load: number;
  readonly cpus: number;
  /** The widest spread of a measurement's rounds ((max - min) / median), null before any measurement. */
  readonly spread: number | null;
}

export function machineState(): MachineState {
  return { load: loadavg()[0]!, cpus: availableParallelism(), spread: spreads.length === 0 ? null : Math.max(...spreads) };
}

/** A load average above the CPU count, or rounds that differ by more than this share of their median. */
export const BUSY_SPREAD = 0.25;

/**
 * Why a missed target says nothing about this install — the machine was busy (more runnable work than
 * CPUs, or repeats of one loop that disagree) — or null when it was quiet enough for the verdict to stand.
 */
export function busyReason(m: MachineState): string | null {
  const why: string[] = [];
  if (m.load > m.cpus) why.push(`load average ${m.load.toFixed(1)} on ${m.cpus} CPU${m.cpus === 1 ? '' : 's'}`);
  if (m.spread !== null && m.spread > BUSY_SPREAD) why.push(`repeats of one loop ${Math.round(m.spread * 100)}% apart`);
  return why.length === 0 ? null : why.join(', ');
}

/**
 * The speed targets a bench summary missed, as "bench.target (value below min)" lines: every entry of its
 * `targets` object whose `pass` is not true (a malformed entry counts as missed, so it cannot pass silently).
 */
export function failedTargets(bench: string, summary: unknown): string[] {
  const targets = (summary as { targets?: unknown } | null)?.targets;
  if (targets === undefined) return [];
  if (targets === null || typeof targets !== 'object') return [`${bench}: targets is not an object`];
  const out: string[] = [];
  for (const [name, t] of Object.entries(targets as Record<string, unknown>)) {
    const x = t as { pass?: unknown; min?: unknown } | null;
    if (x === null || typeof x !== 'object' || x.pass !== true) out.push(`${bench}.${name}${x !== null && typeof x === 'object' && x.min !== undefined ? ` (target ≥ ${String(x.min)})` : ''}`);
  }
  return out;
}
