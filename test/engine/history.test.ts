// history.ts freezeEvent (the flat event types frozen as they are, the others by freezeEventChecked's walk of
// every field): every event of random hands on every ruleset and table — bids, asks, revokes, talk — is frozen
// all the way down, every event of a type freezeEvent takes as flat holds only primitives, and a nested list
// given to freezeEvent of a nested type ends frozen.
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { FLAT_EVENT_TYPES, freezeEvent, freezeEventChecked, type HandEvent } from '../../src/engine/history.ts';
import { newHand } from '../../src/engine/game.ts';
import { TABLES } from './tables.ts';

function deepFrozen(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (!Object.isFrozen(v)) return false;
  for (const x of Object.values(v)) if (!deepFrozen(x)) return false;
  return true;
}

const seats = (n: number, o: Record<string, number> = {}): SeatPolicy[] => {
  const f = builtinPolicy('random');
  return Array.from({ length: n }, (_, i) => ({ name: 'random', policy: f.create({ seed: i, bidRate: 0.3, vetoRate: 0.3, raiseRate: 0.5, ...o }) }));
};

describe('freezeEvent', () => {
  it('every event of random hands on every table is frozen all the way down; the flat types hold only primitives', () => {
    const seen = new Set<string>();
    const bad: string[] = [];
    for (const name of RULESET_NAMES) {
      for (const tb of TABLES) {
        const r = resolveRuleset(tb.override === '' ? name : `${name}{${tb.override}}`);
        for (let d = 0; d < 12; d++) {
          const players = tb.players;
          const parties = newHand(r, { players }).table.parties;
          const opts = { ruleset: r, players, policies: seats(newHand(r, { players }).table.players), rootSeed: 7, dealIndex: d, dealer: d % players, revokes: d % 3 === 0 };
          const probe = playDeal(d % 2 === 0 ? opts : { ...opts, score: Array.from({ length: parties }, (_, p) => r.target - 1 - p) });
          for (const e of probe.state.events) {
            seen.add(e.type);
            if (!deepFrozen(e)) bad.push(`${name} ${tb.label}: ${JSON.stringify(e)} not frozen`);
            if (FLAT_EVENT_TYPES.has(e.type)) for (const v of Object.values(e)) if (v !== null && typeof v === 'object') bad.push(`${e.type} is not flat: ${JSON.stringify(e)}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
    expect(seen.size).toBeGreaterThan(15);
  });
  it('the nested types by their fields = the walk: every nested event of random hands, copied unfrozen, frozen both ways', () => {
    const thaw = (v: unknown): unknown => (v === null || typeof v !== 'object' ? v : Array.isArray(v) ? v.map(thaw) : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, thaw(x)])));
    const bad: string[] = [];
    const types = new Set<string>();
    for (const name of RULESET_NAMES) {
      for (const tb of TABLES) {
        const r = resolveRuleset(tb.override === '' ? name : `${name}{${tb.override}}`);
        for (let d = 0; d < 4; d++) {
          const players = tb.players;
          const probe = playDeal({ ruleset: r, players, policies: seats(newHand(r, { players }).table.players), rootSeed: 9, dealIndex: d, dealer: d % players });
          for (const e of probe.state.events) {
            if (FLAT_EVENT_TYPES.has(e.type)) continue;
            types.add(e.type);
            const a = thaw(e) as HandEvent;
            const b = thaw(e) as HandEvent;
            if (deepFrozen(a) || !deepFrozen(freezeEvent(a)) || !deepFrozen(freezeEventChecked(b)) || JSON.stringify(a) !== JSON.stringify(b) || JSON.stringify(a) !== JSON.stringify(e)) bad.push(`${e.type}: ${JSON.stringify(e)}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
    expect([...types].sort()).toEqual(['bid', 'dealt', 'end', 'show', 'spiel', 'stockShown']);
  });
  it('a nested type: its lists end frozen; a flat one is frozen as it is, as by the walk', () => {
    const cards = [1, 2, 3];
    const e = freezeEvent({ type: 'dealt', seat: 0, cards } as HandEvent);
    expect(Object.isFrozen(e) && Object.isFrozen(cards)).toBe(true);
    const tricks = [1, 2];
    freezeEvent({ type: 'spiel', party: 0, tricks } as HandEvent);
    expect(Object.isFrozen(tricks)).toBe(true);
    const f = { type: 'figure', figure: 'Gleich', party: 1, points: 1, code: 33, how: 'silent' } as const;
    const g = { ...f };
    expect(freezeEvent(f)).toEqual(freezeEventChecked(g));
    expect(Object.isFrozen(f)).toBe(true);
  });
});
