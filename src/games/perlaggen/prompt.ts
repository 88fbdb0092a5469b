// A Perlaggen decision of a seat as a question in the game's words (issue 24, item 3): its German question and
// its answers as (word, label, actions) — games/prompt.ts — built from the seat's observation only, for any
// interface (the terminal's `perlagg play --human`, a web page's buttons).
//
// ONE QUESTION FOR ONE MOMENT. The engine asks the talk, a bid window and the card one after another; when
// nothing can happen in between, they are one moment at the table. A prompt is built from `steps`: the decision
// now and the seat's next decisions if everybody stays quiet (sim/ahead.ts) — the talk turn, the bid window,
// the card. Each answer's `actions` then say nothing / pass for the steps before its own ("HA" at a talk turn
// before the seat's card: quiet, pass, play HA); desk.ts follows them while nothing new happens. The bids of one
// set of figures in its orders are one answer with a group (Gleich und Hanger → which first), a Perlagg's
// christenings one answer with a group, as before.
//
// WORDS. Every answer can be typed: its word ("HA", "ja", "Gleich", "Drei Spiel"), its label, or a form of the
// game ("LU als HA", "Herz As", "Gleich und Hanger", "Höll' auf", "kannst du stechen", "gut drüben"); a word of
// the game that is not possible now is answered "jetzt nicht möglich" with the choices again, an action the
// rules forbid with their words (words.ts explainWords), a card not held from the observation first (so no
// explanation can tell where another seat's card lies).
import { WELI } from '../../cards/card.ts';
import { cardShort, tryParseCard } from '../../cards/notation.ts';
import { PASS, sameAction, type FigureName, type PolicyAction } from '../../engine/actions.ts';
import type { Observation } from '../../engine/observation.ts';
import { QUIET } from '../../engine/talk.ts';
import { phraseWords, type TalkPhrase } from '../../engine/talk-words.ts';
import { codeCount, codeRankValue, gleichName } from '../../eval/figures.ts';
import { RANKS, RANK_NAMES } from '../../cards/card.ts';
import { resolveRuleset } from '../../rules/registry.ts';
import { byWord, plain, type Option, type Prompt, type Reading } from '../prompt.ts';
import { actingHand, isPerlagg, offeredPerlagg, partyOf, seatName } from './screen.ts';
import { BID_PHRASE, bidWords, cards, countWord, explainWords, levelWord } from './words.ts';

/** A decision of the seat: what it sees then, and why an action would be illegal then (the engine's words). */
export interface Step {
  readonly obs: Observation;
  readonly explain: (a: PolicyAction) => string | null;
}

/** How a person wants to be asked. */
export interface SeatSettings {
  /** Asked in the bid window before every card (true), or only before the first card of a trick and his own (false). */
  everyWindow: boolean;
}

type Opt = Option<PolicyAction>;

// ---- the seat and the moment ----

/** Does this player lay the card of `seat` (his own, or the Strohmann he holds)? */
export function plays(obs: Observation, seat: number): boolean {
  if (seat === obs.seat) return true;
  return obs.dummySeat >= 0 && seat === obs.dummySeat && (obs.dummySeat + 2) % obs.seats === obs.seat;
}

/** The open trick (cards laid, winner not yet known), or null before a lead. */
function openTrick(obs: Observation): Observation['tricks'][number] | null {
  const t = obs.tricks[obs.tricks.length - 1];
  return t !== undefined && t.winner < 0 && t.plays.length > 0 ? t : null;
}

/** The seat that lays the next card. */
export function nextCardSeat(obs: Observation): number {
  const t = openTrick(obs);
  if (t !== null) return (t.leader + t.plays.length) % obs.seats;
  const last = obs.tricks[obs.tricks.length - 1];
  if (last === undefined) return obs.vorhand;
  return last.winner >= 0 ? last.winner : last.leader;
}

/**
 * A bid window the desk passes without asking: one before a later card of a trick already led that is
 * another seat's — unless the person asked to be asked before every card. The first card of each trick (the
 * bidding round), his own cards, the unseen window and the window after the Spiel are always asked.
 */
export function passesItself(obs: Observation, settings: SeatSettings): boolean {
  if (settings.everyWindow || obs.phase !== 'window' || obs.point < 0 || obs.point > 4) return false;
  if (openTrick(obs) === null) return false;
  return !plays(obs, nextCardSeat(obs));
}

/** Can the step be passed by saying nothing (a talk turn without a question, a bid window)? */
function passable(obs: Observation): boolean {
  return (obs.phase === 'talk' && obs.question === null) || obs.phase === 'window';
}

