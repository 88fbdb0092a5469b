// An independent accounting of a hand and of a Partie (issue 8 "Must show"): a second reading of the
// scoring rules, written apart from src/engine/scoring.ts and the bid-*.ts files and never calling them. From a
// finished hand's public record — the deal, exchanges, plays, bids, answers, asks, vetoes, shows, found
// revokes — it recomputes every write of the deal: the immediate writes (gut, "zwei gut", a let-gut Spiel,
// asks), the penalties (gestrichen, the limit of A-13), the end-of-deal corrections (false figures, unseen
// figures not had, Innsbruck's forfeit and revoke), the target judged after the corrections, the figures
// decided at the end in priority order (Aus, the Vorgebotene, the default order), the Innsbruck 17:17 rules,
// the Viertig Bummerl; then the Partie: the score sheet, the winner and the Double. It follows the switches
// of RULES §15 it is given (A-19, A-21, A-30, A-43, A-45 among them), each read here on its own.
//
// What a seat shows is judged by the figure evaluator's brute-force twin (test/oracle/figures-twin.ts); what
// it can still show in the middle of a hand (asks, going out) is counted plainly here — never the engine's
// frontier. The engine's own write, correction and penalty events are never read (the caller compares).
import type { HandState } from '../../src/engine/state.ts';
import type { HandEvent } from '../../src/engine/history.ts';
import type { RulesVariant } from '../../src/rules/variant.ts';
import { perlaggenOf } from '../../src/rules/perlaggen.ts';
import { twinGleich, twinHanger, type Identity } from '../oracle/figures-twin.ts';

const FIGS = ['Spiel', 'Gleich', 'Hanger'] as const;
type FigName = (typeof FIGS)[number];
const WELI = 32;
const natSuit = (c: number) => (c === WELI ? 1 : c >>> 3);

/** One immediate write or penalty of the deal, in the order made; `party` is whom it counts for now (-1: erased). */
interface Entry {
  party: number;
  readonly points: number;
  readonly fig: number;
}

interface Fig {
  st: 'unbid' | 'offer' | 'stake' | 'closed';
  level: number;
  aus: boolean;
  by: number; // offering party
  offerSeat: number;
  right: number;
  firstParty: number;
  seq: number;
  unseen: boolean;
  gutBy: number;
  obligated: number[]; // per party: seats bound to have it
  violation: number; // parties that bid/held/raised the Spiel without the Spielfarbe
  written: Entry | null; // its immediate write
  corrected: boolean;
  decided: boolean; // written when decided in play (A-43 allImmediate): no let-gut write
}
const newFig = (parties: number): Fig => ({ st: 'unbid', level: 1, aus: false, by: -1, offerSeat: -1, right: -1, firstParty: -1, seq: Infinity, unseen: false, gutBy: 0, obligated: new Array<number>(parties).fill(0), violation: 0, written: null, corrected: false, decided: false });
const copyFig = (f: Fig): Fig => ({ ...f, obligated: f.obligated.slice() });

export interface DealAccount {
  /** Points per party written in the deal (penalties included). */
  readonly points: number[];
  /** Party that won the Partie in this deal, -1. */
  readonly winner: number;
}

/** Rules this accounting does not model: it refuses rulesets that use them. */
function assertModelled(r: RulesVariant): void {
  const bad: string[] = [];
  if (r.unchristenedPerlagg === 'natIdentityKeepsPower') bad.push('unchristenedPerlagg');
  if (r.weliNaturalInFigures) bad.push('weliNaturalInFigures');
  if (r.figuresPerPartyPerDeal !== 'any') bad.push('figuresPerPartyPerDeal');
  if (r.spielDefinition !== 'threeTricks') bad.push('spielDefinition');
  const f = r.follow;
  if (!f.mustFollowSuit || !f.mayTrumpWhileHoldingSuit || f.trumpInsteadOfSuitOnlyIfWinning || f.wattenStyleFollow || f.perlaggCountsAsHoldingSuit || !f.perlaggMayBePlayedOffSuitWhileHoldingSuit || f.mustOvertake) bad.push('follow');
  if (bad.length > 0) throw new Error(`accounting: not modelled: ${bad.join(', ')}`);
}

