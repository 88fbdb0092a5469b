// How the CLI ends: bad input exits 2 with one line naming the problem; a runtime failure exits 1.
import { RuntimeFault, UsageError } from '../core/errors.ts';

// Every error of bad input extends UsageError, every named run failure RuntimeFault (src/core/errors.ts).
export function isUsageError(e: unknown): boolean {
  return e instanceof UsageError;
}

/** A run that failed for a reason the message names (not a bug of perlagg): exit 1. */
export function isRuntimeFault(e: unknown): boolean {
  return e instanceof RuntimeFault;
}

/** Print one line for the error and return the exit code. */
export function reportError(e: unknown): number {
  const msg = e instanceof Error ? e.message : String(e);
  const line = msg.split('\n')[0]!.trim();
  if (isUsageError(e)) {
    process.stderr.write(`perlagg: ${line}\n`);
    return 2;
  }
  if (isRuntimeFault(e)) {
    // a policy or predicate that misbehaved, a full disk: the run failed (exit 1), the message says why
    process.stderr.write(`perlagg: ${line}\n`);
    return 1;
  }
  process.stderr.write(`perlagg: internal error: ${line}\n`);
  if (process.env['PERLAGG_DEBUG'] && e instanceof Error && e.stack) process.stderr.write(e.stack + '\n');
  return 1;
}

/** The one value of an option (yargs gives an array when an option is repeated). */
function single(option: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw new UsageError(`--${option} is given ${value.length} times; give it once`);
  return String(value);
}

/** A whole-number option from min to max (its text checked: '' is not 0, 1e300 is no seed). */
export function wholeOption(option: string, value: unknown, min: number, max: number, maxText = String(max)): number | undefined {
  const text = single(option, value);
  if (text === undefined) return undefined;
  const x = text.trim() === '' ? NaN : Number(text);
  if (!Number.isSafeInteger(x) || x < min || x > max) throw new UsageError(`--${option} ${JSON.stringify(text)}: must be a whole number from ${min} to ${maxText}`);
  return x;
}

/** A positive number option. */
export function positiveOption(option: string, value: unknown): number | undefined {
  const text = single(option, value);
  if (text === undefined) return undefined;
  const x = text.trim() === '' ? NaN : Number(text);
  if (!(Number.isFinite(x) && x > 0)) throw new UsageError(`--${option} ${JSON.stringify(text)}: must be a positive number`);
  return x;
}

/** "90" or "90s", "500ms", "5m", "2h" -> milliseconds. */
export function durationOption(option: string, value: unknown): number | undefined {
  const text = single(option, value);
  if (text === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  const ms = m === null ? NaN : Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  if (!(ms > 0 && Number.isFinite(ms))) throw new UsageError(`--${option} ${JSON.stringify(text)}: write a duration such as 90s, 5m or 2h`);
  return ms;
}

/** A string option given once (not empty). */
export function textOption(option: string, value: unknown): string | undefined {
  const text = single(option, value);
  if (text !== undefined && text.trim() === '') throw new UsageError(`--${option} is empty; give a value`);
  return text;
}