const quietOf = (obs: Observation): PolicyAction => (obs.phase === 'talk' ? QUIET : PASS);

// ---- labels ----

const FIGURE_WORD: Readonly<Record<string, FigureName>> = { spiel: 'Spiel', gleich: 'Gleich', hanger: 'Hanger' };
const LEVEL_OF_WORD: Readonly<Record<string, number>> = { zwei: 2, drei: 3, vier: 4, fuenf: 5, funf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10 };
const ASK_COUNT: Readonly<Record<string, number>> = { zweifach: 2, dritzig: 3, tritzig: 3, viertig: 4, fuenftig: 5, funftig: 5 };
const COUNT_ADJ: Readonly<Record<number, string>> = { 2: 'zweifach', 3: 'dritzig', 4: 'viertig', 5: 'fünftig' };
const FIGURE_ORDER: readonly FigureName[] = ['Spiel', 'Gleich', 'Hanger'];

/** The open offer the seat answers (the head of the queue): one not made by its party. */
function offerToAnswer(obs: Observation): Observation['bidding'][number] | null {
  const me = obs.party[obs.acting] ?? -1;
  return obs.bidding.find((b) => b.status === 'offer' && b.offerParty !== me) ?? null;
}

/** The level at which a raise is "Aus" (RULES §8.3, A-15), from what the observation shows. */
function ausLevel(obs: Observation): number {
  const r = resolveRuleset(obs.ruleset);
  if (r.raiseLadder === 'upTo7ThenAus') return 8;
  let need = 2;
  for (let p = 0; p < 2; p++) need = Math.max(need, obs.target - ((obs.score[p] ?? 0) + (obs.written[p] ?? 0)));
  return need;
}

/** A Hanger code in words without its suit (a showing choice): "dritziger Hanger bis zum Ober". */
function hangerWords(code: number): string {
  if (code === 0) return 'kein Hanger';
  const mult = ['', '', 'einfacher', 'dritziger', 'viertiger', 'fünftiger'][codeCount(code)] ?? '';
  const v = codeRankValue(code);
  return `${mult} Hanger bis zum ${v === 0 ? 'Sechser (Weli)' : RANK_NAMES[RANKS[v - 1]!]}${v === 8 ? ' (höchst)' : ''}`;
}

/** The partners a phrase can go to: more than one only with six players. */
const partnerCount = (obs: Observation): number => obs.party.filter((p, seat) => p === obs.party[obs.seat] && seat !== obs.seat && seat !== obs.dummySeat).length;

/** A phrase's short word: what a person types for it. */
function phraseWord(a: Extract<PolicyAction, { kind: 'say' }>): string {
  const f = a.figure ?? '';
  const words: Record<TalkPhrase, string> = {
    welcheFarbe: 'welche Farbe',
    trumpf: 'Trumpf',
    farbe: phraseWords('farbe', a.suit, null).replace(/!$/, ''),
    gutDrueben: 'gut drüben',
    ichKannNicht: 'ich kann nicht',
    kannstStechen: 'kannst du stechen',
    entscheidung: 'Entscheidung',
    inNatura: `in natura ${f}`,
    biet: `biet ${f}`,
    halt: `halt ${f}`,
    gutLassen: `lass ${f} gut`,
    ja: 'ja',
    nein: 'nein',
  };
  return words[a.phrase];
}

