// The phases of a hand (HandState.phase, state.ts).
//
// A hand runs through these phases (GUIDE guideline 2: every point is a chance node, a decision of one
// player, or terminal):
//
//   shuffle (chance, one Fisher–Yates draw per step) → cut (chance: how many cards are lifted)
//   → cutKeep (the cutter may keep a shown permanent Perlagg, §4.2/A-31; repeats)
//   → [deal, turn-up, stock shown: deterministic, §4.3–§4.5]
//   → exchange (who may/must exchange the turned-up Perlagg, §4.6/A-10; repeats)
//   → play (one decision per card; conceding the Spiel is a decision there too, §6.1)
//   → show (each player with free Perlaggen in hand christens them once for both figures, §5.1, §7.4)
//   → done (silent scoring, §8.1).
//
// Bidding (RULES §8; bid-windows.ts explains the bid windows): three more decision phases —
//   window (a seat may bid, raise or ask, or pass), answer (the opponents answer an offer or an ask at once),
//   veto (1853: the bidder's partner may protest) — inserted before every card, right after the deal
// (unseen bids) and around the showing.
//
// Table talk (RULES §13; talk.ts): one more decision phase — talk (partners say phrases of a fixed vocabulary)
// — opened before a decision and closed back into it; `talk` is null at tables where nobody can talk.
export type Phase = 'shuffle' | 'cut' | 'cutKeep' | 'exchange' | 'play' | 'window' | 'answer' | 'veto' | 'talk' | 'show' | 'done';
