// Policies by name (the built-ins of strategies/) or by file path (a module default-exporting a
// PolicyFactory), with options "name{opt=value,...}" checked against the declared ranges.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OptionValues, PolicyFactory } from '../policy/api.ts';
import random from '../../strategies/random.ts';
import simple from '../../strategies/simple.ts';
import passive from '../../strategies/passive.ts';
import author1853 from '../../strategies/author1853.ts';
import bluffer from '../../strategies/bluffer.ts';
import pimc from '../../strategies/pimc.ts';
import solved from '../../strategies/solved.ts';
import bidEverything from '../../strategies/bid-everything.ts';
import holdEverything from '../../strategies/hold-everything.ts';
import neverHold from '../../strategies/never-hold.ts';
import bietenRandom from '../../strategies/bieten-random.ts';
import bietenPlain from '../../strategies/bieten-plain.ts';
import { UsageError } from '../core/errors.ts';
import { policyObject } from './objects.ts';

export class PolicyError extends UsageError {
  override name = 'PolicyError';
}

const BUILTIN: ReadonlyMap<string, PolicyFactory> = new Map([
  ['random', random],
  ['simple', simple],
  ['passive', passive],
  ['author1853', author1853],
  ['bluffer', bluffer],
  ['pimc', pimc],
  ['solved', solved],
  ['bid-everything', bidEverything],
  ['hold-everything', holdEverything],
  ['never-hold', neverHold],
]);
export const BUILTIN_POLICIES: readonly string[] = [...BUILTIN.keys()];

/** Built-in policies by game (a name may mean a different policy in each game: `random`). */
const BUILTIN_BY_GAME: ReadonlyMap<string, ReadonlyMap<string, PolicyFactory<any, any>>> = new Map([
  ['perlaggen', BUILTIN],
  ['bieten', new Map<string, PolicyFactory<any, any>>([['random', bietenRandom], ['plain', bietenPlain]])],
]);
/** The built-in policy names of a game. */
export function builtinPoliciesOf(game: string): readonly string[] {
  return [...(BUILTIN_BY_GAME.get(game) ?? new Map()).keys()];
}

export interface ResolvedPolicy {
  readonly spec: string;
  readonly factory: PolicyFactory;
  readonly options: OptionValues;
}

function parseOptions(factory: PolicyFactory, text: string, spec: string): OptionValues {
  const out: OptionValues = {};
  for (const [k, o] of Object.entries(factory.options)) out[k] = o.default;
  for (const part of text.split(',').map((x) => x.trim()).filter((x) => x.length > 0)) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq).trim();
    const val = eq < 0 ? '' : part.slice(eq + 1).trim();
    const o = factory.options[key];
    if (o === undefined) {
      throw new PolicyError(`policy ${factory.name} has no option "${key}" (options: ${Object.keys(factory.options).join(', ') || 'none'}) in "${spec}"`);
    }
    if (o.type === 'boolean') {
      if (val !== 'true' && val !== 'false') throw new PolicyError(`option ${key} of ${factory.name} is true or false, got "${val}"`);
      out[key] = val === 'true';
    } else if (o.type === 'enum') {
      if (!o.values.includes(val)) throw new PolicyError(`option ${key} of ${factory.name} is one of ${o.values.join(', ')}, got "${val}"`);
      out[key] = val;
    } else {
      const x = Number(val);
      if (val === '' || !Number.isFinite(x) || (o.type === 'integer' && !Number.isInteger(x)) || x < o.min || x > o.max) {
        throw new PolicyError(`option ${key} of ${factory.name} is ${o.type === 'integer' ? 'a whole number' : 'a number'} in [${o.min}, ${o.max}], got "${val}"`);
      }
      out[key] = x;
    }
  }
  return out;
}

function isFactory(x: unknown): x is PolicyFactory {
  const f = x as PolicyFactory;
  return typeof x === 'object' && x !== null && typeof f.name === 'string' && typeof f.version === 'string' && typeof f.create === 'function' && typeof f.options === 'object';
}

/** The line of a load error worth showing (esbuild's "Transform failed with 1 error:" names the place next). */
export function loadErrorLine(e: unknown): string {
  const lines = (e instanceof Error ? e.message : String(e)).split('\n').map((x) => x.trim()).filter((x) => x.length > 0);
  if (lines.length > 1 && /^Transform failed with \d+ errors?:?$/.test(lines[0]!)) return lines[1]!.replace(/^.*?:(\d+:\d+): ERROR: /, 'line $1: ');
  return lines[0] ?? 'unknown error';
}

/** Is tsx (which runs TypeScript) installed where perlagg can load it? */
function tsxInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

