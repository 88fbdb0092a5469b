// Rulesets looked up by name, variants derived by overrides, and the canonical string that records a
// ruleset with all its parameters (GUIDE guideline 1; OpenSpiel-style game strings).
//
//   resolveRuleset('oberland')                       the Oberland ruleset
//   resolveRuleset('oberland{target=18}')            derived by an override
//   resolveRuleset('innsbruck{follow.perlaggCountsAsHoldingSuit=true,dealPattern=3/2}')
//
// Values: numbers, true/false, enum words, lists joined by "/" (perlaggen=TK/T7/TO/TU); nested fields by
// dotted names. canonicalName() gives back the shortest such string (overrides sorted);
// canonicalJson() every parameter, keys sorted, for manifests.
import { createHash } from 'node:crypto';
import { tryParseSuit } from '../cards/notation.ts';
import { RulesVariantSchema, type RulesVariant, type RulesVariantInput } from './variant.ts';
import { v1853 } from './v1853.ts';
import { oberland } from './oberland.ts';
import { suedtirol } from './suedtirol.ts';
import { innsbruck } from './innsbruck.ts';
import { UsageError } from '../core/errors.ts';

export class RulesetError extends UsageError {
  override name = 'RulesetError';
}

const BASES: ReadonlyMap<string, RulesVariantInput> = new Map([
  ['1853', v1853],
  ['oberland', oberland],
  ['suedtirol', suedtirol],
  ['innsbruck', innsbruck],
]);
/**
 * Names players write for the built-in rulesets, normalized as by normalizeName (lower case, umlauts as
 * ae/oe/ue, no spaces, hyphens, dots or slashes): "Oberland", "Oberland/Nordtirol", "Südtirol", "Sued-Tirol",
 * "Innsbruck", "innsbruckerisch", and the variant ids of docs/rules.md §0.2 (V1853, VOBER, VSUED, VIBK).
 */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['v1853', '1853'],
  ['vober', 'oberland'], ['nordtirol', 'oberland'], ['oberlandnordtirol', 'oberland'], ['nordtiroloberland', 'oberland'],
  ['vsued', 'suedtirol'], ['sudtirol', 'suedtirol'], ['sued', 'suedtirol'],
  ['vibk', 'innsbruck'], ['ibk', 'innsbruck'], ['innsbruckerisch', 'innsbruck'],
]);

function normalizeName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .replace(/[\s\-_./]/g, '');
}

/**
 * The canonical name of a built-in ruleset as players write it — "Oberland", "oberland", "Südtirol",
 * "Suedtirol", "sudtirol", "Innsbruck", "1853" (case, umlauts, spaces and hyphens forgiven) — or a
 * RulesetError naming the text. Every place that takes a ruleset name reads it here (via resolveRuleset).
 */
export function parseRulesetName(text: string): string {
  const key = normalizeName(text);
  const canonical = BASES.has(key) ? key : ALIASES.get(key);
  if (canonical === undefined) {
    throw new RulesetError(`unknown ruleset "${text.trim()}" (known: ${RULESET_NAMES.join(', ')}; also written Oberland, Südtirol, Innsbruck)`);
  }
  return canonical;
}

/** The canonical names of the built-in rulesets. */
export const RULESET_NAMES: readonly string[] = [...BASES.keys()];

/** Fields that name a ruleset rather than parameterise it: not overridable. */
const IDENTITY_FIELDS = new Set(['name', 'title', 'source']);

function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === 'object' && !Object.isFrozen(o)) {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

function validate(input: unknown, label: string): RulesVariant {
  const r = RulesVariantSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const where = issue.path.join('.') || '(ruleset)';
    throw new RulesetError(`invalid ruleset ${label}: ${where}: ${issue.message}`);
  }
  return deepFreeze(structuredClone(r.data));
}

const cache = new Map<string, RulesVariant>();

function base(name: string): RulesVariant {
  const canonical = parseRulesetName(name);
  let r = cache.get(canonical);
  if (r === undefined) {
    r = validate(BASES.get(canonical), canonical);
    cache.set(canonical, r);
  }
  return r;
}

/** A plain override value: what a field may be set to. */
export type OverrideValue = number | boolean | string | ReadonlyArray<number | string>;

function getPath(obj: unknown, path: string[]): unknown {
  let cur = obj;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.hasOwn(cur, p)) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

function leafPaths(obj: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) out.push(...leafPaths(v as Record<string, unknown>, `${prefix}${k}.`));
    else out.push(prefix + k);
  }
  return out;
}