/** The German label of a Perlaggen action (the transcript's words). */
export function perlaggenLabel(a: PolicyAction, obs: Observation): string {
  switch (a.kind) {
    case 'keepCut':
      return a.keep ? 'behalten' : 'im Packen lassen';
    case 'exchange':
      return `${cardShort(a.card)} hergeben, den Perlagg ${cardShort(offeredPerlagg(obs))} nehmen`;
    case 'declineExchange':
      return `den Perlagg ${cardShort(offeredPerlagg(obs))} liegen lassen`;
    case 'play':
      return a.as === null ? (isPerlagg(obs, a.card) ? `${cardShort(a.card)} ungetauft` : cardShort(a.card)) : `${cardShort(a.card)} als ${cardShort(a.as)}`;
    case 'concede':
      return 'das Spiel gut lassen (aufgeben)';
    case 'show': {
      const free = actingHand(obs).filter((c) => isPerlagg(obs, c));
      const i = obs.legal.findIndex((x) => sameAction(x, a));
      const sc = obs.showChoices[i];
      const names = a.as.map((id, k) => `${cardShort(free[k] ?? -1)} als ${cardShort(id)}`).join(', ');
      const figs = sc === undefined ? '' : ` → ${gleichName(sc.gleich)}; ${hangerWords(sc.hanger)}`;
      return `weisen${names === '' ? '' : `: ${names}`}${figs}`;
    }
    case 'pass':
      return 'nichts sagen';
    case 'bid':
      return `${bidWords(a.figures, a.cumulative)}${a.unseen ? ' — ungesehen' : ''}`;
    case 'gut': {
      const o = offerToAnswer(obs);
      const lvl = o?.level ?? 2;
      return lvl <= 2 ? `„Gut“ (${o?.figure ?? 'das Gebot'} gut lassen)` : `„${levelWord(lvl - 1)} gut“`;
    }
    case 'hold': {
      const o = offerToAnswer(obs);
      const lvl = o?.level ?? 2;
      return lvl <= 2 ? '„Ich halte“' : `„Alle ${o?.aus === true ? 'Aus' : levelWord(lvl)} halten“`;
    }
    case 'raise':
      return `„${a.to >= ausLevel(obs) ? 'Aus!' : levelWord(a.to)}“ (${a.figure})`;
    case 'veto':
      return '„Einspruch!“ (das Gebot gilt nicht)';
    case 'consent':
      return 'einverstanden';
    case 'ask':
      return `ums ${countWord(a.count)} fragen (${a.type})`;
    case 'allow':
      return '„Es ist gut.“ (erlauben)';
    case 'reject':
      return '„Es wird zurückgewiesen.“';
    case 'say':
      return obs.question !== null ? `„${phraseWords(a.phrase, a.suit, a.figure)}“` : `zu ${seatName(a.to)}: „${phraseWords(a.phrase, a.suit, a.figure)}“`;
    case 'quiet':
      return 'nichts sagen';
  }
}

/** The word a person types for an action. */
export function perlaggenWord(a: PolicyAction, obs: Observation): string {
  switch (a.kind) {
    case 'keepCut':
      return a.keep ? 'behalten' : 'lassen';
    case 'exchange':
      return cardShort(a.card);
    case 'declineExchange':
      return 'liegen lassen';
    case 'play':
      return a.as === null ? (isPerlagg(obs, a.card) ? `${cardShort(a.card)} ungetauft` : cardShort(a.card)) : `${cardShort(a.card)} als ${cardShort(a.as)}`;
    case 'concede':
      return 'aufgeben';
    case 'show': {
      const free = actingHand(obs).filter((c) => isPerlagg(obs, c));
      return a.as.length === 0 ? 'weisen' : a.as.map((id, k) => `${cardShort(free[k] ?? -1)} als ${cardShort(id)}`).join(', ');
    }
    case 'pass':
      return 'passen';
    case 'bid':
      return a.cumulative ? "Höll' auf" : a.figures.join(' und ');
    case 'gut':
      return 'gut';
    case 'hold':
      return 'halten';
    case 'raise':
      return `${a.to >= ausLevel(obs) ? 'Aus' : levelWord(a.to)} ${a.figure}`;
    case 'veto':
      return 'Einspruch';
    case 'consent':
      return 'einverstanden';
    case 'ask':
      return `fragen ${a.type} ${COUNT_ADJ[a.count] ?? a.count}`;
    case 'allow':
      return 'erlauben';
    case 'reject':
      return 'zurückweisen';
    case 'say':
      return `${phraseWord(a)}${partnerCount(obs) > 1 ? ` zu ${seatName(a.to)}` : ''}`;
    case 'quiet':
      return 'nichts';
  }
}

// ---- the answers of one step ----

