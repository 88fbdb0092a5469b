// What `perlagg tune` tunes: declared numeric options of a policy (GUIDE guideline 4: options with ranges,
// so experiments can sweep them), as SPSA parameters with fishtest's per-parameter end values.
//
// `--params holdSlack,spielTricks` names options (all declared numeric options when omitted); each entry may
// narrow the range and set the end values, fishtest-style: `name:min:max` or `name:min:max:cEnd:rEnd`.
// The start is the option's value in --policy (its default unless given there, e.g. simple{holdSlack=2}).
// Defaults: c_end = (max - min) / 20 (at least 0.5 for an integer option, so the two perturbed values are
// usually different whole numbers), r_end = 0.02 (--r-end).
import type { OptionSpec, OptionValues, PolicyFactory } from '../policy/api.ts';
import type { SpsaParam } from '../stats/spsa.ts';
import { UsageError } from '../core/errors.ts';

export class TuneSpecError extends UsageError {
  override name = 'TuneSpecError';
}

export const DEFAULT_R_END = 0.02;

type NumericOption = Extract<OptionSpec, { type: 'number' | 'integer' }>;

const isNumeric = (o: OptionSpec): o is NumericOption => o.type === 'number' || o.type === 'integer';

/** The declared numeric options of a factory, by name. */
export function numericOptions(f: PolicyFactory): Array<[string, NumericOption]> {
  return Object.entries(f.options).filter((e): e is [string, NumericOption] => isNumeric(e[1]));
}

/** The default c_end of an option: a twentieth of its range, at least 0.5 for whole numbers. */
export function defaultCEnd(o: NumericOption, min: number, max: number): number {
  const c = (max - min) / 20;
  return o.type === 'integer' ? Math.max(0.5, c) : c;
}

/**
 * The SPSA parameters for `--params` (null: every declared numeric option), starting at `values` (the
 * policy's options as given). Throws TuneSpecError naming the problem.
 */
export function tuneParams(f: PolicyFactory, values: OptionValues, text: string | null, rEnd = DEFAULT_R_END): SpsaParam[] {
  const numeric = new Map(numericOptions(f));
  if (numeric.size === 0) throw new TuneSpecError(`policy ${f.name} declares no numeric options to tune (options: ${Object.keys(f.options).join(', ') || 'none'})`);
  const entries = text === null ? [...numeric.keys()] : text.split(',').map((x) => x.trim());
  if (entries.some((e) => e === '')) throw new TuneSpecError(`--params ${text}: an empty entry`);
  const out: SpsaParam[] = [];
  for (const entry of entries) {
    const [name, ...rest] = entry.split(':').map((x) => x.trim());
    const o = numeric.get(name!);
    if (o === undefined) {
      const what = f.options[name!] === undefined ? 'has no option' : 'has no numeric option';
      throw new TuneSpecError(`--params: policy ${f.name} ${what} "${name}" (numeric options: ${[...numeric.keys()].join(', ')})`);
    }
    if (out.some((p) => p.name === name)) throw new TuneSpecError(`--params: ${name} is given twice`);
    if (!(rest.length === 0 || rest.length === 2 || rest.length === 4)) throw new TuneSpecError(`--params ${entry}: write name, name:min:max or name:min:max:cEnd:rEnd`);
    const nums = rest.map(Number);
    if (nums.some((x) => !Number.isFinite(x))) throw new TuneSpecError(`--params ${entry}: not a number in it`);
    const min = rest.length >= 2 ? nums[0]! : o.min;
    const max = rest.length >= 2 ? nums[1]! : o.max;
    if (!(min >= o.min && max <= o.max && min < max)) throw new TuneSpecError(`--params ${entry}: the range must lie inside ${name}'s declared [${o.min}, ${o.max}] with min < max`);
    const start = values[name!];
    if (typeof start !== 'number') throw new TuneSpecError(`internal: option ${name} has no numeric value`);
    if (start < min || start > max) throw new TuneSpecError(`--params ${entry}: the start value ${start} (from --policy) lies outside [${min}, ${max}]`);
    const cEnd = rest.length === 4 ? nums[2]! : defaultCEnd(o, min, max);
    const r = rest.length === 4 ? nums[3]! : rEnd;
    if (!(cEnd > 0)) throw new TuneSpecError(`--params ${entry}: cEnd must be > 0`);
    if (!(r > 0)) throw new TuneSpecError(`--params ${entry}: rEnd must be > 0`);
    out.push({ name: name!, start, min, max, cEnd, rEnd: r, ...(o.type === 'integer' ? { integer: true } : {}) });
  }
  return out;
}

