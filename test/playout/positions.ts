// Engine positions for the world sampler's tests: seeded hands played by `simple` and `random` (with
// bidding), cut at decisions; each yields the state and the players whose observations to test.
import { resolveRuleset } from '../../src/rules/registry.ts';
import { cloneState, type HandState } from '../../src/engine/state.ts';
import { playDeal } from '../../src/play/hand.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';

export interface Position {
  readonly state: HandState;
  readonly player: number;
  readonly deal: number;
}

/**
 * Positions from `hands` seeded hands of a ruleset over 2, 3, 4 and 6 players, scores near the target
 * (so that asks come up), at decisions picked by `keep(state, decisionIndex)`.
 */
export function positions(ruleset: string, hands: number, seed: number, keep: (s: HandState, i: number, deal: number) => boolean): Position[] {
  const r = resolveRuleset(ruleset);
  const simple = builtinPolicy('simple').create({});
  const random = builtinPolicy('random').create({ bidRate: 0.1 });
  const out: Position[] = [];
  for (let d = 0; d < hands; d++) {
    const players = [2, 3, 4, 6][d % 4]!;
    let i = 0;
    playDeal({
      ruleset: r,
      players,
      policies: Array.from({ length: players }, (_, p) => ((p + d) % 2 === 1 ? { name: 'simple', policy: simple } : { name: 'random', policy: random })),
      rootSeed: seed,
      dealIndex: d,
      dealer: d % players,
      ...(players % 2 === 0 ? { score: [r.target - 1 - (d % 3), r.target - 1 - ((d >> 2) % 2)] } : {}),
      onDecision: (s, p) => {
        if (s.trump === null || !keep(s, i++, d)) return;
        const st = cloneState(s);
        out.push({ state: st, player: p, deal: d });
        out.push({ state: st, player: (p + 1) % players, deal: d });
      },
    });
  }
  return out;
}

/** A keyed pick of decisions: about one in `every`. */
export function every(seed: number, n: number): (s: HandState, i: number, deal: number) => boolean {
  return (_s, i, deal) => keyedRng(seed, deal * 1000 + i, STREAM.resample).below(n) === 0;
}
