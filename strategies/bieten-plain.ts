// Bieten (RULES §17), a plain sensible player after the source's advice [001 pp.10-15]:
//  - bids a figure it is sure of — sure meaning that no other player can hold a better one, given what is on
//    the table (the Herz or Laub As; a Gleich or Hanger nobody else can beat; the last trick when all its
//    cards are Böcke) — and gives a Groschen on it when someone else bids it or when it holds it;
//  - holds a bid with the high card: a Herz or Laub "was Hosen anhat" (Unter or better, option holdRank), a
//    Gleich of two Zehner or better (holdGleich), a Hanger topped by an Unter or better (holdHanger), the
//    Spiel with a Bock in hand — unless a better one already lies on the table;
//  - bluffs ("Jagen", "der Hauptwitz des Spieles", best "in der Hinterhand" [001 p.12]) from the back position
//    at a declared rate: as the last to lay a card in a trick it bids an unbid Herz, Laub, Gleich or Hanger it
//    is not sure of;
//  - plays low, keeps its high cards for the last trick (the Spiel [001 p.11]);
//  - never makes an act the rules punish (a bid at target − 1, over the limit, the Spiel without its suit).
import { bieten, definePolicy } from '../src/policy/api.ts';

type Obs = bieten.Observation;
type Act = bieten.Action;
type Figure = bieten.Figure;

const { suitOf, rankOf } = bieten;

interface Knowledge {
  /** Cards of mine (hand and laid), 32-bit mask. */
  mine: number;
  /** Cards whose place I do not know (other hands' unlaid cards and the undealt rest). */
  unseen: number;
  /** Per other active seat: its laid cards (mask) and how many cards it still holds. */
  others: Array<{ seat: number; known: number; slots: number }>;
}

function know(obs: Obs): Knowledge {
  const mine = bieten.maskOf(bieten.myCards(obs));
  let table = 0;
  const known = new Map<number, number>();
  const laid = new Map<number, number>();
  for (const t of obs.tricks) {
    for (const p of t.plays) {
      table |= 1 << p.card;
      if (p.seat !== obs.seat) {
        known.set(p.seat, (known.get(p.seat) ?? 0) | (1 << p.card));
        laid.set(p.seat, (laid.get(p.seat) ?? 0) + 1);
      }
    }
  }
  const unseen = ~(mine | table) >>> 0;
  const others = obs.active.filter((s) => s !== obs.seat).map((seat) => ({ seat, known: (known.get(seat) ?? 0) >>> 0, slots: 3 - (laid.get(seat) ?? 0) }));
  return { mine, unseen, others };
}

const popcount = (x: number): number => {
  let n = 0;
  for (let m = x >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) n++;
  return n;
};

/** Could some other player hold cards `need` (a mask), given his laid cards and his free slots? */
function couldHold(k: Knowledge, need: number): boolean {
  for (const o of k.others) {
    const missing = need & ~o.known;
    if ((missing & ~k.unseen) === 0 && popcount(missing) <= o.slots) return true;
  }
  return false;
}

/** Could another player make a figure code ≥ `code` of this kind? (A tie flees: it is no sure point.) */
function beatable(k: Knowledge, figure: Figure, code: number): boolean {
  if (figure === 'Herz' || figure === 'Laub') {
    const suit = figure === 'Herz' ? bieten.HERZ : bieten.LAUB;
    for (let r = code; r < 8; r++) if (couldHold(k, 1 << (suit * 8 + r))) return true; // code - 1 is my rank index
    return false;
  }
  if (figure === 'Gleich') {
    for (let r = 0; r < 8; r++) {
      for (const n of [2, 3]) {
        if (((n << 4) | (r + 1)) < code) continue;
        // n cards of rank r in different suits
        const suits = [0, 1, 2, 3];
        const combos = n === 2 ? suits.flatMap((a) => suits.filter((b) => b > a).map((b) => [a, b])) : [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]];
        for (const c of combos) if (couldHold(k, c.reduce((m, s) => m | (1 << (s * 8 + r)), 0) >>> 0)) return true;
      }
    }
    return false;
  }
  if (figure === 'Hanger') {
    for (let s = 0; s < 4; s++) {
      for (let top = 1; top < 8; top++) {
        for (const n of [2, 3]) {
          if (top - n + 1 < 0 || ((n << 4) | (top + 1)) < code) continue;
          let need = 0;
          for (let i = 0; i < n; i++) need |= 1 << (s * 8 + top - i);
          if (couldHold(k, need >>> 0)) return true;
        }
      }
    }
    return false;
  }
  return true;
}

/** Is `card` a Bock: no higher card of its suit can be with another player? */
function bock(k: Knowledge, card: number): boolean {
  for (let r = rankOf(card) + 1; r < 8; r++) if (couldHold(k, 1 << (suitOf(card) * 8 + r))) return false;
  return true;
}

/** Am I sure to take the last trick? */
function spielSure(obs: Obs, k: Knowledge): boolean {
  const plays = bieten.openPlays(obs);
  if (plays.length === 0) return obs.hand.length > 0 && obs.hand.every((c) => bock(k, c)); // I lead: all Böcke
  if (obs.tricks.length < 3 || obs.hand.length !== 1) return false;
  const c = obs.hand[0]!;
  if (suitOf(c) !== suitOf(plays[0]!.card)) return false;
  const best = plays.reduce((m, p) => (suitOf(p.card) === suitOf(c) && p.card > m ? p.card : m), -1);
  return c > best && bock(k, c);
}