/** The answers of one step, each prefixed with the passes of the steps before it. */
function stepOptions(obs: Observation, before: readonly PolicyAction[]): Opt[] {
  const opt = (a: PolicyAction, label = perlaggenLabel(a, obs), word = perlaggenWord(a, obs)): Opt => ({ word, label, actions: [...before, a] });
  const out: Opt[] = [];
  const legal = obs.legal.filter((a) => a.kind !== 'pass' && a.kind !== 'quiet');
  // a Perlagg with several christenings: one answer, its christenings a group
  const plays = new Map<number, PolicyAction[]>();
  for (const a of legal) if (a.kind === 'play') plays.set(a.card, [...(plays.get(a.card) ?? []), a]);
  // a set of figures bid together: one answer, its orders a group
  const bidSets = new Map<string, PolicyAction[]>();
  const setKey = (a: Extract<PolicyAction, { kind: 'bid' }>) => `${[...a.figures].sort((x, y) => FIGURE_ORDER.indexOf(x) - FIGURE_ORDER.indexOf(y)).join('+')}|${a.unseen ? 1 : 0}`;
  for (const a of legal) if (a.kind === 'bid' && !a.cumulative) bidSets.set(setKey(a), [...(bidSets.get(setKey(a)) ?? []), a]);
  const done = new Set<string>();
  for (const a of legal) {
    if (a.kind === 'play' && plays.get(a.card)!.length > 1) {
      const key = `play${a.card}`;
      if (done.has(key)) continue;
      done.add(key);
      const group = plays.get(a.card)!;
      out.push({
        word: cardShort(a.card),
        label: `${cardShort(a.card)} (Perlagg: taufen …)`,
        actions: [],
        group: { question: `${cardShort(a.card)} taufen als? (z: zurück)`, options: group.map((x) => opt(x, perlaggenLabel(x, obs), x.kind === 'play' && x.as !== null ? cardShort(x.as) : 'ungetauft')) },
      });
    } else if (a.kind === 'bid' && !a.cumulative && bidSets.get(setKey(a))!.length > 1) {
      const key = `bid${setKey(a)}`;
      if (done.has(key)) continue;
      done.add(key);
      const group = bidSets.get(setKey(a))!;
      const names = [...a.figures].sort((x, y) => FIGURE_ORDER.indexOf(x) - FIGURE_ORDER.indexOf(y));
      out.push({
        word: names.join(' und '),
        label: `${names.map((f) => BID_PHRASE[f]).join(' und ')}${a.unseen ? ' — ungesehen' : ''} (welche zuerst? …)`,
        actions: [],
        group: { question: `${names.join(', ')}: in welcher Reihenfolge bietest du sie (die erste geht vor)? (z: zurück)`, options: group.map((x) => opt(x, perlaggenLabel(x, obs), x.kind === 'bid' ? x.figures.join(' und ') : '')) },
      });
    } else out.push(opt(a));
  }
  return out;
}

// ---- the question ----

function talkContext(obs: Observation): string {
  const t = Math.max(1, obs.tricks.length);
  if (obs.talkPoint === 'answer') {
    const o = obs.bidding.find((b) => b.status === 'offer');
    return `Bevor dein Partner ${o === undefined ? 'antwortet' : `auf ${o.figure} antwortet`}`;
  }
  const next = nextCardSeat(obs);
  if (obs.talkPoint === 'card') return `Bevor ${plays(obs, next) ? 'du deine Karte gibst' : `${seatName(next)} seine Karte gibt`} (Stich ${t})`;
  const lead = obs.tricks.length === 0 || obs.tricks[obs.tricks.length - 1]!.winner >= 0 ? obs.tricks.length + 1 : obs.tricks.length;
  return `Bevor ${plays(obs, next) ? 'du ausspielst' : `${seatName(next)} ausspielt`} (Stich ${lead})`;
}

/** The question of one step, as asked when it stands alone. */
function question(obs: Observation): string {
  const dummy = obs.acting >= 0 && obs.acting !== obs.seat ? ` (für den Strohmann ${seatName(obs.acting)})` : '';
  switch (obs.phase) {
    case 'cutKeep': {
      const shown = [...obs.history].reverse().find((e) => e.type === 'cutShows');
      return `Du hast abgehoben; unten zeigt sich ${shown !== undefined && shown.type === 'cutShows' ? cardShort(shown.card) : 'ein ständiger Perlagg'}. Behältst du ihn?`;
    }
    case 'exchange':
      return `Der aufgeschlagene Perlagg ${cardShort(offeredPerlagg(obs))} liegt offen${dummy}: tauschst du ihn ein?`;
    case 'play': {
      const open = openTrick(obs);
      return `${open === null ? 'Du spielst aus' : 'Du gibst zu'}${dummy} (Stich ${Math.max(1, obs.tricks.length)}): welche Karte?`;
    }
    case 'show':
      return `Weisen${dummy}: wie taufst du deine Perlaggen?`;
    case 'window': {
      if (obs.point < 0) return 'Bieten, bevor du deine Karten ansiehst? (Enter: nichts sagen)';
      if (obs.point >= 5) return `Nach dem Spiel${dummy}: bieten? (Enter: nichts sagen)`;
      const next = nextCardSeat(obs);
      const open = openTrick(obs);
      const who = plays(obs, next) ? (open === null ? 'du spielst aus' : 'du bist dran') : open === null ? `${seatName(next)} spielt aus` : `${seatName(next)} ist dran`;
      return `Vor der nächsten Karte (Stich ${obs.point + 1}, ${who})${dummy}: bieten? (Enter: nichts sagen)`;
    }
    case 'talk': {
      if (obs.question !== null) return `${seatName(obs.question.seat)} fragt: „${phraseWords(obs.question.phrase, obs.question.suit, obs.question.figure)}“`;
      return `${talkContext(obs)}: etwas sagen? (Enter: nichts sagen)`;
    }
    case 'answer': {
      if (obs.ask !== null && obs.ask.answer === 'pending') return `${partyOf(obs, obs.ask.party)} fragt ums ${countWord(obs.ask.count)} (${obs.ask.type}): erlauben?`;
      const o = offerToAnswer(obs);
      return o === null ? 'Antworte:' : `${partyOf(obs, o.offerParty)} bietet ${o.figure}${o.level > 2 ? ` (${o.aus ? 'Aus' : levelWord(o.level)})` : ''}: gut, halten oder erhöhen?`;
    }
    case 'veto':
      return 'Dein Partner hat geboten: Einspruch?';
    default:
      return 'Du bist dran:';
  }
}