/** Recompute the deal's points and the Partie's end from the hand's record. */
export function accountDeal(s: HandState): DealAccount {
  const r = s.ruleset;
  assertModelled(r);
  const { seats, parties, party, handSize } = s.table;
  const target = r.target;
  const cap = target - 1;
  const score = s.bid.score.slice(); // the Partie score before the deal (an input of the hand)
  const written = new Array<number>(parties).fill(0); // immediate writes of the deal, penalties included
  const writes: Entry[] = []; // writes and penalties, in the order made
  const virt = (p: number) => score[p]! + written[p]!;
  const twoParties = parties === 2;
  const active = s.bid.active; // a table setting (two parties, or the A-41 switch; somebody may bid)

  // the cards
  const hands: Array<Set<number>> = Array.from({ length: seats }, () => new Set());
  const played: Array<Array<{ card: number; as: number | null }>> = Array.from({ length: seats }, () => []);
  let trumpIdx = -1;
  let level: Readonly<Int8Array> | null = null;
  const isPerlagg = (c: number) => level !== null && level[c]! > 0;
  let trick: Array<{ seat: number; card: number; as: number | null }> = [];
  let tricksDone = 0;
  let spielParty = -1;
  let conceded = false;

  // the bidding
  let figs: Fig[] = [0, 1, 2].map(() => newFig(parties));
  let seq = 0;
  let unseenAll = 0;
  let bidAtTm2 = 0;
  let forfeited = 0;
  let spielLost = 0;
  let winner = -1;
  let ask: { party: number; count: number; kind: 'Gleich' | 'Hanger'; truthful: boolean; answer: 'pending' | 'allow' | 'reject' } | null = null;
  /** The party whose rejected Viertig (or a raise of it) did not exist, the first one; -1. */
  let bummerl = -1;
  let snapshot: { figs: Fig[]; unseenAll: number; bidAtTm2: number } | null = null;
  let offered = -1;
  const start1717 = r.askAtTargetMinus1 === 'ibk1717' && twoParties && score.every((x) => x === target - 1);
  const shows: Array<{ gleich: number; hanger: number } | null> = new Array(seats).fill(null);

  const identity = (p: { card: number; as: number | null }): Identity | null => {
    const id = p.as ?? p.card;
    return id === WELI ? null : { suit: id >>> 3, rank: (id & 7) + 1 };
  };
  /**
   * What the seat can still show, counted plainly: its played identities and plain cards fixed, each free
   * Perlagg any card. The longest Gleich is the most frequent rank plus the Perlaggen; the longest Hanger
   * the longest run of a suit whose gaps the Perlaggen fill. [Gleich count << 4, Hanger length << 4], 0 when
   * fewer than two cards.
   */
  const canShow = (seat: number): [number, number] => {
    const ids: Identity[] = [];
    let k = 0;
    for (const p of played[seat]!) {
      const id = identity(p);
      if (id !== null) ids.push(id);
    }
    for (const c of hands[seat]!) {
      if (isPerlagg(c)) k++;
      else if (c !== WELI) ids.push({ suit: c >>> 3, rank: (c & 7) + 1 });
    }
    let g = 0;
    for (let rank = 1; rank <= 8; rank++) {
      const same = ids.filter((x) => x.rank === rank);
      const n = r.gleichIdenticalIdentities ? same.length + k : Math.min(4, new Set(same.map((x) => x.suit)).size + k);
      g = Math.max(g, n);
    }
    let h = 0;
    for (let suit = 0; suit < 4; suit++) {
      for (let lo = 1; lo <= 8; lo++) {
        for (let hi = lo; hi <= 8; hi++) {
          let missing = 0;
          for (let rank = lo; rank <= hi; rank++) if (!ids.some((x) => x.suit === suit && x.rank === rank)) missing++;
          if (missing <= k) h = Math.max(h, hi - lo + 1);
        }
      }
    }
    return [g >= 2 ? g << 4 : 0, h >= 2 ? h << 4 : 0];
  };
  const effSuit = (p: { card: number; as: number | null }) => (p.as !== null ? p.as >>> 3 : natSuit(p.card));
  const hasSpielfarbe = (seat: number): boolean => {
    if (r.spielfarbeRule === 'none' || trick.length === 0) return true;
    if (r.spielfarbeRule === 'lastTrickWithPerlagg' && tricksDone < handSize - 1) return true;
    let suit = effSuit(trick[0]!);
    if (r.spielfarbeRule === 'anyPendingTrick' && trick.some((p) => effSuit(p) === trumpIdx)) suit = trumpIdx;
    for (const c of hands[seat]!) {
      if (isPerlagg(c)) {
        if (r.spielfarbePerlaggInHandCounts) return true;
        continue;
      }
      if (natSuit(c) === suit || natSuit(c) === trumpIdx) return true;
    }
    return false;
  };
  const bind = (f: number, seat: number, p: number) => {
    if (f === 0) {
      if (!hasSpielfarbe(seat)) figs[0]!.violation |= 1 << p;
    } else figs[f]!.obligated[p]! |= 1 << seat;
  };
  const penalize = (p: number, pts: number) => {
    written[p]! -= pts;
    writes.push({ party: p, points: -pts, fig: -2 });
  };
  const openDeclines = (p: number) => figs.reduce((n, f) => n + (f.st === 'offer' && f.by === p ? f.level - 1 : 0), 0);
  /** RULES §11.2, A-13, A-14: how many of `units` bids (each of decline value `value`) stand. */
  const limit = (p: number, units: number, value: number): number => {
    const v = virt(p);
    if (v >= cap) {
      penalize(p, r.bidWhenGestrichenPenalty === 'halve' ? v - Math.floor(v / 2) : 2);
      return 0;
    }
    if (r.overbidLimit === 'targetMinus1Only') return units;
    let fits = Math.max(0, Math.floor((cap - v - openDeclines(p)) / value));
    if (r.overbidLimit === 'oneBidAtTargetMinus2' && v === cap - 1) fits = Math.min(fits, ((bidAtTm2 >>> p) & 1) === 1 ? 0 : 1);
    if (fits >= units) return units;
    if (r.overbidAtTargetMinus2 === 'curtailed') return fits;
    penalize(p, 2);
    return 0;
  };
  const ausLevel = () => {
    if (r.raiseLadder === 'upTo7ThenAus') return 8;
    let need = 2;
    for (let p = 0; p < parties; p++) need = Math.max(need, target - virt(p));
    return need;
  };
  const write = (p: number, pts: number, fig: number) => {
    written[p]! += pts;
    const w: Entry = { party: p, points: pts, fig };
    writes.push(w);
    if (fig >= 0) figs[fig]!.written = w;
  };
  const nextAnswerer = (f: Fig): number => {
    if (twoParties) return ((f.gutBy >>> (1 - f.by)) & 1) === 1 ? -1 : 1 - f.by;
    for (let i = 1; i < seats; i++) {
      const p = party[(f.offerSeat + i) % seats]!;
      if (p !== f.by && ((f.gutBy >>> p) & 1) === 0) return p;
    }
    return -1;
  };

  // ---- the corrections (the rule as read here: all together, then the target) ----
  type Judge = (seat: number, f: number) => boolean;
  const partyHas = (judge: Judge, p: number, f: number) => {
    for (let seat = 0; seat < seats; seat++) if (party[seat] === p && judge(seat, f)) return true;
    return false;
  };
  const violations = (f: number, judge: Judge): number => {
    const fig = figs[f]!;
    let v = fig.violation;
    if (f > 0) for (let p = 0; p < parties; p++) for (let seat = 0; seat < seats; seat++) if (((fig.obligated[p]! >>> seat) & 1) === 1 && !judge(seat, f)) v |= 1 << p;
    return v;
  };
  const move = (w: Entry, to: number) => {
    written[w.party]! -= w.points;
    if (to >= 0) written[to]! += w.points;
    w.party = to;
  };
  const correct = (judge: Judge) => {
    for (let f = 0; f < 3; f++) {
      const fig = figs[f]!;
      const v = violations(f, judge);
      if (r.falseFigurePenalty === 'dealPointsMinus2') forfeitMask |= v;
      const w = fig.written;
      if (fig.st !== 'closed' || fig.corrected || fig.decided || w === null || w.points <= 0) continue;
      if (f > 0 && fig.unseen && r.unseenBids === 'scoreOnlyIfHad' && w.party === fig.firstParty && !partyHas(judge, w.party, f)) {
        move(w, -1);
        fig.corrected = true;
        continue;
      }
      if (((v >>> w.party) & 1) === 0) continue;
      if (r.falseFigurePenalty === 'points1853' && twoParties) move(w, 1 - w.party);
      else if (r.falseFigurePenalty !== 'dealPointsMinus2') move(w, -1);
      else continue;
      fig.corrected = true;
    }
    if (r.revokePenalty === 'spielPlus2') {
      revokesFound();
      const sp = figs[0]!;
      const w = sp.written;
      if (sp.st === 'closed' && !sp.corrected && !sp.decided && w !== null && w.points > 0 && ((spielLost >>> w.party) & 1) === 1) {
        move(w, afterRevokes(w.party));
        sp.corrected = true;
      }
    }
    for (let p = 0; p < parties; p++) {
      if (((forfeitMask >>> p) & 1) === 0) continue;
      if (r.falseFigureScope === 'partie') {
        // every point of the Partie — the score and what the party still has of this deal's writes
        // (penalties aside); if that is no more than nothing (penalties still owed), nothing is taken
        let net = 0;
        for (const w of writes) if (w.party === p && w.fig !== -2) net += w.points;
        const all = score[p]! + net;
        if (all > 0) {
          let moved = 0;
          for (const w of writes) {
            if (w.party === p && w.points > 0 && w.fig !== -3) {
              moved += w.points;
              move(w, -1);
            }
          }
          const rest = all - moved; // the part of the score lost beyond the deal's writes
          written[p]! -= rest;
          writes.push({ party: p, points: -rest, fig: -3 });
        }
      } else for (const w of writes) if (w.party === p && w.points > 0) move(w, -1); // every point of the deal
      for (const fg of figs) if (fg.st === 'closed') fg.corrected = true;
      if (((forfeited >>> p) & 1) === 0) {
        forfeited |= 1 << p;
        penalize(p, 2);
      }
    }
  };
  let forfeitMask = 0;
  const revokesPending: number[] = [];
  /** Innsbruck [003 §17]: who makes the Spiel `w` made by the tricks — two parties: the revoker's opponents; more, each for himself: nobody instead of a revoker. */
  const afterRevokes = (w: number): number => {
    if (spielLost === 0) return w;
    if (twoParties) return spielLost === 3 ? -1 : spielLost === 1 ? 1 : 0;
    return w >= 0 && ((spielLost >>> w) & 1) === 1 ? -1 : w;
  };
  /** Innsbruck [003 §17]: the revokes made are found — the Spiel lost and 2 points. */
  function revokesFound(): void {
    for (const rv of revokesPending) {
      spielLost |= 1 << party[rv]!;
      penalize(party[rv]!, 2);
    }
    revokesPending.length = 0;
  }
  /** Both over the target: the first to reach it, every corrected stroke where the original was made. */
  const firstOverCorrected = (): number => {
    const val = score.slice();
    for (const w of writes) {
      if (w.party >= 0) val[w.party]! += w.points;
      for (let p = 0; p < parties; p++) if (val[p]! >= target) return p;
    }
    return -1;
  };
  const over = (pts: readonly number[]): number => {
    const o: number[] = [];
    for (let p = 0; p < parties; p++) if (score[p]! + pts[p]! >= target) o.push(p);
    if (o.length === 0) return -1;
    if (o.length === 1) return o[0]!;
    return firstOverCorrected();
  };
  const goingOut = () => {
    if (winner >= 0) return;
    if (active || revokesPending.length > 0) correct((seat, f) => canShow(seat)[f - 1]! > 0);
    winner = over(written);
  };
  const afterWrite = (p: number) => {
    if (winner < 0 && virt(p) >= target) goingOut();
  };

  const events: readonly HandEvent[] = s.events;
  for (const e of events) {
    if (winner >= 0 && e.type !== 'end') continue; // nothing more counts once the Partie is over
    switch (e.type) {
      case 'dealt':
        for (const c of e.cards) hands[e.seat]!.add(c);
        break;
      case 'cutKeep':
        if (e.keep) hands[e.seat]!.add(e.card);
        break;
      case 'turnedUp': {
        trumpIdx = 'HSLE'.indexOf(e.trump);
        level = perlaggenOf(r, e.trump as 'H').level;
        break;
      }
      case 'exchangeOffer':
        offered = e.seat;
        break;
      case 'exchange':
        hands[e.seat]!.delete(e.gave);
        hands[e.seat]!.add(e.took);
        // the dealer, offered the exchange, left it to his partner ([002 §1.3] [003 §7]): loss of the Partie
        if (e.seat !== offered && r.exchange.leaveToPartnerLosesPartie) winner = 1 - party[s.dealer]!;
        break;
      case 'play': {
        // a revoke (default follow rules): a plain card of another suit, no plain trump, while holding a plain card of the led suit
        if (trick.length > 0 && !isPerlagg(e.card)) {
          const led = effSuit(trick[0]!);
          const cs = natSuit(e.card);
          if (cs !== led && cs !== trumpIdx && [...hands[e.seat]!].some((c) => !isPerlagg(c) && natSuit(c) === led)) revokesPending.push(e.seat);
        }
        hands[e.seat]!.delete(e.card);
        played[e.seat]!.push({ card: e.card, as: e.as });
        trick.push({ seat: e.seat, card: e.card, as: e.as });
        break;
      }
      case 'trick':
        if (e.index === tricksDone) {
          tricksDone++;
          trick = [];
        }
        break;
      case 'revoke':
        if (e.penalty === 'substitute' && e.substitute >= 0) {
          // the substitute takes the place of the card lying in the revoke's trick (the wrong card, or what an
          // earlier correction put there): laid later, the two swap tricks; from the hand, that card goes back
          // there. A seat lays one card a trick, so its k-th play lies in trick k.
          const pl = played[e.seat]!;
          const cur = pl[e.trick]!;
          const later = pl.findIndex((p, u) => u > e.trick && p.card === e.substitute);
          if (later >= 0) {
            pl[later] = cur;
            pl[e.trick] = { card: e.substitute, as: null };
          } else if (hands[e.seat]!.has(e.substitute)) {
            hands[e.seat]!.delete(e.substitute);
            hands[e.seat]!.add(cur.card);
            pl[e.trick] = { card: e.substitute, as: null };
          }
          revokesPending.splice(revokesPending.indexOf(e.seat), 1);
        } else if (e.penalty !== 'spielPlus2') revokesPending.splice(revokesPending.indexOf(e.seat), 1);
        break;
      case 'spiel':
        spielParty = e.party;
        if (conceded && spielParty >= 0) {
          // the Spiel let gut (RULES §8.2): written at once, at its stake when held
          const sp = figs[0]!;
          const pts = sp.st === 'stake' ? (sp.aus ? Math.max(sp.level, target - virt(spielParty)) : sp.level) : 1;
          sp.st = 'closed';
          write(spielParty, pts, 0);
          afterWrite(spielParty);
        } else if (spielParty >= 0 && r.writeTiming === 'allImmediate' && figs[0]!.st !== 'closed' && !(start1717 && ask !== null && ask.answer === 'reject')) {
          // A-43 allImmediate: the Spiel won by the tricks is written now, to whom the end would give it — a
          // revoke (found now, at the end of trick play) gives it to the opponents, a false held Spiel (1853)
          // too; a party that lost the deal's points writes nothing
          const sp = figs[0]!;
          if (r.revokePenalty === 'spielPlus2') revokesFound();
          let w = afterRevokes(spielParty);
          if (r.falseFigurePenalty === 'points1853' && twoParties && sp.st === 'stake' && sp.violation !== 0) w = sp.violation === 3 ? -1 : sp.violation === 1 ? 1 : 0;
          if (w >= 0 && ((forfeited >>> w) & 1) === 1) w = -1;
          const pts = sp.st === 'stake' ? (sp.aus ? Math.max(sp.level, target - (w < 0 ? 0 : virt(w))) : sp.level) : 1;
          sp.st = 'closed';
          sp.decided = true;
          if (w >= 0) {
            write(w, pts, 0);
            afterWrite(w);
          }
        }
        break;
      case 'concede':
        conceded = true;
        break;
      case 'bid': {
        snapshot = { figs: figs.map(copyFig), unseenAll, bidAtTm2 };
        const kept = limit(e.party, e.figures.length, 1);
        if (kept !== e.kept) throw new Error(`accounting: a bid of ${e.figures.join('+')} keeps ${kept}, the engine ${e.kept}`);
        if (kept > 0 && virt(e.party) === target - 2) bidAtTm2 |= 1 << e.party;
        for (let i = 0; i < kept; i++) {
          const f = FIGS.indexOf(e.figures[i] as FigName);
          Object.assign(figs[f]!, { st: 'offer', level: 2, aus: false, by: e.party, offerSeat: e.seat, firstParty: e.party, seq: seq++, unseen: e.unseen, gutBy: 0 });
          if (!e.unseen) bind(f, e.seat, e.party);
        }
        if (e.unseen && kept === 3) unseenAll |= 1 << e.party;
        break;
      }
      case 'raise': {
        const f = FIGS.indexOf(e.figure);
        const fig = figs[f]!;
        snapshot = { figs: figs.map(copyFig), unseenAll, bidAtTm2 };
        const own = fig.st === 'offer' && fig.by === e.party ? fig.level - 1 : 0;
        const ok = limit(e.party, 1, e.to - 1 - own) === 1;
        if (ok !== e.valid) throw new Error(`accounting: a raise of the ${e.figure} to ${e.to} is ${ok ? 'valid' : 'void'}, the engine says ${e.valid}`);
        if (ok) {
          const aus = e.to >= ausLevel();
          if (aus !== e.aus) throw new Error(`accounting: a raise to ${e.to} is ${aus ? '' : 'not '}Aus`);
          Object.assign(fig, { st: 'offer', level: e.to, aus, by: e.party, offerSeat: e.seat, gutBy: 0 });
          bind(f, e.seat, e.party);
        }
        break;
      }
      case 'answer': {
        const f = FIGS.indexOf(e.figure);
        const fig = figs[f]!;
        if (e.answer === 'hold') {
          // under holdWhenGestrichen=false a gestrichen party must let it gut
          if (!r.holdWhenGestrichen && virt(e.party) >= cap) throw new Error(`accounting: party ${e.party} held at ${virt(e.party)} while gestrichen (holdWhenGestrichen=false)`);
          snapshot = { figs: figs.map(copyFig), unseenAll, bidAtTm2 };
          Object.assign(fig, { st: 'stake', right: e.party });
          bind(f, e.seat, e.party);
        } else {
          fig.gutBy |= 1 << e.party;
          if (!r.obligationSurvivesDecline) fig.obligated[e.party] = 0;
          if (nextAnswerer(fig) < 0) {
            fig.st = 'closed';
            write(fig.by, fig.level - 1, f);
            afterWrite(fig.by);
          }
        }
        break;
      }
      case 'veto':
        // the act is undone (a vetoed hold or Drei is followed by the answer that prevails)
        if (e.veto && snapshot !== null) {
          figs = snapshot.figs;
          unseenAll = snapshot.unseenAll;
          bidAtTm2 = snapshot.bidAtTm2;
        }
        break;
      case 'ask': {
        const [g, h] = canShow(e.seat);
        const typed = r.askAtTargetMinus1 === 'dritzig';
        const truthful = typed ? (e.kind === 'Gleich' ? g >>> 4 : h >>> 4) >= e.count : Math.max(g >>> 4, h >>> 4) >= e.count;
        ask = { party: e.party, count: e.count, kind: e.kind, truthful, answer: 'pending' };
        break;
      }
      case 'askAnswer': {
        const a = ask!;
        a.answer = e.allow ? 'allow' : 'reject';
        const opp = 1 - a.party;
        const viertig = r.askAtTargetMinus1 === 'viertig' || r.askAtTargetMinus1 === 'tritzig';
        if (e.allow) {
          // a Viertig raised by the side below target − 1 only beats the asked figure
          if (a.truthful && (!viertig || virt(a.party) >= target - 1)) {
            goingOut(); // the asker goes out: his deal's claims are checked first
            if (winner < 0) {
              write(a.party, Math.max(1, target - virt(a.party)), -1);
              afterWrite(a.party);
            }
          } else if (viertig && !a.truthful) winner = opp; // Bummerl
        } else if (r.askAtTargetMinus1 === 'dritzig' && !a.truthful) {
          write(opp, 2, -1);
          afterWrite(opp);
        } else if (viertig && !a.truthful && bummerl < 0) bummerl = a.party; // found at the end: the first one said
        break;
      }
      case 'show': {
        // the shown figures, judged by the twin on the identities shown (played cards and those in hand)
        const ids: Identity[] = [];
        for (const p of played[e.seat]!) {
          const id = identity(p);
          if (id !== null) ids.push(id);
        }
        for (const x of e.cards) {
          const id = identity(x);
          if (id !== null && !(x.as === null && x.card === WELI)) ids.push(id);
        }
        const g = twinGleich(ids, r.gleichIdenticalIdentities);
        const h = twinHanger(ids);
        shows[e.seat] = { gleich: g[0]! * 16 + g[1]!, hanger: h[0]! * 16 + h[1]! };
        if (shows[e.seat]!.gleich !== e.gleich || shows[e.seat]!.hanger !== e.hanger) throw new Error(`accounting: P${e.seat + 1} shows other figures than its cards make`);
        break;
      }
      default:
        break;
    }
  }

  if (winner < 0 && shows.every((x) => x !== null)) {
    // ---- the end of the deal ----
    const judge: Judge = (seat, f) => (f === 1 ? shows[seat]!.gleich : shows[seat]!.hanger) > 0;
    if (active || revokesPending.length > 0 || figs.some((f) => f.st !== 'unbid')) correct(judge);
    const points = written.slice();
    const best = (f: number): { w: number; code: number } => {
      const codes = shows.map((x) => (f === 1 ? x!.gleich : x!.hanger));
      const top = Math.max(0, ...codes);
      if (top === 0) return { w: -1, code: 0 };
      const holders = codes.flatMap((c, seat) => (c === top ? [seat] : []));
      const ps = new Set(holders.map((seat) => party[seat]!));
      if (ps.size > 1 || (r.tieBetween === 'anyPlayers' && holders.length > 1)) return { w: -1, code: top };
      return { w: [...ps][0]!, code: top };
    };
    const winners = [spielParty >= 0 ? spielParty : -1, best(1).w, best(2).w];
    if (spielLost !== 0 && figs[0]!.st !== 'closed') winners[0] = afterRevokes(winners[0]!);
    if (r.falseFigurePenalty === 'points1853' && twoParties) {
      for (let f = 0; f < 3; f++) {
        if (figs[f]!.st !== 'stake') continue;
        const v = violations(f, judge);
        if (v !== 0) winners[f] = v === 3 ? -1 : v === 1 ? 1 : 0;
      }
    }
    if (bummerl >= 0) winner = 1 - bummerl;
    if (winner < 0) winner = over(points);
    const ibk = r.askAtTargetMinus1 === 'ibk1717' && twoParties;
    let minCount = 0;
    if (ibk && !start1717 && figs[0]!.st === 'closed' && figs[0]!.written !== null && figs[0]!.written.party >= 0) {
      if ([0, 1].every((p) => score[p]! + points[p]! === target - 1)) minCount = 3;
    }
    if (winner < 0 && ibk && start1717 && ask !== null && ask.answer === 'reject') {
      // the party's best asked-for figure (≥ 3 cards) as [count, type (Gleich 1, Hanger 0), rank], compared
      // in the order of A-30's key: count, type, rank — or count, rank, type under countRankType
      const order = r.dritzigeKey === 'countRankType' ? [0, 2, 1] : [0, 1, 2];
      const cmp = (x: number[], y: number[]) => {
        for (const i of order) if (x[i] !== y[i]) return x[i]! - y[i]!;
        return 0;
      };
      const key = (p: number): number[] => {
        let k = [0, 0, 0];
        for (let seat = 0; seat < seats; seat++) {
          if (party[seat] !== p) continue;
          const g = shows[seat]!.gleich;
          const h = shows[seat]!.hanger;
          if (g >>> 4 >= 3 && cmp([g >>> 4, 1, g & 15], k) > 0) k = [g >>> 4, 1, g & 15];
          if (h >>> 4 >= 3 && cmp([h >>> 4, 0, h & 15], k) > 0) k = [h >>> 4, 0, h & 15];
        }
        return k;
      };
      const c01 = cmp(key(0), key(1));
      if (c01 !== 0) {
        const w = c01 > 0 ? 0 : 1;
        points[w]! += target - score[w]! - points[w]!;
        winner = w;
      }
    }
    const prio = [0, 1, 2].filter((f) => figs[f]!.st === 'stake').sort((x, y) => (figs[x]!.aus ? 0 : 1) - (figs[y]!.aus ? 0 : 1) || figs[x]!.seq - figs[y]!.seq);
    for (const name of r.defaultFigureOrder) {
      const f = FIGS.indexOf(name);
      if (figs[f]!.st === 'unbid') prio.push(f);
    }
    for (const f of prio) {
      if (winner >= 0) break;
      const fig = figs[f]!;
      let w = winners[f]!;
      if (f > 0 && fig.st === 'unbid' && ibk && start1717) w = -1;
      else if (f > 0 && fig.st === 'unbid' && minCount > 0 && best(f).code >>> 4 < minCount) w = -1;
      if (w >= 0 && ((forfeited >>> w) & 1) === 1) w = -1;
      if (w < 0) continue;
      const pts = fig.st === 'stake' ? (fig.aus ? Math.max(fig.level, target - score[w]! - points[w]!) : fig.level) : 1;
      points[w]! += pts;
      if (score[w]! + points[w]! >= target) winner = w;
    }
    return { points, winner };
  }
  return { points: written, winner };
}

