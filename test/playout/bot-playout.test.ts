// Bidding inside the playouts (src/playout/bot-playout.ts, SearchConfig.linePlay; issue 28): the line's loop
// against the runner's own (src/play/hand.ts), and the search's lines played by the bots with the answer model
// kept for the other party's answers to our offers.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { cloneState, type HandState } from '../../src/engine/state.ts';
import { playDeal } from '../../src/play/hand.ts';
import { observe } from '../../src/engine/observe.ts';
import { currentPlayer } from '../../src/engine/game.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playOutWithBots } from '../../src/playout/bot-playout.ts';
import { DEFAULT_SEARCH, searchDecision, type SearchConfig } from '../../src/playout/api.ts';
import type { Observation, Policy, PolicyAction } from '../../src/policy/api.ts';

const simple = builtinPolicy('simple').create({});

/** Deals of `ruleset` played by simple in every seat: the state at its first six window, answer and card decisions, and the deal's final state. */
function dealsWithCuts(ruleset: string, deals: number, players: number): Array<{ cuts: HandState[]; end: HandState; score: number[] }> {
  const r = resolveRuleset(ruleset);
  const out: Array<{ cuts: HandState[]; end: HandState; score: number[] }> = [];
  for (let d = 0; d < deals; d++) {
    const cuts: HandState[] = [];
    const score = [d % (r.target - 1), (d * 5) % (r.target - 1)];
    const res = playDeal({
      ruleset: r,
      players,
      policies: Array.from({ length: players }, () => ({ name: 'simple', policy: simple })),
      rootSeed: 41,
      dealIndex: d,
      dealer: d % players,
      score,
      onDecision: (s) => {
        if (s.trump !== null && (s.phase === 'window' || s.phase === 'answer' || s.phase === 'play') && cuts.length < 6) cuts.push(cloneState(s));
      },
    });
    out.push({ cuts, end: res.state, score });
  }
  return out;
}

describe('a line played to its end by bots (bot-playout.ts)', () => {
  for (const [ruleset, players] of [['1853', 4], ['oberland', 4], ['oberland', 2], ['suedtirol', 3]] as const) {
    it(`plays as the runner does: ${ruleset}, ${players} players, simple in every seat, from bids and cards`, () => {
      let lines = 0;
      for (const { cuts, end, score } of dealsWithCuts(ruleset, 25, players)) {
        for (const cut of cuts) {
          const s = cloneState(cut);
          playOutWithBots(s, { ours: simple, theirs: simple }, 0, score, { rng: keyedRng(1, 0, 31) }, () => undefined);
          expect(s.phase).toBe('done');
          expect(s.events.length).toBe(end.events.length);
          expect(JSON.stringify(s.events)).toBe(JSON.stringify(end.events));
          expect(Array.from(s.points)).toEqual(Array.from(end.points));
          lines++;
        }
      }
      expect(lines).toBeGreaterThan(40);
    });
  }

  it('lets the caller decide a turn, and asks the seat’s bot everywhere else', () => {
    const { cuts, score } = dealsWithCuts('1853', 1, 4)[0]!;
    const s = cloneState(cuts[0]!);
    const asked: string[] = [];
    const spy = (who: string): Policy => ({ act: (obs: Observation, ctx) => (asked.push(`${who}:${obs.phase}`), simple.act(obs, ctx)) });
    let picked = 0;
    playOutWithBots(s, { ours: spy('ours'), theirs: spy('theirs') }, 0, score, { rng: keyedRng(1, 0, 31) }, (st, seat, legal) => {
      if (st.phase !== 'play' || seat !== 1) return undefined;
      picked++;
      return legal[legal.length - 1];
    });
    expect(s.phase).toBe('done');
    expect(picked).toBeGreaterThan(0);
    expect(asked.some((x) => x.startsWith('ours:'))).toBe(true);
    expect(asked.some((x) => x.startsWith('theirs:'))).toBe(true);
  });
});

describe('the search with bidding inside the playouts (SearchConfig.linePlay)', () => {
  /** Bid decisions of a ruleset's four-player deals played by simple, as the acting seat observes them. */
  function bidDecisions(ruleset: string, n: number): Observation[] {
    const out: Observation[] = [];
    for (const { cuts, score } of dealsWithCuts(ruleset, 40, 4)) {
      for (const s of cuts) {
        if (out.length >= n || (s.phase !== 'window' && s.phase !== 'answer')) continue;
        const obs = observe(s, currentPlayer(s), score);
        if (obs.legal.length > 1) out.push(obs);
      }
    }
    return out;
  }

  for (const ruleset of ['1853', 'oberland']) {
    it(`${ruleset}: the bots play every line (our later bids, their windows and cards), the answer model answers our offers, and the values move`, () => {
      const decisions = bidDecisions(ruleset, 10);
      expect(decisions.length).toBeGreaterThanOrEqual(6);
      const phases = { ours: new Set<string>(), theirs: new Set<string>() };
      let theirAnswersToUs = 0;
      const spy = (who: 'ours' | 'theirs'): Policy => ({
        act(obs: Observation, ctx): PolicyAction {
          phases[who].add(obs.phase);
          if (who === 'theirs' && obs.phase === 'answer' && (obs.ask === null || obs.ask.answer !== 'pending')) theirAnswersToUs++;
          return simple.act(obs, ctx);
        },
      });
      const hold = builtinPolicy('hold-everything').create({});
      let moved = 0;
      for (const obs of decisions) {
        const base: SearchConfig = { ...DEFAULT_SEARCH, worlds: 8, everyOption: true, answerBot: hold };
        const kernel = searchDecision(obs, base, keyedRng(3, 0, 5));
        const bots = searchDecision(obs, { ...base, linePlay: { ours: spy('ours'), theirs: spy('theirs') } }, keyedRng(3, 0, 5));
        const again = searchDecision(obs, { ...base, linePlay: { ours: simple, theirs: simple } }, keyedRng(3, 0, 5));
        expect(bots.options.map((o) => o.value)).toEqual(again.options.map((o) => o.value)); // the spies play as simple: reproducible
        for (const o of bots.options) if (o.evaluated) expect(Number.isFinite(o.value)).toBe(true);
        if (bots.options.some((o, k) => o.evaluated && Math.abs(o.value - kernel.options[k]!.value) > 1e-9)) moved++;
      }
      expect(moved).toBeGreaterThan(0);
      expect(phases.ours.has('play')).toBe(true);
      expect(phases.theirs.has('play')).toBe(true);
      expect(phases.ours.has('window') || phases.theirs.has('window')).toBe(true);
      // the other party's answers to our offers are the answer model's (here: hold everything), never their bot's
      expect(theirAnswersToUs).toBe(0);
    });
  }
});