/** The question of several steps asked as one: the last step's, and what may come first. */
function mergedQuestion(asked: readonly Observation[]): string {
  const last = asked[asked.length - 1]!;
  if (asked.length === 1) return question(last);
  const talk = asked.some((o) => o.phase === 'talk');
  const bid = asked.some((o) => o.phase === 'window');
  const what = [talk ? 'etwas sagen' : '', bid ? 'bieten' : ''].filter((x) => x !== '').join(' oder ');
  if (!passable(last)) return `${question(last)} Oder erst ${what} (Enter: nichts sagen).`;
  const talkObs = asked.find((o) => o.phase === 'talk');
  return `${talkObs === undefined ? question(last).replace(/: bieten\? \(Enter: nichts sagen\)$/, '') : talkContext(talkObs)}: ${what}? (Enter: nichts sagen)`;
}

export const PERLAGGEN_HELP = [
  'Antworte mit der Nummer einer Wahl, oder schreib sie aus:',
  '  eine Karte: HA, S10, Weli, Herz As; einen Perlagg getauft: LU als HA, Weli as EA (nur LU: die Taufen zur Wahl)',
  '  bieten: Spiel, Gleich, Hanger, „Spiel und Gleich“, „Höll auf“; nichts sagen: passen (oder Enter)',
  '  antworten: gut, halten, Drei, Vier … Aus; erlauben, zurückweisen; Einspruch, einverstanden',
  '  reden: ja, nein, Trumpf, Herz, gut drüben, welche Farbe, kannst du stechen, ich kann nicht, biet Gleich …',
  '  sonst: behalten / lassen (beim Abheben), tauschen HX / liegen lassen, weisen, aufgeben (das Spiel gut lassen)',
  '  in einer Unterfrage: z (zurück). „jede Karte“: vor jeder Karte ums Bieten gefragt werden, „meine Karten“: nur',
  '  vor dem Ausspielen und vor deinen Karten (so ist es am Anfang). Ende der Eingabe (Strg-D) beendet das Spiel.',
].join('\n');

// ---- reading a line ----

/** What a line means at one step: an action (legal or not), a mistake in words, or nothing. */
type Parsed = { readonly action: PolicyAction } | { readonly card: number } | { readonly error: string } | null;

/** What one line is read against: the observation, the acting hand, the line in plain words. */
interface LineReading {
  readonly obs: Observation;
  readonly line: string;
  readonly hand: readonly number[];
  readonly p: string;
  readonly words: readonly string[];
  readonly has: (...ws: string[]) => boolean;
  readonly pick: (test: (a: PolicyAction) => boolean) => PolicyAction | undefined;
  readonly notHeld: (card: number) => Parsed;
}

function parseAt(obs: Observation, line: string): Parsed {
  const hand = actingHand(obs);
  const p = plain(line);
  const words = p.split(' ');
  const r: LineReading = {
    obs,
    line,
    hand,
    p,
    words,
    has: (...ws) => ws.some((w) => words.includes(w) || p === w),
    pick: (test) => obs.legal.find(test),
    notHeld: (card) => ({ error: `jetzt nicht möglich: ${seatName(obs.acting)} hat ${cardShort(card)} nicht (Karten: ${cards(hand) || '—'})` }),
  };
  if (obs.phase === 'talk') return parseTalk(r);
  const christened = parseChristening(r);
  if (christened !== undefined) return christened;
  const card = parseCard(r);
  if (card !== undefined) return card;
  const own = parsePhaseWords(r);
  const found = own === BIDDING_WORDS ? parseBiddingWords(r) : own;
  return found === undefined ? null : { action: found };
}

