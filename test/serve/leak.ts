// What the page may know at a question of a hand, and the cards of other seats it names anyway: the check of
// issue 30 item 2 ("nothing of another seat's hidden cards reaches the page before the rules show it"), shared
// by the server's tests and the browser's. The cards of the deal come from the same deal played by bots (the
// deal is keyed by the seed and the deal index, not by the decisions).
import { cardShort } from '../../src/cards/notation.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal } from '../../src/play/hand.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';

/** Every card name in a text (HA, S10, EU, Weli). */
export function cardsNamed(text: string): Set<string> {
  return new Set(text.match(/\b(?:[HSLE](?:10|[789UOKA])|Weli)\b/g) ?? []);
}

/** Each seat's cards as dealt, and the stock, of the hand the server deals for this table. */
export function dealOf(t: { ruleset: string; players: number; seed: number; deal: number }): { hands: string[][]; stock: string[] } {
  const ruleset = resolveRuleset(t.ruleset);
  const seats = t.players === 3 && ruleset.threePlayers === 'strohmann' ? 4 : t.players;
  const policies = Array.from({ length: t.players }, () => ({ name: 'simple', policy: builtinPolicy('simple').create({}) }));
  const { state } = playDeal({ ruleset, players: t.players, policies, rootSeed: t.seed, dealIndex: t.deal, dealer: t.deal % seats });
  const hands: string[][] = Array.from({ length: seats }, () => []);
  for (const e of state.events) if (e.type === 'dealt') hands[e.seat] = e.cards.map(cardShort);
  return { hands, stock: state.stock.map(cardShort) };
}

interface Seen {
  view: { hand: string[]; turned: string | null; open: string[]; perlaggen: string[]; seen: Array<{ cards: string[] }>; tricks: Array<{ plays: Array<{ card: string; as: string | null }> }>; log: string[] };
}

/**
 * The hidden cards (other seats' hands and the stock) a table's data names although the rules have not shown
 * them: shown are the seat's own cards, what lies open (the turned card, cards beside the stock, the
 * Strohmann he holds), which cards are the Perlaggen (a fact of the trump, not of who holds them), the cards
 * played, and a card a rule shows in words (an exchange, a partner's sign, a showing). Also returns how many
 * hidden cards stayed unshown, so that a caller can see the check had something to find.
 */
export function leaks(data: string, st: Seen, hidden: readonly string[]): { leaked: string[]; unshown: number } {
  const v = st.view;
  // a Perlagg's christening ("EU als HA", in a choice or in the showing) names what it may stand for — any card
  // not known to be elsewhere — not where a card is
  data = data.replace(/"word":\s*"[^"]*",\s*"label":\s*"[^"]* als [^"]*"/g, '').replace(/ als (?:[HSLE](?:10|[789UOKA])|Weli)\b/g, ' als …');
  const shown = new Set<string>([...v.hand, ...(v.turned === null ? [] : [v.turned]), ...v.open, ...v.perlaggen, ...v.seen.flatMap((s) => s.cards), ...v.tricks.flatMap((t) => t.plays.flatMap((p) => [p.card, ...(p.as === null ? [] : [p.as])]))]);
  for (const line of v.log) if (/Tausch|Zeichen|zeigt|weist|Abheben|offen/.test(line)) for (const c of cardsNamed(line)) shown.add(c);
  const named = cardsNamed(data);
  const notShown = hidden.filter((c) => !shown.has(c));
  return { leaked: notShown.filter((c) => named.has(c)), unshown: notShown.length };
}
