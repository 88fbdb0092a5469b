// The game's own words for what happens in a Perlaggen hand: one place for the transcript of `perlagg play`
// (transcript.ts), the screen of a person at the table (screen.ts) and the questions put to him (prompt.ts),
// so that the table talk, a bid or a write reads the same wherever a player reads it.
//
// The engine records events as data and gives its reasons and its explanations of an illegal action in
// English (they are also its log and its replay diagnostics); here they become the players' German
// (reasonWords, explainWords). A reason or an explanation this file does not know is not printed in English:
// only the rule it cites is (`siehe A-13`), so a new engine message shows as German, if briefly, until its
// words are added here.
import { SUIT_NAMES, SUITS, type Suit } from '../../cards/card.ts';
import { cardShort } from '../../cards/notation.ts';
import type { FigureName } from '../../engine/actions.ts';
import type { HandEvent } from '../../engine/history.ts';
import { gleichName, hangerName } from '../../eval/figures.ts';
import { citations, citedOnly } from '../prompt.ts';

export const LEVEL_WORD: Readonly<Record<number, string>> = { 2: 'Zwei', 3: 'Drei', 4: 'Vier', 5: 'Fünf', 6: 'Sechs', 7: 'Sieben', 8: 'Acht', 9: 'Neun', 10: 'Zehn' };
/** "Drei", "Vier" …; the number itself beyond Zehn. */
export const levelWord = (n: number): string => LEVEL_WORD[n] ?? String(n);
/** The Dritzige, Viertige … of an ask. */
export const COUNT_WORD: Readonly<Record<number, string>> = { 2: 'Zweifache', 3: 'Dritzige', 4: 'Viertige', 5: 'Fünftige' };
export const countWord = (n: number): string => COUNT_WORD[n] ?? `${n}-fache`;
/** A suit by its index 0..3 (H S L E) or its letter. */
export const suitWord = (suit: number | string): string => SUIT_NAMES[(typeof suit === 'number' ? SUITS[suit] : suit) as Suit] ?? String(suit);

export const cards = (xs: readonly number[]): string => xs.map(cardShort).join(' ');
/** A card as laid: "EU getauft als HU", or the card alone. */
export const playedText = (card: number, as: number | null): string => (as === null ? cardShort(card) : `${cardShort(card)} getauft als ${cardShort(as)}`);
/** "1 Karte", "3 Karten". */
export const cardCount = (n: number): string => `${n} ${n === 1 ? 'Karte' : 'Karten'}`;

/** A bid as it is said: „Gilt's Spiel?“, „Gilt der Hanger?“, „Höll' auf!“. */
export const BID_PHRASE: Readonly<Record<FigureName, string>> = { Spiel: '„Gilt\'s Spiel?“', Gleich: '„Gilt\'s Gleich?“', Hanger: '„Gilt der Hanger?“' };
export const bidWords = (figures: readonly FigureName[], cumulative: boolean): string => (cumulative ? '„Höll\' auf!“ (alle drei)' : figures.map((f) => BID_PHRASE[f]).join(' und '));
/** The figure as the object of a sentence: das Spiel, das Gleich, den Hanger. */
export const FIGURE_OBJECT: Readonly<Record<FigureName, string>> = { Spiel: 'das Spiel', Gleich: 'das Gleich', Hanger: 'den Hanger' };
/** The figure as its subject: das Spiel, das Gleich, der Hanger. */
export const FIGURE_SUBJECT: Readonly<Record<FigureName, string>> = { Spiel: 'das Spiel', Gleich: 'das Gleich', Hanger: 'der Hanger' };

/** An answer "gut" at `level` (the offer's level): „Gut 's Spiel“, „Drei gut“ is said as „Zwei gut“ for a Drei. */
export const gutWords = (level: number, figure: FigureName): string =>
  level === 2 ? `Gut ${figure === 'Spiel' ? "'s Spiel" : figure === 'Gleich' ? "'s Gleich" : 'der Hanger'}` : `${levelWord(level - 1)} gut`;