/** A phrase of talk: its word or its sentence ("kannst du stechen", „Kannst du stechen?“, "Herz", "ja"). */
function parseTalk({ obs, p, has, pick }: LineReading): Parsed {
  const legal = obs.legal;
  const exact = legal.find((a) => a.kind === 'say' && plain(perlaggenWord(a, obs)) === p);
  if (exact !== undefined) return { action: exact };
  const said = legal.filter((a) => a.kind === 'say' && (plain(phraseWords(a.phrase, a.suit, a.figure)) === p || plain(phraseWord(a)) === p));
  if (said.length === 1) return { action: said[0]! };
  // six players: two partners to say it to
  if (said.length > 1) return { error: `zu wem? ${said.map((a) => `„${perlaggenWord(a, obs)}“`).join(' oder ')}` };
  const drueben = obs.question?.phrase === 'welcheFarbe' && p === 'gut' ? pick((a) => a.kind === 'say' && a.phrase === 'gutDrueben') : undefined;
  if (drueben !== undefined) return { action: drueben };
  if (obs.question === null && has('nichts', 'passen', 'still', 'quiet')) return { action: QUIET };
  return null;
}

/**
 * A christened Perlagg: "LU als HA", "Weli as EA", "LU getauft als Herz As", "LU=HA"; in the showing several,
 * comma-separated. undefined: the line is no christening.
 */
function parseChristening({ obs, line, hand, notHeld }: LineReading): Parsed | undefined {
  const pairs = line.split(/[,;]/).map((part) => /^\s*(.+?)\s*(?:=|\s(?:getauft\s+)?(?:als|as)\s)\s*(.+?)\s*$/i.exec(part));
  if (!pairs.every((m) => m !== null) || (obs.phase !== 'show' && obs.phase !== 'play')) return undefined;
  const parsed = pairs.map((m) => [tryParseCard(m![1]!), tryParseCard(m![2]!)] as const);
  if (parsed.some(([c, as]) => c === null || as === null)) return { error: `„${line}“: schreib Karte als Karte, z. B. LU als HA oder Weli as EA` };
  if (obs.phase === 'show') {
    const free = hand.filter((c) => isPerlagg(obs, c));
    const as: number[] = [];
    for (const c of free) {
      const hit = parsed.find(([x]) => x === c);
      if (hit === undefined) return { error: `taufe jeden Perlagg in der Hand: ${cards(free)} (z. B. ${free.map((c) => `${cardShort(c)} als HA`).join(', ')})` };
      as.push(hit[1]!);
    }
    return { action: { kind: 'show', as } };
  }
  if (parsed.length !== 1) return { error: 'eine Karte auf einmal' };
  const [card, as] = parsed[0]!;
  if (!hand.includes(card!)) return notHeld(card!);
  return { action: { kind: 'play', card: card!, as: as === WELI ? null : as! } };
}

/** A card named: played (a Perlagg unchristened with "ungetauft"), given in the exchange, or the cut kept. */
function parseCard({ obs, line, hand, notHeld }: LineReading): Parsed | undefined {
  const bare = /^\s*(.+?)\s+(ungetauft|ohne taufe|natur)\s*$/i.exec(line);
  if (bare !== null && obs.phase === 'play') {
    const c = tryParseCard(bare[1]!);
    if (c !== null) return hand.includes(c) ? { action: { kind: 'play', card: c, as: null } } : notHeld(c);
  }
  const card = tryParseCard(line.replace(/^(tauschen|tausche|gib|hergeben)\s+/i, '').replace(/\s+(hergeben|tauschen)$/i, ''));
  if (card === null) return undefined;
  if (obs.phase === 'play') {
    if (!hand.includes(card)) return notHeld(card);
    const opts = obs.legal.filter((a) => a.kind === 'play' && a.card === card);
    if (opts.length > 1) return { card }; // a Perlagg: its christenings to choose
    return { action: opts.length === 1 ? opts[0]! : { kind: 'play', card, as: null } };
  }
  if (obs.phase === 'exchange') return hand.includes(card) ? { action: { kind: 'exchange', card } } : notHeld(card);
  if (obs.phase === 'cutKeep') return { action: { kind: 'keepCut', keep: true } };
  return undefined;
}

/** parsePhaseWords found none of the phase's own words: read the line as a raise, bid, pass or ask. */
const BIDDING_WORDS = Symbol('bidding words');

