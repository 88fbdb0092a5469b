// RULES §0.2 V1853: the 1853 book (Rittner / Bozen style) [000]. 32 cards, no permanent Perlaggen,
// four trump Perlaggen K > 7 > U > O, game to 11 with Double.
import type { RulesVariantInput } from './variant.ts';

export const v1853: RulesVariantInput = {
  name: '1853',
  title: 'Perlaggen 1853 (Rittner / Bozen style)',
  source: '[000] 1853 book, rules pp.11-34',
  deckHasWeli: false, // [000 p.11]
  perlaggen: ['TK', 'T7', 'TU', 'TO'], // [000 p.18-20], A-01: K > 7 > U > O
  trumpSuitsAllowed: ['H', 'S', 'L', 'E'], // [000 p.13, p.18]
  turnedWeliTrump: 'S', // no Weli in this deck
  trumpOrderModel: 'M1',
  unchristenedPerlagg: 'forbidden', // [000 p.19]: "muß er ... taufen"; the engine forces a declaration
  christenAsSelfIsChristening: true,
  weliNaturalInFigures: false,
  threePlayers: 'strohmann', // [000 p.12], A-41
  strohmannInfo: 'dummyHolderOnly', // [000 p.12] option (b), preferred
  individualBidding: 'none', // no answering rule for three each for himself
  sixPlayers: 'twoPartiesOfThree', // [000 p.13]
  sixPlayersHandSize: 5, // [000 p.13] 3 vs 3, five cards (RULES §3); four is Innsbruck's rule
  partnerInfo: 'table', // RULES §13 [000 p.32-33]: signs "namentlich die Zahl der Trümpfe und Perlaggen", and table talk [000 p.37-41]
  dealPattern: [3, 2], // [000 p.13]
  dealerRotation: 'left',
  nextPartieDealer: 'loser', // [000 p.13], A-25
  cutterKeepsPermanentPerlaggen: false, // no permanent Perlaggen
  cutRepeat: 'repeat',
  showStock: 'bottom', // [000 p.14], A-09
  skippedTurnCards: 'perlaggenExchangeable', // a Perlagg laid aside may be taken (only where a suit may not be trump)
  exchange: {
    who: 'dealerThenPartner', // [000 p.19]
    duty: 'plainTrumpCompulsory',
    lowerPerlaggMay: true, // [000 p.19]: may, need not
    eichelImprove: false,
    partnerOnlyIfDealerHasNoTrump: true,
    leaveToPartnerLosesPartie: false,
  },
  follow: {
    mustFollowSuit: true, // [000 p.17-18]
    mayTrumpWhileHoldingSuit: true, // [000 p.18]
    trumpInsteadOfSuitOnlyIfWinning: false,
    wattenStyleFollow: false,
    perlaggCountsAsHoldingSuit: false, // [000 p.20], A-04
    perlaggMayBePlayedOffSuitWhileHoldingSuit: true,
    mustOvertake: false, // [000 p.18] "lachiren"
  },
  spielDefinition: 'threeTricks', // [000 p.16]
  tieBetween: 'opposingParties',
  gleichIdenticalIdentities: true,
  hangerTieBreak: 'highestCard',
  dritzigeKey: 'countTypeRank', // [000 p.30], A-30
  raiseLadder: 'openToAus', // [000 p.24], A-15
  raiseRight: 'holderOnly', // [000 p.24], A-19
  figuresPerPartyPerDeal: 'any',
  spielfarbeRule: 'anyPendingTrick', // [000 p.25], A-16
  spielfarbePerlaggInHandCounts: true,
  partnerVeto: true, // [000 p.33], A-34
  obligationSurvivesDecline: true,
  unseenBids: 'scoreOnlyIfHad',
  defaultFigureOrder: ['Spiel', 'Gleich', 'Hanger'], // [000 p.29]
  writeTiming: 'declinesImmediate',
  target: 11, // [000 p.14]
  overbidLimit: 'openDeclines',
  overbidAtTargetMinus2: 'curtailed', // [000 p.24], A-13
  bidWhenGestrichenPenalty: 'halve', // [000 p.24], A-14
  holdWhenGestrichen: true,
  falseFigurePenalty: 'points1853', // [000 p.31-32]
  falseFigureScope: 'deal',
  revokePenalty: 'substitute', // [000 p.31]
  askAtTargetMinus1: 'dritzig', // [000 p.29-32], A-42
  askFirst: true, // [000 p.29]: "das Dritzige hat den Vorzug"
  askBinds: true, // [000 p.30] rule 3
  askObligation: 'dritzigeFirst', // [000 p.30] rule 3: "dürfen im Verlaufe des Spieles nicht mehr davon abgehen", A-30
  ibkTwofoldAt1717: false,
  double: true, // [000 p.15]
  doubleThreshold: 'moreThanHalf', // [000 p.15], A-26
};
