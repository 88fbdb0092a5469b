// RULES §8, §11.4: the legal actions of the bidding phases — a window seat's (pass, bids, raises, asks; the
// list remembered per ruleset and window facts, its twin worked out from the state), an answer to an offer
// or an ask, the veto — and the seat deciding in them.
import { ALLOW, CONSENT, GUT, HOLD, PASS, REJECT, VETO, askOf, bidOf, raiseOf, type FigureName, type PolicyAction } from './actions.ts';
import { FIGURES, F_SPIEL } from './bid-state.ts';
import { ASK_FROM, askAllowed, askCounts, blindAllThreeOnly, figureOpenForBid, mayHold, mayRaiseStake, mayReject, partyMayBidMore, spielOpen } from './bid-rights.ts';
import { WI_ASK, WI_OPEN, WI_RAISE, WI_THREE, twinFault, windowInfo, windowTwins } from './bid-windows.ts';
import { dropUntakeable, mayTakeOnFigures, takeOnRefusal, takesOn } from './obligations.ts';
import type { HandState } from './state.ts';

/** The bid actions of a window (singles, named pairs, named triples, cumulative) per open figures, shared frozen records. */
const bidLists = new WeakMap<object, Array<readonly PolicyAction[] | undefined>>();
let lastBidRuleset: object | null = null;
let lastBidList: Array<readonly PolicyAction[] | undefined> | undefined;
function bidActions(s: HandState, openMask: number, unseen: boolean): readonly PolicyAction[] {
  let per = s.ruleset === lastBidRuleset ? lastBidList : bidLists.get(s.ruleset);
  if (per === undefined) bidLists.set(s.ruleset, (per = []));
  lastBidRuleset = s.ruleset;
  lastBidList = per;
  const k = openMask * 2 + (unseen ? 1 : 0);
  let list = per[k];
  if (list === undefined) {
    const out: PolicyAction[] = [];
    const open: FigureName[] = [];
    for (let f = 0; f < 3; f++) if ((openMask >>> f) & 1) open.push(FIGURES[f]!);
    for (const f of open) out.push(bidOf([f], false, unseen));
    if (s.ruleset.figuresPerPartyPerDeal === 'any') {
      for (const a of open) for (const c of open) if (a !== c) out.push(bidOf([a, c], false, unseen));
      if (open.length === 3) {
        for (const a of open) for (const c of open) for (const d of open) if (a !== c && a !== d && c !== d) out.push(bidOf([a, c, d], false, unseen));
        out.push(bidOf(s.ruleset.defaultFigureOrder, true, unseen));
      }
    }
    per[k] = list = Object.freeze(out);
  }
  return list;
}

/** Legal actions of the window seat: pass first, then bids (singles, named pairs, named triples, cumulative), raises, asks. */
export function windowActions(s: HandState, seat: number, out: PolicyAction[]): void {
  const info = windowInfo(s, seat);
  const start = out.length;
  const key = windowListKey(s, info);
  if (key < 0) windowListOf(s, info, out);
  else {
    // the list of a window met before (per ruleset, by everything it is built from): copied from a plain array
    let lists = s.ruleset === lastWindowRuleset ? lastWindowLists : windowLists.get(s.ruleset);
    if (lists === undefined) windowLists.set(s.ruleset, (lists = new Map()));
    lastWindowRuleset = s.ruleset;
    lastWindowLists = lists;
    let list = lists.get(key);
    if (list === undefined) {
      if (lists.size >= 4096) lists.clear(); // bounded memory
      list = [];
      windowListOf(s, info, list);
      lists.set(key, list);
    }
    for (let i = 0; i < list.length; i++) out.push(list[i]!);
  }
  dropUntakeable(s, seat, out, start);
  if (windowTwins.on) {
    windowTwins.count += 1;
    const twin: PolicyAction[] = [];
    windowActionsChecked(s, seat, twin);
    if (twin.length !== out.length - start || twin.some((a, i) => a !== out[start + i])) twinFault('windowActions', s, seat);
  }
}

