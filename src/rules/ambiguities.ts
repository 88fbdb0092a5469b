// RULES §15: the 46 ambiguities, each with the proposal we implement as the default and the switch that
// selects each alternative. A switch is a ruleset field (registry.ts override syntax): the alternative is
// `<ruleset>{<field>=<value>}`. Items that are a reading of the text with no alternative worth
// simulating (a misprint, a word's meaning) say so in `noSwitch`. The tests resolve every alternative, and
// play each against its default: every one changes what the engine does (test/rules/switches-read.test.ts).

export interface AmbiguitySwitch {
  /** Dotted ruleset field. */
  readonly field: string;
  /** Rulesets the switch is meant for (their defaults follow the proposal). */
  readonly rulesets: readonly string[];
  /** Alternative values as override text. */
  readonly alternatives: readonly string[];
}

export interface Ambiguity {
  readonly id: string;
  readonly title: string;
  /** The proposal implemented as the default. */
  readonly proposal: string;
  readonly switches: readonly AmbiguitySwitch[];
  /** Why there is no switch, when there is none. */
  readonly noSwitch?: string;
}

const ALL = ['1853', 'oberland', 'suedtirol', 'innsbruck'];
const MODERN = ['oberland', 'suedtirol', 'innsbruck'];

export const AMBIGUITIES: readonly Ambiguity[] = [
  { id: 'A-01', title: '1853 order of the trump Perlaggen', proposal: 'K > 7 > U > O', switches: [{ field: 'perlaggen', rulesets: ['1853'], alternatives: ['TK/T7/TO/TU'] }] },
  { id: 'A-02', title: '1853 trick power of the trump suit', proposal: 'M1: a Perlagg wins by its christened identity', switches: [{ field: 'trumpOrderModel', rulesets: ['1853'], alternatives: ['M2'] }] },
  { id: 'A-03', title: 'un-christened Perlagg', proposal: 'a plain card of its natural identity', switches: [{ field: 'unchristenedPerlagg', rulesets: MODERN, alternatives: ['natIdentityKeepsPower'] }] },
  {
    id: 'A-04', title: 'Perlaggen and following suit', proposal: 'a Perlagg may always be played and never counts as holding a suit',
    switches: [
      { field: 'follow.perlaggCountsAsHoldingSuit', rulesets: ALL, alternatives: ['true'] },
      { field: 'follow.perlaggMayBePlayedOffSuitWhileHoldingSuit', rulesets: ALL, alternatives: ['false'] },
    ],
  },
  {
    id: 'A-05', title: 'trumping instead of following; Oberland silent', proposal: 'follow as 1853; any trump counts as stechen',
    switches: [
      { field: 'follow.trumpInsteadOfSuitOnlyIfWinning', rulesets: ALL, alternatives: ['true'] },
      { field: 'follow.wattenStyleFollow', rulesets: ['oberland', 'suedtirol'], alternatives: ['true'] },
    ],
  },
  { id: 'A-06', title: 'Südtirol trump Perlaggen', proposal: 'trump 7, U, O; order as Innsbruck', switches: [{ field: 'perlaggen', rulesets: ['suedtirol'], alternatives: ['HK/W/S7/E7/TK/T7/TU', 'HK/W/S7/E7/TK/T7/TO'] }] },
  { id: 'A-07', title: 'Innsbruck trump suits', proposal: 'any suit', switches: [{ field: 'trumpSuitsAllowed', rulesets: ['innsbruck'], alternatives: ['H/S/L'] }] },
  { id: 'A-08', title: 'deal pattern', proposal: 'Innsbruck 2 + 3', switches: [{ field: 'dealPattern', rulesets: ['innsbruck'], alternatives: ['3/2'] }] },
  { id: 'A-09', title: 'stock cards shown', proposal: '1853 bottom; Oberland, Südtirol none; Innsbruck top and bottom', switches: [{ field: 'showStock', rulesets: ALL, alternatives: ['none', 'bottom', 'topAndBottom'] }] },
  {
    id: 'A-10', title: 'exchanging the turned-up Perlagg', proposal: '1853 compulsory with a plain trump; Innsbruck a right; Oberland the chain (dealer, partner, opponents in turn); "has no trump" = no card of the trump suit, so a dealer holding only a higher trump Perlagg keeps the right (it does not pass to his partner; giving the higher Perlagg is no exchange); leaving it to the partner while able is an infraction',
    switches: [
      { field: 'exchange.duty', rulesets: ALL, alternatives: ['optional', 'plainTrumpCompulsory'] },
      { field: 'exchange.who', rulesets: ALL, alternatives: ['dealerThenPartner', 'dealerPartnerThenOpponents'] },
      { field: 'exchange.partnerOnlyIfDealerHasNoTrump', rulesets: ALL, alternatives: ['true', 'false'] },
    ],
  },
  {
    id: 'A-11', title: 'the Weli\'s natural role', proposal: 'Schell 6: lowest Schell, in no figure; christened only as a suited card; turned up: Schell trump',
    switches: [
      { field: 'weliNaturalInFigures', rulesets: MODERN, alternatives: ['true'] },
      { field: 'turnedWeliTrump', rulesets: MODERN, alternatives: ['H', 'L', 'E'] },
    ],
  },
  { id: 'A-12', title: 'default order of the figures', proposal: 'Südtirol Spiel-Gleich-Hanger', switches: [{ field: 'defaultFigureOrder', rulesets: ['suedtirol'], alternatives: ['Gleich/Hanger/Spiel'] }] },
  {
    id: 'A-13', title: 'over-bidding at target - 2', proposal: 'score + open decline values <= target - 1, for bids and raises: at 9 (of 11) one open bid at a time, a held bid frees the party to bid again (GC-37); two at once are curtailed to the first named (GC-41). The other reading of "nur mehr Eins" [000 p.24]: one figure in the whole deal',
    switches: [
      { field: 'overbidLimit', rulesets: ALL, alternatives: ['oneBidAtTargetMinus2', 'targetMinus1Only'] },
      { field: 'overbidAtTargetMinus2', rulesets: ALL, alternatives: ['curtailed', 'minus2'] },
    ],
  },
  { id: 'A-14', title: 'penalty for bidding when gestrichen', proposal: '1853 halve (floor); others -2', switches: [{ field: 'bidWhenGestrichenPenalty', rulesets: ALL, alternatives: ['halve', 'minus2'] }] },
  { id: 'A-15', title: 'Aus', proposal: '1853 open ladder to the Partie; others 3..7 then Aus', switches: [{ field: 'raiseLadder', rulesets: ALL, alternatives: ['openToAus', 'upTo7ThenAus'] }] },
  { id: 'A-16', title: 'when a Spiel bid needs the Spielfarbe', proposal: '1853 any pending trick; others the last trick, Perlaggen qualify', switches: [{ field: 'spielfarbeRule', rulesets: ALL, alternatives: ['anyPendingTrick', 'lastTrickWithPerlagg', 'none'] }] },
  { id: 'A-17', title: 'Innsbruck definition of the Spiel', proposal: '3 of 5 tricks', switches: [{ field: 'spielDefinition', rulesets: ['innsbruck'], alternatives: ['lastTrick'] }] },
  { id: 'A-18', title: '"eine Figur" per party', proposal: 'any number of figures', switches: [{ field: 'figuresPerPartyPerDeal', rulesets: ['innsbruck'], alternatives: ['one'] }] },
  { id: 'A-19', title: 'who may re-raise', proposal: 'only the party with the raise right', switches: [{ field: 'raiseRight', rulesets: ['innsbruck'], alternatives: ['eitherParty'] }] },
  { id: 'A-20', title: 'christening "as itself"', proposal: 'a christening, with the Perlagg tie-break', switches: [{ field: 'christenAsSelfIsChristening', rulesets: ALL, alternatives: ['false'] }] },
  { id: 'A-21', title: 'Innsbruck "verliert alle gemachten Punkte"', proposal: 'the points of the current deal, plus -2', switches: [{ field: 'falseFigureScope', rulesets: ['innsbruck'], alternatives: ['partie'] }] },
  { id: 'A-22', title: 'Innsbruck revoke penalty', proposal: 'the Spiel to the opponents at its stake, plus -2', switches: [{ field: 'revokePenalty', rulesets: ['innsbruck'], alternatives: ['substitute', 'none'] }] },
  { id: 'A-23', title: 'Innsbruck 17:17, 17:16, 17:15', proposal: 'literal reading; two-fold figures do not go out at a deal starting 17:17', switches: [{ field: 'ibkTwofoldAt1717', rulesets: ['innsbruck'], alternatives: ['true'] }] },
  { id: 'A-24', title: '"Runde" in [003]', proposal: 'by context: a deal or a trick round', switches: [], noSwitch: 'a reading of one word; each place is read by its context, as listed under A-24' },
  { id: 'A-25', title: '1853 dealer rotation', proposal: 'to the left each deal; the losing party\'s player next in the rotation deals the next Partie (Partien in matches of 4, 3 with the Strohmann)', switches: [{ field: 'nextPartieDealer', rulesets: ALL, alternatives: ['continueRotation'] }] },
  { id: 'A-26', title: 'Double threshold', proposal: 'floor(target/2) + 1; Double only in 1853', switches: [{ field: 'doubleThreshold', rulesets: ['1853'], alternatives: ['half'] }, { field: 'double', rulesets: MODERN, alternatives: ['true'] }] },
  { id: 'A-27', title: 'numbering of the raising laws', proposal: 'a transcription glitch', switches: [], noSwitch: 'no rule is lost; nothing to choose' },
  { id: 'A-28', title: 'misprints in the Bieten example', proposal: 'the corrected hands', switches: [], noSwitch: 'a test-data correction for the Bieten cases, not a rule' },
  { id: 'A-29', title: 'order of answering in Bieten', proposal: 'clockwise from the bidder', switches: [], noSwitch: 'Bieten only; both readings give the same result in the source' },
  {
    id: 'A-30', title: 'comparing figures in Dritzige contests; what binds the asker and the rejecter',
    proposal: 'count, then Gleich > Hanger, then rank; [000 p.30] rule 3: the Dritzige binds first — a bound seat may not bid, hold or raise a figure it cannot show with it, and where obligations collide its Perlaggen keep the Dritzige (then the Gleich, then the Hanger)',
    switches: [
      { field: 'dritzigeKey', rulesets: ['innsbruck'], alternatives: ['countRankType'] },
      { field: 'askObligation', rulesets: ['1853'], alternatives: ['bidsFirst'] },
    ],
  },
  { id: 'A-31', title: 'cut mechanics', proposal: 'repeat while the next visible card is a permanent Perlagg', switches: [{ field: 'cutRepeat', rulesets: MODERN, alternatives: ['once'] }] },
  { id: 'A-32', title: 'Oberland: Eichel turned up', proposal: 'keep turning; skipped cards stay face up; an Eichel Perlagg turned aside may be taken in the exchange with a plain Eichel card ("alle liegenden Perlaggen" [002 §1.3])', switches: [{ field: 'skippedTurnCards', rulesets: ['oberland'], alternatives: ['shownBesideStock'] }] },
  { id: 'A-33', title: '"steht" inside one partnership', proposal: 'ties only between opposing parties', switches: [{ field: 'tieBetween', rulesets: ALL, alternatives: ['anyPlayers'] }] },
  { id: 'A-34', title: 'partner veto', proposal: '1853 only', switches: [{ field: 'partnerVeto', rulesets: ALL, alternatives: ['true', 'false'] }] },
  { id: 'A-35', title: 'obligation after a declined raise', proposal: 'it survives', switches: [{ field: 'obligationSurvivesDecline', rulesets: ['1853'], alternatives: ['false'] }] },
  { id: 'A-36', title: 'identical identities in a Gleich', proposal: 'allowed', switches: [{ field: 'gleichIdenticalIdentities', rulesets: ALL, alternatives: ['false'] }] },
  { id: 'A-37', title: 'Hanger tie-break', proposal: 'the highest card; natural order in every suit', switches: [], noSwitch: 'for equal lengths the highest and the lowest card order Hangers alike' },
  { id: 'A-38', title: '1853 Perlagg in hand as Spielfarbe', proposal: 'it counts', switches: [{ field: 'spielfarbePerlaggInHandCounts', rulesets: ['1853'], alternatives: ['false'] }] },
  { id: 'A-39', title: 'obligations of unseen bids', proposal: 'no penalty; a let-gut unseen figure scores only if had', switches: [{ field: 'unseenBids', rulesets: ALL, alternatives: ['asSeen'] }] },
  { id: 'A-40', title: '"Viertig erlaubt?"', proposal: 'asked before the first card by the party at target - 1; a rejected ask may be raised one number of cards ("Fünftig erlaubt?", never a jump) by either side, the asker first, then the rejecter; an allowed raise puts its side out only at target - 1 (below, it only beats the asked figure and play goes on); an announced figure that does not exist: Bummerl = loss of the Partie', switches: [{ field: 'askAtTargetMinus1', rulesets: ['oberland', 'suedtirol'], alternatives: ['none'] }] },
  {
    id: 'A-41', title: 'three and six players', proposal: '1853: Strohmann (option b), each player holding the dummy once in three Partien; others each for himself, scoring silently (no answering rule for three; Bieten\'s answer in turn is the switch); six: two parties of three, 5 cards in 1853 [000 p.13], 4 elsewhere [003 Intro 2]',
    switches: [
      { field: 'threePlayers', rulesets: ALL, alternatives: ['strohmann', 'individual'] },
      { field: 'strohmannInfo', rulesets: ['1853'], alternatives: ['othersShowEachOther'] },
      { field: 'sixPlayersHandSize', rulesets: ALL, alternatives: ['4', '5'] },
      { field: 'individualBidding', rulesets: MODERN, alternatives: ['answerInTurn'] },
    ],
  },
  { id: 'A-42', title: 'who may ask for the Dritzige', proposal: '1853 the party at target - 1; Innsbruck only at 17:17', switches: [{ field: 'askAtTargetMinus1', rulesets: ['1853', 'innsbruck'], alternatives: ['none'] }] },
  { id: 'A-43', title: 'when points decided during play are written', proposal: 'only declines and gut at once; the rest after the deal in priority order', switches: [{ field: 'writeTiming', rulesets: ALL, alternatives: ['allImmediate'] }] },
  { id: 'A-44', title: 'out-of-turn card (Oberland)', proposal: 'ignored: agents never play out of turn', switches: [], noSwitch: 'the engine never lets a card be played out of turn' },
  { id: 'A-45', title: 'holding when gestrichen', proposal: 'holding allowed; any raise counts as a bid', switches: [{ field: 'holdWhenGestrichen', rulesets: ALL, alternatives: ['false'] }] },
  { id: 'A-46', title: 'modern footnotes vs the 1853 text', proposal: 'footnotes never override the 1853 main text', switches: [], noSwitch: 'a rule for reading the sources, applied when the rulesets were written' },
];

/**
 * Switches that are no ambiguity of RULES §15 but a choice the sources leave to the table: what partners
 * share (RULES §13, engine/talk.ts). 1853 'table' (signs and table talk: partners "dürfen einander einzelne
 * Karten sagen oder zeigen" [000 p.31–33], the leader asks "welche Farbe" [000 p.37]); Innsbruck, Oberland
 * and Südtirol 'signs' ("durch Mimik und Gestik … vorher Geheimzeichen" [003 Intro 8]; oberland.ts
 * says why for the Oberland). 'none' is the silent table; 'open' an upper bound.
 */
export const RULE_SWITCHES: readonly Ambiguity[] = [
  {
    id: '§13',
    title: 'what partners share: secret signs, table talk, whole hands',
    proposal: "1853 'table' (signs at the first lead and spoken table talk, [000 p.31-33, p.37]); Innsbruck, Oberland, Südtirol 'signs' (Mimik, Gestik, agreed Geheimzeichen, [003 Intro 8])",
    switches: [{ field: 'partnerInfo', rulesets: ALL, alternatives: ['none', 'signs', 'table', 'open'] }],
  },
];
