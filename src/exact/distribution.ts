// Exact answers by enumeration (issue: "how often does a hand show a dritziges Gleich?").
// Every 5-card hand of the deck (less any known cards) is evaluated once; the counts are exact.
// The question "only thanks to Perlaggen" compares the best figure with christening against the same
// hand with every card as what its picture shows (the Weli then in no figure, A-11).
import { WELI, type CardId, type Suit } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { binom } from '../cards/mask.ts';
import { figureContext, figureWord, naturalFigureWord } from '../eval/evaluate.ts';
import { codeCount, wordGleich, wordHanger } from '../eval/figures.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { UsageError } from '../core/errors.ts';

/** Cells: [perlaggen in hand][best Gleich count][best Hanger length][natural Gleich count][natural Hanger length]. */
export const DIM = 6;
const cell = (p: number, g: number, h: number, gn: number, hn: number): number => (((p * DIM + g) * DIM + h) * DIM + gn) * DIM + hn;
/** The index of a cell in `counts`: (Perlaggen in hand, best Gleich, best Hanger, natural Gleich, natural Hanger). */
export const cellIndex = cell;

export interface ExactDistribution {
  readonly ruleset: RulesVariant;
  readonly trump: Suit;
  /** Cards removed from the deck before dealing (known cards). */
  readonly excluded: readonly CardId[];
  /** Cards the hands are drawn from. */
  readonly deck: readonly CardId[];
  /** Perlaggen of this trump still in the deck, highest first. */
  readonly perlaggenInDeck: readonly CardId[];
  readonly hands: number;
  /** counts[cell(p, g, h, gn, hn)]; g and h are 0 for none, else 2..5. */
  readonly counts: Float64Array;
  readonly timings: { readonly tablesMs: number; readonly enumerateMs: number };
}

export class ExactError extends UsageError {
  override name = 'ExactError';
}

/** Enumerate every 5-card hand of the deck less `excluded` under the ruleset and trump. */
export function exactDistribution(ruleset: RulesVariant, trump: Suit, excluded: CardSet = CardSet.EMPTY): ExactDistribution {
  if (excluded.weli === 1 && !ruleset.deckHasWeli) throw new ExactError(`the Weli is not in the ${ruleset.name} deck`);
  const t0 = performance.now();
  const ctx = figureContext(ruleset, trump);
  const t1 = performance.now();
  const deck = CardSet.deck(ruleset.deckHasWeli).minus(excluded).ids();
  if (deck.length < 5) throw new ExactError(`only ${deck.length} cards left after --exclude; a hand needs 5`);
  const wildLo = ctx.wildLo;
  const counts = new Float64Array(DIM ** 5);
  const n = deck.length;
  const lo = new Int32Array(n);
  const we = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const id = deck[i]!;
    if (id === WELI) we[i] = 1;
    else lo[i] = 1 << id;
  }
  let hands = 0;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            const l = (lo[a]! | lo[b]! | lo[c]! | lo[d]! | lo[e]!) >>> 0;
            const w = we[a]! | we[b]! | we[c]! | we[d]! | we[e]!;
            const word = figureWord(ctx, l, w);
            const nat = naturalFigureWord(ctx, l);
            let p = w & ctx.weliWild;
            for (let m = (l & wildLo) >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) p++;
            counts[cell(p, codeCount(wordGleich(word)), codeCount(wordHanger(word)), codeCount(wordGleich(nat)), codeCount(wordHanger(nat)))]! += 1;
            hands++;
          }
  const t2 = performance.now();
  if (hands !== binom(n, 5)) throw new Error(`internal: enumerated ${hands} hands, expected C(${n},5)`);
  const excludedIds = excluded.ids();
  return {
    ruleset,
    trump,
    excluded: excludedIds,
    deck,
    perlaggenInDeck: ctx.perlaggen.order.filter((id) => deck.includes(id)),
    hands,
    counts,
    timings: { tablesMs: t1 - t0, enumerateMs: t2 - t1 },
  };
}

/** One row per non-empty cell: the tidy form written to Arrow and JSON. */
export interface ExactRow {
  readonly perlaggen: number;
  readonly gleich: number;
  readonly hanger: number;
  readonly gleichNatural: number;
  readonly hangerNatural: number;
  readonly hands: number;
}

export function exactRows(d: ExactDistribution): ExactRow[] {
  return cellRows(d.counts);
}

/** The non-empty cells of a counts (or probability mass) array; `hands` is then the cell's count (mass). */
export function cellRows(counts: Float64Array): ExactRow[] {
  const rows: ExactRow[] = [];
  for (let p = 0; p < DIM; p++)
    for (let g = 0; g < DIM; g++)
      for (let h = 0; h < DIM; h++)
        for (let gn = 0; gn < DIM; gn++)
          for (let hn = 0; hn < DIM; hn++) {
            const hands = counts[cell(p, g, h, gn, hn)]!;
            if (hands > 0) rows.push({ perlaggen: p, gleich: g, hanger: h, gleichNatural: gn, hangerNatural: hn, hands });
          }
  return rows;
}

/** The headline figures: how often a hand can show a dritziges (>= 3) Gleich / Hanger, and thanks to what. */
export interface ExactSummary {
  readonly hands: number;
  readonly dritzigesGleich: number;
  readonly dritzigesGleichThanksToPerlaggen: number;
  readonly viertigesGleich: number;
  readonly dritzigerHanger: number;
  readonly dritzigerHangerThanksToPerlaggen: number;
  readonly anyGleich: number;
  readonly anyHanger: number;
}

export function exactSummary(d: ExactDistribution): ExactSummary {
  return cellSummary(d.counts, d.hands);
}

/** The headline figures of a counts (or probability mass) array holding `hands` in all. */
export function cellSummary(counts: Float64Array, hands: number): ExactSummary {
  const rows = cellRows(counts);
  const sum = (pred: (r: ExactRow) => boolean) => rows.reduce((s, r) => (pred(r) ? s + r.hands : s), 0);
  return {
    hands,
    dritzigesGleich: sum((r) => r.gleich >= 3),
    dritzigesGleichThanksToPerlaggen: sum((r) => r.gleich >= 3 && r.gleichNatural < 3),
    viertigesGleich: sum((r) => r.gleich >= 4),
    dritzigerHanger: sum((r) => r.hanger >= 3),
    dritzigerHangerThanksToPerlaggen: sum((r) => r.hanger >= 3 && r.hangerNatural < 3),
    anyGleich: sum((r) => r.gleich >= 2),
    anyHanger: sum((r) => r.hanger >= 2),
  };
}
