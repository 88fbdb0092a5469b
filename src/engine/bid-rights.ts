// RULES §8.3, §8.6, §11.2, §11.4: who may do what in the bidding now — bid a figure (still open, the party's
// figures per deal), raise a held stake (the raise right), hold an offer (gestrichen), ask and escalate an
// ask, reject one, protest (the veto) — read from the state. The bid windows (bid-windows.ts) remember these
// verdicts per party and situation; the twins there and the checked window lists read them as written here.
import { F_SPIEL, type FigureBid } from './bid-state.ts';
import { reachableCounts } from './hand-figures.ts';
import { virtualScore } from './partie-score.ts';
import type { HandState } from './state.ts';

export const isSilent = (s: HandState, seat: number): boolean => ((s.bid.silent >>> seat) & 1) === 1;
export const otherParty = (p: number): number => 1 - p;

/**
 * May `party` raise the held stake in a window (RULES §8.3 law 1, A-19)? 'holderOnly': only the party with
 * the raise right (the last acceptor); 'eitherParty' ([003 §11] "von der einen oder anderen Partei
 * neuerdings geboten"): either party.
 */
export function mayRaiseStake(s: HandState, fb: FigureBid, party: number): boolean {
  return fb.raiseRight === party || s.ruleset.raiseRight === 'eitherParty';
}

export function spielOpen(s: HandState): boolean {
  return s.spielParty === -1;
}

export function figureOpenForBid(s: HandState, f: number, point: number): boolean {
  if (s.bid.figs[f]!.status !== 'unbid') return false;
  if (f === F_SPIEL && (!spielOpen(s) || point === 5)) return false;
  if (s.bid.start1717 && s.ruleset.askAtTargetMinus1 === 'ibk1717') return true;
  return true;
}

export function partyMayBidMore(s: HandState, party: number): boolean {
  if (s.ruleset.figuresPerPartyPerDeal === 'any') return true;
  const figs = s.bid.figs;
  for (let f = 0; f < figs.length; f++) if (figs[f]!.firstParty === party) return false;
  return true;
}

export function askAllowed(s: HandState, seat: number): boolean {
  const r = s.ruleset;
  const b = s.bid;
  if (r.askAtTargetMinus1 === 'none' || b.point < 0 || b.point === 5 || s.table.parties !== 2) return false;
  const party = s.table.party[seat]!;
  if (b.ask !== null) return escalationAllowed(s, party);
  if (((b.asked >>> party) & 1) === 1) return false;
  if (r.askAtTargetMinus1 === 'ibk1717') return b.start1717 && s.tricks.length === 1;
  return mayStillAsk(s, party);
}

/** The party at target − 1 may still ask in this deal ("first of all", before the first card; no blind all-three bid against it). */
export function mayStillAsk(s: HandState, party: number): boolean {
  const r = s.ruleset;
  const b = s.bid;
  if (r.askAtTargetMinus1 === 'none' || r.askAtTargetMinus1 === 'ibk1717' || s.table.parties !== 2 || ((b.asked >>> party) & 1) === 1) return false;
  if (virtualScore(s, party) !== r.target - 1) return false;
  if (((b.unseenAll >>> otherParty(party)) & 1) === 1) return false; // [000 p.31]
  return s.tricks.length === 1 && s.tricks[0]!.plays.length === 0;
}

/**
 * "Viertig nicht erlaubt!" may be raised to "Fünftig erlaubt?" ([002 §1.6] "man kann aber auch erhöhen mit
 * 'Fünftig erlaubt?'", A-40): after a rejection either side may ask again, one number of cards higher (never
 * a jump: from "tritzig" to "Viertig", not to "Fünftig"), in the same window, before the first card. `party`
 * is unused: either side may (resolveAsk gives the rejecter a turn for it).
 */
function escalationAllowed(s: HandState, party: number): boolean {
  void party;
  return escalates(s) && s.tricks.length === 1 && s.tricks[0]!.plays.length === 0;
}

/** Can the ask now settled be raised one number of cards ("Fünftig erlaubt?", A-40)? */
export function escalates(s: HandState): boolean {
  const a = s.bid.ask;
  const r = s.ruleset.askAtTargetMinus1;
  return a !== null && (r === 'viertig' || r === 'tritzig') && a.answer === 'reject' && a.count < 5;
}

/** 1853 (`askFirst`): the opponents of a party that may still ask may only bid all three blind ([000 p.29, p.31]). */
export function blindAllThreeOnly(s: HandState, party: number): boolean {
  return s.ruleset.askFirst && s.bid.point < 0 && mayStillAsk(s, otherParty(party));
}

// The counts an ask may name: from 2, 3 or 4 on (the first ask), or the one next number of an escalation
// ([4] from "tritzig", [5] from "Viertig"). At most 7 lists: windowListKey keeps the index in 3 bits.
export const ASK_FROM: readonly (readonly number[])[] = Object.freeze([Object.freeze([2, 3, 4, 5]), Object.freeze([3, 4, 5]), Object.freeze([4, 5]), Object.freeze([5]), Object.freeze([4])]);
export function askCounts(s: HandState): readonly number[] {
  const r = s.ruleset.askAtTargetMinus1;
  if (s.bid.ask !== null) return s.bid.ask.count + 1 === 4 ? ASK_FROM[4]! : ASK_FROM[3]!; // an escalation: one step
  if (r === 'viertig') return ASK_FROM[2]!;
  if (r === 'ibk1717' && s.ruleset.ibkTwofoldAt1717) return ASK_FROM[0]!;
  return ASK_FROM[1]!;
}

/**
 * May the party hold an offer now (RULES §11.2, A-45)? Always by default (holding is no bid); under
 * `holdWhenGestrichen: false` a gestrichen party (virtual score at target − 1 or more) may not: it must let
 * the offer gut — a raise it says is a bid, void and penalised, and then stands as that gut.
 */
export function mayHold(s: HandState, party: number): boolean {
  return s.ruleset.holdWhenGestrichen || virtualScore(s, party) < s.ruleset.target - 1;
}

/** May the answering seat reject the ask? Only with a figure of its own as multiple (a Gleich rejects both kinds, a Hanger only a Hanger; A-30). */
export function mayReject(s: HandState, seat: number): boolean {
  const a = s.bid.ask!;
  const [g, h] = reachableCounts(s, seat);
  const r = s.ruleset.askAtTargetMinus1;
  if (r === 'dritzig') return a.type === 'Gleich' ? g >= a.count : Math.max(g, h) >= a.count;
  if (r === 'ibk1717') return Math.max(g, h) >= (s.ruleset.ibkTwofoldAt1717 ? 2 : 3);
  return Math.max(g, h) >= a.count;
}

/** The partner who may veto `seat`'s act now (1853 `partnerVeto`, §8.6): the next seat of its party played by another player, -1. */
export function vetoSeat(s: HandState, seat: number): number {
  if (!s.ruleset.partnerVeto) return -1;
  const party = s.table.party[seat]!;
  for (let i = 1; i < s.table.seats; i++) {
    const p = (seat + i) % s.table.seats;
    if (s.table.party[p] === party && !isSilent(s, p) && s.table.controller[p] !== s.table.controller[seat]) return p;
  }
  return -1;
}