/** An answer "hold" at `level`: „Ich halte“, „Alle Drei halten“. */
export const holdWords = (level: number, aus: boolean): string => (level === 2 ? 'Ich halte' : `Alle ${aus ? 'Aus' : levelWord(level)} halten`);

/** The secret signs one seat gives a partner, as his private note: "1 Trumpf, 2 Perlaggen, der beste HK". */
export function signText(g: { readonly trumps: number; readonly perlaggen: number; readonly best: number }): string {
  const count = (n: number, one: string, many: string, none: string) => (n === 0 ? none : `${n} ${n === 1 ? one : many}`);
  return `${count(g.trumps, 'Trumpf', 'Trümpfe', 'kein Trumpf')}, ${count(g.perlaggen, 'Perlagg', 'Perlaggen', 'kein Perlagg')}${g.best >= 0 ? `, der beste ${cardShort(g.best)}` : ''}`;
}

/**
 * The cards of each round of the deal as they are really dealt: the ruleset's pattern repeated and cut short
 * at the hand size (deal.ts dealAll: with four-card hands 2+3 becomes 2+2).
 */
export function dealtPattern(pattern: readonly number[], handSize: number): number[] {
  const out: number[] = [];
  let n = 0;
  for (let i = 0; n < handSize && i < 64; i++) {
    const q = Math.min(pattern[i % pattern.length]!, handSize - n);
    out.push(q);
    n += q;
  }
  return out;
}

/** The header of the deal: "je 5 Karten, 2+3". */
export const dealWords = (pattern: readonly number[], handSize: number): string => `je ${cardCount(handSize)}, ${dealtPattern(pattern, handSize).join('+')}`;

// ---- the engine's reasons and explanations in German ----

const FIG = '(Spiel|Gleich|Hanger)';
const subj = (f: string) => FIGURE_SUBJECT[f as FigureName] ?? f;
const adjFalse = (f: string) => (f === 'Hanger' ? 'falscher Hanger' : `falsches ${f}`);

/** What a penalty is for ("a bid", "a Drei" …) in German. */
const WHAT: Readonly<Record<string, string>> = {
  'a bid': 'ein Gebot',
  'a bid of several figures': 'ein Gebot mehrerer Figuren',
  'a bid of all three': 'ein Gebot aller drei Figuren',
  'a Drei': 'ein „Drei“',
  'a raise': 'ein Erhöhen',
};

