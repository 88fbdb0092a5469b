// RULES §4.2, §4.6, §5, §6.1, §7.4: what a player can do in a hand, as plain data.
//
//   keepCut          the cutter keeps the permanent Perlagg showing at the cut (or not) [§4.2, A-31]
//   exchange         give `card` for the face-up Perlagg [§4.6, A-10]; declineExchange: leave it lying
//   play             lay `card`; a Perlagg carries its christening `as` (one of the 32 suited cards),
//                    or null = un-christened where the ruleset allows it [§5.1, §5.3, A-03]; plain cards: null
//   concede          let the Spiel "gut": the opponents make it and trick play stops [§6.1]
//   show             christen the free Perlaggen still in hand for both figures at once: `as[i]` is the
//                    identity of the i-th free Perlagg in hand, ascending card id [§5.1, §7.4]
//   chance           the outcome of a chance node (engine and runner only, never a policy)
//
// Bidding (RULES §8, §11.4; bid-windows.ts, bid-actions.ts):
//   pass             in a bid window: say nothing
//   bid              offer `figures` (named together, in that order; `cumulative` = all three unnamed,
//                    "Höll' auf", the ruleset's default order); `unseen` = with cards unseen (§8.7)
//   gut / hold       answers to an open offer: let it gut (the offerer writes level − 1 now) or hold it
//   raise            "Drei", "Vier" …: to `to` = the open offer's (or the held stake's) level + 1
//   veto / consent   1853: the bidder's partner protests at once, or lets the bid stand (§8.6)
//   ask              "um's Dritzige fragen" / "Viertig erlaubt?" / Innsbruck 17:17: claim a `count`-fold `type`
//   allow / reject   the opponents' answer to an ask
//
// Table talk (RULES §13; talk.ts has the vocabulary and when each phrase may be said):
//   say              say `phrase` to the partner at seat `to`; `suit` (0..3 = H S L E) for the suit a
//                    partner asks for, else -1; `figure` for the phrases about a figure, else null
//   quiet            say nothing (more): the seat's turn in the talk window ends
import { cardShort } from '../cards/notation.ts';
import type { TalkPhrase } from './talk-words.ts';

export type FigureName = 'Spiel' | 'Gleich' | 'Hanger';

export type PolicyAction =
  | { readonly kind: 'keepCut'; readonly keep: boolean }
  | { readonly kind: 'exchange'; readonly card: number }
  | { readonly kind: 'declineExchange' }
  | { readonly kind: 'play'; readonly card: number; readonly as: number | null }
  | { readonly kind: 'concede' }
  | { readonly kind: 'show'; readonly as: readonly number[] }
  | { readonly kind: 'pass' }
  | { readonly kind: 'bid'; readonly figures: readonly FigureName[]; readonly cumulative: boolean; readonly unseen: boolean }
  | { readonly kind: 'gut' }
  | { readonly kind: 'hold' }
  | { readonly kind: 'raise'; readonly figure: FigureName; readonly to: number }
  | { readonly kind: 'veto' }
  | { readonly kind: 'consent' }
  | { readonly kind: 'ask'; readonly count: number; readonly type: 'Gleich' | 'Hanger' }
  | { readonly kind: 'allow' }
  | { readonly kind: 'reject' }
  | { readonly kind: 'say'; readonly phrase: TalkPhrase; readonly to: number; readonly suit: number; readonly figure: FigureName | null }
  | { readonly kind: 'quiet' };

export type Action = PolicyAction | { readonly kind: 'chance'; readonly outcome: number };

export function sameAction(a: Action, b: Action): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'keepCut':
      return a.keep === (b as typeof a).keep;
    case 'exchange':
      return a.card === (b as typeof a).card;
    case 'play':
      return a.card === (b as typeof a).card && a.as === (b as typeof a).as;
    case 'show': {
      const o = (b as typeof a).as;
      return a.as.length === o.length && a.as.every((x, i) => x === o[i]);
    }
    case 'chance':
      return a.outcome === (b as typeof a).outcome;
    case 'bid': {
      const o = b as typeof a;
      return a.cumulative === o.cumulative && a.unseen === o.unseen && a.figures.length === o.figures.length && a.figures.every((x, i) => x === o.figures[i]);
    }
    case 'raise':
      return a.figure === (b as typeof a).figure && a.to === (b as typeof a).to;
    case 'ask':
      return a.count === (b as typeof a).count && a.type === (b as typeof a).type;
    case 'say': {
      const o = b as typeof a;
      return a.phrase === o.phrase && a.to === o.to && a.suit === o.suit && a.figure === o.figure;
    }
    default:
      return true;
  }
}

