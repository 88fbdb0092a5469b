// RulesVariant: one frozen data object per ruleset (GUIDE guideline 1; RULES §14).
// Every regional difference is a field here, never an `if (name === ...)` in the engine. Each field
// cites the rule it encodes; a field whose default is a PROPOSAL of RULES §15 names the ambiguity
// (A-nn) and its alternatives are the other values the schema accepts (see ambiguities.ts).
import { z } from 'zod';

export const SuitSchema = z.enum(['H', 'S', 'L', 'E']);
export const FigureSchema = z.enum(['Spiel', 'Gleich', 'Hanger']);
export type Figure = z.infer<typeof FigureSchema>;

/**
 * A Perlagg slot in the ruleset's Perlagg order (RULES §2.1): either a fixed card in short notation
 * ("HK", "W" for the Weli, "S7", "E7", "EU", "EO") — a permanent (ständiger) Perlagg — or a trump-relative
 * rank "T7", "TU", "TO", "TK" — a trump Perlagg. When a trump slot names a card that is already a
 * permanent Perlagg (Innsbruck with Schell trump: S7), the card keeps its higher, first place.
 */
export const PerlaggSlotSchema = z
  .string()
  .regex(/^(W|[HSLE](A|K|O|U|10|9|8|7)|T(A|K|O|U|10|9|8|7))$/, 'a Perlagg slot is a card (HK, W, S7, EU, ...) or a trump rank (T7, TU, TO, TK)');

