import { describe, expect, it } from 'vitest';
import { cardsShort } from '../../src/cards/notation.ts';
import { AMBIGUITIES } from '../../src/rules/ambiguities.ts';
import { perlaggenOf } from '../../src/rules/perlaggen.ts';
import { RULESET_NAMES, RulesetError, canonicalJson, canonicalName, resolveRuleset, rulesetFromJson, rulesetHash, rulesetOverrides } from '../../src/rules/registry.ts';

describe('rulesets as data', () => {
  it('has the four rulesets, frozen, validated, looked up by name and alias', () => {
    expect(RULESET_NAMES).toEqual(['1853', 'oberland', 'suedtirol', 'innsbruck']);
    for (const name of RULESET_NAMES) {
      const r = resolveRuleset(name);
      expect(Object.isFrozen(r)).toBe(true);
      expect(Object.isFrozen(r.follow)).toBe(true);
      expect(Object.isFrozen(r.perlaggen)).toBe(true);
      expect(canonicalName(r)).toBe(name);
      expect(() => ((r as { target: number }).target = 99)).toThrow(TypeError);
    }
    expect(resolveRuleset('VIBK')).toBe(resolveRuleset('innsbruck'));
    expect(resolveRuleset('Südtirol')).toBe(resolveRuleset('suedtirol'));
  });

  it('RULES §1-§2, §11.1: deck, targets, trump suits, figure order', () => {
    const [r1853, ober, sued, ibk] = RULESET_NAMES.map((n) => resolveRuleset(n));
    expect([r1853!.deckHasWeli, ober!.deckHasWeli, sued!.deckHasWeli, ibk!.deckHasWeli]).toEqual([false, true, true, true]);
    expect([r1853!.target, ober!.target, sued!.target, ibk!.target]).toEqual([11, 15, 18, 18]);
    expect(ober!.trumpSuitsAllowed).toEqual(['H', 'S', 'L']); // Eichel is never trump
    expect(ibk!.defaultFigureOrder).toEqual(['Gleich', 'Hanger', 'Spiel']);
    expect(r1853!.dealPattern).toEqual([3, 2]);
    expect([r1853!.showStock, ober!.showStock, sued!.showStock, ibk!.showStock]).toEqual(['bottom', 'none', 'none', 'topAndBottom']);
  });

  it('RULES §2.1: the Perlaggen of every ruleset and trump, highest first, and how many', () => {
    const table: Record<string, string> = {};
    for (const name of RULESET_NAMES) {
      const r = resolveRuleset(name);
      for (const t of r.trumpSuitsAllowed) table[`${name}/${t}`] = cardsShort(perlaggenOf(r, t).order);
    }
    expect(table).toEqual({
      '1853/H': 'HK H7 HU HO', '1853/S': 'SK S7 SU SO', '1853/L': 'LK L7 LU LO', '1853/E': 'EK E7 EU EO',
      'oberland/H': 'HK Weli H7 HU HO E7 EU EO', 'oberland/S': 'HK Weli S7 SU SO E7 EU EO', 'oberland/L': 'HK Weli L7 LU LO E7 EU EO',
      'suedtirol/H': 'HK Weli S7 E7 H7 HU HO', 'suedtirol/S': 'HK Weli S7 E7 SU SO', 'suedtirol/L': 'HK Weli S7 E7 L7 LU LO', 'suedtirol/E': 'HK Weli S7 E7 EU EO',
      'innsbruck/H': 'HK Weli S7 E7 H7 HU HO', 'innsbruck/S': 'HK Weli S7 E7 SU SO', 'innsbruck/L': 'HK Weli S7 E7 L7 LU LO', 'innsbruck/E': 'HK Weli S7 E7 EU EO',
    });
    // GC-12: Innsbruck with Schell trump has 6 Perlaggen, the Schell 7 keeping its permanent place
    const p = perlaggenOf(resolveRuleset('innsbruck'), 'S');
    expect(p.order).toHaveLength(6);
    expect(cardsShort(p.permanent)).toBe('HK Weli S7 E7');
    expect(p.level[p.order[0]!]).toBe(6);
    expect(p.level[p.order[5]!]).toBe(1);
  });

  it('derives variants by overrides and records them canonically', () => {
    const r = resolveRuleset('oberland{target=18}');
    expect(r.target).toBe(18);
    expect(canonicalName(r)).toBe('oberland{target=18}');
    const r2 = resolveRuleset('innsbruck{follow.perlaggCountsAsHoldingSuit=true,dealPattern=3/2}');
    expect(canonicalName(r2)).toBe('innsbruck{dealPattern=3/2,follow.perlaggCountsAsHoldingSuit=true}');
    expect(resolveRuleset(canonicalName(r2))).toEqual(r2);
    expect(rulesetOverrides(r2)).toEqual([['dealPattern', '3/2'], ['follow.perlaggCountsAsHoldingSuit', 'true']]);
    expect(resolveRuleset('oberland', { target: 18 })).toEqual(r);
    // the full record round-trips and its hash tells parameters apart
    expect(rulesetFromJson(canonicalJson(r))).toEqual(r);
    expect(rulesetHash(r)).not.toBe(rulesetHash(resolveRuleset('oberland')));
    expect(rulesetHash(resolveRuleset('oberland{target=15}'))).toBe(rulesetHash(resolveRuleset('oberland')));
    expect(canonicalName(resolveRuleset('oberland{target=15}'))).toBe('oberland');
  });

  it('refuses unknown names and invalid overrides with one line', () => {
    const bad: Array<[string, RegExp]> = [
      ['schnapsen', /unknown ruleset "schnapsen"/],
      ['oberland{tgt=3}', /unknown ruleset field "tgt"/],
      ['oberland{target=x}', /expected a whole number/],
      ['oberland{target=2}', /target/],
      ['oberland{perlaggen=HK/Q}', /perlaggen/],
      ['oberland{name=x}', /unknown ruleset field "name"/],
      ['oberland{exchange=3}', /unknown ruleset field "exchange"/],
      ['oberland{exchange.duty=maybe}', /exchange.duty/],
      ['1853{perlaggen=W/TK}', /Weli/],
      ['oberland{trumpSuitsAllowed=H/H}', /named twice/],
      ['oberland{target=18', /malformed ruleset/],
      ['oberland{target}', /malformed ruleset override/],
    ];
    for (const [spec, msg] of bad) {
      expect(() => resolveRuleset(spec), spec).toThrow(RulesetError);
      expect(() => resolveRuleset(spec), spec).toThrow(msg);
      try {
        resolveRuleset(spec);
      } catch (e) {
        expect((e as Error).message.includes('\n'), spec).toBe(false);
      }
    }
  });

  it('RULES §15: every ambiguity A-01..A-46 is listed, and every alternative is a working switch', () => {
    expect(AMBIGUITIES.map((a) => a.id)).toEqual(Array.from({ length: 46 }, (_, i) => `A-${String(i + 1).padStart(2, '0')}`));
    let switches = 0;
    for (const a of AMBIGUITIES) {
      if (a.switches.length === 0) expect(a.noSwitch, a.id).toBeTruthy();
      for (const sw of a.switches) {
        for (const name of sw.rulesets) {
          const base = resolveRuleset(name);
          for (const alt of sw.alternatives) {
            const r = resolveRuleset(`${name}{${sw.field}=${alt}}`);
            const same = canonicalName(r) === name;
            // an alternative equal to this ruleset's default is allowed (listed for another ruleset)
            if (!same) expect(canonicalName(r), `${a.id} ${name} ${sw.field}=${alt}`).toContain(sw.field);
            expect(resolveRuleset(canonicalName(r))).toEqual(r);
            switches++;
          }
          expect(base).toBeDefined();
        }
      }
    }
    expect(switches).toBeGreaterThan(60);
  });
});