/** A number as a policy option value: whole numbers as they are, others with up to 6 significant digits. */
export function optionText(x: number, integer: boolean): string {
  if (integer || Number.isInteger(x)) return String(Math.round(x));
  return String(Number(x.toPrecision(6)));
}

/**
 * A policy spec with these option values: `simple{holdSlack=2,spielTricks=2}`; the policy's other options
 * given in `base` (name{...}) are kept, in their order, the tuned ones after them. `exact`: real values in
 * full (the values played during tuning), else with 6 significant digits (the tuned spec a user reads).
 */
export function specWith(base: string, params: readonly SpsaParam[], values: readonly number[], exact = false): string {
  const m = /^\s*([^{}]+?)\s*(?:\{([^{}]*)\})?\s*$/.exec(base);
  if (m === null) throw new TuneSpecError(`malformed policy "${base}"`);
  const tuned = new Set(params.map((p) => p.name));
  const kept = (m[2] ?? '').split(',').map((x) => x.trim()).filter((x) => x.length > 0 && !tuned.has(x.split('=')[0]!.trim()));
  const set = params.map((p, i) => `${p.name}=${exact && p.integer !== true ? String(values[i]!) : optionText(values[i]!, p.integer === true)}`);
  return `${m[1]}{${[...kept, ...set].join(',')}}`;
}

/** A tuned parameter that ended at (within its last perturbation c_end of) an end of its range. */
export interface BoundHit {
  readonly name: string;
  readonly side: 'min' | 'max';
  /** The end it reached (the tuning range's). */
  readonly bound: number;
  /** The tuned value (whole numbers rounded as played). */
  readonly value: number;
  /** The range the policy declares for the option. */
  readonly declared: readonly [number, number];
  /** The end is the policy's own limit (no value beyond it is accepted), not a narrower --params range. */
  readonly declaredLimit: boolean;
}

/**
 * The parameters whose tuned value `theta` ended at an end of the tuning range: a whole number rounded onto
 * it, a real within c_end of it (the last probes θ ± c were clipped there). Such an optimum may lie beyond.
 */
export function boundsHit(f: PolicyFactory, params: readonly SpsaParam[], theta: readonly number[]): BoundHit[] {
  const numeric = new Map(numericOptions(f));
  const out: BoundHit[] = [];
  params.forEach((p, i) => {
    const o = numeric.get(p.name);
    const t = theta[i]!;
    const value = p.integer === true ? Math.round(t) : t;
    const near = (b: number) => (p.integer === true ? value === b : Math.abs(t - b) <= p.cEnd);
    const side = near(p.min) ? 'min' : near(p.max) ? 'max' : null;
    if (side === null) return;
    const declared: [number, number] = o === undefined ? [p.min, p.max] : [o.min, o.max];
    const bound = side === 'min' ? p.min : p.max;
    out.push({ name: p.name, side, bound, value, declared, declaredLimit: bound === (side === 'min' ? declared[0] : declared[1]) });
  });
  return out;
}

/** The line a user reads for a parameter at a bound: where, and how to widen the range if it can be. */
export function boundHitLine(h: BoundHit, policy: string, params: readonly SpsaParam[]): string {
  const at = `${h.name} ended at the ${h.side === 'min' ? 'lower' : 'upper'} end of its range (${optionText(h.value, Number.isInteger(h.value))}, range [${params.find((p) => p.name === h.name)?.min}, ${params.find((p) => p.name === h.name)?.max}]): the best value may lie beyond`;
  if (!h.declaredLimit) {
    const wider = params.map((p) => (p.name === h.name ? `${p.name}:${h.side === 'min' ? h.declared[0] : p.min}:${h.side === 'max' ? h.declared[1] : p.max}` : `${p.name}:${p.min}:${p.max}`)).join(',');
    return `${at}; widen it (up to the declared [${h.declared[0]}, ${h.declared[1]}]): --params ${wider}`;
  }
  return `${at}, and that end is ${policy}'s declared limit for ${h.name} ([${h.declared[0]}, ${h.declared[1]}]): no wider range can be tuned until the policy declares one (for a policy file: the option's min and max)`;
}
