// RULES §17.1, A-28, A-29: the Bieten ruleset (Schwaighofer 1926, [001 pp.6-23]) as one frozen data object
// with a canonical name, derived rulesets by overrides — the same shape and the same override syntax as the
// Perlaggen rulesets (src/rules/registry.ts): `bieten`, `bieten{target=9}`, `bieten{goingOutOrder=laubFirst}`,
// `bieten{penalties.revoke=3}`.
//
// Every field is a rule of §17.1 or a reading of a sentence the source leaves open; where we had to choose a
// reading, the field says so and its other values are the alternatives (listed in BIETEN_READINGS and in the
// switch table of docs/bieten.md).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RulesetError } from '../../rules/registry.ts';

export const BietenRulesSchema = z
  .object({
    name: z.string().min(1),
    title: z.string(),
    source: z.string(),

    /** Rule 4: the agreed target ("Gutpunkte"); by old custom an odd number (5, 7, 9, 15 …) [001 p.6-7]. */
    target: z.number().int().min(2).max(99),
    /** Rule 5: one card each, then two each — three cards a hand [001 p.7]. */
    dealPattern: z.array(z.number().int().min(1).max(3)).min(1),
    /**
     * Rule 18: the rank of the figures at going out [001 p.16-17]: Herz, Laub, Gleich, Hanger, Spiel; in former
     * times and still in places Laub first ("Laubbieten"): Laub, Herz, Gleich, Hanger, Spiel.
     */
    goingOutOrder: z.enum(['herzFirst', 'laubFirst']),
    /**
     * "in der Reihenfolge nach links hin vom Ausspielenden" [001 p.9] — a bid is answered clockwise from
     * the left of the bidder (PROPOSAL, default) or from the left of the trick's leader. A Groschen is always
     * answered from the left of its giver [001 p.11].
     */
    answerOrder: z.enum(['leftOfBidder', 'leftOfLeader']),
    /**
     * Rule 19, reading: "fehlen ihm zwei Punkte, darf er nur mehr eine Figur bieten" [001 p.17]. 'figuresByNeed'
     * (default, literal): what a player has bid in this deal and is not yet written for him (a plain bid counts
     * 1, a Groschen 2 — what each writes if let gut), plus the new bid, may not exceed need − 1, need = target −
     * (score + this deal's writes). 'openGutValues' (A-13's principle): only offers still being answered count,
     * a held figure no longer does.
     */
    bidLimit: z.enum(['figuresByNeed', 'openGutValues']),
    /**
     * Rule 13, reading: who may give a Groschen on a figure already held. The source shows the holder doing it
     * (deal 1, C on Laub [001 p.19]; the Jagen example [001 p.13]): 'holderOnly' (default) or 'anyPlayer'.
     */
    groschenOnHeld: z.enum(['holderOnly', 'anyPlayer']),
    /**
     * Rules 20-21, reading of "das Vorgebotene und Angeschaute geht früher aus als alle anderen Figuren"
     * [001 p.17-18]: every held figure is settled before the unbid ones, in the order it was bid, whoever makes
     * it ('heldFigures', default); or only a held figure its bidder makes ('bidderOnly'), the others by rank.
     */
    vorgebotene: z.enum(['heldFigures', 'bidderOnly']),
    /**
     * Rule 9: equal best Gleich or Hanger "flieht … gleichgültig, ob die Figur gar nicht geboten, ob sie gut
     * gelassen, ob sie angeschaut oder ob ein Groschen gegeben ist" [001 p.14]. true (default, literal): a point
     * written for it when let gut is erased at the end; false: a let-gut figure stays written.
     */
    fleeCancelsGut: z.boolean(),
    /**
     * Rule 8: "Gibt auf ein ausgespieltes Herz oder Laub niemand Farbe zu; schreibt der Ausspieler eins und auch
     * wenn er nur den Herz oder Laub=Siebener hätte" [001 p.14]. 'leaderWrites' (default, the sentence as it
     * stands): the leader makes it, even with the 7 and even when a higher card of it was thrown off on an
     * earlier trick; 'highestCard': the highest card of it on the table makes it, as for a followed lead.
     */
    unfollowedLead: z.enum(['highestCard', 'leaderWrites']),
    /** Points deducted from the offender's score ("gestraft", "abgestrichen") [001 p.14-17]. */
    penalties: z
      .object({
        /** Rule 16: not following suit although able ("vorher festgesetzt, gewöhnlich zwei") [001 p.14-16]. */
        revoke: z.number().int().min(0).max(20),
        /** Rule 19: bidding more figures than the need allows ("überbieten") [001 p.17]. */
        overbid: z.number().int().min(0).max(20),
        /** Rule 20: bidding at target − 1 ("gewöhnlich zwei") [001 p.17]. */
        bidAtTargetMinus1: z.number().int().min(0).max(20),
        /** Rule 14: bidding or holding the Spiel in the last trick without a card of its suit [001 p.16]. */
        spielWithoutSuit: z.number().int().min(0).max(20),
      })
      .strict(),
  })
  .strict()
  .refine((r) => r.dealPattern.reduce((a, b) => a + b, 0) === 3, { message: 'the deal pattern gives three cards a hand (RULES §17.1 rule 5)', path: ['dealPattern'] });