/** A short text form, for errors and logs: "play LU as HA", "exchange L9". */
export function actionText(a: Action): string {
  switch (a.kind) {
    case 'keepCut':
      return a.keep ? 'keep the cut Perlagg' : 'leave the cut Perlagg';
    case 'exchange':
      return `exchange ${cardText(a.card)}`;
    case 'declineExchange':
      return 'decline the exchange';
    case 'play':
      return `play ${cardText(a.card)}${a.as === null ? '' : ` as ${cardText(a.as)}`}`;
    case 'concede':
      return 'concede the Spiel';
    case 'show':
      return `show [${a.as.map(cardText).join(' ')}]`;
    case 'chance':
      return `chance ${a.outcome}`;
    case 'pass':
      return 'pass';
    case 'bid':
      return `bid ${a.cumulative ? 'all three (cumulative)' : a.figures.join('+')}${a.unseen ? ' unseen' : ''}`;
    case 'gut':
      return 'let it gut';
    case 'hold':
      return 'hold';
    case 'raise':
      return `raise the ${a.figure} to ${a.to}`;
    case 'veto':
      return 'veto';
    case 'consent':
      return 'consent';
    case 'ask':
      return `ask with a ${a.count}-fold ${a.type}`;
    case 'allow':
      return 'allow';
    case 'reject':
      return 'reject';
    case 'say':
      return `say ${a.phrase}${a.suit >= 0 ? ` ${'HSLE'[a.suit] ?? a.suit}` : ''}${a.figure === null ? '' : ` ${a.figure}`} to P${Number(a.to) + 1}`;
    case 'quiet':
      return 'say nothing';
  }
}

function cardText(c: unknown): string {
  return typeof c === 'number' && Number.isInteger(c) && c >= 0 && c <= 32 ? cardShort(c) : String(c);
}

// ---- shared action records ----
//
// Legal actions are handed to policies inside observations; they are deeply frozen records shared by every
// decision (no allocation per decision in the hot loop). Same fields, same order as literal actions.

type A<K extends PolicyAction['kind']> = Extract<PolicyAction, { kind: K }>;
const simple = <K extends PolicyAction['kind']>(kind: K): A<K> => Object.freeze({ kind }) as A<K>;
export const PASS = simple('pass');
export const GUT = simple('gut');
export const HOLD = simple('hold');
export const VETO = simple('veto');
export const CONSENT = simple('consent');
export const ALLOW = simple('allow');
export const REJECT = simple('reject');
export const CONCEDE = simple('concede');
export const DECLINE_EXCHANGE = simple('declineExchange');
export const KEEP_CUT: A<'keepCut'> = Object.freeze({ kind: 'keepCut', keep: true });
export const LEAVE_CUT: A<'keepCut'> = Object.freeze({ kind: 'keepCut', keep: false });

const PLAYS: Array<A<'play'>> = [];
for (let card = 0; card < 33; card++) {
  for (let as = 0; as <= 32; as++) PLAYS.push(Object.freeze({ kind: 'play', card, as: as === 32 ? null : as }));
}
/** The play action (card, as); as = null: plain or un-christened. */
export function playOf(card: number, as: number | null): A<'play'> {
  return PLAYS[card * 33 + (as === null ? 32 : as)]!;
}

const EXCHANGES: Array<A<'exchange'>> = Array.from({ length: 33 }, (_, card) => Object.freeze({ kind: 'exchange', card }));
export function exchangeOf(card: number): A<'exchange'> {
  return EXCHANGES[card]!;
}

const RAISES: Array<Array<A<'raise'>>> = [[], [], []];
const FIG_NAMES: readonly FigureName[] = ['Spiel', 'Gleich', 'Hanger'];
/** Raise figure f (0 Spiel, 1 Gleich, 2 Hanger) to `to`. */
export function raiseOf(f: number, to: number): A<'raise'> {
  let r = RAISES[f]![to];
  if (r === undefined) RAISES[f]![to] = r = Object.freeze({ kind: 'raise', figure: FIG_NAMES[f]!, to });
  return r;
}

const ASKS = new Map<number, A<'ask'>>();
export function askOf(count: number, type: 'Gleich' | 'Hanger'): A<'ask'> {
  const k = count * 2 + (type === 'Gleich' ? 0 : 1);
  let r = ASKS.get(k);
  if (r === undefined) ASKS.set(k, (r = Object.freeze({ kind: 'ask', count, type })));
  return r;
}

const BIDS = new Map<string, A<'bid'>>();
export function bidOf(figures: readonly FigureName[], cumulative: boolean, unseen: boolean): A<'bid'> {
  const k = `${figures.join(',')}|${cumulative ? 1 : 0}${unseen ? 1 : 0}`;
  let r = BIDS.get(k);
  if (r === undefined) BIDS.set(k, (r = Object.freeze({ kind: 'bid', figures: Object.freeze(figures.slice()), cumulative, unseen })));
  return r;
}
