// Job "figures": deal and evaluate, no play (issue 5 deliverable 9). For every deal: the dealer, the
// trump and the turned card, and per seat the Perlaggen held and the best Gleich and Hanger with and
// without christening. Metrics: how often a hand, a party and the whole table can show a dritziges
// Gleich, and how often only thanks to a Perlagg.
//
// The deal is the engine's own (src/engine): shuffle and cut as chance nodes drawn from the deal's keyed
// stream, the cutter keeping every permanent Perlagg the cut shows (RULES §4.2, A-31: keeping never
// hurts), the ruleset's deal pattern and turn-up; the hands are taken as dealt, before any exchange. The
// job runs FastDealer (fast-deal.ts), which gives exactly the engine's hands (EngineDealer is its twin).
// With fixed cards (--hand) the engine's cut cannot be honoured, so those deals place the fixed cards and
// deal the rest of the deck uniformly (UniformDealer); the manifest records which dealer ran.
import { WELI, type CardId, type Suit } from '../cards/card.ts';
import { cardShort, parseCard } from '../cards/notation.ts';
import { figureContext, figureWord5, naturalFigureWord, type FigureContext } from '../eval/evaluate.ts';
import { codeCount, codeRankValue, wordGleich, wordHanger } from '../eval/figures.ts';
import { resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { STREAM, keyedRng, type Rng } from '../core/rng.ts';
import { CHANCE, applyAction, chanceOutcomes, currentPlayer, newHand } from '../engine/game.ts';
import { handSizeOf } from '../engine/state.ts';
import { FastDealer } from './fast-deal.ts';
import { HB, batchCut, beatDeal, hb } from '../play/heartbeat.ts';
import { PolicyFault } from '../play/hand.ts';
import { askPredicate, loadPredicate, type DealPredicate, type DealView } from '../play/constrained.ts';
import { BatchMetrics, allocColumns, cutColumns, type BatchOptions, type BatchResult, type Job, type MetricSpec, type SimSpec } from './job.ts';
import { SimSpecError } from '../core/errors.ts';
import { type ColumnSpec, expandSeats } from '../core/columns.ts';
import { DEALS_COLUMNS } from '../games/perlaggen/columns.ts';

export type { DealView, DealPredicate } from '../play/constrained.ts';

/** The per-seat columns in the order the job fills them (declared in src/games/perlaggen/columns.ts). */
const SEAT_SUFFIXES = ['perlaggen', 'gleich', 'gleich_rank', 'hanger', 'hanger_top', 'gleich_natural', 'hanger_natural'] as const;

export function figuresColumns(players: number): ColumnSpec[] {
  const cols = expandSeats(DEALS_COLUMNS, players);
  for (const suffix of SEAT_SUFFIXES) if (!cols.some((c) => c.name === `s0_${suffix}`)) throw new Error(`internal: column s{i}_${suffix} not declared`);
  return cols;
}

export const FIGURES_METRICS: readonly MetricSpec[] = [
  { name: 'hand_gleich3', kind: 'mean', doc: 'share of hands that can show a dritziges (3+) Gleich', counts: 'deals' },
  { name: 'hand_gleich3_perlaggen', kind: 'mean', doc: 'share of hands with a dritziges Gleich only thanks to Perlaggen', counts: 'deals' },
  { name: 'party_gleich3', kind: 'mean', doc: 'share of parties with a dritziges Gleich in some member\'s hand', counts: 'deals' },
  { name: 'table_gleich3', kind: 'proportion', doc: 'share of deals where some hand has a dritziges Gleich', counts: 'deals' },
  { name: 'hand_hanger3', kind: 'mean', doc: 'share of hands that can show a dritziger (3+) Hanger', counts: 'deals' },
  { name: 'table_hanger3', kind: 'proportion', doc: 'share of deals where some hand has a dritziger Hanger', counts: 'deals' },
];

/**
 * With --hand: the seats with fixed cards apart from the others (issue 14: the averages over all seats mix
 * the fixed hand with the free ones). Per fixed seat s: s{s}_gleich3, s{s}_hanger3; over the other seats:
 * others_gleich3, others_hanger3.
 */
export function fixedSeatFigureMetrics(fixed: ReadonlyMap<number, readonly CardId[]>, seats: number): MetricSpec[] {
  const out: MetricSpec[] = [];
  for (const [seat, cards] of [...fixed.entries()].sort((a, b) => a[0] - b[0])) {
    const held = cards.map(cardShort).join(' ');
    out.push({ name: `s${seat}_gleich3`, kind: 'proportion', doc: `share of seat ${seat}'s hands (fixed: ${held}) that can show a dritziges Gleich`, counts: 'deals' });
    out.push({ name: `s${seat}_hanger3`, kind: 'proportion', doc: `share of seat ${seat}'s hands (fixed: ${held}) that can show a dritziger Hanger`, counts: 'deals' });
  }
  if (fixed.size > 0 && fixed.size < seats) {
    out.push({ name: 'others_gleich3', kind: 'mean', doc: 'share of the other seats\' hands (no fixed cards) that can show a dritziges Gleich', counts: 'deals' });
    out.push({ name: 'others_hanger3', kind: 'mean', doc: 'share of the other seats\' hands (no fixed cards) that can show a dritziger Hanger', counts: 'deals' });
  }
  return out;
}

/** Parties as seat lists: two parties for 4 and 6 players, each for himself otherwise (RULES §3). */
export function partiesOf(players: number): number[][] {
  if (players === 4 || players === 6) return [0, 1].map((p) => Array.from({ length: players / 2 }, (_, i) => p + 2 * i));
  return Array.from({ length: players }, (_, s) => [s]);
}

interface Dealt {
  readonly hands: Int32Array; // lo word per seat
  readonly weli: Int32Array; // weli flag per seat
  trump: Suit;
  turned: CardId;
}

/**
 * A uniform deal: fixed cards placed first, the rest shuffled (Fisher-Yates from the deal's keyed stream),
 * five cards a seat, then the stock is turned until a card of a suit allowed as trump shows (RULES §4.4,
 * A-32; a turned Weli makes its natural suit, A-11).
 */
export class UniformDealer {
  private readonly deck: Int32Array;
  private readonly fixedLo: Int32Array;
  private readonly fixedWeli: Int32Array;
  private readonly free: number[];
  private readonly handSize: number;

  constructor(private readonly r: RulesVariant, private readonly players: number, fixed: ReadonlyMap<number, CardId[]>) {
    this.handSize = handSizeOf(r, players);
    const all = Array.from({ length: r.deckHasWeli ? 33 : 32 }, (_, i) => i);
    const used = new Set<number>();
    this.fixedLo = new Int32Array(players);
    this.fixedWeli = new Int32Array(players);
    for (const [seat, cards] of fixed) {
      if (cards.length > this.handSize) throw new SimSpecError(`--hand ${seat}: at most ${this.handSize} cards`);
      for (const c of cards) {
        if (used.has(c)) throw new SimSpecError(`--hand: ${cardShort(c)} is fixed twice`);
        if (c === WELI && !r.deckHasWeli) throw new SimSpecError(`--hand: the Weli is not in the ${r.name} deck`);
        used.add(c);
        if (c === WELI) this.fixedWeli[seat] = 1;
        else this.fixedLo[seat]! |= 1 << c;
      }
    }
    this.free = all.filter((c) => !used.has(c));
    this.deck = new Int32Array(this.free.length);
  }

  deal(rng: Rng, out: Dealt): void {
    const deck = this.deck;
    const n = deck.length;
    for (let i = 0; i < n; i++) deck[i] = this.free[i]!;
    let at = 0;
    const draw = (): number => {
      const j = at + rng.below(n - at);
      const c = deck[j]!;
      deck[j] = deck[at]!;
      deck[at] = c;
      at++;
      return c;
    };
    for (let s = 0; s < this.players; s++) {
      let lo = this.fixedLo[s]!;
      let weli = this.fixedWeli[s]!;
      let have = popcount(lo) + weli;
      while (have < this.handSize) {
        const c = draw();
        if (c === WELI) weli = 1;
        else lo |= 1 << c;
        have++;
      }
      out.hands[s] = lo;
      out.weli[s] = weli;
    }
    for (;;) {
      if (at >= n) throw new SimSpecError('the stock ran out before a card of an allowed trump suit showed');
      const c = draw();
      const suit: Suit = c === WELI ? this.r.turnedWeliTrump : (['H', 'S', 'L', 'E'] as const)[c >>> 3]!;
      if (this.r.trumpSuitsAllowed.includes(suit)) {
        out.trump = suit;
        out.turned = c;
        return;
      }
    }
  }
}

function popcount(x: number): number {
  let c = 0;
  for (let m = x >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) c++;
  return c;
}

/** The engine's deal up to the first decision after the turn-up (the cutter keeps what the cut shows). */
export class EngineDealer {
  constructor(private readonly r: RulesVariant, private readonly players: number) {}

  /** Seats at the table (4 for the 1853 three-player game with its Strohmann). */
  seats(): number {
    return newHand(this.r, { players: this.players }).table.seats;
  }

  deal(rng: Rng, dealer: number, out: Dealt): void {
    const s = newHand(this.r, { players: this.players, dealer });
    for (;;) {
      const p = currentPlayer(s);
      if (p === CHANCE) applyAction(s, { kind: 'chance', outcome: rng.below(chanceOutcomes(s)) });
      else if (s.phase === 'cutKeep') applyAction(s, KEEP);
      else break;
    }
    for (let seat = 0; seat < s.table.seats; seat++) {
      out.hands[seat] = s.handLo[seat]!;
      out.weli[seat] = s.handWeli[seat]!;
    }
    out.trump = s.trump as Suit;
    out.turned = s.turned;
  }
}
const KEEP = Object.freeze({ kind: 'keepCut', keep: true } as const);

/** The cards `--hand` fixes per seat and the trump `--trump` fixes, checked against the table and the ruleset. */
function fixedCards(spec: SimSpec, r: RulesVariant, players: number): { fixed: Map<number, CardId[]>; fixedTrump: Suit | null } {
  const fixed = new Map<number, CardId[]>();
  for (const [seat, cards] of Object.entries(spec.constraints.hands)) {
    const s = Number(seat);
    if (!Number.isInteger(s) || s < 0 || s >= players) throw new SimSpecError(`--hand: seat ${seat} does not exist with ${players} players (seats 0-${players - 1})`);
    fixed.set(s, cards.map(parseCard));
  }
  const fixedTrump = spec.constraints.trump as Suit | null;
  if (fixedTrump !== null && !r.trumpSuitsAllowed.includes(fixedTrump)) {
    throw new SimSpecError(`--trump ${fixedTrump}: not a trump suit of ${r.name} (allowed: ${r.trumpSuitsAllowed.join(', ')})`);
  }
  return { fixed, fixedTrump };
}

/** A dealt deal as the `--where` predicate sees it: the cards by name. */
function dealView(dealt: Dealt, deal: number, dealerSeat: number, players: number): DealView {
  return {
    deal,
    dealer: dealerSeat,
    trump: dealt.trump,
    turned: cardShort(dealt.turned),
    hands: Array.from({ length: players }, (_, s) => {
      const cards: string[] = [];
      for (let b = 0; b < 32; b++) if ((dealt.hands[s]! >>> b) & 1) cards.push(cardShort(b));
      if (dealt.weli[s]) cards.push('Weli');
      return cards;
    }),
  };
}

/** Per seat of the deal being written: a dritziges Gleich (g3), one made with Perlaggen (g3p), a dritziger Hanger (h3). */
interface SeatFlags {
  readonly g3: Uint8Array;
  readonly g3p: Uint8Array;
  readonly h3: Uint8Array;
}

/** Each hand's figures into its seat's columns at row i, and its flags. */
function writeSeatFigures(ctx: FigureContext, dealt: Dealt, seatCols: readonly (readonly Uint8Array[])[], i: number, flags: SeatFlags): void {
  const { g3, g3p, h3 } = flags;
  for (let s = 0; s < seatCols.length; s++) {
    const lo = dealt.hands[s]!;
    const we = dealt.weli[s]!;
    const w = figureWord5(ctx, lo, we);
    const nat = naturalFigureWord(ctx, lo);
    const sc = seatCols[s]!;
    sc[0]![i] = popcount(lo & ctx.wildLo) + (we & ctx.weliWild);
    sc[1]![i] = codeCount(wordGleich(w));
    sc[2]![i] = codeRankValue(wordGleich(w));
    sc[3]![i] = codeCount(wordHanger(w));
    sc[4]![i] = codeRankValue(wordHanger(w));
    sc[5]![i] = codeCount(wordGleich(nat));
    sc[6]![i] = codeCount(wordHanger(nat));
    g3[s] = sc[1]![i]! >= 3 ? 1 : 0;
    g3p[s] = g3[s] && sc[5]![i]! < 3 ? 1 : 0;
    h3[s] = sc[3]![i]! >= 3 ? 1 : 0;
  }
}

/** The deal's share of the run's metrics: per hand, per party, per table, and per fixed seat against the others. */
function addFigureMetrics(bm: BatchMetrics, flags: SeatFlags, parties: readonly (readonly number[])[], fixedSeats: readonly number[], otherSeats: readonly number[]): void {
  const { g3, g3p, h3 } = flags;
  const players = g3.length;
  let anyG3 = 0;
  let anyH3 = 0;
  let handG3 = 0;
  let handG3p = 0;
  let handH3 = 0;
  for (let s = 0; s < players; s++) {
    handG3 += g3[s]!;
    handG3p += g3p[s]!;
    handH3 += h3[s]!;
    anyG3 |= g3[s]!;
    anyH3 |= h3[s]!;
  }
  let partyG3 = 0;
  for (const p of parties) partyG3 += p.some((s) => g3[s] === 1) ? 1 : 0;
  bm.mean('hand_gleich3', handG3 / players);
  bm.mean('hand_gleich3_perlaggen', handG3p / players);
  bm.mean('party_gleich3', partyG3 / parties.length);
  bm.proportion('table_gleich3', anyG3);
  bm.mean('hand_hanger3', handH3 / players);
  bm.proportion('table_hanger3', anyH3);
  if (fixedSeats.length === 0) return;
  for (const s of fixedSeats) {
    bm.proportion(`s${s}_gleich3`, g3[s]!);
    bm.proportion(`s${s}_hanger3`, h3[s]!);
  }
  if (otherSeats.length === 0) return;
  let og = 0;
  let oh = 0;
  for (const s of otherSeats) {
    og += g3[s]!;
    oh += h3[s]!;
  }
  bm.mean('others_gleich3', og / otherSeats.length);
  bm.mean('others_hanger3', oh / otherSeats.length);
}

export async function createFiguresJob(spec: SimSpec): Promise<Job> {
  const r = resolveRuleset(spec.ruleset);
  if (![2, 3, 4, 6].includes(spec.players)) throw new SimSpecError(`--players must be 2, 3, 4 or 6, not ${spec.players}`);
  const engine = new FastDealer(r, spec.players);
  const players = engine.seats; // one column group per hand at the table
  const { fixed, fixedTrump } = fixedCards(spec, r, players);
  const where = spec.constraints.predicate;
  const predicate: DealPredicate | null = where === null ? null : await loadPredicate(where);
  const accepts = (d: number, dealerSeat: number): boolean => askPredicate(predicate!, where!, view(d, dealerSeat), spec.seed, `deal ${d}`);
  const uniform = fixed.size > 0 ? new UniformDealer(r, players, fixed) : null;
  const ctxs = new Map<Suit, FigureContext>(r.trumpSuitsAllowed.map((t) => [t, figureContext(r, t)]));
  const parties = partiesOf(players);
  const columns = figuresColumns(players);
  const dealt: Dealt = { hands: new Int32Array(players), weli: new Int32Array(players), trump: 'H', turned: 0 };
  const MAX_REDEALS = 1_000_000;

  const view = (deal: number, dealerSeat: number): DealView => dealView(dealt, deal, dealerSeat, players);

  const metrics = [...FIGURES_METRICS, ...fixedSeatFigureMetrics(fixed, players)];
  const fixedSeats = [...fixed.keys()].sort((a, b) => a - b);
  const otherSeats = Array.from({ length: players }, (_, s) => s).filter((s) => !fixed.has(s));
  return {
    describe: { dealer: uniform === null ? 'engine' : 'uniform with fixed cards' },
    tables: { deals: columns },
    metrics,
    whoIsDeciding: (slot) => `${slot[HB.what] === 2 ? `the --where predicate ${where}` : 'the dealer'} at deal ${slot[HB.deal]! >>> 0}, seed ${spec.seed}`,
    runBatch(start: number, end: number, opts: BatchOptions = {}): BatchResult {
      const rows = end - start;
      const col = allocColumns(columns, rows);
      const seatCols = Array.from({ length: players }, (_, s) => SEAT_SUFFIXES.map((suffix) => col[`s${s}_${suffix}`] as Uint8Array));
      const bm = new BatchMetrics(metrics, opts, rows);
      let rejected = 0;
      const flags: SeatFlags = { g3: new Uint8Array(players), g3p: new Uint8Array(players), h3: new Uint8Array(players) };
      for (let d = start; d < end; d++) {
        if (d > start && batchCut()) {
          end = d; // the run's time is up: the batch ends here, as a batch of [start, d) would
          break;
        }
        const i = d - start;
        const rng = keyedRng(spec.seed, d, STREAM.deal);
        const dealerSeat = d % players;
        let redeals = 0;
        beatDeal(d, 0);
        for (;;) {
          if (uniform === null) engine.deal(rng, dealerSeat, dealt);
          else uniform.deal(rng, dealt);
          if ((fixedTrump === null || dealt.trump === fixedTrump) && (predicate === null || accepts(d, dealerSeat))) break;
          if (++redeals > MAX_REDEALS) throw new PolicyFault(`deal ${d}, seed ${spec.seed}: no deal met the constraints (${where === null ? '--hand, --trump' : `--where ${where}`}) in ${MAX_REDEALS.toLocaleString('en-US')} tries`);
        }
        rejected += redeals;
        (col['deal'] as Uint32Array)[i] = d;
        (col['dealer'] as Uint8Array)[i] = dealerSeat;
        (col['trump'] as string[])[i] = dealt.trump;
        (col['turned'] as string[])[i] = cardShort(dealt.turned);
        (col['redeals'] as Uint32Array)[i] = redeals;
        writeSeatFigures(ctxs.get(dealt.trump)!, dealt, seatCols, i, flags);
        addFigureMetrics(bm, flags, parties, fixedSeats, otherSeats);
      }
      const filled = end - start;
      return { start, end, tables: { deals: filled === rows ? col : cutColumns(col, filled) }, rows: { deals: filled }, metrics: bm.acc, rejected, ...bm.series() };
    },
  };
}