/** The engine's reasons (write, penalty, correction, partieOver, figure `how`), each as a pattern and its words. */
const REASONS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  [/^gut$/, () => 'gut'],
  [/^(\d+) gut$/, (m) => `${m[1]} gut`],
  [/^held$/, () => 'gehalten'],
  [/^aus$/, () => 'Aus gehalten'],
  [/^silent$/, () => 'nicht geboten'],
  [/^the Spiel is let gut$/, () => 'das Spiel wird gut gelassen'],
  [/^the asked figure is shown$/, () => 'die erfragte Figur ist gezeigt'],
  [/^Bummerl: the announced figure does not exist \((.*)\)$/, (m) => `Bummerl: die angesagte Figur gibt es nicht (${m[1]})`],
  [/^a false Dritzige ask rejected \((.*)\)$/, (m) => `eine falsche Frage ums Dritzige zurückgewiesen (${m[1]})`],
  [/^the Spiel at Aus is decided: written at once \((.*)\)$/, (m) => `das Spiel um Aus ist entschieden: sofort geschrieben (${m[1]})`],
  [/^the Spiel is decided: written at once \((.*)\)$/, (m) => `das Spiel ist entschieden: sofort geschrieben (${m[1]})`],
  [/^target reached by an immediate write$/, () => 'das Ziel mit einer sofort geschriebenen Figur erreicht'],
  [/^target reached with the corrected writes of the deal$/, () => 'das Ziel mit den berichtigten Punkten des Spiels erreicht'],
  [/^the higher asked figure goes out \((.*)\)$/, (m) => `die höhere erfragte Figur geht aus (${m[1]})`],
  [/^Aus held and won$/, () => 'Aus gehalten und gewonnen'],
  [new RegExp(`^the ${FIG} reaches the target$`), (m) => `${subj(m[1]!)} erreicht das Ziel`],
  [new RegExp(`^the unseen ${FIG} let gut is not there: not written \\((.*)\\)$`), (m) => `${m[1] === 'Hanger' ? 'der ungesehen gut gelassene' : 'das ungesehen gut gelassene'} ${m[1]} ist nicht da: nicht geschrieben (${m[2]})`],
  [new RegExp(`^false ${FIG}: the point is erased and written to the opponents \\((.*)\\)$`), (m) => `${adjFalse(m[1]!)}: der Punkt wird gestrichen und den Gegnern geschrieben (${m[2]})`],
  [new RegExp(`^the ${FIG} is not proved: not written$`), (m) => `${subj(m[1]!)} ist nicht bewiesen: nicht geschrieben`],
  [new RegExp(`^false ${FIG}: the stake goes to the opponents \\((.*)\\)$`), (m) => `${adjFalse(m[1]!)}: der Einsatz geht an die Gegner (${m[2]})`],
  [/^a revoke: the Spiel goes to the opponents \((.*)\)$/, (m) => `Farbe verleugnet: das Spiel geht an die Gegner (${m[1]})`],
  [/^a revoke: 2 minus points \((.*)\)$/, (m) => `Farbe verleugnet: 2 Minuspunkte (${m[1]})`],
  [/^false figure: the points of the whole Partie are lost \((.*)\)$/, (m) => `falsche Figur: die Punkte der ganzen Partie sind verloren (${m[1]})`],
  [/^false figure: the points of this deal are lost \((.*)\)$/, (m) => `falsche Figur: die Punkte dieses Spiels sind verloren (${m[1]})`],
  [/^false figure: 2 minus points \((.*)\)$/, (m) => `falsche Figur: 2 Minuspunkte (${m[1]})`],
  [/^(.+) while gestrichen: half the points \((.*)\)$/, (m) => `${WHAT[m[1]!] ?? 'geboten'}, obwohl gestrichen: die Hälfte der Punkte (${m[2]})`],
  [/^(.+) while gestrichen: 2 minus points \((.*)\)$/, (m) => `${WHAT[m[1]!] ?? 'geboten'}, obwohl gestrichen: 2 Minuspunkte (${m[2]})`],
  [/^(.+) over the limit \(score \+ open offers > target − 1\): 2 minus points \((.*)\)$/, (m) => `${WHAT[m[1]!] ?? 'geboten'} über die Grenze (Stand und offene Gebote über Ziel − 1): 2 Minuspunkte (${m[2]})`],
  [/^not asked \(17:17\)$/, () => 'nicht erfragt (17:17)'],
  [/^two-fold does not go out \(17:17, (.*)\)$/, (m) => `zweifach geht nicht aus (17:17, ${m[1]})`],
  [/^not written \(the Partie is over\)$/, () => 'nicht mehr geschrieben (die Partie ist aus)'],
];

/** An engine reason in German; '' when it is unknown and cites no rule (the caller then leaves it out). */
export function reasonWords(reason: string): string {
  for (const [re, words] of REASONS) {
    const m = re.exec(reason);
    if (m !== null) return citations(words(m));
  }
  return citedOnly(reason);
}

/** `text (reason)`, or `text` alone when the reason has no words. */
export const withReason = (text: string, reason: string): string => {
  const w = reasonWords(reason);
  return w === '' ? text : `${text} (${w})`;
};

