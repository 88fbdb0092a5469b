// The lazy observation view (engine/view.ts) against its twin, the eager Observation (observeWith): at every
// decision of a few hundred hands per ruleset — 2, 3 (each alone and with the Strohmann), 4 and 6 players,
// table talk on and off, every level of what partners share, revokes switched on — every field of the view
// equals observeWith's of the same state (for the player to act and for one who is not), and simple
// decides the same on either. And the view's contract: read-only, and closed (every read throws)
// once act returned — it is never a snapshot.
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { observeWith } from '../../src/engine/observe.ts';
import { type Observation } from '../../src/engine/observation.ts';
import { OBSERVATION_FIELDS, ObservationView, ObservationViewClosed, materialize } from '../../src/engine/view.ts';
import { legalActions, newHand } from '../../src/engine/game.ts';
import { sameAction, type PolicyAction } from '../../src/engine/actions.ts';
import { PolicyFault, playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { Rng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { currentTrick, currentTrickOf, type Policy } from '../../src/policy/api.ts';
import { cloneState, type HandState } from '../../src/engine/state.ts';
import { LEVELS, TABLES, specOf } from './tables.ts';

const simpleTalk = builtinPolicy('simple').create({});
const simpleQuiet = builtinPolicy('simple').create({ information: 'ignore' });
const random = builtinPolicy('random').create({});

/** The view and the eager observation of `who` now, as JSON; simple's answer on each (same stream state). */
function compare(s: HandState, who: number, simple: Policy): { acts: number } {
  const legal = legalActions(s);
  const view = new ObservationView(s, who, [], legal.slice());
  const eager = observeWith(s, who, [], legal.slice());
  let acts = 0;
  if (eager.acting >= 0) {
    // simple on the view first (its lazy reads run before anything else touches the caches), then on the record
    const a = simple.act(view, { rng: new Rng(1, 2, 3, 4) });
    const b = simple.act(eager, { rng: new Rng(1, 2, 3, 4) });
    expect(sameAction(a, b), `${s.phase}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(true);
    acts++;
  }
  // the helpers that read the view off the state (currentTrick) = their twins on the record, warm and cold
  const open = JSON.stringify(currentTrickOf(eager));
  expect(JSON.stringify(currentTrick(view))).toBe(open);
  expect(Object.isFrozen(currentTrick(view))).toBe(Object.isFrozen(currentTrickOf(eager)));
  const cold = new ObservationView(cloneState(s), who, [], null);
  expect(JSON.stringify(currentTrick(cold))).toBe(open);
  ObservationView.close(cold);
  const m = JSON.stringify(materialize(view));
  if (m !== JSON.stringify(eager)) {
    // name the first field that differs
    for (const k of OBSERVATION_FIELDS) expect(`${k}: ${JSON.stringify(view[k])}`).toBe(`${k}: ${JSON.stringify(eager[k])}`);
    expect(m).toBe(JSON.stringify(eager)); // the same fields in the same order
  }
  ObservationView.close(view);
  return { acts };
}

function sweep(spec: string, players: number, hands: number, info: 'use' | 'ignore', revokes = false): { decisions: number; acts: number } {
  const r = resolveRuleset(spec);
  const simple = info === 'use' ? simpleTalk : simpleQuiet;
  const seats = spec.includes('strohmann') ? 4 : players;
  let decisions = 0;
  let acts = 0;
  for (let d = 0; d < hands; d++) {
    // simple and random at alternate seats: random bids, raises, asks and says what simple never does
    const policies = Array.from({ length: players }, (_, p): SeatPolicy => ((p + d) % 3 === 2 ? { name: 'random', policy: random } : { name: 'simple', policy: simple }));
    playDeal({
      ruleset: r,
      players,
      policies,
      rootSeed: 29,
      dealIndex: d,
      dealer: d % seats,
      revokes,
      onDecision: (s, p) => {
        acts += compare(s, p, simple).acts;
        compare(s, (p + 1) % players, simple);
        decisions++;
      },
    });
  }
  return { decisions, acts };
}

describe('the observation view = the eager Observation (its twin), decision by decision', () => {
  for (const name of RULESET_NAMES) {
    it(`${name}: every table, talk on and off: every field equal, simple's action equal`, () => {
      let decisions = 0;
      let acts = 0;
      for (const t of TABLES) {
        for (const info of ['use', 'ignore'] as const) {
          const x = sweep(specOf(name, t.override, 'table'), t.players, 20, info);
          decisions += x.decisions;
          acts += x.acts;
        }
      }
      expect(decisions).toBeGreaterThan(7000);
      expect(acts).toBe(decisions);
    });
  }
  it('the view has exactly the Observation\'s fields (OBSERVATION_FIELDS = the record\'s keys, in its order)', () => {
    const s = newHand(resolveRuleset('oberland'), { players: 4, dealer: 0 });
    expect(Object.keys(observeWith(s, 0, [], null))).toEqual([...OBSERVATION_FIELDS]);
  });
  it('oberland, 4 players and the Strohmann, every level of what partners share (signs, seen hands), and revokes on', () => {
    let decisions = 0;
    for (const level of LEVELS) {
      decisions += sweep(specOf('oberland', '', level), 4, 25, 'use').decisions;
      decisions += sweep(specOf('1853', 'threePlayers=strohmann', level), 3, 25, 'use').decisions;
    }
    decisions += sweep(specOf('oberland', '', 'table'), 4, 25, 'use', true).decisions;
    expect(decisions).toBeGreaterThan(5000);
  });
});

