// What a seat may know of a hand: the Observation a policy gets, and its parts (the plays, tricks, shown
// figures, bids, signs and talk as that seat saw them). Built by observe.ts; the contract of src/policy
// re-exports it for the bots.

import type { PolicyAction } from './actions.ts';
import type { HandEvent } from './history.ts';
import type { TalkPhrase, TalkPoint } from './talk-words.ts';

export interface ObservedPlay {
  seat: number;
  card: number;
  as: number | null;
}

export interface ObservedTrick {
  leader: number;
  plays: ObservedPlay[];
  winner: number;
}

export interface ObservedShow {
  seat: number;
  cards: Array<{ card: number; as: number | null }>;
  gleich: number;
  hanger: number;
}

export interface ShowChoice {
  action: PolicyAction;
  gleich: number;
  hanger: number;
}

/** One figure's bidding as everybody saw it (bid-state.ts). */
export interface ObservedBid {
  figure: 'Spiel' | 'Gleich' | 'Hanger';
  status: 'unbid' | 'offer' | 'stake' | 'closed';
  /** Level of the open offer or the stake (2 = plain bid / held). */
  level: number;
  aus: boolean;
  /** Party of the open/last offer, -1. */
  offerParty: number;
  /** Party entitled to raise the stake, -1. */
  raiseRight: number;
  /** Party that bid it first, -1 (unbid). */
  firstParty: number;
  unseen: boolean;
  /** Party written at once when closed, and its points. */
  writtenParty: number;
  writtenPoints: number;
  /** Priority rank among bid figures (0 = the Vorgebotene), -1 unbid. */
  priority: number;
}

/** The secret signs a partner gave this player at the first lead (RULES §13): plain numbers. */
export interface ObservedSigns {
  /** The partner who gave them. */
  seat: number;
  /** His plain trumps (trump-suit cards that are not Perlaggen), his Perlaggen, his best Perlagg (card id, -1 none). */
  trumps: number;
  perlaggen: number;
  best: number;
}

/** A phrase said at the table (RULES §13, talk.ts), as everybody heard it. */
export interface ObservedTalk {
  /** Who said it, to whom (a partner's seat). */
  seat: number;
  to: number;
  phrase: TalkPhrase;
  /** The suit asked for (0..3 = H S L E) with 'farbe', else -1; the figure of inNatura / biet / halt / gutLassen, else null. */
  suit: number;
  figure: 'Spiel' | 'Gleich' | 'Hanger' | null;
  /** It answers the question said just before it. */
  reply: boolean;
  /** When: the trick (0-based; the number of tricks after the Spiel) and the cards laid in it. */
  trick: number;
  card: number;
}

export interface Observation {
  /** Canonical ruleset name ("oberland{target=18}"). */
  ruleset: string;
  players: number;
  seats: number;
  /** The observing player and his own seat. */
  player: number;
  seat: number;
  /** The seat whose decision it is (the dummy's, when its holder plays it), -1 when the player is not to act. */
  acting: number;
  /** Party of each seat. */
  party: number[];
  dealer: number;
  vorhand: number;
  cutter: number;
  handSize: number;
  /** The Strohmann's seat, -1 if none. */
  dummySeat: number;
  phase: string;
  /** Own cards, ascending. */
  hand: number[];
  /** Other hands this player sees (the dummy for its holder). */
  seenHands: Array<{ seat: number; cards: number[] }>;
  trump: string | null;
  /** This deal's Perlaggen, highest first (known once trump is). */
  perlaggen: number[];
  turned: number;
  faceUp: number;
  skipped: number[];
  /** In the exchange: the face-up Perlagg now offered (the trump card or one laid aside, A-32), else -1. */
  exchangeTarget: number;
  stockShown: number[];
  cutKept: number[];
  /** The card the cutter saw at the bottom of his packet (only in the cutter's own observation), else -1. */
  cutSeen: number;
  exchanges: Array<{ seat: number; gave: number; took: number }>;
  tricks: ObservedTrick[];
  tricksWon: number[];
  /** Party that made the Spiel; -1 open; -2 lapsed. */
  spielParty: number;
  conceded: number;
  shown: ObservedShow[];
  /** Points of this deal per party (at the end). */
  points: number[];
  /** Partie score per party before this deal, and the target. */
  score: number[];
  target: number;
  /** The events this player has seen, in order. */
  history: HandEvent[];
  /** Legal actions when the player is to act (else empty). */
  legal: PolicyAction[];
  /**
   * Card plays against the follow rules (revokes, RULES §6.4, §12) the player may make now: only under the
   * simulation switch (HandOptions.revokes), else empty. A revoke is found at the end of trick play and
   * corrected by the ruleset (`revokePenalty`).
   */
  revokes: PolicyAction[];
  /** In the showing: the figure codes each legal show makes (eval/figures.ts codes). */
  showChoices: ShowChoice[];
  /** The bidding of this deal, per figure (Spiel, Gleich, Hanger); all 'unbid' at tables without bidding. */
  bidding: ObservedBid[];
  /** Bid window point: -1 unseen (own cards not looked at), 0..4 before a card of trick t+1, 5 after the Spiel. */
  point: number;
  /** Immediate writes of this deal per party so far (declines, gut, asks, penalties); score + written = the virtual score. */
  written: number[];
  /** The ask of this deal (RULES §11.4), if any. */
  ask: { seat: number; party: number; count: number; type: 'Gleich' | 'Hanger'; answer: string } | null;
  /** Is bidding possible at this table (two parties)? */
  biddingTable: boolean;
  /** What partners share at this table (RULES §13): 'none' | 'signs' | 'table' | 'open' (the ruleset's partnerInfo). */
  partnerInfo: 'none' | 'signs' | 'table' | 'open';
  /**
   * The secret signs this player received, one entry per partner (seat order) from the first lead on — under
   * signs, table and open; empty before, at 'none', without partners, and in the unseen window.
   */
  signs: ObservedSigns[];
  /** Every phrase said at the table so far, in order (public: opponents hear it too). */
  talk: ObservedTalk[];
  /** In a talk window (phase 'talk'): where it stands — before a lead, a later card, or an answer; else null. */
  talkPoint: TalkPoint | null;
  /** In a talk window: the question this player must answer now (the last entry of `talk`), else null. */
  question: ObservedTalk | null;
}
