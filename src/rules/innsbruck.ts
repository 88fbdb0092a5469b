// RULES §0.2 VIBK: "Perlaggen – innsbruckerisch" [003]. 33 cards, permanent HK > Weli > S7 > E7 above
// the trump 7, U, O; Luck und Boden shown; figure order Gleich-Hanger-Spiel; game to 18.
import type { RulesVariantInput } from './variant.ts';

export const innsbruck: RulesVariantInput = {
  name: 'innsbruck',
  title: 'Perlaggen innsbruckerisch',
  source: '[003] Spielregeln §1-§35',
  deckHasWeli: true, // [003 Intro 1]
  perlaggen: ['HK', 'W', 'S7', 'E7', 'T7', 'TU', 'TO'], // [003 Intro 6]
  trumpSuitsAllowed: ['H', 'S', 'L', 'E'],
  turnedWeliTrump: 'S',
  trumpOrderModel: 'M1',
  unchristenedPerlagg: 'plainCard', // [003 §18], A-03
  christenAsSelfIsChristening: true,
  weliNaturalInFigures: false,
  threePlayers: 'individual', // [003 Intro 2], A-41
  strohmannInfo: 'dummyHolderOnly',
  individualBidding: 'none', // no answering rule for three each for himself
  sixPlayers: 'twoPartiesOfThree', // [003 Intro 2], A-41
  sixPlayersHandSize: 4, // [003 Intro 2] "mit 4 Karten zu sechs", A-41
  // RULES §13: 'signs' — "Das Deuten unter Teamspieler durch Mimik und Gestik ist nicht nur erlaubt, sondern
  // fester Bestandteil des Spiels. Dazu vereinbaren die Spielpartner vorher Geheimzeichen", the opponents kept
  // "im Unklaren über die eigenen Karten" [003 Intro 8]: secret signs, no spoken talk heard by every seat.
  // Alternatives: partnerInfo=none|table|open.
  partnerInfo: 'signs',
  dealPattern: [2, 3],
  dealerRotation: 'left', // [003 §33]
  nextPartieDealer: 'loser', // [003 §1]
  cutterKeepsPermanentPerlaggen: true, // [003 §4]
  cutRepeat: 'repeat', // [003 §4] "einen oder mehrere", A-31
  showStock: 'topAndBottom', // [003 §7] "Luck und Boden"
  skippedTurnCards: 'perlaggenExchangeable', // a Perlagg laid aside may be taken (only where a suit may not be trump)
  exchange: {
    who: 'dealerThenPartner', // [003 §7]: opponents excluded
    duty: 'optional',
    lowerPerlaggMay: true, // "mit einem Trumpf"
    eichelImprove: false,
    partnerOnlyIfDealerHasNoTrump: true, // [003 §7]
    leaveToPartnerLosesPartie: true, // [003 §7]
  },
  follow: {
    mustFollowSuit: true, // [003 §15]
    mayTrumpWhileHoldingSuit: true, // [003 §15], A-05: any trump counts as "stechen"
    trumpInsteadOfSuitOnlyIfWinning: false,
    wattenStyleFollow: false,
    perlaggCountsAsHoldingSuit: false, // A-04 (strict §15 reading is the alternative)
    perlaggMayBePlayedOffSuitWhileHoldingSuit: true, // [003 §15] "Ein Perlagg ist immer Farbe"
    mustOvertake: false,
  },
  spielDefinition: 'threeTricks', // [003 Intro 4], A-17
  tieBetween: 'opposingParties',
  gleichIdenticalIdentities: true,
  hangerTieBreak: 'highestCard',
  dritzigeKey: 'countTypeRank',
  raiseLadder: 'upTo7ThenAus', // [003 §13]
  raiseRight: 'holderOnly', // [003 §13], A-19
  figuresPerPartyPerDeal: 'any',
  spielfarbeRule: 'lastTrickWithPerlagg', // [003 §29]
  spielfarbePerlaggInHandCounts: true, // [003 §29]
  partnerVeto: false, // [003 §9]
  obligationSurvivesDecline: true,
  unseenBids: 'scoreOnlyIfHad', // [003 §32], A-39
  defaultFigureOrder: ['Gleich', 'Hanger', 'Spiel'], // [003 §3]
  writeTiming: 'declinesImmediate',
  target: 18, // [003 §2]
  overbidLimit: 'openDeclines',
  overbidAtTargetMinus2: 'minus2',
  bidWhenGestrichenPenalty: 'minus2', // [003 §21]
  holdWhenGestrichen: true,
  falseFigurePenalty: 'dealPointsMinus2', // [003 §10]
  falseFigureScope: 'deal',
  revokePenalty: 'spielPlus2', // [003 §17], A-22
  askAtTargetMinus1: 'ibk1717', // [003 §25-§28], A-42
  askFirst: false, // 17:17: nobody may bid anyway
  askBinds: false, // §28: bound only until the figures stand; not modelled
  askObligation: 'dritzigeFirst', // (read only with askBinds)
  ibkTwofoldAt1717: false,
  double: false,
  doubleThreshold: 'moreThanHalf',
};