export const RulesVariantSchema = z
  .object({
    /** Canonical base name: 1853, oberland, suedtirol, innsbruck. */
    name: z.string().min(1),
    title: z.string(),
    /** The source of the ruleset in RULES §0.1. */
    source: z.string(),

    // ---- Cards and Perlaggen (RULES §1, §2) ----
    /** 33 cards with the Weli, or the 32 German cards (1853) [RULES §1.1]. */
    deckHasWeli: z.boolean(),
    /** Perlagg order, highest first [RULES §2.1]; A-01 (1853 K7UO vs K7OU), A-06 (Südtirol trump Perlaggen). */
    perlaggen: z.array(PerlaggSlotSchema).min(1).max(12),
    /** Suits the turned-up card may make trump [RULES §4.4]; Oberland never Eichel; A-07 (Innsbruck: any). */
    trumpSuitsAllowed: z.array(SuitSchema).min(1),
    /** Trump suit when the Weli is turned up: its natural suit Schell. */
    turnedWeliTrump: SuitSchema,
    /** A-02 (1853 trick power): M1 = a Perlagg wins by its christened identity (default); M2 = trump order K>7>O/U>A. */
    trumpOrderModel: z.enum(['M1', 'M2']),
    /** A-03 / §5.3: an un-christened Perlagg is 'forbidden' (must be declared, 1853), a 'plainCard' of its natural identity, or keeps trick power ('natIdentityKeepsPower', VOBER alternative). */
    unchristenedPerlagg: z.enum(['forbidden', 'plainCard', 'natIdentityKeepsPower']),
    /** christening a Perlagg "as itself" is a christening and keeps the Perlagg tie-break; false: it counts as laid un-christened (tricks.ts). */
    christenAsSelfIsChristening: z.boolean(),
    /** a natural (un-christened) Weli, Schell 6, may belong to a Hanger (below Schell 7). Default false. */
    weliNaturalInFigures: z.boolean(),

    // ---- Players (RULES §3, A-41) ----
    /** 3 players: 1853 Strohmann (dummy) or each for himself. */
    threePlayers: z.enum(['strohmann', 'individual']),
    /** 1853 Strohmann information rule: (b) only the dummy holder sees two hands (default), (a) the other two may show each other [RULES §3]. */
    strohmannInfo: z.enum(['dummyHolderOnly', 'othersShowEachOther']),
    /**
     * Bidding at a table of more than two parties (three players each for himself, A-41): 'none' — they
     * score silently: the sources give Perlaggen no answering rule for three ([002 §1.3] "each plays alone",
     * [003 Intro 2]); 'answerInTurn' — Bieten's rule [001 p.9-11]: a bid is answered by the others in turn
     * clockwise from the bidder, written to him only when all let it gut; one who holds takes the raise
     * right; the best figure among all players takes a held stake.
     */
    individualBidding: z.enum(['none', 'answerInTurn']),
    /** 6 players: two parties of three. */
    sixPlayers: z.enum(['twoPartiesOfThree']),
    /**
     * Cards per hand with six players: 1853 five (RULES §3, [000 p.13]: "drei und drei", the 32 cards are
     * enough, the Spiel is always decided); Innsbruck four, the Spiel lapsing on 2:2 ([003 Intro 2], A-41).
     */
    sixPlayersHandSize: z.number().int().min(4).max(5),
    /**
     * What partners share (RULES §13; engine/talk.ts), each level adding to the one before: 'none'; 'signs' (at
     * the first lead each seat learns its partner's number of plain trumps, of Perlaggen and his best Perlagg;
     * opponents learn nothing); 'table' (signs and spoken table talk, heard by all); 'open' (table and the
     * partner's whole hand: an upper bound). The old values 'signals' and 'fullPartnerHands' read as 'signs'
     * and 'open'.
     */
    partnerInfo: z
      .enum(['none', 'signs', 'table', 'open', 'signals', 'fullPartnerHands'])
      .transform((v): 'none' | 'signs' | 'table' | 'open' => (v === 'signals' ? 'signs' : v === 'fullPartnerHands' ? 'open' : v)),

    // ---- Dealing (RULES §4) ----
    /** Deal pattern, cards per round [RULES §4.3]; A-08 (Innsbruck 2+3). */
    dealPattern: z.array(z.number().int().min(1).max(5)).min(1),
    /** the deal passes to the left; the losing party deals the next Partie's first deal. */
    dealerRotation: z.enum(['left']),
    nextPartieDealer: z.enum(['loser', 'continueRotation']),
    /** The cutter keeps permanent Perlaggen shown at the cut [RULES §4.2]. */
    cutterKeepsPermanentPerlaggen: z.boolean(),
    /** after taking a shown permanent Perlagg, the next visible card is checked again ('repeat') or not ('once'). */
    cutRepeat: z.enum(['repeat', 'once']),
    /** Stock cards shown after the turn-up [RULES §4.5]; A-09. */
    showStock: z.enum(['none', 'bottom', 'topAndBottom']),
    /**
     * cards of a suit not allowed as trump, turned up before the trump card, lie face up beside the
     * stock; 'perlaggenExchangeable': a Perlagg among them (an Oberland Eichel Perlagg) may be taken in the
     * exchange like the turned trump card, with a plain card of its suit ("alle liegenden Perlaggen"
     * [002 §1.3]); 'shownBesideStock': they stay out of play.
     */
    skippedTurnCards: z.enum(['perlaggenExchangeable', 'shownBesideStock']),
    /** Exchanging a turned-up Perlagg [RULES §4.6], A-10. */
    exchange: z.object({
      /** Who may take it, in order. */
      who: z.enum(['dealerThenPartner', 'dealerPartnerThenOpponents']),
      /** 'plainTrumpCompulsory': must exchange when holding a plain trump (1853); 'optional': a right only. */
      duty: z.enum(['plainTrumpCompulsory', 'optional']),
      /** A lower Perlagg of the trump suit may be given for the higher turned-up one (1853: may, need not). */
      lowerPerlaggMay: z.boolean(),
      /** Oberland: an Eichel Perlagg may "make it better", then be taken with a plain Eichel card. */
      eichelImprove: z.boolean(),
      /**
       * The partner may take it only if the dealer holds no card of the trump suit ("Hat er keinen Trumpf"
       * [000 p.19] [003 §7]; a dealer holding only a higher trump Perlagg keeps the right); false: whenever
       * the dealer cannot take it ([002 §1.3]), an able dealer who declines passing him over.
       */
      partnerOnlyIfDealerHasNoTrump: z.boolean(),
      /** Leaving the exchange to the partner while able costs the Partie (VOBER, VIBK): an infraction (engine/checked.ts applyChecked). */
      leaveToPartnerLosesPartie: z.boolean(),
    }),

    // ---- Trick play (RULES §6), A-04, A-05 ----
    follow: z.object({
      /** Must follow the led suit (holding a non-Perlagg card of it) [RULES §6.2]. */
      mustFollowSuit: z.boolean(),
      /** May trump instead of following [000 p.18]. */
      mayTrumpWhileHoldingSuit: z.boolean(),
      /** only a trump that wins the trick counts as "stechen". Default false. */
      trumpInsteadOfSuitOnlyIfWinning: z.boolean(),
      /** Watten-style, only trump leads must be followed. Default false. */
      wattenStyleFollow: z.boolean(),
      /** holding a Perlagg counts as holding the led suit (strict Innsbruck §15). Default false. */
      perlaggCountsAsHoldingSuit: z.boolean(),
      /** a Perlagg may be played (any christening) even while holding the led suit. Default true. */
      perlaggMayBePlayedOffSuitWhileHoldingSuit: z.boolean(),
      /** Must overtake (überstechen)? No in every ruleset [RULES §6.2]. */
      mustOvertake: z.boolean(),
    }),

    // ---- Figures (RULES §7) ----
    /** the Spiel is 3 of 5 tricks (default) or the last trick (Bieten reading). */
    spielDefinition: z.enum(['threeTricks', 'lastTrick']),
    /** a tie ("steht") only between the best figures of opposing parties. */
    tieBetween: z.enum(['opposingParties', 'anyPlayers']),
    /** a Gleich may contain identical christened identities (several "Herz As"). Default true. */
    gleichIdenticalIdentities: z.boolean(),
    /** Hangers of equal length compare by their highest card. */
    hangerTieBreak: z.enum(['highestCard']),
    /** figure key in the Innsbruck 17:17 contest of asked figures: count, then Gleich > Hanger, then rank; or count, rank, type. */
    dritzigeKey: z.enum(['countTypeRank', 'countRankType']),

    // ---- Bidding (RULES §8) ----
    /** ladder 2,3,...; 'openToAus' (1853: Aus = first level reaching the Partie) or 'upTo7ThenAus'. */
    raiseLadder: z.enum(['openToAus', 'upTo7ThenAus']),
    /** only the party holding the raise right (the last acceptor) may raise. */
    raiseRight: z.enum(['holderOnly', 'eitherParty']),
    /** a party may bid any number of figures in a deal (default) or one. */
    figuresPerPartyPerDeal: z.enum(['any', 'one']),
    /** A-16 / §8.5: when a Spiel bid needs the Spielfarbe. */
    spielfarbeRule: z.enum(['anyPendingTrick', 'lastTrickWithPerlagg', 'none']),
    /** an unplayed (1853 trump) Perlagg in hand counts as Spielfarbe. */
    spielfarbePerlaggInHandCounts: z.boolean(),
    /** the partner may veto a bid immediately (1853). */
    partnerVeto: z.boolean(),
    /** the duty to have the figure survives a later decline of a raise. */
    obligationSurvivesDecline: z.boolean(),
    /** unseen bids carry no penalty; a let-gut unseen figure scores only if the party has it. */
    unseenBids: z.enum(['scoreOnlyIfHad', 'asSeen']),
    /** Default order of the figures at the end of a deal [RULES §11.3]; A-12. */
    defaultFigureOrder: z.array(FigureSchema).length(3),
    /** only declines/gut are written at once, the rest after the deal in priority order; 'allImmediate': the Spiel also when decided in play (scoring.ts writeSpielWhenDecided). */
    writeTiming: z.enum(['declinesImmediate', 'allImmediate']),

    // ---- The Partie (RULES §11, §12) ----
    target: z.number().int().min(3).max(99),
    /**
     * over-bidding limit: score + open decline values <= target - 1 ('openDeclines': at target - 2 one
     * open bid at a time, GC-37, GC-41), 'oneBidAtTargetMinus2' (the same, and at target - 2 one figure in the
     * whole deal: "Wer auf 9 steht, kann nur mehr Eins biethen" [000 p.24] read as one figure), or only
     * target - 1 forbidden ('targetMinus1Only').
     */
    overbidLimit: z.enum(['openDeclines', 'oneBidAtTargetMinus2', 'targetMinus1Only']),
    /** at target - 2, an over-bid is curtailed by the opponents (1853) or penalised -2. */
    overbidAtTargetMinus2: z.enum(['curtailed', 'minus2']),
    /** penalty for bidding when gestrichen: 'halve' (floor, 1853) or 'minus2'. */
    bidWhenGestrichenPenalty: z.enum(['halve', 'minus2']),
    /** holding is allowed when gestrichen; any raise counts as a bid. false: a gestrichen party must let a bid gut (bid-rights.ts mayHold). */
    holdWhenGestrichen: z.boolean(),
    /** False-figure penalty [RULES §12]: 1853 points to the opponents; VIBK loses the deal's points and -2; none stated. */
    falseFigurePenalty: z.enum(['points1853', 'dealPointsMinus2', 'none']),
    /** the VIBK loss covers the points of the current deal or (with dealPointsMinus2 only) the whole Partie. */
    falseFigureScope: z.enum(['deal', 'partie']),
    /** Revoke [RULES §12], A-22: 1853 substitute the card; VIBK Spiel to the opponents plus -2. */
    revokePenalty: z.enum(['substitute', 'spielPlus2', 'none']),
    /**
     * Asking at target - 1 [RULES §11.4], A-40, A-42: 1853 "um's Dritzige fragen"; Oberland "Viertig
     * erlaubt?" and Südtirol "tritzig", where either side may raise a rejected ask to the next multiplicity
     * ("Fünftig erlaubt?" [002 §1.6], one step at a time); Innsbruck 17:17.
     */
    askAtTargetMinus1: z.enum(['dritzig', 'viertig', 'tritzig', 'ibk1717', 'none']),
    /** The ask comes first: the opponents may not pre-empt it by bidding, only a blind all-three bid removes it (1853 [000 p.29, p.31]). */
    askFirst: z.boolean(),
    /** The asker and the rejecter are bound to the asked figure for the rest of the deal, as a held bid binds (1853 [000 p.30] rule 3). */
    askBinds: z.boolean(),
    /**
     * A-30, [000 p.30] rule 3: what binds a seat bound to the asked figure and to a Gleich or Hanger it bid,
     * held or raised when it cannot show them together (engine/bound-seat.ts). 'dritzigeFirst': the Dritzige
     * ("dürfen … nicht mehr davon abgehen"): such a seat may not bid, hold or raise a figure it cannot show
     * with it, and in a collision its Perlaggen keep the Dritzige; 'bidsFirst': the figures said bind first.
     */
    askObligation: z.enum(['dritzigeFirst', 'bidsFirst']),
    /** at a deal starting 17:17 a two-fold figure goes out (default false). */
    ibkTwofoldAt1717: z.boolean(),
    /** Double (Schneider), 1853 [RULES §11.5]. */
    double: z.boolean(),
    /** loser must exceed half ('moreThanHalf' = floor(target/2)+1) or merely reach half. */
    doubleThreshold: z.enum(['moreThanHalf', 'half']),
  })
  .strict()
  // RULES §1.3: the Weli is always a Perlagg where the deck has it, and exists nowhere else.
  .refine((r) => r.perlaggen.includes('W') === r.deckHasWeli, {
    message: 'the Weli is a Perlagg exactly when the deck has it (RULES §1.3)',
    path: ['perlaggen'],
  })
  .refine((r) => new Set(r.trumpSuitsAllowed).size === r.trumpSuitsAllowed.length, {
    message: 'a suit is named twice',
    path: ['trumpSuitsAllowed'],
  })
  .refine((r) => new Set(r.defaultFigureOrder).size === 3, {
    message: 'each of Spiel, Gleich, Hanger exactly once',
    path: ['defaultFigureOrder'],
  })
  // A switch that could not change anything is refused rather than accepted silently:
  .refine((r) => r.dritzigeKey === 'countTypeRank' || r.askAtTargetMinus1 === 'ibk1717', {
    message: 'countRankType orders only the Innsbruck 17:17 contest (askAtTargetMinus1=ibk1717); the Dritzige and Viertig asks compare no figures of different kind (A-30)',
    path: ['dritzigeKey'],
  })
  .refine((r) => r.askObligation === 'dritzigeFirst' || r.askBinds, {
    message: 'bidsFirst orders the obligations of a seat bound to the asked figure, and only askBinds=true binds one (A-30)',
    path: ['askObligation'],
  })
  .refine((r) => r.individualBidding === 'none' || r.threePlayers === 'individual', {
    message: 'answerInTurn applies only to three players each for himself (threePlayers=individual); with the Strohmann there are two parties (A-41)',
    path: ['individualBidding'],
  })
  .refine((r) => r.falseFigureScope === 'deal' || r.falseFigurePenalty === 'dealPointsMinus2', {
    message: 'partie applies only to the Innsbruck loss of the points (falseFigurePenalty=dealPointsMinus2) (A-21)',
    path: ['falseFigureScope'],
  });

export type RulesVariant = Readonly<z.infer<typeof RulesVariantSchema>>;
export type RulesVariantInput = z.input<typeof RulesVariantSchema>;
