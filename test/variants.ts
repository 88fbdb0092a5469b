// Rulesets with one switch flipped from their default, shared by the twin checks (test/playout/twin.ts,
// test/engine/legal-twins.test.ts, scripts/deep-check-legal.ts, scripts/deep-check-playout.ts): no builtin
// ruleset sets them, so a fast path is compared with its twin there only on these.

/** The follow switches (RULES §6.2, A-04, A-05), one by one, and four of them together. */
export const FOLLOW_SWITCHES: readonly string[] = [
  '1853{follow.mustFollowSuit=false}',
  'oberland{follow.mayTrumpWhileHoldingSuit=false}',
  'innsbruck{follow.trumpInsteadOfSuitOnlyIfWinning=true}',
  'oberland{follow.wattenStyleFollow=true}',
  'innsbruck{follow.perlaggCountsAsHoldingSuit=true}',
  '1853{follow.perlaggMayBePlayedOffSuitWhileHoldingSuit=false}',
  'suedtirol{follow.mustOvertake=true}',
  'innsbruck{follow.perlaggCountsAsHoldingSuit=true,follow.perlaggMayBePlayedOffSuitWhileHoldingSuit=false,follow.mustOvertake=true,follow.trumpInsteadOfSuitOnlyIfWinning=true}',
];

/** The alternatives for an unchristened Perlagg. */
export const CHRISTENING_ALTERNATIVES: readonly string[] = ['oberland{unchristenedPerlagg=natIdentityKeepsPower}', 'suedtirol{unchristenedPerlagg=forbidden}'];