/** The decision's own words: keep or leave the cut, exchange, concede, show, veto, the answers to a bid or an ask. */
function parsePhaseWords({ obs, p, has, pick }: LineReading): PolicyAction | undefined | typeof BIDDING_WORDS {
  const legal = obs.legal;
  switch (obs.phase) {
    case 'cutKeep':
      if (has('behalten', 'behalte', 'ja', 'keep', 'nehmen')) return pick((a) => a.kind === 'keepCut' && a.keep);
      if (has('lassen', 'nein', 'leave', 'liegen')) return pick((a) => a.kind === 'keepCut' && !a.keep);
      return undefined;
    case 'exchange':
      if (has('nein', 'lassen', 'liegen', 'nicht', 'decline')) return pick((a) => a.kind === 'declineExchange');
      if (has('tauschen', 'tausche', 'ja')) {
        const xs = legal.filter((a) => a.kind === 'exchange');
        return xs.length === 1 ? xs[0] : undefined;
      }
      return undefined;
    case 'play':
      if (has('aufgeben', 'concede') || /gut lassen|spiel gut/.test(p)) return { kind: 'concede' };
      return undefined;
    case 'show':
      if (has('weisen', 'zeigen', 'show')) {
        const shows = legal.filter((a) => a.kind === 'show');
        return shows.length === 1 ? shows[0] : undefined;
      }
      return undefined;
    case 'veto':
      if (has('einspruch', 'veto', 'nein')) return { kind: 'veto' };
      if (has('einverstanden', 'ok', 'ja', 'gut')) return { kind: 'consent' };
      return undefined;
    case 'answer':
      if (obs.ask !== null && obs.ask.answer === 'pending') {
        if (has('erlauben', 'erlaubt', 'zulassen', 'ja', 'gut', 'allow')) return { kind: 'allow' };
        if (has('zurueckweisen', 'zurueckgewiesen', 'ablehnen', 'nein', 'reject')) return { kind: 'reject' };
        return undefined;
      }
      if (has('gut')) return { kind: 'gut' };
      if (has('halten', 'halte', 'hold', 'anschauen', 'schaue', 'gehalten')) return { kind: 'hold' };
      return BIDDING_WORDS;
    default:
      return BIDDING_WORDS;
  }
}

/** Raises ("Drei", "Vier" … "Aus") in a window or an answer; bids, passes and asks in a window. */
function parseBiddingWords({ obs, p, words, has, pick }: LineReading): PolicyAction | undefined {
  const legal = obs.legal;
  const level = words.map((w) => LEVEL_OF_WORD[w]).find((x) => x !== undefined);
  const named = words.map((w) => FIGURE_WORD[w]).filter((x) => x !== undefined);
  if (has('aus') || level !== undefined) {
    const raises = legal.filter((a) => a.kind === 'raise' && (has('aus') ? a.to >= ausLevel(obs) : a.to === level) && (named.length === 0 || named.includes(a.figure)));
    return raises.length === 1 ? raises[0] : undefined;
  }
  if (obs.phase !== 'window') return undefined;
  if (has('passen', 'pass', 'nichts', 'weiter', 'nein', '-')) return PASS;
  if (has('fragen', 'frage', 'ask')) {
    const count = words.map((w) => ASK_COUNT[w.replace(/e$/, '')]).find((x) => x !== undefined);
    const asks = legal.filter((a) => a.kind === 'ask' && (named.length === 0 || named.includes(a.type)) && (count === undefined || a.count === count));
    return asks.length === 1 ? asks[0] : undefined;
  }
  if (/hoell ?auf|holl ?auf|alle drei/.test(p)) return pick((a) => a.kind === 'bid' && a.cumulative);
  if (named.length > 0) {
    const unseen = obs.point < 0;
    return { kind: 'bid', figures: named, cumulative: false, unseen };
  }
  return undefined;
}

/** Words of the game that name a decision (used to say "jetzt nicht möglich" rather than "verstehe ich nicht"). */
const GAME_WORDS = /^(gut|halten|halte|drei|vier|fuenf|aus|passen|spiel|gleich|hanger|behalten|lassen|einspruch|einverstanden|weisen|aufgeben|erlauben|zurueckweisen|tauschen|liegen lassen|fragen|ja|nein|trumpf|herz|schell|laub|eichel|gut drueben|welche farbe|kannst du stechen|ich kann nicht|entscheidung|hoell auf)\b/;

// ---- the prompt ----

/**
 * The prompt for the decision now (`steps[0]`) and, when it can be passed, the seat's next decisions if
 * everybody stays quiet (`steps[1..]`, sim/ahead.ts). Steps the desk would pass by itself (passesItself) give
 * no answers; the merging ends at the first step that cannot be passed and never starts at the unseen window
 * (its cards are not seen yet).
 */