// Window lists per ruleset, keyed by all windowListOf reads: the window facts' ask/three/open/raise bits, an
// unseen window, the ask counts (ASK_FROM's index) and the levels of the figures that may be raised.
const windowLists = new WeakMap<object, Map<number, PolicyAction[]>>();
let lastWindowRuleset: object | null = null;
let lastWindowLists: Map<number, PolicyAction[]> | undefined;
/** The window list's key (30 bits), or -1 when it does not fit (a level above 62: built, not remembered). */
function windowListKey(s: HandState, info: number): number {
  let key = ((info >>> 2) & 0xff) | (s.bid.point < 0 ? 1 << 8 : 0);
  if ((info & WI_ASK) !== 0) key |= (ASK_FROM.indexOf(askCounts(s)) + 1) << 9;
  const raises = (info >>> WI_RAISE) & 7;
  if (raises !== 0) {
    for (let f = 0; f < 3; f++) {
      if (((raises >>> f) & 1) === 0) continue;
      const l = s.bid.figs[f]!.level + 1;
      if (!(l >= 0 && l < 63)) return -1;
      key |= l << (12 + 6 * f);
    }
  }
  return key;
}

/** windowActions' list built from the window facts `info` (the remembered lists' source). */
function windowListOf(s: HandState, info: number, out: PolicyAction[]): void {
  out.push(PASS);
  const openMask = (info >>> WI_OPEN) & 7;
  if (openMask !== 0) {
    const bids = bidActions(s, openMask, s.bid.point < 0);
    if ((info & WI_THREE) === 0) for (let i = 0; i < bids.length; i++) out.push(bids[i]!);
    else {
      for (let i = 0; i < bids.length; i++) {
        const a = bids[i]!;
        if (a.kind === 'bid' && a.figures.length === 3) out.push(a);
      }
    }
  }
  const raises = (info >>> WI_RAISE) & 7;
  if (raises !== 0) for (let f = 0; f < 3; f++) if (((raises >>> f) & 1) === 1) out.push(raiseOf(f, s.bid.figs[f]!.level + 1));
  if ((info & WI_ASK) !== 0) {
    const counts = askCounts(s);
    for (let i = 0; i < counts.length; i++) {
      out.push(askOf(counts[i]!, 'Gleich'));
      out.push(askOf(counts[i]!, 'Hanger'));
    }
  }
}

/** windowActions worked out from the state (the twin of the windowInfo path). */
export function windowActionsChecked(s: HandState, seat: number, out: PolicyAction[]): void {
  const b = s.bid;
  const party = s.table.party[seat]!;
  const unseen = b.point < 0;
  out.push(PASS);
  let openMask = 0;
  if (partyMayBidMore(s, party)) for (let f = 0; f < 3; f++) if (figureOpenForBid(s, f, b.point)) openMask |= 1 << f;
  if (openMask !== 0) {
    const bids = bidActions(s, openMask, unseen);
    const three = blindAllThreeOnly(s, party);
    for (let i = 0; i < bids.length; i++) {
      const a = bids[i]!;
      if (!three || (a.kind === 'bid' && a.figures.length === 3)) out.push(a);
    }
  }
  if (!unseen) {
    for (let f = 0; f < 3; f++) {
      const fb = b.figs[f]!;
      if (fb.status === 'stake' && mayRaiseStake(s, fb, party) && !fb.aus && (f !== F_SPIEL || spielOpen(s))) out.push(raiseOf(f, fb.level + 1));
    }
  }
  if (askAllowed(s, seat)) {
    for (const count of askCounts(s)) {
      out.push(askOf(count, 'Gleich'));
      out.push(askOf(count, 'Hanger'));
    }
  }
  // a seat bound to the Dritzige: each bid and raise asked of mayTakeOnFigures ([000 p.30] rule 3)
  let k = 0;
  for (let i = 0; i < out.length; i++) if (takeOnRefusal(s, seat, takesOn(out[i]!)) === null) out[k++] = out[i]!;
  out.length = k;
}

export function answerActions(s: HandState, out: PolicyAction[]): void {
  const b = s.bid;
  if (b.ask !== null && b.ask.answer === 'pending') {
    out.push(ALLOW);
    if (mayReject(s, b.answerSeat)) out.push(REJECT);
    return;
  }
  const f = b.queue[0]!;
  const fb = b.figs[f]!;
  out.push(GUT);
  // a seat bound to the Dritzige holds or raises only what it can show with it ([000 p.30] rule 3)
  if (f > 0 && !mayTakeOnFigures(s, b.answerSeat, 1 << f)) return;
  if (mayHold(s, s.table.party[b.answerSeat]!)) out.push(HOLD);
  if (!fb.aus) out.push(raiseOf(f, fb.level + 1));
}

export function vetoActions(out: PolicyAction[]): void {
  out.push(CONSENT, VETO);
}

/** The seat deciding now in the bidding phases. */
export function biddingSeat(s: HandState): number {
  const b = s.bid;
  if (s.phase === 'window') return b.window![b.windowAt]!;
  if (s.phase === 'answer') return b.answerSeat;
  return b.veto!.seat;
}
