// Suits and ruleset names as players write them (issue 14, deliverable 5): one parsing function each
// (parseSuit in src/cards/notation.ts, parseRulesetName in src/rules/registry.ts), reused by every command.
import { describe, expect, it } from 'vitest';
import { SUITS } from '../../src/cards/card.ts';
import { CardNotationError, cardShort, parseCards, parseSuit, tryParseSuit } from '../../src/cards/notation.ts';
import { RULESET_NAMES, RulesetError, canonicalName, parseRulesetName, resolveRuleset } from '../../src/rules/registry.ts';
import { perlaggStreams } from '../in-process.ts';

// the command line in this process (test/in-process.ts): nothing here needs a process of its own
const perlagg = (...args: string[]) => perlaggStreams(args, { env: { PERLAGG_DEBUG: '' } });

describe('suits as players write them', () => {
  it('reads the letter, the German name, the colour names and the English names, in any case', () => {
    const cases: Record<string, string[]> = {
      H: ['H', 'h', 'Herz', 'herz', 'HERZ', 'Herzen', 'Rot', 'rot', 'Rote', 'hearts', 'coeur'],
      S: ['S', 's', 'Schell', 'schell', 'Schellen', 'bells', 'carreau'],
      L: ['L', 'l', 'Laub', 'laub', 'Grün', 'grün', 'Gruen', 'Grun', 'Grüne', 'Gras', 'leaves', 'pique'],
      E: ['E', 'e', 'Eichel', 'eichel', 'Eicheln', 'acorns', 'trèfle', 'Trefle'],
    };
    for (const [suit, words] of Object.entries(cases)) {
      for (const w of words) expect(parseSuit(w), w).toBe(suit);
    }
    for (const s of SUITS) expect(parseSuit(s)).toBe(s);
  });

  it('refuses anything else with one line naming the text (and the option when given)', () => {
    for (const bad of ['', 'Q', 'Herzas', 'Kreuz', 'Pik', 'HS', 'Weli', 'Karo']) {
      expect(tryParseSuit(bad), bad).toBeNull();
      expect(() => parseSuit(bad)).toThrow(CardNotationError);
    }
    expect(() => parseSuit('Kreuz')).toThrow('not a suit: "Kreuz" (write H, S, L, E or Herz, Schell, Laub, Eichel)');
    expect(() => parseSuit('Kreuz', '--trump')).toThrow(/^--trump Kreuz: not a suit \(write H, S, L, E/);
  });

  it('reads cards with every suit word, the same table as parseSuit', () => {
    expect(parseCards('Herz As, Rot Ober, Grün 7, Gras Unter, Schellen Zehner, Eicheln König').map(cardShort)).toEqual(['HA', 'HO', 'L7', 'LU', 'S10', 'EK']);
  });

  it('takes suits as players write them in ruleset overrides (suit-valued fields)', () => {
    const r = resolveRuleset('oberland{trumpSuitsAllowed=Herz/Laub,turnedWeliTrump=Herz}');
    expect(r.trumpSuitsAllowed).toEqual(['H', 'L']);
    expect(r.turnedWeliTrump).toBe('H');
    expect(canonicalName(r)).toBe('oberland{trumpSuitsAllowed=H/L,turnedWeliTrump=H}');
    expect(() => resolveRuleset('oberland{turnedWeliTrump=Kreuz}')).toThrow(/turnedWeliTrump=Kreuz: "Kreuz" is not a suit/);
    // a field that is not suit-valued keeps its own words
    expect(() => resolveRuleset('oberland{showStock=Herz}')).toThrow(RulesetError);
  });
});

describe('ruleset names as players write them', () => {
  it('reads the canonical names and the names players use, any case, with umlauts or without', () => {
    const cases: Record<string, string[]> = {
      '1853': ['1853', ' 1853 ', 'V1853', 'v1853'],
      oberland: ['oberland', 'Oberland', 'OBERLAND', 'Nordtirol', 'Oberland/Nordtirol', 'Oberland / Nordtirol', 'VOBER'],
      suedtirol: ['suedtirol', 'Südtirol', 'südtirol', 'SÜDTIROL', 'Suedtirol', 'Sudtirol', 'Süd-Tirol', 'Sued Tirol', 'VSUED'],
      innsbruck: ['innsbruck', 'Innsbruck', 'INNSBRUCK', 'innsbruckerisch', 'Innsbruckerisch', 'IBK', 'VIBK'],
    };
    for (const [name, written] of Object.entries(cases)) {
      for (const w of written) {
        expect(parseRulesetName(w), w).toBe(name);
        expect(resolveRuleset(w).name, w).toBe(name);
      }
    }
    expect(RULESET_NAMES).toEqual(['1853', 'oberland', 'suedtirol', 'innsbruck']);
  });

  it('keeps overrides after a name written as players write it, and records the canonical name', () => {
    const r = resolveRuleset('Südtirol{target=15}');
    expect(r.target).toBe(15);
    expect(canonicalName(r)).toBe('suedtirol{target=15}');
    expect(canonicalName(resolveRuleset('Sued Tirol {target=15}'))).toBe('suedtirol{target=15}');
    expect(canonicalName(resolveRuleset('Oberland'))).toBe('oberland');
  });

  it('refuses an unknown name with one line listing the known ones', () => {
    for (const bad of ['schnapsen', 'Tirol', '', 'ober land x']) expect(() => parseRulesetName(bad), bad).toThrow(RulesetError);
    expect(() => resolveRuleset('Schnapsen')).toThrow('unknown ruleset "Schnapsen" (known: 1853, oberland, suedtirol, innsbruck; also written Oberland, Südtirol, Innsbruck)');
  });
});

describe('the commands take them everywhere a suit or a ruleset is taken', () => {
  it('exact --trump Herz,Laub --ruleset Oberland; simulate -r Südtirol --trump herz equals -r suedtirol -t H', async () => {
    const a = await perlagg('exact', '--ruleset', 'Oberland', '--trump', 'Herz,Laub', '--json');
    expect(a.code, a.stderr).toBe(0);
    const ja = JSON.parse(a.stdout) as { ruleset: string; results: Array<{ trump: string; summary: { dritzigesGleich: { count: number } } }> };
    expect(ja.ruleset).toBe('oberland');
    expect(ja.results.map((x) => x.trump)).toEqual(['H', 'L']);
    expect(ja.results[0]!.summary.dritzigesGleich.count).toBe(138_537); // the README's Oberland, Herz trump figure

    const s = await perlagg('simulate', '-r', 'Südtirol', '--trump', 'herz', '-n', '64', '-w', '0', '--json');
    const t = await perlagg('simulate', '-r', 'suedtirol', '--trump', 'H', '-n', '64', '-w', '0', '--json');
    expect(s.code, s.stderr).toBe(0);
    const js = JSON.parse(s.stdout) as { ruleset: string; rejected: number; metrics: unknown };
    const jt = JSON.parse(t.stdout) as typeof js;
    expect(js.ruleset).toBe('suedtirol');
    expect(js.rejected).toBeGreaterThan(0); // deals with another trump were redealt
    expect(js.metrics).toEqual(jt.metrics);

    const bad = await perlagg('simulate', '-r', 'oberland', '--trump', 'Kreuz', '-n', '64', '-w', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('perlagg: --trump Kreuz: not a suit (write H, S, L, E or Herz, Schell, Laub, Eichel)');
    expect(bad.stdout).toBe('');
  });
});