/** Parse the text of an override value by the type of the field's current value. */
function parseValue(field: string, text: string, current: unknown): OverrideValue {
  const bad = (what: string) => new RulesetError(`invalid ruleset override ${field}=${text}: ${what}`);
  if (typeof current === 'number') {
    if (!/^-?\d+$/.test(text)) throw bad('expected a whole number');
    return Number(text);
  }
  if (typeof current === 'boolean') {
    if (text !== 'true' && text !== 'false') throw bad('expected true or false');
    return text === 'true';
  }
  // A suit-valued field (turnedWeliTrump, trumpSuitsAllowed) takes suits as players write them (Herz, Laub).
  const suitValued = (v: unknown): boolean => typeof v === 'string' && /^[HSLE]$/.test(v);
  const suit = (t: string): string => {
    const x = tryParseSuit(t);
    if (x === null) throw bad(`"${t}" is not a suit (write H, S, L, E or Herz, Schell, Laub, Eichel)`);
    return x;
  };
  if (Array.isArray(current)) {
    const items = text.split('/').filter((s) => s.length > 0);
    if (current.length > 0 && current.every(suitValued)) return items.map(suit);
    return current.length > 0 && typeof current[0] === 'number' ? items.map((s) => (/^\d+$/.test(s) ? Number(s) : NaN)) : items;
  }
  if (suitValued(current)) return suit(text);
  return text;
}

function applyOverrides(r: RulesVariant, overrides: Readonly<Record<string, OverrideValue>>, label: string): RulesVariant {
  const draft = structuredClone(r) as Record<string, unknown>;
  const known = leafPaths(draft).filter((p) => !IDENTITY_FIELDS.has(p));
  for (const [field, value] of Object.entries(overrides)) {
    const path = field.split('.');
    if (IDENTITY_FIELDS.has(field) || getPath(draft, path) === undefined || !known.includes(field)) {
      throw new RulesetError(`unknown ruleset field "${field}" in ${label} (fields: ${known.join(', ')})`);
    }
    let cur = draft;
    for (const p of path.slice(0, -1)) cur = cur[p] as Record<string, unknown>;
    cur[path.at(-1)!] = Array.isArray(value) ? [...value] : value;
  }
  return validate(draft, label);
}

/** Split "name{a=1,b=x/y}" into the name and its override texts. */
function splitSpec(spec: string): { name: string; overrides: Array<[string, string]> } {
  const m = /^\s*([^{}]*[^{}\s])\s*(?:\{([^{}]*)\})?\s*$/.exec(spec);
  if (m === null) throw new RulesetError(`malformed ruleset "${spec}" (write a name, e.g. oberland, or oberland{target=18})`);
  const overrides: Array<[string, string]> = [];
  for (const part of (m[2] ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new RulesetError(`malformed ruleset override "${part}" in "${spec}" (write field=value)`);
    overrides.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return { name: m[1]!, overrides };
}

/**
 * The ruleset named by a spec string ("oberland", "oberland{target=18}"), with optional further overrides.
 * Unknown names, unknown fields and invalid values throw a RulesetError with a one-line message.
 */
export function resolveRuleset(spec: string, overrides: Readonly<Record<string, OverrideValue>> = {}): RulesVariant {
  const { name, overrides: texts } = splitSpec(spec);
  const b = base(name);
  if (texts.length === 0 && Object.keys(overrides).length === 0) return b;
  const parsed: Record<string, OverrideValue> = {};
  for (const [field, text] of texts) {
    const current = getPath(b, field.split('.'));
    if (current === undefined || IDENTITY_FIELDS.has(field) || (typeof current === 'object' && !Array.isArray(current))) {
      throw new RulesetError(`unknown ruleset field "${field}" in "${spec}" (fields: ${leafPaths(b as unknown as Record<string, unknown>).filter((p) => !IDENTITY_FIELDS.has(p)).join(', ')})`);
    }
    parsed[field] = parseValue(field, text, current);
  }
  return applyOverrides(b, { ...parsed, ...overrides }, `"${spec}"`);
}

function renderValue(v: unknown): string {
  return Array.isArray(v) ? v.join('/') : String(v);
}

/** The differences of a ruleset from its base, as dotted field -> value text, sorted by field. */
export function rulesetOverrides(r: RulesVariant): Array<[string, string]> {
  const b = base(r.name) as unknown as Record<string, unknown>;
  const out: Array<[string, string]> = [];
  for (const field of leafPaths(r as unknown as Record<string, unknown>).sort()) {
    if (IDENTITY_FIELDS.has(field)) continue;
    const mine = renderValue(getPath(r, field.split('.')));
    if (mine !== renderValue(getPath(b, field.split('.')))) out.push([field, mine]);
  }
  return out;
}

/** The shortest spec that resolves to this ruleset: "oberland" or "oberland{target=18}". */
export function canonicalName(r: RulesVariant): string {
  const o = rulesetOverrides(r);
  return o.length === 0 ? r.name : `${r.name}{${o.map(([k, v]) => `${k}=${v}`).join(',')}}`;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  }
  return v;
}

/** Every parameter of the ruleset as JSON with sorted keys: the record a manifest keeps. */
export function canonicalJson(r: RulesVariant): string {
  return JSON.stringify(sortKeys(r));
}

/** A short hash of canonicalJson: equal iff all parameters are equal. */
export function rulesetHash(r: RulesVariant): string {
  return createHash('sha256').update(canonicalJson(r)).digest('hex').slice(0, 16);
}

/** Rebuild a ruleset from its canonical JSON (as stored in a manifest), validating it. */
export function rulesetFromJson(json: string): RulesVariant {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new RulesetError('ruleset JSON is not valid JSON');
  }
  return validate(data, 'from JSON');
}