const P = '(P\\d+)';
const C = '([A-Z][A-Za-z0-9]{0,3}|Weli)';
/** The engine's explanations of an illegal action (explainIllegal), each as a pattern and its words. */
const EXPLANATIONS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  [new RegExp(`^${C} is not in the hand of ${P}$`), (m) => `${m[2]} hat ${m[1]} nicht`],
  [new RegExp(`^${C} is not a Perlagg and cannot be christened \\((.*)\\)$`), (m) => `${m[1]} ist kein Perlagg und wird nicht getauft (${m[2]})`],
  [new RegExp(`^${C} is a Perlagg and must be christened when laid down \\((.*)\\)$`), (m) => `${m[1]} ist ein Perlagg und muss getauft werden, wenn er liegt (${m[2]})`],
  [/^a Perlagg is christened as one of the 32 suited cards, never as a 6 \((.*)\)$/, (m) => `ein Perlagg wird auf eine der 32 Farbkarten getauft, nie auf einen Sechser (${m[1]})`],
  [/^holding (\w+), a Perlagg must be christened \w+ or trump here \((.*)\)$/, (m) => `wer ${m[1]} hat, tauft den Perlagg auf ${m[1]} oder Trumpf`],
  [new RegExp(`^${P} must overtake with (.+) \\(mustOvertake\\)$`), (m) => `${m[1]} muss überstechen: mit ${m[2]!.replace(/ or /g, ' oder ')}`],
  [/^a trump instead of (\w+) only if it takes the trick \((.*)\)$/, (m) => `ein Trumpf statt ${m[1]} nur, wenn er den Stich macht`],
  [new RegExp(`^${P} holds (.+): must follow (\\w+)( or trump)? \\((RULES §[\\d.]+)(?:, .*)?\\)$`), (m) => `${m[1]} hat ${m[2] === 'a Perlagg' ? 'einen Perlagg' : m[2]}: ${m[3]} muss bedient werden${m[4] === undefined ? '' : ' (oder gestochen)'} (${citations(m[5]!)})`],
  [new RegExp(`^${P} is bound to the figure he bid or held and must spend this Perlagg on it \\((.*)\\)$`), (m) => `${m[1]} ist an die Figur gebunden, die er geboten oder gehalten hat, und braucht diesen Perlagg für sie (${m[2]})`],
  [new RegExp(`^${P} holds a plain trump and must exchange the turned-up Perlagg ${C} \\((.*)\\)$`), (m) => `${m[1]} hat einen Trumpf und muss den aufgeschlagenen Perlagg ${m[2]} eintauschen (${m[3]})`],
  [new RegExp(`^${P} cannot give ${C} for ${C}: only (.*) \\((.*)\\)$`), (m) => `${m[1]} kann ${m[2]} nicht für ${m[3]} hergeben: nur ${m[4] === 'nothing' ? 'nichts' : m[4]} (${m[5]})`],
  [new RegExp(`^${P} may not raise the ${FIG} now: only the party entitled to hold may raise \\((.*)\\)$`), (m) => `${m[1]} darf ${FIGURE_OBJECT[m[2] as FigureName]} jetzt nicht erhöhen: nur die Partei, die halten darf, erhöht (${m[3]})`],
  [/^a raise goes above the level (\d+)$/, (m) => `ein Erhöhen geht über ${levelWord(Number(m[1]))} hinaus`],
  [/^only a party holding a figure as multiple may reject \((.*)\)$/, (m) => `zurückweisen darf nur eine Partei, die die Figur selbst mehrfach hat (${m[1]})`],
  [new RegExp(`^${P} is gestrichen and may not hold: it must let the bid gut \\((.*)\\)$`), (m) => `${m[1]} ist gestrichen und darf nicht halten: er muss es gut sein lassen (${m[2]})`],
  [/^an ask is answered with allow or reject$/, () => 'auf eine Frage antwortet man mit erlauben oder zurückweisen'],
  [/^the Spiel can be conceded only between two parties$/, () => 'das Spiel gut lassen geht nur zwischen zwei Parteien'],
  [new RegExp(`^${P} has (\\d+) free Perlaggen to christen, one identity each$`), (m) => `${m[1]} hat ${m[2]} freie Perlaggen zu taufen, jeden auf eine Karte`],
  [new RegExp(`^${P} shows one of the best figure pairs his hand can make \\((.*?)\\): (.*)$`), (m) => `${m[1]} weist eines der besten Figurenpaare seiner Hand (${m[2]}): ${m[3]}`],
  [new RegExp(`^${P} must answer ${P}'s question \\((.*)\\)$`), (m) => `${m[1]} muss zuerst ${m[2]} antworten (${m[3]})`],
  [new RegExp(`^${P} cannot say that now \\((.*?)\\)`), (m) => `${m[1]} kann das jetzt nicht sagen (${m[2]})`],
  [new RegExp(`^${P} cannot .+ now \\((.*)\\)$`), (m) => `${m[1]} kann das jetzt nicht (${m[2]})`],
  [/^cannot .+ now: .*$/, () => 'das ist jetzt nicht an der Reihe'],
];

