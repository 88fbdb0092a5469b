// Shared by the twin tests (twin-*.test.ts). The playout kernel against its slow twin, the engine (src/playout/twin.ts): legal move sets equal at
// every step, the same trick winners, the Spiel decided at the same card, the same shown figures and
// points (every hand: the kernel gets the engine's bidding and writes its end of the deal, kernel-score.ts) — 20,000 hands per ruleset (2, 3, 4 and 6 players; the Strohmann in 1853; starts at the first lead
// or mid-hand; the uniform-random and `simple` continuations; every christening or the reduced set; an
// eighth of the hands with bidding), and 1,000 for each follow switch and model alternative.
// scripts/deep-check-playout.ts runs the same check on 1,000,000 hands per ruleset.
import { expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { twinCheck } from '../../src/playout/twin.ts';
import simple from '../../strategies/simple.ts';
import { CHRISTENING_ALTERNATIVES, FOLLOW_SWITCHES } from '../variants.ts';

export const HANDS = Number(process.env['TWIN_HANDS'] ?? 20000);

/** The follow switches (RULES §6.2, A-04, A-05) and model alternatives, each flipped from a ruleset's default. */
export const VARIANTS: readonly string[] = [
  ...FOLLOW_SWITCHES,
  '1853{trumpOrderModel=M2}',
  ...CHRISTENING_ALTERNATIVES,
  'oberland{weliNaturalInFigures=true}',
  'suedtirol{spielDefinition=lastTrick}',
  'innsbruck{tieBetween=anyPlayers}',
  '1853{gleichIdenticalIdentities=false}',
];

const policy = simple.create({ bidding: 'none', information: 'ignore' }); // the kernel's simple is simple without the partners' signs (RULES §13)

/** One ruleset's twin check as a test. */
export function twinTest(spec: string, hands: number, seed: number): void {
  it(`${spec}: ${hands} hands`, () => {
    const rep = twinCheck({ ruleset: resolveRuleset(spec), hands, seed, simple: policy });
    expect(rep.mismatches).toEqual([]);
    expect(rep.hands).toBe(hands);
    expect(rep.steps).toBeGreaterThan(hands * 8);
    expect(rep.tricks).toBeGreaterThan(hands * 2);
    expect(rep.scored).toBeGreaterThan(hands * 0.85);
    expect(rep.simpleChoices).toBeGreaterThan(hands / 2);
    expect(rep.withBidding).toBeGreaterThan(hands / 10);
  });
}
