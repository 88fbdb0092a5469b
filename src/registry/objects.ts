// Policies given to the library as objects (definePolicy results) instead of names or file paths. The run's
// spec is text (recorded in the manifest, compared on --resume, sent to worker threads), so each object is
// held here under a name of its own, "object:<its name>" ("object:<its name>#2" for a second object of the
// same name), and resolvePolicy finds it there. An object lives in this thread only: a worker thread has no
// such entry (src/library/policies.ts keeps object policies to runs in this thread).
import type { PolicyFactory } from '../policy/api.ts';

const BY_KEY = new Map<string, PolicyFactory<any, any>>();
const BY_OBJECT = new Map<PolicyFactory<any, any>, string>();

/** The spec naming this policy object in this thread (the same object: the same spec). */
export function policyObjectSpec(f: PolicyFactory<any, any>): string {
  const known = BY_OBJECT.get(f);
  if (known !== undefined) return known;
  // a name fit for a spec: no braces, commas, slashes or spaces (they mean options, lists and paths there)
  const name = f.name.replace(/[{},/\\\s]/g, '_');
  let key = `object:${name}`;
  for (let i = 2; BY_KEY.has(key); i++) key = `object:${name}#${i}`;
  BY_KEY.set(key, f);
  BY_OBJECT.set(f, key);
  return key;
}

/** The policy object a spec's name stands for (undefined: not an object policy of this thread). */
export function policyObject(name: string): PolicyFactory<any, any> | undefined {
  return name.startsWith('object:') ? BY_KEY.get(name) : undefined;
}

/** Is this spec (with or without options in braces) a policy object's? */
export function isObjectSpec(spec: string): boolean {
  return spec.trimStart().startsWith('object:');
}
