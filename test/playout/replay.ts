// The oracle of the world sampler: a world is consistent with a seat's observation exactly when the
// engine, dealt that world through its real shuffle, cut and deal and handed the same actions (every one
// checked by applyChecked: legality, follow rules, exchanges, obligations), shows the seat the same
// observation, byte for byte. Independent of src/playout/worlds.ts: it uses only the engine.
import { WELI } from '../../src/cards/card.ts';
import { applyAction, newHand } from '../../src/engine/game.ts';
import { applyChecked } from '../../src/engine/checked.ts';
import { shuffleOutcomesFor } from '../../src/engine/deal.ts';
import { observe } from '../../src/engine/observe.ts';
import { deckOf, type HandState } from '../../src/engine/state.ts';
import type { World } from '../../src/playout/worlds.ts';

const bits = (lo: number, weli: number): number[] => {
  const out: number[] = [];
  for (let c = 0; c < 32; c++) if ((lo >>> c) & 1) out.push(c);
  if (weli) out.push(WELI);
  return out;
};

/**
 * The engine state the world gives when the hand is replayed (same cut, same actions; cut keeps decided
 * as the original cutter kept). Throws when an action is illegal in that world.
 */
export function replayWorld(s: HandState, w: World): HandState {
  const r = s.ruleset;
  const { seats, handSize } = s.table;
  // each seat's cards as dealt: its five (hand now + laid), less the cards it took, plus those it gave
  const dealt: number[][] = [];
  for (let seat = 0; seat < seats; seat++) {
    const five = new Set(bits(w.handLo[seat]!, w.handWeli[seat]!));
    for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) five.add(p.card);
    for (let i = s.exchanges.length - 1; i >= 0; i--) {
      const x = s.exchanges[i]!; // undone last first
      if (x.seat !== seat) continue;
      five.delete(x.took);
      five.add(x.gave);
    }
    for (const c of seat === s.cutter ? s.cutKept : []) five.delete(c);
    const orig = s.events.find((e) => e.type === 'dealt' && e.seat === seat);
    const origCards = orig !== undefined && orig.type === 'dealt' ? orig.cards : [];
    const same = origCards.length === five.size && origCards.every((c) => five.has(c));
    dealt.push(same ? origCards.slice() : [...five].sort((a, b) => a - b));
  }
  // the stock: cards the world leaves there, the known ones (shown, seen at the cut) at their places
  const stockSet = new Set(bits(w.stockLo, w.stockWeli));
  const keep = new Set<number>([...s.shownStock, ...(s.cutSeen >= 0 ? [s.cutSeen] : [])]);
  const rest = [...stockSet].filter((c) => !keep.has(c)).sort((a, b) => a - b);
  const stock = s.stock.map((c) => (keep.has(c) && stockSet.has(c) ? c : rest.shift()!));
  if (stock.some((c) => c === undefined) || rest.length > 0) throw new Error('replay: the world has the wrong number of stock cards');
  // the pack after the cut, in dealing order (engine/deal.ts dealAll)
  const count = new Array<number>(seats).fill(0);
  count[s.cutter] = s.cutKept.length;
  const pos = new Array<number>(seats).fill(0);
  const seq: number[] = [];
  while (count.some((c) => c < handSize)) {
    for (const quota of r.dealPattern) {
      for (let i = 1; i <= seats; i++) {
        const seat = (s.dealer + i) % seats;
        const n = Math.min(quota, handSize - count[seat]!);
        for (let k = 0; k < n; k++) seq.push(dealt[seat]![pos[seat]!++]!);
        count[seat]! += n;
      }
    }
  }
  // the cards laid aside at the turn-up as they were turned (an exchange may have swapped one since, A-32)
  const skipped = s.events.flatMap((e) => (e.type === 'skipped' ? [e.card] : []));
  const pack = [...seq, ...skipped, s.turned, ...stock];
  const N = deckOf(r).length;
  const kept = s.cutKept.length;
  if (pack.length !== N - kept) throw new Error(`replay: a pack of ${pack.length} cards for ${N - kept}`);
  const cutAt = s.cutAt;
  const L = N - cutAt;
  const deck = new Array<number>(N);
  for (let i = 0; i < L; i++) deck[cutAt + i] = pack[i]!;
  for (let i = 0; i < cutAt - kept; i++) deck[i] = pack[L + i]!;
  for (let j = 0; j < kept; j++) deck[cutAt - 1 - j] = s.cutKept[j]!;
  const s2 = newHand(r, {
    players: s.table.players,
    dealer: s.dealer,
    ...(s.table.dummySeat >= 0 ? { dummySeat: s.table.dummySeat } : {}),
    score: s.bid.score,
    silentSeats: s.bid.silent,
  });
  for (const o of shuffleOutcomesFor(s2.deck, deck)) applyAction(s2, { kind: 'chance', outcome: o });
  applyAction(s2, { kind: 'chance', outcome: cutAt - 1 });
  for (const a of s.actions) {
    if (a.kind === 'chance' || a.kind === 'keepCut') continue;
    while (s2.phase === 'cutKeep') applyChecked(s2, { kind: 'keepCut', keep: s2.cutKept.length < kept });
    applyChecked(s2, a);
  }
  while (s2.phase === 'cutKeep') applyChecked(s2, { kind: 'keepCut', keep: s2.cutKept.length < kept });
  return s2;
}

/** Does the world agree with what `player` observes in `s`? (the replay gives the same observation) */
export function agrees(s: HandState, player: number, w: World): boolean {
  let s2: HandState;
  try {
    s2 = replayWorld(s, w);
  } catch {
    return false;
  }
  return JSON.stringify(observe(s2, player)) === JSON.stringify(observe(s, player));
}
