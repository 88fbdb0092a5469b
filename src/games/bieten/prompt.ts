// A Bieten decision of a seat as a question in the game's words [001] — the Bieten face of
// games/perlaggen/prompt.ts: its German question and its answers as (word, label, action), built from the
// seat's BietenObservation only, for any interface. A card not held is answered from the observation (the
// engine's explanation would say who holds it); an action the rules forbid gets the rules' words in German
// (bietenExplainWords), never the engine's English.
import { cardShort, tryParseCard } from '../../cards/notation.ts';
import { byWord, citations, citedOnly, plain, type Option, type Prompt, type Reading } from '../prompt.ts';
import { sameBietenAction } from './engine.ts';
import type { BietenObservation } from './observe.ts';
import type { BietenFigure } from './rules.ts';
import { ARTICLE, IN } from './screen.ts';
import type { BietenAction } from './state.ts';

const FIGURE_OF_WORD: Readonly<Record<string, BietenFigure>> = { herz: 'Herz', rot: 'Herz', rote: 'Herz', laub: 'Laub', gruen: 'Laub', gruene: 'Laub', gleich: 'Gleich', hanger: 'Hanger', spiel: 'Spiel' };
const SUIT: Readonly<Record<string, string>> = { Herz: 'Herz', Schell: 'Schell', Laub: 'Laub', Eichel: 'Eichel' };

export function bietenLabel(a: BietenAction): string {
  switch (a.kind) {
    case 'play':
      return cardShort(a.card);
    case 'revoke':
      return `${cardShort(a.card)} (Farbe verleugnen!)`;
    case 'bid':
      return `${ARTICLE[a.figure]} bieten`;
    case 'groschen':
      return `einen Groschen geben ${IN[a.figure]} („Drei!“)`;
    case 'pass':
      return 'nichts sagen';
    case 'gut':
      return '„Es ist gut!“';
    case 'hold':
      return '„Ich schaue es an!“ (halten)';
  }
}

export function bietenWord(a: BietenAction): string {
  switch (a.kind) {
    case 'play':
      return cardShort(a.card);
    case 'revoke':
      return `${cardShort(a.card)} verleugnen`;
    case 'bid':
      return a.figure;
    case 'groschen':
      return `Drei ${a.figure}`;
    case 'pass':
      return 'passen';
    case 'gut':
      return 'gut';
    case 'hold':
      return 'halten';
  }
}

// ---- the engine's explanations in German ----

const F = '(Herz|Laub|Gleich|Hanger|Spiel)';
const N = '(\\S+)';
const art = (f: string) => ARTICLE[f as BietenFigure] ?? f;
const subject = (f: string) => (f === 'Hanger' ? 'der Hanger' : art(f));
/** "the Gleich is already bid by A and held by B" … (the engine's describeFigure) in German. */
function figureState(text: string): string {
  let m = new RegExp(`^the ${F} is not bid$`).exec(text);
  if (m !== null) return `${subject(m[1]!)} ist nicht geboten`;
  m = new RegExp(`^the ${F} is being answered$`).exec(text);
  if (m !== null) return `auf ${art(m[1]!)} wird gerade geantwortet`;
  m = new RegExp(`^the ${F} is already bid by ${N} and held by ${N}( at Drei)?$`).exec(text);
  if (m !== null) return `${subject(m[1]!)} ist schon von ${m[2]} geboten und von ${m[3]} ${m[4] === undefined ? '' : 'mit Groschen '}gehalten`;
  m = new RegExp(`^the ${F} is already settled \\(let gut, ${N} wrote (\\d+)\\)$`).exec(text);
  if (m !== null) return `${subject(m[1]!)} ist schon erledigt (gut gelassen, ${m[2]} schrieb ${m[3]})`;
  return '';
}

const EXPLANATIONS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  [new RegExp(`^${N} must follow (\\w+): he holds (.+?) \\(suit must be followed in all circumstances, (RULES §[\\d.]+ rule \\d+)\\)`), (m) => `${m[1]} muss ${SUIT[m[2]!] ?? m[2]} bedienen: er hat ${m[3]} (Farbe muss immer bedient werden, ${m[4]})`],
  [new RegExp(`^${N} cannot bid the ${F}: (.*)$`), (m) => `${m[1]} kann ${art(m[2]!)} nicht bieten: ${figureState(m[3]!) || 'es geht nicht'}`],
  [new RegExp(`^${N} already bid the ${F} void in this deal$`), (m) => `${m[1]} hat ${art(m[2]!)} in diesem Gang schon ungültig geboten`],
  [new RegExp(`^${N} is answering the ${F}, not the ${F}$`), (m) => `${m[1]} antwortet auf ${art(m[2]!)}, nicht auf ${art(m[3]!)}`],
  [new RegExp(`^no more than Drei can be given \\((.*?)\\): ${N} answers the Groschen with gut or hold$`), (m) => `mehr als Drei gibt es nicht (${m[1]}): ${m[2]} antwortet auf den Groschen mit gut oder halten`],
  [new RegExp(`^no more than Drei can be given \\((.*?)\\): the ${F} already has a Groschen$`), (m) => `mehr als Drei gibt es nicht (${m[1]}): auf ${art(m[2]!)} liegt schon ein Groschen`],
  [new RegExp(`^${N} already gave a void Groschen on the ${F}$`), (m) => `${m[1]} hat auf ${art(m[2]!)} schon einen ungültigen Groschen gegeben`],
  [/^a Groschen is given in answer to a bid or on a held figure \((.*?)\): (.*)$/, (m) => `einen Groschen gibt man auf ein Gebot oder auf eine gehaltene Figur (${m[1]}): ${figureState(m[2]!) || 'hier nicht'}`],
  [new RegExp(`^only ${N}, who holds the ${F}, may give a Groschen on it \\((RULES §[\\d.]+ rule \\d+).*\\)$`), (m) => `nur ${m[1]}, der ${art(m[2]!)} hält, darf einen Groschen darauf geben (${m[3]})`],
  [new RegExp(`^${N} says nothing by laying his card$`), (m) => `${m[1]} sagt nichts, indem er seine Karte legt`],
  [new RegExp(`^${N} already held the Spiel void \\(no card of its suit in the last trick\\)$`), (m) => `${m[1]} hat das Spiel schon ungültig gehalten (keine Karte seiner Farbe im letzten Stich)`],
  [/^cannot .+ now: .*$/, () => 'das ist jetzt nicht an der Reihe'],
];