function sure(obs: Obs, k: Knowledge, figure: Figure): boolean {
  if (figure === 'Spiel') return spielSure(obs, k);
  const code = bieten.figureCode(figure, k.mine);
  return code > 0 && !beatable(k, figure, code);
}

/** Would I hold this figure: the high card, and nothing better on the table? */
function wouldHold(obs: Obs, k: Knowledge, figure: Figure, o: { holdRank: number; holdGleich: number; holdHanger: number }): boolean {
  if (figure === 'Spiel') return obs.hand.some((c) => bock(k, c));
  const code = bieten.figureCode(figure, k.mine);
  if (code === 0) return false;
  // a better figure of another player already visible?
  for (const other of k.others) if (bieten.figureCode(figure, other.known) >= code) return false;
  if (figure === 'Herz' || figure === 'Laub') return code - 1 >= o.holdRank;
  if (figure === 'Gleich') return code >>> 4 === 3 || (code & 15) - 1 >= o.holdGleich;
  return code >>> 4 === 3 || (code & 15) - 1 >= o.holdHanger;
}

/** Lay a card: the lowest that follows; keep the high cards for the last trick. */
function card(obs: Obs): Act {
  const plays = obs.legal.filter((a): a is Extract<Act, { kind: 'play' }> => a.kind === 'play');
  const figureSuit = (c: number) => (suitOf(c) === bieten.HERZ || suitOf(c) === bieten.LAUB ? 1 : 0);
  let best = plays[0]!;
  for (const a of plays) {
    const x = rankOf(a.card) * 2 + figureSuit(a.card);
    const y = rankOf(best.card) * 2 + figureSuit(best.card);
    if (x < y) best = a;
  }
  return best;
}

export default definePolicy<Obs, Act>({
  game: 'bieten',
  name: 'plain',
  version: '1.0.0',
  description: 'Bieten: bids its sure figures, holds with the high card, bluffs from the back position at a declared rate, keeps high cards for the last trick',
  options: {
    bluffRate: { type: 'number', min: 0, max: 1, default: 0.15, description: 'probability of bluffing ("Jagen") a figure when last to lay a card in a trick' },
    holdRank: { type: 'integer', min: 0, max: 7, default: 4, description: 'lowest Herz/Laub card to hold with, as a rank index: 4 = Unter ("was Hosen anhat") … 7 = As' },
    holdGleich: { type: 'integer', min: 0, max: 7, default: 3, description: 'lowest two-fold Gleich to hold with, as a rank index: 3 = two Zehner' },
    holdHanger: { type: 'integer', min: 0, max: 7, default: 4, description: 'lowest top card of a two-fold Hanger to hold with, as a rank index: 4 = Unter' },
  },
  create(o) {
    const bluffRate = o['bluffRate'] as number;
    const limits = { holdRank: o['holdRank'] as number, holdGleich: o['holdGleich'] as number, holdHanger: o['holdHanger'] as number };
    return {
      act(obs, ctx) {
        const k = know(obs);
        const legal = obs.legal;
        const valid = (kind: 'bid' | 'groschen', f: Figure) => legal.find((a) => a.kind === kind && a.figure === f && bieten.voidReason(obs, obs.seat, f, kind === 'bid' ? 1 : 2) === null);
        if (obs.phase === 'answer') {
          const f = obs.offer!.figure;
          if (obs.offer!.level === 1 && sure(obs, k, f)) {
            const g = valid('groschen', f);
            if (g !== undefined) return g;
          }
          if (!bieten.holdIsVoid(obs) && (sure(obs, k, f) || wouldHold(obs, k, f, limits))) return legal.find((a) => a.kind === 'hold')!;
          return legal.find((a) => a.kind === 'gut')!;
        }
        // before laying a card (or Vorhand after his first): sure figures, a Groschen on a held sure one, a bluff
        for (const f of bieten.FIGURES) {
          const w = bieten.figureOf(obs, f);
          if (w.status === 'unbid' && sure(obs, k, f)) {
            const b = valid('bid', f);
            if (b !== undefined) return b;
          }
          if (w.status === 'held' && w.holder === obs.seat && sure(obs, k, f)) {
            const g = valid('groschen', f);
            if (g !== undefined) return g;
          }
        }
        const back = obs.phase === 'play' && bieten.openPlays(obs).length === obs.active.length - 1;
        if (back && bluffRate > 0) {
          const candidates = (['Herz', 'Laub', 'Gleich', 'Hanger'] as const).filter((f) => bieten.figureOf(obs, f).status === 'unbid' && !sure(obs, k, f) && valid('bid', f) !== undefined);
          if (candidates.length > 0 && ctx.rng.nextFloat() < bluffRate) return valid('bid', candidates[ctx.rng.below(candidates.length)]!)!;
        }
        if (obs.phase === 'window') return legal.find((a) => a.kind === 'pass')!;
        return card(obs);
      },
    };
  },
});