describe("each built-in policy declaring observation: 'view' acts the same on the view and on the record", () => {
  const optIns: Array<[string, Policy]> = [
    ['random', builtinPolicy('random').create({})],
    ['random (never bids)', builtinPolicy('random').create({ bidRate: 0, holdRate: 0, raiseRate: 0, askRate: 0, rejectRate: 0, vetoRate: 0, talkRate: 0 })],
    ['passive', builtinPolicy('passive').create({})],
    ['author1853', builtinPolicy('author1853').create({})],
    ['bluffer', builtinPolicy('bluffer').create({})],
  ];
  it('they declare it', () => {
    for (const [name, p] of optIns) expect(p.observation, name).toBe('view');
  });
  it('at every decision on every table, talk on: each opt-in on a cold view (a clone: empty caches) = on the record; the view closed after', () => {
    let acts = 0;
    for (const name of ['oberland', '1853']) {
      for (const t of TABLES) {
        const r = resolveRuleset(specOf(name, t.override, 'table'));
        const seats = t.override.includes('strohmann') ? 4 : t.players;
        for (let d = 0; d < 4; d++) {
          const policies = Array.from({ length: t.players }, (_, p): SeatPolicy => {
            const [n, policy] = optIns[(p + d) % optIns.length]!;
            return { name: n, policy };
          });
          playDeal({
            ruleset: r,
            players: t.players,
            policies,
            rootSeed: 31,
            dealIndex: d,
            dealer: d % seats,
            onDecision: (s, p) => {
              const legal = legalActions(s);
              for (const [n, policy] of optIns) {
                const view = new ObservationView(cloneState(s), p, [], legal.slice());
                const a = policy.act(view, { rng: new Rng(3, d, p, 9) });
                ObservationView.close(view);
                const b = policy.act(observeWith(s, p, [], legal.slice()), { rng: new Rng(3, d, p, 9) });
                expect(sameAction(a, b), `${n} ${s.phase}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(true);
                acts++;
              }
            },
          });
        }
      }
    }
    expect(acts).toBeGreaterThan(5000);
  });
});

describe('the view is read-only and lives only during act', () => {
  const r = resolveRuleset('oberland');
  /** A state at a decision of the fourth hand, and its view. */
  function atDecision(): { s: HandState; p: number; view: ObservationView } {
    let found: { s: HandState; p: number } | null = null;
    playDeal({
      ruleset: r,
      players: 4,
      policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: simpleTalk })),
      rootSeed: 29,
      dealIndex: 3,
      dealer: 3,
      onDecision: (s, p) => {
        if (found === null && s.phase === 'play') found = { s: cloneState(s), p };
      },
    });
    const f = found as { s: HandState; p: number } | null;
    if (f === null) throw new Error('no play decision');
    return { ...f, view: new ObservationView(f.s, f.p, [], null) };
  }

  it('is read-only: assigning any field throws (strict mode) and changes nothing; its lists are the frozen snapshots', () => {
    const { s, p, view } = atDecision();
    const before = JSON.stringify(materialize(view));
    for (const k of OBSERVATION_FIELDS) {
      expect(() => {
        (view as unknown as Record<string, unknown>)[k] = 7;
      }, k).toThrow(TypeError);
    }
    expect(Object.getOwnPropertyNames(view)).toEqual([]); // nothing of its own to change
    expect(JSON.stringify(materialize(view))).toBe(before);
    expect(before).toBe(JSON.stringify(observeWith(s, p, [], null)));
    expect(Object.isFrozen(view.hand)).toBe(true);
    expect(Object.isFrozen(view.tricks)).toBe(true);
    expect(Object.isFrozen(view.history)).toBe(true);
    expect(view.legal.length).toBeGreaterThan(0);
    // two reads give the same objects, as a plain record's fields do
    expect(view.legal).toBe(view.legal);
    expect(view.seenHands).toBe(view.seenHands);
    expect(view.ask).toBe(view.ask);
  });

  it('after close every read throws ObservationViewClosed, fields read before included (never a snapshot)', () => {
    const { view } = atDecision();
    const legal = view.legal;
    expect(view.phase).toBe('play');
    ObservationView.close(view);
    for (const k of OBSERVATION_FIELDS) expect(() => view[k], k).toThrow(ObservationViewClosed);
    expect(() => view.legal).toThrow(/'legal' read after act returned/);
    expect(legal.length).toBeGreaterThan(0); // what was read stays what it was
  });

  it("the runner hands a view only to a policy declaring observation: 'view', and not under checked or onDecision", () => {
    const seen: string[] = [];
    const spy = (observation: 'view' | 'record' | undefined): Policy => ({
      ...(observation === undefined ? {} : { observation }),
      act(obs: Observation): PolicyAction {
        seen.push(`${observation}:${obs instanceof ObservationView ? 'view' : 'record'}`);
        return random.act(obs, { rng: new Rng(5, 6, 7, 8) });
      },
    });
    const run = (o: { checked?: boolean; onDecision?: () => void }) => {
      seen.length = 0;
      playDeal({ ruleset: r, players: 4, policies: [spy('view'), spy('record'), spy(undefined), spy('view')].map((policy) => ({ name: 'spy', policy })), rootSeed: 29, dealIndex: 1, dealer: 1, ...o });
      return new Set(seen);
    };
    expect(run({})).toEqual(new Set(['view:view', 'record:record', 'undefined:record']));
    expect(run({ checked: true })).toEqual(new Set(['view:record', 'record:record', 'undefined:record']));
    expect(run({ onDecision: () => {} })).toEqual(new Set(['view:record', 'record:record', 'undefined:record']));
  });

  it('a policy that keeps its view and reads it at a later decision is a fault naming the promise; checked, it gets records and plays on', () => {
    let kept: Observation | null = null;
    const keeper: Policy = {
      observation: 'view',
      act(obs) {
        if (kept !== null) void kept.phase;
        kept = obs;
        return obs.legal[0]!;
      },
    };
    const policies = [0, 1, 2, 3].map(() => ({ name: 'keeper', policy: keeper }));
    expect(() => playDeal({ ruleset: r, players: 4, policies, rootSeed: 29, dealIndex: 2, dealer: 2 })).toThrow(PolicyFault);
    kept = null;
    expect(() => playDeal({ ruleset: r, players: 4, policies, rootSeed: 29, dealIndex: 2, dealer: 2 })).toThrow(/'phase' read after act returned/);
    kept = null;
    expect(playDeal({ ruleset: r, players: 4, policies, rootSeed: 29, dealIndex: 2, dealer: 2, checked: true }).decisions).toBeGreaterThan(0);
  });

  it('a policy that writes an old record into the legal list it was handed and answers it is a fault, never applied', () => {
    // the first card it played: a frozen engine record, illegal at its next play (the card is gone)
    let played: PolicyAction | null = null;
    const writer: Policy = {
      observation: 'view',
      act(obs) {
        const first = obs.legal[0]!;
        if (first.kind !== 'play' || obs.acting !== 0) return first;
        if (played === null) {
          played = first;
          return first;
        }
        (obs.legal as PolicyAction[])[0] = played; // breaks the promise: writes into its list
        return played;
      },
    };
    const policies = [0, 1, 2, 3].map(() => ({ name: 'writer', policy: writer }));
    expect(() => playDeal({ ruleset: r, players: 4, policies, rootSeed: 29, dealIndex: 3, dealer: 3 })).toThrow(/illegal action/);
  });

  it('simple declares it', () => {
    expect(simpleTalk.observation).toBe('view');
    expect(simpleQuiet.observation).toBe('view');
  });
});