/** A Bieten engine explanation in German; only the rule it cites when its words are unknown. */
export function bietenExplainWords(msg: string): string {
  for (const [re, words] of EXPLANATIONS) {
    const m = re.exec(msg);
    if (m !== null) return citations(words(m));
  }
  return citedOnly(msg);
}

// ---- the question ----

function question(obs: BietenObservation): string {
  if (obs.phase === 'answer' && obs.offer !== null) {
    const o = obs.offer;
    return `${obs.names[o.by]} ${o.level === 2 ? `gibt einen Groschen ${IN[o.figure]}` : `bietet ${ARTICLE[o.figure]}`}: gut, halten${o.level === 1 ? ' oder Drei' : ''}?`;
  }
  if (obs.phase === 'window') return 'Deine Karte liegt: noch bieten? (Enter: nichts sagen)';
  const open = obs.tricks[obs.tricks.length - 1];
  const lead = open === undefined || open.winner >= 0 || open.plays.length === 0;
  return `${lead ? 'Du spielst aus' : 'Du gibst zu'}: welche Karte (oder erst bieten)?`;
}

export const BIETEN_HELP = [
  'Antworte mit der Nummer einer Wahl, oder schreib sie aus:',
  '  eine Karte: HA, L10, Herz As; bieten: Herz, Laub, Gleich, Hanger, Spiel; nichts sagen: passen (oder Enter)',
  '  antworten: gut, halten (anschauen), Drei (einen Groschen geben)',
  '  Ende der Eingabe (Strg-D) beendet das Spiel.',
].join('\n');

const GAME_WORDS = /^(gut|halten|halte|anschauen|drei|groschen|passen|herz|laub|gleich|hanger|spiel)\b/;

/** The prompt of a Bieten decision; `explain` is the engine's explanation of an illegal action now. */
export function bietenPrompt(obs: BietenObservation, explain: (a: BietenAction) => string | null): Prompt<BietenAction> {
  const options: Option<BietenAction>[] = obs.legal.filter((a) => a.kind !== 'pass').map((a) => ({ word: bietenWord(a), label: bietenLabel(a), actions: [a] }));
  const pass = obs.legal.find((a) => a.kind === 'pass');
  const empty = pass === undefined ? undefined : { word: 'passen', label: 'nichts sagen', actions: [pass] };
  const legal = obs.legal;
  const read = (line: string): Reading<BietenAction> => {
    const listed = byWord(options, line);
    if (listed !== null) return { option: listed };
    const p = plain(line);
    const words = p.split(' ');
    const has = (...ws: string[]) => ws.some((w) => words.includes(w));
    const card = tryParseCard(line);
    const asOption = (a: BietenAction): Reading<BietenAction> => ({ option: options.find((o) => sameBietenAction(o.actions[0]!, a)) ?? { word: line, label: line, actions: [a] } });
    if (card !== null && card < 32) {
      if (!obs.hand.includes(card)) return { error: `jetzt nicht möglich: du hast ${cardShort(card)} nicht (Karten: ${obs.hand.map(cardShort).join(' ') || '—'})` };
      return asOption({ kind: 'play', card });
    }
    const figure = words.map((w) => FIGURE_OF_WORD[w]).find((x) => x !== undefined) ?? obs.offer?.figure;
    let found: BietenAction | undefined;
    if (has('gut')) found = legal.find((a) => a.kind === 'gut') ?? { kind: 'gut' };
    else if (has('halten', 'halte', 'anschauen', 'schaue', 'hold')) found = legal.find((a) => a.kind === 'hold') ?? { kind: 'hold' };
    else if (has('drei', 'groschen') && figure !== undefined) found = { kind: 'groschen', figure };
    else if (has('passen', 'pass', 'nichts', 'nein', 'weiter')) {
      if (empty !== undefined) return { option: empty };
      found = { kind: 'pass' };
    } else if (figure !== undefined && words.some((w) => FIGURE_OF_WORD[w] !== undefined)) found = { kind: 'bid', figure };
    if (found !== undefined) return asOption(found);
    if (GAME_WORDS.test(p)) return { error: `„${line}“ ist jetzt nicht möglich`, list: true };
    return null;
  };
  return {
    question: question(obs),
    options,
    ...(empty === undefined ? {} : { empty }),
    help: BIETEN_HELP,
    read,
    check: (o) => {
      const a = o.actions[0]!;
      if (legal.some((x) => sameBietenAction(x, a))) return null;
      let why: string | null = null;
      try {
        why = explain(a);
      } catch {
        why = null;
      }
      const words = why === null ? '' : bietenExplainWords(why);
      return words === '' ? 'das steht jetzt nicht zur Wahl' : words;
    },
  };
}
