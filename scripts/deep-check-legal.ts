// Deeper check of the legal-list fast paths (game.ts legalActions: legality.ts legalPlays' follow verdict
// from the hand's bits and a Perlagg's copied block; bidding.ts filterObligations, which keeps a Perlagg's
// whole block when the hand without it already makes the need — figures are monotone) against their twin
// legalActionsChecked (legalPlaysChecked, obligationFilter's verdict per play), record by record at every
// call the runner makes, beyond test/engine/legal-twins' sizes.
// Run: node --import tsx scripts/deep-check-legal.ts [hands per ruleset, default 3000]   (about 2 minutes)
// Every ruleset, the Weli natural in figures, and each follow switch flipped; simple (talk on, off) and
// random (two bid rates), scores 0 and just below the target (asks). A difference throws and exits 1.
import { RULESET_NAMES, resolveRuleset } from '../src/rules/registry.ts';
import { builtinPolicy } from '../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../src/play/hand.ts';
import { checkLegalTwins } from '../src/engine/game.ts';
import type { OptionValues } from '../src/policy/api.ts';
import { CHRISTENING_ALTERNATIVES, FOLLOW_SWITCHES } from '../test/variants.ts';

const hands = Number(process.argv[2] ?? 3000);
if (!Number.isInteger(hands) || hands < 1) {
  console.error('deep-check-legal: the number of hands per ruleset must be a positive integer');
  process.exit(2);
}
const seats = (name: string, o: OptionValues = {}): SeatPolicy[] => {
  const f = builtinPolicy(name);
  return [0, 1, 2, 3].map((i) => ({ name, policy: f.create(name === 'random' ? { seed: i, ...o } : o) }));
};
const specs = [
  ...RULESET_NAMES,
  'oberland{weliNaturalInFigures=true}',
  '1853{weliNaturalInFigures=true}',
  ...FOLLOW_SWITCHES,
  ...CHRISTENING_ALTERNATIVES,
];
let total = 0;
for (const spec of specs) {
  const r = resolveRuleset(spec);
  const pols = [seats('simple'), seats('simple', { information: 'ignore' }), seats('random'), seats('random', { bidRate: 0.3, vetoRate: 0.3, raiseRate: 0.5 })];
  checkLegalTwins(true);
  for (let d = 0; d < hands; d++) {
    const t = r.target;
    const score = d % 3 === 0 ? [0, 0] : [t - 1 - (d % 2), t - 1 - ((d >> 1) % 3)];
    playDeal({ ruleset: r, players: 4, policies: pols[d % 4]!, rootSeed: 991, dealIndex: d, dealer: d % 4, score });
  }
  const n = checkLegalTwins(false);
  total += n;
  console.log(`${spec}: ${hands} hands, ${n} legal lists equal to their twin's`);
}
console.log(`all equal: ${total} lists`);
