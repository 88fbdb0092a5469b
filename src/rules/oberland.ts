// RULES §0.2 VOBER: Oberland / Nordtirol [002 main text]. 33 cards, 5 permanent + 3 trump Perlaggen
// in the Oberland order, Eichel never trump, game to 15.
import type { RulesVariantInput } from './variant.ts';

export const oberland: RulesVariantInput = {
  name: 'oberland',
  title: 'Perlaggen Oberland / Nordtirol',
  source: '[002] main text',
  deckHasWeli: true, // [002 §1.1-1.2]
  // [002 §1.2]: ascending "Eichel Ober, Eichel Unter, Eichel 7 / Trumpf Ober, Trumpf Unter, Trumpf 7 / Weli, Herz König"
  perlaggen: ['HK', 'W', 'T7', 'TU', 'TO', 'E7', 'EU', 'EO'],
  trumpSuitsAllowed: ['H', 'S', 'L'], // [002 §1.2, §1.3]: Eichel is never trump
  turnedWeliTrump: 'S',
  trumpOrderModel: 'M1',
  unchristenedPerlagg: 'plainCard', // [002 §1.4], A-03 (alternative: natIdentityKeepsPower)
  christenAsSelfIsChristening: true,
  weliNaturalInFigures: false,
  threePlayers: 'individual', // [002 §1.3], A-41
  strohmannInfo: 'dummyHolderOnly',
  individualBidding: 'none', // no answering rule for three each for himself
  sixPlayers: 'twoPartiesOfThree',
  sixPlayersHandSize: 4, // not stated; as Innsbruck
  // RULES §13: 'signs'. [002] describes no way partners share what they hold; "ohne sich beim Partner zu
  // versichern" [002 §1.6] says they make sure of each other, not how. The one modern Tyrolean rule book that
  // says how, the neighbouring Innsbruck one, names "Mimik und Gestik" and "vorher Geheimzeichen", so that
  // the opponents stay "im Unklaren über die eigenen Karten" [003 Intro 8] — signs, not spoken talk heard by
  // all. (The footnote advising to ask the partner "ob er die Figur in natura habe" [000 p.26 fn.23] is
  // advice of the modern commentator, and asking can be signed.) Alternatives: partnerInfo=none|table|open.
  partnerInfo: 'signs',
  dealPattern: [2, 3], // [002 §1.3]
  dealerRotation: 'left', // [002 §1.3]
  nextPartieDealer: 'loser',
  cutterKeepsPermanentPerlaggen: true, // [002 §1.3]
  cutRepeat: 'repeat',
  showStock: 'none', // [002 §1.3], A-09
  skippedTurnCards: 'perlaggenExchangeable', // a Perlagg laid aside may be taken (only where a suit may not be trump)
  exchange: {
    who: 'dealerPartnerThenOpponents', // [002 §1.3], A-10
    duty: 'optional',
    lowerPerlaggMay: true, // "mit gleicher Farbe": any trump-suit card
    eichelImprove: true, // "mit einem Eichelperlagg 'besser gemacht'"
    partnerOnlyIfDealerHasNoTrump: false, // [002 §1.3]: "Falls der Geber nicht alle liegenden Perlaggen holen kann, ist sein Partner dran"
    leaveToPartnerLosesPartie: true, // [002 §1.3]
  },
  follow: {
    mustFollowSuit: true, // as V1853
    mayTrumpWhileHoldingSuit: true,
    trumpInsteadOfSuitOnlyIfWinning: false,
    wattenStyleFollow: false, // A-05 alternative
    perlaggCountsAsHoldingSuit: false,
    perlaggMayBePlayedOffSuitWhileHoldingSuit: true,
    mustOvertake: false,
  },
  spielDefinition: 'threeTricks', // [002 §1.5]
  tieBetween: 'opposingParties',
  gleichIdenticalIdentities: true, // [002 §1.2, §1.5], A-36
  hangerTieBreak: 'highestCard',
  dritzigeKey: 'countTypeRank',
  raiseLadder: 'upTo7ThenAus', // [002 §1.6], A-15
  raiseRight: 'holderOnly',
  figuresPerPartyPerDeal: 'any',
  spielfarbeRule: 'lastTrickWithPerlagg', // as VIBK
  spielfarbePerlaggInHandCounts: true,
  partnerVeto: false, // [002 §1.6], A-34
  obligationSurvivesDecline: true,
  unseenBids: 'scoreOnlyIfHad', // [002 §1.6], A-39
  defaultFigureOrder: ['Spiel', 'Gleich', 'Hanger'], // [002 §1.6]
  writeTiming: 'declinesImmediate', // [002 §1.6], A-43
  target: 15, // [002 §1.6]
  overbidLimit: 'openDeclines', // A-13 ("Höll' auf" at 12 penalised)
  overbidAtTargetMinus2: 'minus2', // [002 §1.6]
  bidWhenGestrichenPenalty: 'minus2', // [002 §1.6], A-14
  holdWhenGestrichen: true,
  falseFigurePenalty: 'none', // [002 §1.6]: must prove it, no penalty stated
  falseFigureScope: 'deal',
  revokePenalty: 'substitute', // not stated; follows the V1853 reading of A-05
  askAtTargetMinus1: 'viertig', // [002 §1.6], A-40
  askFirst: false, // not stated
  askBinds: false, // not stated
  askObligation: 'dritzigeFirst', // (read only with askBinds)
  ibkTwofoldAt1717: false,
  double: false,
  doubleThreshold: 'moreThanHalf',
};