export type BietenRules = Readonly<z.infer<typeof BietenRulesSchema>>;

/** The base ruleset: the rules as Schwaighofer writes them, the readings of §15 as defaults. */
export const BIETEN_BASE: z.input<typeof BietenRulesSchema> = {
  name: 'bieten',
  title: 'Schwaighofer, Innsbruck 1926',
  source: '[001 pp.6-23]',
  target: 7,
  dealPattern: [1, 2],
  goingOutOrder: 'herzFirst',
  answerOrder: 'leftOfBidder',
  bidLimit: 'figuresByNeed',
  groschenOnHeld: 'holderOnly',
  vorgebotene: 'heldFigures',
  fleeCancelsGut: true,
  unfollowedLead: 'leaderWrites',
  penalties: { revoke: 2, overbid: 2, bidAtTargetMinus1: 2, spielWithoutSuit: 2 },
};

/** Each reading we chose, its default and the switch that selects each alternative. */
export const BIETEN_READINGS: ReadonlyArray<{ id: string; title: string; field: string; alternatives: readonly string[]; proposal: string }> = [
  { id: 'A-28', title: 'misprints in the worked example', field: '(none: the corrected hands are in examples/bieten-worked-game.txt, the printed ones in examples/bieten-worked-game-as-printed.txt)', alternatives: [], proposal: 'use the corrected hands' },
  { id: 'A-29', title: 'order of answering a bid', field: 'answerOrder', alternatives: ['leftOfLeader'], proposal: 'clockwise from the left of the bidder, skipping nobody' },
  { id: '§17.1 r.18', title: 'rank of the figures at going out', field: 'goingOutOrder', alternatives: ['laubFirst'], proposal: 'Herz, Laub, Gleich, Hanger, Spiel (the old custom: Laub first)' },
  { id: '§17.1 r.19', title: 'what counts against the bid limit', field: 'bidLimit', alternatives: ['openGutValues'], proposal: 'every figure bid and not yet written (a Groschen counts 2)' },
  { id: '§17.1 r.13', title: 'who may give a Groschen on a held figure', field: 'groschenOnHeld', alternatives: ['anyPlayer'], proposal: 'its holder' },
  { id: '§17.1 r.20', title: 'which held figures go out first (das Vorgebotene)', field: 'vorgebotene', alternatives: ['bidderOnly'], proposal: 'every held figure, in the order bid, whoever makes it' },
  { id: '§17.1 r.9', title: 'a fleeing figure that was let gut', field: 'fleeCancelsGut', alternatives: ['false'], proposal: 'its written point is erased' },
  { id: '§17.1 r.8', title: 'a Herz or Laub led and not followed', field: 'unfollowedLead', alternatives: ['highestCard'], proposal: 'the leader makes it ("schreibt der Ausspieler eins", [001 p.14]), even when a higher card of it was thrown off earlier' },
];

const IDENTITY = new Set(['name', 'title', 'source']);

function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === 'object' && !Object.isFrozen(o)) {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

function validate(input: unknown, label: string): BietenRules {
  const r = BietenRulesSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new RulesetError(`invalid ruleset ${label}: ${issue.path.join('.') || '(ruleset)'}: ${issue.message}`);
  }
  return deepFreeze(structuredClone(r.data));
}

let base: BietenRules | null = null;
function baseRules(): BietenRules {
  return (base ??= validate(BIETEN_BASE, 'bieten'));
}

function leafPaths(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? leafPaths(v as Record<string, unknown>, `${prefix}${k}.`) : [prefix + k],
  );
}
function getPath(o: unknown, path: readonly string[]): unknown {
  let cur = o;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.hasOwn(cur, p)) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}
const render = (v: unknown): string => (Array.isArray(v) ? v.join('/') : String(v));

/** The overridable fields, dotted. */
export function bietenFields(): string[] {
  return leafPaths(baseRules() as unknown as Record<string, unknown>).filter((f) => !IDENTITY.has(f));
}