/** An engine explanation of an illegal action in German; only the rule it cites when the words are unknown. */
export function explainWords(msg: string): string {
  for (const [re, words] of EXPLANATIONS) {
    const m = re.exec(msg);
    if (m !== null) return citations(words(m));
  }
  return citedOnly(msg);
}

// ---- events ----

/** How the printer names the seats and parties (the transcript: P2; the screen: P2 (du), the Strohmann). */
export interface EventNames {
  /** A seat as the actor of a line. */
  who(seat: number): string;
  /** A party: "Partei A (P1/P3)", or the seat when each plays for himself. */
  party(party: number): string;
}

/**
 * One event in the game's words, where the transcript and the screen say the same; null for the events they
 * print each their own way (the deal, the trump, the cards of a trick, the Spiel, the signs, the talk) and for
 * the silent ones. Every event type is named here, so that a new one cannot reach a screen unworded.
 */
export function eventWords(e: HandEvent, n: EventNames): string | null {
  switch (e.type) {
    case 'cut':
      return `Abheben: ${n.who(e.cutter)} hebt ${cardCount(e.lifted)} ab.`;
    case 'cutShows':
      return e.permanent ? `  Unten am abgehobenen Packen zeigt sich ${cardShort(e.card)}, ein ständiger Perlagg.` : `  Unten am abgehobenen Packen liegt ${cardShort(e.card)}.`;
    case 'cutKeep':
      return e.keep ? `  ${n.who(e.seat)} behält ${cardShort(e.card)}.` : `  ${n.who(e.seat)} lässt ${cardShort(e.card)} im Packen.`;
    case 'skipped':
      return `Aufgeschlagen: ${cardShort(e.card)} — diese Farbe ist nie Trumpf, die Karte bleibt offen neben dem Stock.`;
    case 'stockShown':
      return e.cards.length === 2 ? `Luck und Boden gezeigt: ${cards(e.cards)}` : `Untere Karte des Stocks gezeigt: ${cards(e.cards)}`;
    case 'exchange':
      return `Tausch: ${n.who(e.seat)} nimmt den aufgeschlagenen Perlagg ${cardShort(e.took)} und legt ${cardShort(e.gave)} offen hin.`;
    case 'exchangeDeclined':
      return `Tausch: ${n.who(e.seat)} lässt den Perlagg ${cardShort(e.faceUp)} liegen.`;
    case 'concede':
      return `${n.who(e.seat)} lässt das Spiel gut (${n.party(e.party)} gibt es auf).`;
    case 'show': {
      const own = e.cards.map((c) => playedText(c.card, c.as)).join(', ');
      return `  ${n.who(e.seat)}${own === '' ? ' (keine Karte mehr in der Hand)' : ` zeigt ${own}`} — ${gleichName(e.gleich)}; ${hangerName(e.hanger, e.hangerSuit)}`;
    }
    case 'figure': {
      const how = e.how === 'held' ? ' (gehalten)' : e.how === 'aus' ? ' (Aus gehalten)' : '';
      if (e.how.startsWith('not written')) return `Wertung: ${e.figure} wird nicht mehr geschrieben (die Partie ist aus)`;
      if (e.party >= 0) return `Wertung: ${e.figure}${how} → ${n.party(e.party)} ${e.points}`;
      if (e.figure === 'Spiel') return 'Wertung: Spiel → niemand';
      return `Wertung: ${e.figure}${how} ${e.how.includes('17:17') ? `→ zählt nicht (${reasonWords(e.how)})` : e.code === 0 ? '→ niemand hat eins' : 'steht'}`;
    }
    case 'bid': {
      const void_ = e.kept === 0 ? ' — ungültig' : e.kept < e.figures.length ? ` — nur ${e.figures.slice(0, e.kept).join(', ')} gilt` : '';
      return `  ${n.who(e.seat)} bietet${e.unseen ? ' ungesehen' : ''}: ${bidWords(e.figures, e.cumulative)}${void_}`;
    }
    case 'raise':
      return `  ${n.who(e.seat)}: „${e.aus ? 'Aus!' : levelWord(e.to)}“ (${e.figure})${e.valid ? '' : ' — ungültig, gilt als gehalten'}`;
    case 'answer':
      if (e.answer === 'gut') return `  ${e.seat >= 0 ? n.who(e.seat) : n.party(e.party)}: „${gutWords(e.level, e.figure)}“`;
      return `  ${n.who(e.seat)}: „${holdWords(e.level, e.aus)}“ (${e.figure})`;
    case 'veto':
      return `  ${n.who(e.seat)}: ${!e.veto ? 'einverstanden' : e.act === 'bid' ? 'Einspruch! Das Gebot gilt nicht.' : e.act === 'hold' ? 'Einspruch! Es ist gut.' : 'Einspruch! Wir halten nur.'}`;
    case 'ask':
      return `  ${n.who(e.seat)} fragt ums ${countWord(e.count)} (${e.kind})`;
    case 'askAnswer':
      return `  ${e.seat >= 0 ? n.who(e.seat) : n.party(e.party)}: ${e.allow ? '„Es ist gut.“' : '„Es wird zurückgewiesen.“'}${e.truthful === false ? ' — die Figur ist nicht da' : ''}`;
    case 'write':
      return withReason(`  → ${n.party(e.party)} schreibt ${e.points > 0 ? '+' : ''}${e.points}`, e.reason);
    case 'revoke':
      return `  Farbe verleugnet: ${n.who(e.seat)} spielte ${cardShort(e.card)} in Stich ${e.trick + 1}${e.substitute >= 0 ? ` — ${cardShort(e.substitute)} kommt an seine Stelle` : ''}${e.penalty === 'spielPlus2' ? ' — Spiel-Verlust und zwei Punkte Strafe' : ''}`;
    case 'correction':
      return withReason(`  Berichtigung: ${n.party(e.from)} −${e.points}${e.to >= 0 ? `, ${n.party(e.to)} +${e.points}` : ''}`, e.reason);
    case 'penalty': {
      if (e.points !== 0) return withReason(`  Strafe: ${n.party(e.party)} −${e.points}`, e.reason);
      const w = reasonWords(e.reason);
      return `  ${n.party(e.party)}: ${w === '' ? 'Strafe' : w}`;
    }
    case 'partieOver': {
      const w = reasonWords(e.reason);
      return `Die Partie ist aus: ${n.party(e.winner)} gewinnt${w === '' ? '' : ` (${w})`}.`;
    }
    case 'end':
      return `Punkte: ${e.points.map((x, p) => `${n.party(p)} ${x}`).join(', ')}`;
    case 'shuffled':
    case 'dealt':
    case 'turnedUp':
    case 'exchangeOffer':
    case 'play':
    case 'trick':
    case 'spiel':
    case 'window':
    case 'sign':
    case 'say':
      return null;
    default: {
      const unworded: never = e;
      void unworded;
      return null;
    }
  }
}
