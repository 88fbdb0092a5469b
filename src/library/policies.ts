// Policies as the library takes them: a built-in's name or a file path (text, as on the command line), or a
// policy object — a definePolicy result, with options of its own if wanted. An object is named in the run's
// spec by src/registry/objects.ts and lives in this thread only: a run with objects runs in this thread
// (workers 0) unless it asks for workers, which is refused with the way out named.
import type { OptionValues, PolicyFactory } from '../policy/api.ts';
import { splitPolicies } from '../registry/policies.ts';
import { policyObjectSpec } from '../registry/objects.ts';
import { UsageError } from '../core/errors.ts';

/** A policy: "simple", "simple{holdSlack=2}", "./my-bot.js", a definePolicy result, or one with options. */
export type PolicyInput = string | PolicyFactory<any, any> | { readonly policy: PolicyFactory<any, any>; readonly options?: OptionValues };

const isFactory = (x: unknown): x is PolicyFactory<any, any> =>
  typeof x === 'object' && x !== null && typeof (x as PolicyFactory).create === 'function' && typeof (x as PolicyFactory).name === 'string';

/** One policy as a spec of the run; `object` says whether it is a policy object (of this thread). */
export function policySpec(p: PolicyInput, what = 'policy'): { spec: string; object: string | null } {
  if (typeof p === 'string') {
    const specs = splitPolicies(p);
    if (specs.length !== 1) throw new UsageError(`${what} "${p}": one policy here (give a list for several)`);
    return { spec: specs[0]!, object: null };
  }
  const f = isFactory(p) ? p : typeof p === 'object' && p !== null && isFactory((p as { policy?: unknown }).policy) ? p.policy : null;
  if (f === null) throw new UsageError(`${what}: a name, a file path or a policy object (a definePolicy result), not ${typeof p === 'object' ? JSON.stringify(p)?.slice(0, 60) : String(p)}`);
  const options = isFactory(p) ? {} : (p as { options?: OptionValues }).options ?? {};
  const text = Object.entries(options).map(([k, v]) => `${k}=${String(v)}`).join(',');
  return { spec: policyObjectSpec(f) + (text === '' ? '' : `{${text}}`), object: f.name };
}

/** A list of policies as specs (file paths absolute), and the names of the policy objects among them. */
export function policySpecs(list: readonly PolicyInput[], what = 'policies'): { specs: string[]; objects: string[] } {
  const specs: string[] = [];
  const objects: string[] = [];
  for (const p of list) {
    if (typeof p === 'string') specs.push(...splitPolicies(p));
    else {
      const s = policySpec(p, what);
      specs.push(s.spec);
      if (s.object !== null) objects.push(s.object);
    }
  }
  return { specs, objects };
}

/**
 * The worker threads of a run: as asked, else `fallback` (the core count); with policy objects, this thread
 * (0) — asked for workers, they are refused: an object cannot cross to a worker thread.
 */
export function workersFor(asked: number | undefined, fallback: number, objects: readonly string[]): number {
  if (asked !== undefined && !(Number.isInteger(asked) && asked >= 0)) throw new UsageError(`workers: a whole number >= 0 (0 runs in this thread), not ${String(asked)}`);
  if (objects.length === 0) return Math.min(asked ?? fallback, fallback);
  if (asked !== undefined && asked > 0) {
    throw new UsageError(
      `workers: ${asked}: the policy object "${objects[0]}" lives in this thread and cannot be sent to a worker thread: leave workers out or give workers: 0 (it runs in this thread), or give the policy as a file path (a module that default-exports it) to use workers`,
    );
  }
  return 0;
}