/** A user's file as a module: its own instance per `instance` key (ES modules are cached by URL). */
export async function importUserModule(path: string, instance: string): Promise<{ default?: unknown }> {
  const url = new URL(pathToFileURL(path).href);
  url.searchParams.set('perlagg-instance', instance);
  try {
    return (await import(url.href)) as { default?: unknown };
  } catch (e) {
    // Node runs no TypeScript by itself: an installed perlagg (compiled JavaScript) has tsx only if the user adds it
    if (/\.[cm]?tsx?$/.test(path) && !tsxInstalled()) {
      throw new Error(`${basename(path)} is TypeScript, which needs tsx: run "npm install tsx" beside perlagg, or compile the file to .js`);
    }
    throw e;
  }
}

/** Is this policy spec a file path (rather than a built-in's name)? */
export function isPolicyFile(name: string): boolean {
  return /[/\\]|\.(ts|mts|js|mjs)$/.test(name);
}

/** Where a policy spec is resolved: the game whose built-ins it names, and the module instance of a file. */
export interface ResolveOptions {
  /** The game (default perlaggen): built-in names are per game. */
  readonly game?: string;
  /** A file's module is imported once per instance key: seats given different keys share no module state. */
  readonly instance?: string;
}

/** A built-in policy or one loaded from a file ("./my-bot.ts"), with its options; of Perlaggen unless `game` says otherwise. */
export async function resolvePolicy(spec: string, o: ResolveOptions = {}): Promise<ResolvedPolicy> {
  const game = o.game ?? 'perlaggen';
  const instance = o.instance ?? 'main';
  const m = /^\s*([^{}]+?)\s*(?:\{([^{}]*)\})?\s*$/.exec(spec);
  if (m === null) throw new PolicyError(`malformed policy "${spec}" (write a name, e.g. simple, or a file path)`);
  const name = m[1]!;
  const builtin = BUILTIN_BY_GAME.get(game) ?? BUILTIN;
  let factory = builtin.get(name.toLowerCase()) ?? policyObject(name);
  if (factory === undefined && name.startsWith('object:')) throw new PolicyError(`policy ${name} is a policy object of another thread: pass the object itself (the library), in a run in this thread`);
  if (factory === undefined) {
    if (!isPolicyFile(name)) {
      throw new PolicyError(`unknown ${game === 'perlaggen' ? '' : `${game} `}policy "${name}" (built in: ${[...builtin.keys()].join(', ')}; or give a file path)`);
    }
    const path = isAbsolute(name) ? name : resolve(process.cwd(), name);
    if (!existsSync(path)) throw new PolicyError(`policy file ${name}: no such file`);
    let mod: { default?: unknown };
    try {
      mod = await importUserModule(path, instance);
    } catch (e) {
      throw new PolicyError(`cannot load policy file ${name}: ${loadErrorLine(e)}`);
    }
    if (!isFactory(mod.default)) throw new PolicyError(`policy file ${name} does not default-export a policy factory`);
    factory = mod.default;
    if ((factory.game ?? 'perlaggen') !== game) throw new PolicyError(`policy file ${name} plays ${factory.game ?? 'perlaggen'}, not ${game}`);
  }
  if (name.startsWith('object:') && (factory.game ?? 'perlaggen') !== game) throw new PolicyError(`policy ${factory.name} plays ${factory.game ?? 'perlaggen'}, not ${game}`);
  return { spec: spec.trim(), factory, options: parseOptions(factory, m[2] ?? '', spec) };
}

/** Options of a built-in factory: its defaults with `over` applied (unchecked; for code, not user input). */
export function withDefaults(f: PolicyFactory, over: OptionValues = {}): OptionValues {
  const out: OptionValues = {};
  for (const [k, o] of Object.entries(f.options)) out[k] = o.default;
  return { ...out, ...over };
}

/** Synchronous lookup of a built-in policy by name (no options); of Perlaggen unless `game` says otherwise. */
export function builtinPolicy(name: string, game = 'perlaggen'): PolicyFactory {
  const f = (BUILTIN_BY_GAME.get(game) ?? BUILTIN).get(name);
  if (f === undefined) throw new PolicyError(`unknown policy "${name}" (built in: ${builtinPoliciesOf(game).join(', ')})`);
  return f as PolicyFactory;
}

/**
 * Split "simple,random{bidRate=0.2,x=1},./my.ts" at the commas outside braces; a policy given as a file
 * path is made absolute, so workers and later resumes load the same file.
 */
export function splitPolicies(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (depth < 0) throw new UsageError(`--policies ${text}: a "}" without its "{"`);
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (depth !== 0) throw new UsageError(`--policies ${text}: a "{" without its "}"`);
  out.push(cur.trim());
  if (out.some((p) => p.length === 0)) throw new UsageError(`--policies ${text}: an empty policy name`);
  return out.map((p) => {
    const m = /^([^{}]+?)(\{.*\})?$/.exec(p)!;
    const name = m[1]!;
    return isPolicyFile(name) && !isAbsolute(name) ? resolve(name) + (m[2] ?? '') : p;
  });
}