/** The Double threshold (RULES §11.5, A-26), read here apart from partie.ts. */
export function doubleLine(r: RulesVariant): number {
  return r.doubleThreshold === 'moreThanHalf' ? Math.floor(r.target / 2) + 1 : Math.ceil(r.target / 2);
}

export interface PartieAccount {
  readonly sheet: number[][];
  readonly winner: number;
  readonly double: boolean;
}

/** A Partie's result from its deals, each accounted above: the score sheet, the winner, the Double. */
export function accountPartie(r: RulesVariant, deals: readonly HandState[]): PartieAccount {
  const parties = deals[0]!.table.parties;
  const score = new Array<number>(parties).fill(0);
  const sheet: number[][] = [];
  let winner = -1;
  for (const [i, s] of deals.entries()) {
    if (winner >= 0) throw new Error(`accounting: deal ${i} was played after the Partie was over`);
    if (s.bid.score.some((x, p) => x !== score[p])) throw new Error(`accounting: deal ${i} starts from ${s.bid.score.join(':')}, the sheet says ${score.join(':')}`);
    const a = accountDeal(s);
    for (let p = 0; p < parties; p++) score[p]! += a.points[p]!;
    sheet.push(score.slice());
    winner = a.winner;
  }
  if (winner < 0) throw new Error('accounting: the Partie did not end');
  return { sheet, winner, double: r.double && parties === 2 && score[1 - winner]! < doubleLine(r) };
}