const cache = new Map<string, BietenRules>();

/**
 * The Bieten ruleset named by a spec: "bieten" or "bieten{target=9,goingOutOrder=laubFirst}". Unknown names,
 * fields and values throw a RulesetError with one line.
 */
export function resolveBietenRules(spec: string): BietenRules {
  const hit = cache.get(spec);
  if (hit !== undefined) return hit;
  const m = /^\s*([^{}\s]+)\s*(?:\{([^{}]*)\})?\s*$/.exec(spec);
  if (m === null) throw new RulesetError(`malformed ruleset "${spec}" (write bieten, or bieten{target=9})`);
  if (m[1]!.toLowerCase() !== 'bieten' && m[1]!.toLowerCase() !== 'laubbieten') {
    throw new RulesetError(`unknown ruleset "${m[1]}" for the game bieten (known: bieten, laubbieten)`);
  }
  const b = baseRules();
  const draft = structuredClone(b) as unknown as Record<string, unknown>;
  if (m[1]!.toLowerCase() === 'laubbieten') draft['goingOutOrder'] = 'laubFirst';
  const fields = bietenFields();
  for (const part of (m[2] ?? '').split(',').map((x) => x.trim()).filter((x) => x.length > 0)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new RulesetError(`malformed ruleset override "${part}" in "${spec}" (write field=value)`);
    const field = part.slice(0, eq).trim();
    const text = part.slice(eq + 1).trim();
    if (!fields.includes(field)) throw new RulesetError(`unknown ruleset field "${field}" in "${spec}" (fields: ${fields.join(', ')})`);
    const path = field.split('.');
    const current = getPath(b, path);
    let value: unknown = text;
    if (typeof current === 'number') {
      if (!/^-?\d+$/.test(text)) throw new RulesetError(`invalid ruleset override ${field}=${text}: expected a whole number`);
      value = Number(text);
    } else if (typeof current === 'boolean') {
      if (text !== 'true' && text !== 'false') throw new RulesetError(`invalid ruleset override ${field}=${text}: expected true or false`);
      value = text === 'true';
    } else if (Array.isArray(current)) {
      value = text.split('/').filter((x) => x.length > 0).map((x) => (/^\d+$/.test(x) ? Number(x) : NaN));
    }
    let cur = draft;
    for (const p of path.slice(0, -1)) cur = cur[p] as Record<string, unknown>;
    cur[path.at(-1)!] = value;
  }
  const r = validate(draft, `"${spec}"`);
  // one frozen object per distinct ruleset: equal specs give the identical object
  const canon = bietenRulesName(r);
  const same = cache.get(canon);
  const out = same ?? r;
  cache.set(canon, out);
  cache.set(spec, out);
  return out;
}

/** The shortest spec that resolves to these rules: "bieten" or "bieten{target=9}". */
export function bietenRulesName(r: BietenRules): string {
  const b = baseRules();
  const diffs: string[] = [];
  for (const f of leafPaths(r as unknown as Record<string, unknown>).sort()) {
    if (IDENTITY.has(f)) continue;
    const mine = render(getPath(r, f.split('.')));
    if (mine !== render(getPath(b, f.split('.')))) diffs.push(`${f}=${mine}`);
  }
  return diffs.length === 0 ? 'bieten' : `bieten{${diffs.join(',')}}`;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}

/** Every parameter as JSON with sorted keys (what a manifest keeps). */
export function bietenRulesJson(r: BietenRules): string {
  return JSON.stringify(sortKeys(r));
}

export function bietenRulesHash(r: BietenRules): string {
  return createHash('sha256').update(bietenRulesJson(r)).digest('hex').slice(0, 16);
}

/** The rank order of the figures at going out (rule 18). */
export function goingOutRank(r: BietenRules): readonly BietenFigure[] {
  return r.goingOutOrder === 'laubFirst' ? LAUB_FIRST : HERZ_FIRST;
}

/** The five figures [001 p.7], in the order the source lists them (and their rank at going out, rule 18). */
export const BIETEN_FIGURES = ['Herz', 'Laub', 'Gleich', 'Hanger', 'Spiel'] as const;
export type BietenFigure = (typeof BIETEN_FIGURES)[number];
const HERZ_FIRST: readonly BietenFigure[] = Object.freeze(['Herz', 'Laub', 'Gleich', 'Hanger', 'Spiel']);
const LAUB_FIRST: readonly BietenFigure[] = Object.freeze(['Laub', 'Herz', 'Gleich', 'Hanger', 'Spiel']);