export function perlaggenPrompt(steps: readonly Step[], settings: SeatSettings): Prompt<PolicyAction> {
  const now = steps[0]!;
  const chain: Step[] = [now];
  if (passable(now.obs) && !(now.obs.phase === 'window' && now.obs.point < 0)) {
    for (const s of steps.slice(1)) {
      chain.push(s);
      if (!passable(s.obs)) break;
    }
  }
  // answers: the last step's first (the card), then the bids, then the talk
  const before = (i: number): PolicyAction[] => chain.slice(0, i).map((s) => quietOf(s.obs));
  const asked = chain.map((s, i) => ({ s, i })).filter(({ s, i }) => i === 0 || !passesItself(s.obs, settings));
  const options: Opt[] = [];
  for (const { s, i } of [...asked].reverse()) {
    const own = stepOptions(s.obs, before(i));
    // before a card the bids are one answer (the card is what is asked): "bieten …" opens them
    if (s.obs.phase === 'window' && asked[asked.length - 1]!.s.obs.phase === 'play' && own.length > 1) {
      const figures = FIGURE_ORDER.filter((f) => s.obs.legal.some((a) => (a.kind === 'bid' && a.figures.includes(f)) || (a.kind === 'raise' && a.figure === f)));
      const asks = s.obs.legal.some((a) => a.kind === 'ask');
      options.push({ word: 'bieten', label: `bieten … (${[...figures, ...(asks ? ['fragen'] : [])].join(', ')})`, actions: [], group: { question: 'Was bietest du? (z: zurück)', options: own } });
    } else options.push(...own);
  }
  // Enter: nothing said and nothing bid in every step that can be passed (the card is then asked alone)
  const passes = chain.filter((s) => passable(s.obs)).length;
  const empty: Opt | undefined = passes > 0 && passable(now.obs) ? { word: 'passen', label: 'nichts sagen', actions: before(passes) } : undefined;
  const text = mergedQuestion(asked.map((x) => x.s.obs));
  const stepOf = (o: Opt): Step | undefined => chain[o.actions.length - 1];
  return {
    question: text,
    options,
    ...(empty === undefined ? {} : { empty }),
    help: PERLAGGEN_HELP,
    check: (o) => {
      const s = stepOf(o);
      const a = o.actions[o.actions.length - 1];
      if (s === undefined || a === undefined) return 'das steht jetzt nicht zur Wahl';
      if (s.obs.legal.some((x) => sameAction(x, a))) return null;
      let why: string | null = null;
      try {
        why = s.explain(a);
      } catch {
        why = null;
      }
      const words = why === null ? '' : explainWords(why);
      return words === '' ? 'das steht jetzt nicht zur Wahl' : words;
    },
    read: (line): Reading<PolicyAction> => {
      const listed = byWord(options, line);
      if (listed !== null) return { option: listed };
      const p = plain(line);
      if (/^(jede karte|vor jeder karte|bieten vor jeder karte)$/.test(p)) {
        settings.everyWindow = true;
        return { note: 'Ab jetzt wirst du vor jeder Karte gefragt, ob du bieten willst.' };
      }
      if (/^(meine karten|nur vor meinen karten|bieten nur vor meinen karten)$/.test(p)) {
        settings.everyWindow = false;
        return { note: 'Ab jetzt wirst du nur vor dem Ausspielen und vor deinen Karten gefragt, ob du bieten willst.' };
      }
      // the steps from the last (the card) back: a card is read at the card, a bid at the window, a phrase at the talk
      for (let i = chain.length - 1; i >= 0; i--) {
        const s = chain[i]!;
        if (i > 0 && passesItself(s.obs, settings)) continue;
        const r = parseAt(s.obs, line);
        if (r === null) continue;
        if ('error' in r) return { error: r.error };
        if ('card' in r) {
          const group = options.find((o) => o.group !== undefined && o.word === cardShort(r.card) && o.group.options[0]?.actions.length === i + 1 && o.group.options[0]?.actions[i]?.kind === 'play');
          if (group !== undefined) return { option: group };
          continue;
        }
        const a = r.action;
        if (a.kind === 'pass' || a.kind === 'quiet') return empty === undefined ? { error: `„${line}“ ist jetzt nicht möglich`, list: true } : { option: empty };
        const hit = findAction(options, a, i + 1);
        if (hit !== null) return { option: hit };
        return { option: { word: line, label: line, actions: [...before(i), a] } };
      }
      if (GAME_WORDS.test(p)) return { error: `„${line}“ ist jetzt nicht möglich`, list: true };
      return null;
    },
  };
}

/** The answer (or group child, at any depth) that takes `a` as its `n`-th action. */
function findAction(options: readonly Opt[], a: PolicyAction, n: number): Opt | null {
  for (const o of options) {
    if (o.group !== undefined) {
      const c = findAction(o.group.options, a, n);
      if (c !== null) return c;
    } else if (o.actions.length === n && sameAction(o.actions[n - 1]!, a)) return o;
  }
  return null;
}
