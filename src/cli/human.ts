// A person at the table (`perlagg play --human 0`, issue 14 item 3): a policy whose decisions are typed.
//
// The person is a Policy like the bots: the engine hands it the seat's Observation (src/engine/observe.ts)
// and nothing else, so the screen — what happened since the seat last acted, its cards, the table, the
// wagers, the score — is built from what that seat may see, never from the state. The only other thing it
// gets is the engine's explainIllegal for the decision now (SeatPolicy.onTurn), so that a line naming
// something the rules forbid is answered in the rules' own words; a card the seat does not hold is answered
// from the observation first, so no explanation can tell where another seat's card lies.
//
// Input is plain lines read synchronously from standard input (no raw-mode TUI, no prompt library: the
// engine's loop is synchronous and a blocking line read keeps the person a plain Policy, so a single hand,
// a Partie and Bieten all run through the same code as the bots), so a test or a script can play a whole
// hand by piping lines in (a line starting with # is a comment). A line is a number of the list, a card (HA, Herz As, LU als HA, Weli as EA), or
// a word of the game (gut, halten, Drei … Aus, passen, Spiel, Gleich und Hanger, Höll' auf, behalten,
// Einspruch, weisen …); anything else is answered with one line and the question is asked again. Every
// legal action is in the numbered list, whatever its kind (table talk included: an action this file does
// not know is listed by its text). The end of the input ends the game with a clear message (exit 2).
import { readSync, writeSync } from 'node:fs';
import { cardShort, tryParseCard } from '../cards/notation.ts';
import { actionText, sameAction, type PolicyAction } from '../engine/actions.ts';
import type { HandEvent } from '../engine/history.ts';
import type { Observation } from '../engine/observe.ts';
import { codeCount, codeRankValue, gleichName, hangerName } from '../eval/figures.ts';
import { RANKS, RANK_NAMES, WELI } from '../cards/card.ts';
import { offerToAnswer, perlaggLevel, virtualScore, type Policy } from '../policy/api.ts';
import { resolveRuleset } from '../rules/registry.ts';

// ---- input and output ----

/** Where a person's lines come from and where the screen goes. */
export interface HumanIO {
  /** The next line (without its line end), or null at the end of the input. */
  read(): string | null;
  write(text: string): void;
}

/** The input ended while a question was open: the game cannot go on (the command exits 2). */
export class HumanInputEnded extends Error {
  override name = 'HumanInputEnded';
}

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Standard input and output, read and written synchronously (fd 0 and 1): lines typed at a terminal or
 * piped in. A descriptor another process left non-blocking (EAGAIN) is waited on, not taken for the end.
 */
export function terminalIO(inFd = 0, outFd = 1): HumanIO {
  let pending = Buffer.alloc(0);
  let ended = false;
  const chunk = Buffer.alloc(4096);
  return {
    read(): string | null {
      for (;;) {
        const nl = pending.indexOf(0x0a);
        if (nl >= 0) {
          const line = pending.subarray(0, nl).toString('utf8');
          pending = Buffer.from(pending.subarray(nl + 1));
          return line.replace(/\r$/, '');
        }
        if (ended) {
          if (pending.length === 0) return null;
          const line = pending.toString('utf8');
          pending = Buffer.alloc(0);
          return line.replace(/\r$/, '');
        }
        let n: number;
        try {
          n = readSync(inFd, chunk, 0, chunk.length, null);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') {
            sleep(20);
            continue;
          }
          if (code === 'EOF') n = 0;
          else throw e;
        }
        if (n === 0) ended = true;
        else pending = Buffer.concat([pending, chunk.subarray(0, n)]);
      }
    },
    write(text: string): void {
      const bytes = Buffer.from(text, 'utf8');
      let off = 0;
      while (off < bytes.length) {
        try {
          off += writeSync(outFd, bytes, off, bytes.length - off);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
          sleep(5);
        }
      }
    },
  };
}

/** Lines given in advance, the screen collected: for tests and scripts. */
export function scriptedIO(lines: readonly string[]): HumanIO & { readonly output: string[] } {
  let i = 0;
  const output: string[] = [];
  return { output, read: () => (i < lines.length ? lines[i++]! : null), write: (t) => void output.push(t) };
}

// ---- the question: numbered choices, or a typed line ----

/** One choice of a question: an action, or a group that asks a second question (a Perlagg's christenings). */
export interface Choice<A> {
  readonly label: string;
  readonly action?: A;
  readonly sub?: { readonly question: string; readonly choices: readonly Choice<A>[] };
}

/** What a typed line meant: an action, a choice (a group), an explanation of a mistake, or nothing known. */
export type Reading<A> = { readonly action: A } | { readonly choice: Choice<A> } | { readonly error: string } | null;

export interface Question<A> {
  readonly question: string;
  readonly choices: readonly Choice<A>[];
  readonly legal: readonly A[];
  readonly same: (a: A, b: A) => boolean;
  /** Read a line that is not a number. */
  readonly read: (line: string) => Reading<A>;
  /** Why an action is not allowed (the engine's words), or null. */
  readonly explain: (a: A) => string | null;
  /** What an empty line chooses (a bid window: nothing said), if anything. */
  readonly onEmpty?: A;
  readonly help: string;
  /** The same choices were listed just before: say so in one line instead of listing them again. */
  readonly listedBefore?: boolean;
}

/** A short list goes in columns, a long label on its own line. */
function choiceLines<A>(choices: readonly Choice<A>[]): string[] {
  const cells = choices.map((c, i) => `${String(i + 1).padStart(choices.length >= 10 ? 2 : 1)}) ${c.label}`);
  const width = Math.max(...cells.map((c) => c.length));
  if (width > 24 || cells.length <= 3) return cells.map((c) => `  ${c}`);
  const perLine = Math.max(1, Math.floor(76 / (width + 3)));
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += perLine) lines.push(`  ${cells.slice(i, i + perLine).map((c) => c.padEnd(width + 3)).join('').trimEnd()}`);
  return lines;
}

/** Ask until a legal action is chosen. */
export function askHuman<A>(io: HumanIO, q: Question<A>): A {
  let question = q.question;
  let choices = q.choices;
  let sub = false;
  const list = q.listedBefore === true ? [`  (die Wahl wie oben: 1 bis ${choices.length}; ? zeigt sie wieder)`] : choiceLines(choices);
  io.write(`${question}\n${list.join('\n')}\n> `);
  for (;;) {
    const raw = io.read();
    if (raw === null) throw new HumanInputEnded(q.question);
    if (/^\s*#/.test(raw)) continue; // a comment in a file of moves
    io.write(`${raw}\n`);
    const line = raw.trim();
    const again = (why: string | null): void => {
      if (why !== null) io.write(`  ${why}\n`);
      io.write(`${question}\n> `);
    };
    if (line === '') {
      if (!sub && q.onEmpty !== undefined) return q.onEmpty;
      again(null);
      continue;
    }
    if (/^(\?|hilfe|help|h)$/i.test(line)) {
      io.write(`${q.help}\n${question}\n${choiceLines(choices).join('\n')}\n> `);
      continue;
    }
    if (sub && /^(z|zurück|zurueck|back|0)$/i.test(line)) {
      question = q.question;
      choices = q.choices;
      sub = false;
      io.write(`${question}\n${choiceLines(choices).join('\n')}\n> `);
      continue;
    }
    let chosen: Choice<A> | null = null;
    let action: A | null = null;
    if (/^\d+$/.test(line)) {
      const n = Number(line);
      if (n < 1 || n > choices.length) {
        again(`keine Wahl ${n}: eine Nummer von 1 bis ${choices.length}`);
        continue;
      }
      chosen = choices[n - 1]!;
    } else {
      const r = sub ? readInGroup(choices, line) ?? q.read(line) : q.read(line);
      if (r === null) {
        again(`„${line}“ verstehe ich nicht: eine Nummer von 1 bis ${choices.length}, eine Karte (HA, Herz As, LU als HA) oder ein Wort (gut, halten, Drei, passen …); ? zeigt die Hilfe`);
        continue;
      }
      if ('error' in r) {
        again(r.error);
        continue;
      }
      if ('choice' in r) chosen = r.choice;
      else action = r.action;
    }
    if (chosen !== null) {
      if (chosen.sub !== undefined) {
        question = chosen.sub.question;
        choices = chosen.sub.choices;
        sub = true;
        io.write(`${question}\n${choiceLines(choices).join('\n')}\n> `);
        continue;
      }
      action = chosen.action!;
    }
    const legal = q.legal.find((x) => q.same(x, action!));
    if (legal !== undefined) return legal;
    let why: string | null;
    try {
      why = q.explain(action!);
    } catch {
      why = null;
    }
    again(`nicht möglich: ${why ?? 'das steht jetzt nicht zur Wahl'}`);
  }
}

/** In a group's question a bare card names the identity (the christening). */
function readInGroup<A>(choices: readonly Choice<A>[], line: string): Reading<A> {
  const card = tryParseCard(line.replace(/^(als|as)\s+/i, ''));
  if (card === null) return null;
  const hit = choices.find((c) => c.label.endsWith(` als ${cardShort(card)}`) || c.label === cardShort(card));
  return hit === undefined ? null : { choice: hit };
}

/** Lower case, umlauts spelled out, quotes and punctuation gone, spaces single. */
export function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .replace(/[„“”"'’`!?.:;]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A line that repeats a choice's label (or an action's text) picks it: for actions this file has no words for. */
export function byLabel<A>(choices: readonly Choice<A>[], legal: readonly A[], text: (a: A) => string, line: string): Reading<A> {
  const p = plain(line);
  const c = choices.find((x) => x.action !== undefined && plain(x.label) === p);
  if (c !== undefined) return { choice: c };
  const a = legal.find((x) => plain(text(x)) === p);
  return a === undefined ? null : { action: a };
}

// ---- Perlaggen ----

const LEVEL_WORD: Record<number, string> = { 2: 'Zwei', 3: 'Drei', 4: 'Vier', 5: 'Fünf', 6: 'Sechs', 7: 'Sieben', 8: 'Acht', 9: 'Neun', 10: 'Zehn' };
const LEVEL_OF_WORD: Record<string, number> = { zwei: 2, drei: 3, vier: 4, fuenf: 5, funf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10 };
const FIGURE_WORD: Record<string, 'Spiel' | 'Gleich' | 'Hanger'> = { spiel: 'Spiel', gleich: 'Gleich', hanger: 'Hanger' };
const BID_PHRASE = { Spiel: '„Gilt\'s Spiel?“', Gleich: '„Gilt\'s Gleich?“', Hanger: '„Gilt der Hanger?“' } as const;
const COUNT_WORD: Record<number, string> = { 2: 'Zweifache', 3: 'Dritzige', 4: 'Viertige', 5: 'Fünftige' };
const ASK_COUNT: Record<string, number> = { zweifach: 2, dritzig: 3, tritzig: 3, viertig: 4, fuenftig: 5, funftig: 5 };

const seatName = (seat: number): string => `P${seat + 1}`;
const cards = (xs: readonly number[]): string => xs.map(cardShort).join(' ');
const playedText = (card: number, as: number | null): string => (as === null ? cardShort(card) : `${cardShort(card)} getauft als ${cardShort(as)}`);

/** "Partei A (P1/P3)", or the seat when each plays for himself. */
function partyOf(obs: Observation, party: number): string {
  const parties = Math.max(...obs.party) + 1;
  if (parties === obs.seats) return seatName(party);
  const members = obs.party.flatMap((p, seat) => (p === party ? [seatName(seat)] : []));
  return `Partei ${String.fromCharCode(65 + party)} (${members.join('/')})`;
}

/** The level at which a raise is "Aus" (RULES §8.3, A-15), from what the observation shows. */
function ausLevel(obs: Observation): number {
  const r = resolveRuleset(obs.ruleset);
  if (r.raiseLadder === 'upTo7ThenAus') return 8;
  let need = 2;
  for (let p = 0; p < 2; p++) need = Math.max(need, obs.target - virtualScore(obs, p));
  return need;
}

/** The cards of the hand that acts now: the player's own, or the Strohmann's when he plays it. */
function actingHand(obs: Observation): number[] {
  if (obs.acting < 0 || obs.acting === obs.seat) return obs.hand;
  return obs.seenHands.find((h) => h.seat === obs.acting)?.cards ?? [];
}

/** A Hanger code in words without its suit (a showing choice): "dritziger Hanger bis zum Ober". */
function hangerWords(code: number): string {
  if (code === 0) return 'kein Hanger';
  const mult = ['', '', 'einfacher', 'dritziger', 'viertiger', 'fünftiger'][codeCount(code)] ?? '';
  const v = codeRankValue(code);
  return `${mult} Hanger bis zum ${v === 0 ? 'Sechser (Weli)' : RANK_NAMES[RANKS[v - 1]!]}${v === 8 ? ' (höchst)' : ''}`;
}

/** The German label of a Perlaggen action (the transcript's words); unknown kinds by their text. */
export function perlaggenLabel(a: PolicyAction, obs: Observation): string {
  switch (a.kind) {
    case 'keepCut':
      return a.keep ? 'behalten' : 'im Packen lassen';
    case 'exchange':
      return `${cardShort(a.card)} hergeben, den Perlagg ${cardShort(obs.faceUp)} nehmen`;
    case 'declineExchange':
      return `den Perlagg ${cardShort(obs.faceUp)} liegen lassen`;
    case 'play':
      return a.as === null ? (perlaggLevel(obs, a.card) > 0 ? `${cardShort(a.card)} ungetauft` : cardShort(a.card)) : `${cardShort(a.card)} als ${cardShort(a.as)}`;
    case 'concede':
      return 'das Spiel gut lassen (aufgeben)';
    case 'show': {
      const free = actingHand(obs).filter((c) => perlaggLevel(obs, c) > 0);
      const i = obs.legal.findIndex((x) => sameAction(x, a));
      const sc = obs.showChoices[i];
      const names = a.as.map((id, k) => `${cardShort(free[k] ?? -1)} als ${cardShort(id)}`).join(', ');
      const figs = sc === undefined ? '' : ` → ${gleichName(sc.gleich)}; ${hangerWords(sc.hanger)}`;
      return `weisen${names === '' ? '' : `: ${names}`}${figs}`;
    }
    case 'pass':
      return 'nichts sagen';
    case 'bid':
      return `${a.cumulative ? '„Höll\' auf!“ (alle drei)' : a.figures.map((f) => BID_PHRASE[f]).join(' und ')}${a.unseen ? ' — ungesehen' : ''}`;
    case 'gut': {
      const o = offerToAnswer(obs);
      const lvl = o?.level ?? 2;
      return lvl <= 2 ? `„Gut“ (${o?.figure ?? 'das Gebot'} gut lassen)` : `„${LEVEL_WORD[lvl - 1] ?? lvl - 1} gut“`;
    }
    case 'hold': {
      const o = offerToAnswer(obs);
      const lvl = o?.level ?? 2;
      return lvl <= 2 ? '„Ich halte“' : `„Alle ${o?.aus === true ? 'Aus' : LEVEL_WORD[lvl] ?? lvl} halten“`;
    }
    case 'raise':
      return `„${a.to >= ausLevel(obs) ? 'Aus!' : LEVEL_WORD[a.to] ?? String(a.to)}“ (${a.figure})`;
    case 'veto':
      return '„Einspruch!“ (das Gebot gilt nicht)';
    case 'consent':
      return 'einverstanden';
    case 'ask':
      return `ums ${COUNT_WORD[a.count] ?? `${a.count}-fache`} fragen (${a.type})`;
    case 'allow':
      return '„Es ist gut.“ (erlauben)';
    case 'reject':
      return '„Es wird zurückgewiesen.“';
    default:
      return actionText(a as PolicyAction);
  }
}

/** One event as the seat saw it, in the transcript's words; null for the silent ones. */
export function perlaggenEventLine(e: HandEvent, obs: Observation): string | null {
  const me = obs.seat;
  const who = (seat: number): string => `${seatName(seat)}${seat === me ? ' (du)' : seat === obs.dummySeat ? ' (Strohmann)' : ''}`;
  const party = (p: number): string => partyOf(obs, p);
  switch (e.type) {
    case 'cut':
      return `Abheben: ${who(e.cutter)} hebt ${e.lifted} Karten ab.`;
    case 'cutShows':
      return e.permanent ? `  Unten am abgehobenen Packen zeigt sich ${cardShort(e.card)}, ein ständiger Perlagg.` : `  Unten am abgehobenen Packen liegt ${cardShort(e.card)}.`;
    case 'cutKeep':
      return e.keep ? `  ${who(e.seat)} behält ${cardShort(e.card)}.` : `  ${who(e.seat)} lässt ${cardShort(e.card)} im Packen.`;
    case 'dealt':
      return e.seat === me ? `Deine Karten: ${cards(e.cards)}` : `Die Karten des Strohmanns ${seatName(e.seat)}: ${cards(e.cards)}`;
    case 'skipped':
      return `Aufgeschlagen: ${cardShort(e.card)} — diese Farbe ist nie Trumpf, die Karte bleibt offen neben dem Stock.`;
    case 'turnedUp':
      return `Trumpf aufgeschlagen: ${cardShort(e.card)} → Trumpf ist ${({ H: 'Herz', S: 'Schell', L: 'Laub', E: 'Eichel' } as Record<string, string>)[e.trump] ?? e.trump}.\nPerlaggen in diesem Spiel (höchster zuerst): ${cards(obs.perlaggen)}`;
    case 'stockShown':
      return e.cards.length === 2 ? `Luck und Boden gezeigt: ${cards(e.cards)}` : `Untere Karte des Stocks gezeigt: ${cards(e.cards)}`;
    case 'exchange':
      return `Tausch: ${who(e.seat)} nimmt den aufgeschlagenen Perlagg ${cardShort(e.took)} und legt ${cardShort(e.gave)} offen hin.`;
    case 'exchangeDeclined':
      return `Tausch: ${who(e.seat)} lässt den Perlagg ${cardShort(e.faceUp)} liegen.`;
    case 'play': {
      const t = obs.tricks[e.trick];
      const lead = t !== undefined && t.plays[0]?.seat === e.seat && t.plays[0]?.card === e.card;
      return `  ${who(e.seat)} ${lead ? 'spielt aus' : 'gibt zu'}: ${playedText(e.card, e.as)}`;
    }
    case 'trick':
      return `  → Stich ${e.index + 1} für ${who(e.winner)}`;
    case 'concede':
      return `${who(e.seat)} lässt das Spiel gut (${party(e.party)} gibt es auf).`;
    case 'spiel': {
      const tricks = e.tricks.map((n, p) => `${party(p)} ${n}`).join(', ');
      return `${e.party >= 0 ? `Spiel: ${party(e.party)} (Stiche: ${tricks}).` : `Das Spiel geht unter: niemand hat 3 Stiche (Stiche: ${tricks}).`}\nWeisen:`;
    }
    case 'show': {
      const own = e.cards.map((c) => playedText(c.card, c.as)).join(', ');
      return `  ${who(e.seat)}${own === '' ? ' (keine Karte mehr in der Hand)' : ` zeigt ${own}`} — ${gleichName(e.gleich)}; ${hangerName(e.hanger, e.hangerSuit)}`;
    }
    case 'figure': {
      const how = e.how === 'held' ? ' (gehalten)' : e.how === 'aus' ? ' (Aus gehalten)' : '';
      if (e.how.startsWith('not written')) return `Wertung: ${e.figure} wird nicht mehr geschrieben (die Partie ist aus)`;
      if (e.party >= 0) return `Wertung: ${e.figure}${how} → ${party(e.party)} ${e.points}`;
      if (e.figure === 'Spiel') return 'Wertung: Spiel → niemand';
      return `Wertung: ${e.figure}${how} ${e.how.includes('17:17') ? `→ zählt nicht (${e.how})` : e.code === 0 ? '→ niemand hat eins' : 'steht'}`;
    }
    case 'bid': {
      const what = e.cumulative ? '„Höll\' auf!“ (alle drei)' : e.figures.map((f) => BID_PHRASE[f]).join(' und ');
      const void_ = e.kept === 0 ? ' — ungültig' : e.kept < e.figures.length ? ` — nur ${e.figures.slice(0, e.kept).join(', ')} gilt` : '';
      return `  ${who(e.seat)} bietet${e.unseen ? ' ungesehen' : ''}: ${what}${void_}`;
    }
    case 'raise':
      return `  ${who(e.seat)}: „${e.aus ? 'Aus!' : LEVEL_WORD[e.to] ?? String(e.to)}“ (${e.figure})${e.valid ? '' : ' — ungültig, gilt als gehalten'}`;
    case 'answer':
      if (e.answer === 'gut') return `  ${e.seat >= 0 ? who(e.seat) : party(e.party)}: „${e.level === 2 ? `Gut ${e.figure === 'Spiel' ? "'s Spiel" : e.figure === 'Gleich' ? "'s Gleich" : 'der Hanger'}` : `${LEVEL_WORD[e.level - 1] ?? e.level - 1} gut`}“`;
      return `  ${who(e.seat)}: „${e.level === 2 ? 'Ich halte' : `Alle ${e.aus ? 'Aus' : LEVEL_WORD[e.level] ?? e.level} halten`}“ (${e.figure})`;
    case 'veto':
      return `  ${who(e.seat)}: ${e.veto ? 'Einspruch! Das Gebot gilt nicht.' : 'einverstanden'}`;
    case 'ask':
      return `  ${who(e.seat)} fragt ums ${COUNT_WORD[e.count] ?? `${e.count}-fache`} (${e.kind})`;
    case 'askAnswer':
      return `  ${e.seat >= 0 ? who(e.seat) : party(e.party)}: ${e.allow ? '„Es ist gut.“' : '„Es wird zurückgewiesen.“'}${e.truthful === false ? ' — die Figur ist nicht da' : ''}`;
    case 'write':
      return `  → ${party(e.party)} schreibt ${e.points > 0 ? '+' : ''}${e.points} (${e.reason})`;
    case 'penalty':
      return e.points !== 0 ? `  Strafe: ${party(e.party)} −${e.points} (${e.reason})` : `  ${party(e.party)}: ${e.reason}`;
    case 'partieOver':
      return `Die Partie ist aus: ${party(e.winner)} gewinnt (${e.reason}).`;
    case 'end':
      return `Punkte: ${e.points.map((n, p) => `${party(p)} ${n}`).join(', ')}`;
    case 'shuffled':
    case 'window':
    case 'exchangeOffer':
      return null;
    default: {
      // an event this screen has no words for yet (table talk …): its fields, plainly
      const o = e as unknown as Record<string, unknown>;
      const fields = Object.entries(o).filter(([k]) => k !== 'type').map(([k, v]) => `${k}: ${k === 'seat' && typeof v === 'number' ? who(v) : JSON.stringify(v)}`);
      return `  ${String(o['type'])}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
    }
  }
}

const PERLAGGEN_HELP = [
  'Antworte mit der Nummer einer Wahl, oder schreib sie aus:',
  '  eine Karte: HA, S10, Weli, Herz As; einen Perlagg getauft: LU als HA, Weli as EA (nur LU: die Taufen zur Wahl)',
  '  bieten: Spiel, Gleich, Hanger, „Spiel und Gleich“, „Höll auf“; nichts sagen: passen (oder Enter)',
  '  antworten: gut, halten, Drei, Vier … Aus; erlauben, zurückweisen; Einspruch, einverstanden',
  '  sonst: behalten / lassen (beim Abheben), tauschen HX / liegen lassen, weisen, aufgeben (das Spiel gut lassen)',
  '  in einer Unterfrage: z (zurück). Ende der Eingabe (Strg-D) beendet das Spiel.',
].join('\n');

/** A person playing a Perlaggen seat through its observations. */
export class PerlaggenHuman implements Policy<Observation, PolicyAction> {
  readonly bidding = 'full' as const;
  private explainNow: ((a: PolicyAction) => string | null) | null = null;
  /** The events of this hand already shown (events are frozen records, the same objects in every observation). */
  private shown = new Set<unknown>();
  private hand: unknown = null;
  /** The status lines last shown, by what they say: a line is shown again only when it changed. */
  private lastStatus = new Map<string, string>();
  private lastList = '';

  constructor(private readonly io: HumanIO, private readonly label = '') {}

  /** SeatPolicy.onTurn: the engine's explanation for the decision about to be asked. */
  readonly onTurn = (explain: (a: PolicyAction) => string | null): void => {
    this.explainNow = explain;
  };

  /** Print what the seat saw since it last looked (a new hand starts from its first event). */
  news(obs: Observation): void {
    if (obs.history[0] !== this.hand) {
      this.hand = obs.history[0];
      this.shown = new Set();
      this.lastStatus = new Map();
      this.lastList = '';
      const score = obs.score.some((x) => x !== 0) ? ` — Stand: ${obs.score.map((n, p) => `${partyOf(obs, p)} ${n}`).join(', ')} (Ziel ${obs.target})` : '';
      this.io.write(`\n=== Neues Spiel: du bist ${seatName(obs.seat)}${this.label}; Geber ${seatName(obs.dealer)}, Vorhand ${seatName(obs.vorhand)}${score} ===\n`);
    }
    const lines: string[] = [];
    for (const e of obs.history) {
      if (this.shown.has(e)) continue;
      this.shown.add(e);
      const l = perlaggenEventLine(e, obs);
      if (l !== null) lines.push(l);
    }
    if (lines.length > 0) this.io.write(lines.join('\n') + '\n');
  }

  /** The end of a hand: the rest of what happened. */
  finish(obs: Observation): void {
    this.news(obs);
  }

  /** The state of the table as [what, line] pairs: the header, trump, the hands, tricks, the open trick, the wagers, the score. */
  private status(obs: Observation): Array<[string, string]> {
    const lines: Array<[string, string]> = [];
    const blind = obs.phase === 'window' && obs.point < 0;
    const mark = (c: number) => `${cardShort(c)}${perlaggLevel(obs, c) > 0 ? '*' : ''}`;
    lines.push(['header', `── ${seatName(obs.seat)}${this.label} am Zug ${'─'.repeat(40)}`]);
    if (obs.trump !== null) lines.push(['trump', `Trumpf ${({ H: 'Herz', S: 'Schell', L: 'Laub', E: 'Eichel' } as Record<string, string>)[obs.trump] ?? obs.trump} (aufgeschlagen ${cardShort(obs.turned)}${obs.faceUp >= 0 && obs.faceUp !== obs.turned ? `, offen liegt ${cardShort(obs.faceUp)}` : ''}) · Perlaggen: ${cards(obs.perlaggen)}`]);
    lines.push(['hand', blind ? 'Deine Karten: (noch nicht angesehen)' : `Deine Karten: ${obs.hand.map(mark).join(' ') || '—'}${obs.trump !== null ? '   (* Perlagg)' : ''}`]);
    for (const h of obs.seenHands) lines.push([`seen${h.seat}`, `Strohmann ${seatName(h.seat)}: ${h.cards.map(mark).join(' ') || '—'}`]);
    const parties = Math.max(...obs.party) + 1;
    if (obs.tricks.some((t) => t.plays.length > 0)) lines.push(['tricks', `Stiche: ${obs.tricksWon.map((n, p) => `${partyOf(obs, p)} ${n}`).join(' · ')}`]);
    const open = obs.tricks[obs.tricks.length - 1];
    if (open !== undefined && open.winner < 0 && open.plays.length > 0) lines.push(['table', `Auf dem Tisch (Stich ${obs.tricks.length}): ${open.plays.map((p) => `${seatName(p.seat)} ${playedText(p.card, p.as)}`).join(' · ')}`]);
    const bids = obs.bidding.filter((b) => b.status !== 'unbid').map((b) => {
      const by = b.firstParty >= 0 ? `, geboten von ${partyOf(obs, b.firstParty)}` : '';
      const lvl = b.aus ? 'Aus' : LEVEL_WORD[b.level] ?? String(b.level);
      if (b.status === 'offer') return `${b.figure}: offen (${lvl})${by}`;
      if (b.status === 'stake') return `${b.figure}: gehalten um ${lvl}${by}`;
      return `${b.figure}: erledigt${b.writtenParty >= 0 ? ` (${partyOf(obs, b.writtenParty)} schrieb ${b.writtenPoints})` : ''}`;
    });
    if (bids.length > 0) lines.push(['bids', `Gebote: ${bids.join(' · ')}`]);
    if (parties === 2 && (obs.score.some((x) => x !== 0) || obs.written.some((x) => x !== 0))) {
      lines.push(['score', `Stand: ${obs.score.map((n, p) => `${partyOf(obs, p)} ${n}${obs.written[p] ? ` (+${obs.written[p]} in diesem Spiel)` : ''}`).join(' · ')} (Ziel ${obs.target})`]);
    }
    return lines;
  }

  private question(obs: Observation): string {
    const dummy = obs.acting >= 0 && obs.acting !== obs.seat ? ` (für den Strohmann ${seatName(obs.acting)})` : '';
    switch (obs.phase) {
      case 'cutKeep': {
        const shown = [...obs.history].reverse().find((e) => e.type === 'cutShows');
        return `Du hast abgehoben; unten zeigt sich ${shown !== undefined && shown.type === 'cutShows' ? cardShort(shown.card) : 'ein ständiger Perlagg'}. Behältst du ihn?`;
      }
      case 'exchange':
        return `Der aufgeschlagene Perlagg ${cardShort(obs.faceUp)} liegt offen${dummy}: tauschst du ihn ein?`;
      case 'play': {
        const open = obs.tricks[obs.tricks.length - 1];
        const lead = open === undefined || open.plays.length === 0;
        return `${lead ? 'Du spielst aus' : 'Du gibst zu'}${dummy} (Stich ${Math.max(1, obs.tricks.length)}): welche Karte?`;
      }
      case 'show':
        return `Weisen${dummy}: wie taufst du deine Perlaggen?`;
      case 'window':
        return obs.point < 0
          ? `Bieten, bevor du deine Karten ansiehst? (Enter: nichts sagen)`
          : obs.point >= 5
            ? `Nach dem Spiel${dummy}: bieten? (Enter: nichts sagen)`
            : `Vor der nächsten Karte (Stich ${obs.point + 1})${dummy}: bieten? (Enter: nichts sagen)`;
      case 'answer': {
        if (obs.ask !== null && obs.ask.answer === 'pending') return `${partyOf(obs, obs.ask.party)} fragt ums ${COUNT_WORD[obs.ask.count] ?? obs.ask.count} (${obs.ask.type}): erlauben?`;
        const o = offerToAnswer(obs);
        return o === null ? 'Antworte:' : `${partyOf(obs, o.offerParty)} bietet ${o.figure}${o.level > 2 ? ` (${o.aus ? 'Aus' : LEVEL_WORD[o.level] ?? o.level})` : ''}: gut, halten oder erhöhen?`;
      }
      case 'veto':
        return 'Dein Partner hat geboten: Einspruch?';
      default:
        return 'Du bist dran:';
    }
  }

  private choices(obs: Observation): Choice<PolicyAction>[] {
    const out: Choice<PolicyAction>[] = [];
    const groups = new Map<number, PolicyAction[]>();
    for (const a of obs.legal) if (a.kind === 'play') groups.set(a.card, [...(groups.get(a.card) ?? []), a]);
    const done = new Set<number>();
    for (const a of obs.legal) {
      if (a.kind === 'play' && (groups.get(a.card)?.length ?? 0) > 1) {
        if (done.has(a.card)) continue;
        done.add(a.card);
        const opts = groups.get(a.card)!;
        out.push({
          label: `${cardShort(a.card)} (Perlagg: taufen …)`,
          sub: { question: `${cardShort(a.card)} taufen als? (z: zurück)`, choices: opts.map((x) => ({ label: perlaggenLabel(x, obs), action: x })) },
        });
      } else out.push({ label: perlaggenLabel(a, obs), action: a });
    }
    return out;
  }

  private read(obs: Observation, choices: readonly Choice<PolicyAction>[], line: string): Reading<PolicyAction> {
    const legal = obs.legal;
    const hand = actingHand(obs);
    const p = plain(line);
    const words = p.split(' ');
    const has = (...ws: string[]) => ws.some((w) => words.includes(w) || p === w);
    const pick = (test: (a: PolicyAction) => boolean): PolicyAction | undefined => legal.find(test);
    const notHeld = (card: number): Reading<PolicyAction> => ({ error: `nicht möglich: ${seatName(obs.acting)} hat ${cardShort(card)} nicht (Karten: ${cards(hand) || '—'})` });
    // "LU als HA", "Weli as EA", "LU getauft als Herz As", "LU=HA"; in the showing several, comma-separated
    const pairs = line.split(/[,;]/).map((part) => /^\s*(.+?)\s*(?:=|\s(?:getauft\s+)?(?:als|as)\s)\s*(.+?)\s*$/i.exec(part));
    if (pairs.every((m) => m !== null)) {
      const parsed = pairs.map((m) => [tryParseCard(m![1]!), tryParseCard(m![2]!)] as const);
      if (parsed.some(([c, as]) => c === null || as === null)) return { error: `„${line}“: schreib Karte als Karte, z. B. LU als HA oder Weli as EA` };
      if (obs.phase === 'show') {
        const free = hand.filter((c) => perlaggLevel(obs, c) > 0);
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
    const bare = /^\s*(.+?)\s+(ungetauft|ohne taufe|natur)\s*$/i.exec(line);
    if (bare !== null && obs.phase === 'play') {
      const c = tryParseCard(bare[1]!);
      if (c !== null) return hand.includes(c) ? { action: { kind: 'play', card: c, as: null } } : notHeld(c);
    }
    const card = tryParseCard(line.replace(/^(tauschen|tausche|gib|hergeben)\s+/i, '').replace(/\s+(hergeben|tauschen)$/i, ''));
    if (card !== null) {
      if (obs.phase === 'play') {
        if (!hand.includes(card)) return notHeld(card);
        const opts = legal.filter((a) => a.kind === 'play' && a.card === card);
        if (opts.length === 1) return { action: opts[0]! };
        const group = choices.find((c) => c.sub !== undefined && c.label.startsWith(`${cardShort(card)} `));
        if (group !== undefined) return { choice: group };
        return { action: { kind: 'play', card, as: null } };
      }
      if (obs.phase === 'exchange') return hand.includes(card) ? { action: { kind: 'exchange', card } } : notHeld(card);
      if (obs.phase === 'cutKeep') return { action: { kind: 'keepCut', keep: true } };
    }
    const found = ((): PolicyAction | undefined => {
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
          if (has('aufgeben', 'concede') || /gut lassen|spiel gut/.test(p)) return pick((a) => a.kind === 'concede');
          return undefined;
        case 'show':
          if (has('weisen', 'zeigen', 'show')) {
            const shows = legal.filter((a) => a.kind === 'show');
            return shows.length === 1 ? shows[0] : undefined;
          }
          return undefined;
        case 'veto':
          if (has('einspruch', 'veto', 'nein')) return pick((a) => a.kind === 'veto');
          if (has('einverstanden', 'ok', 'ja', 'gut')) return pick((a) => a.kind === 'consent');
          return undefined;
        case 'answer':
          if (pick((a) => a.kind === 'allow') !== undefined) {
            if (has('erlauben', 'erlaubt', 'zulassen', 'ja', 'gut', 'allow')) return pick((a) => a.kind === 'allow');
            if (has('zurueckweisen', 'zurueckgewiesen', 'ablehnen', 'nein', 'reject')) return pick((a) => a.kind === 'reject');
            return undefined;
          }
          if (has('gut')) return pick((a) => a.kind === 'gut');
          if (has('halten', 'halte', 'hold', 'anschauen', 'schaue', 'gehalten')) return pick((a) => a.kind === 'hold');
          break;
        default:
          break;
      }
      // raises ("Drei", "Vier" … "Aus"), bids, passes, asks: in a window (and raises in an answer)
      const level = words.map((w) => LEVEL_OF_WORD[w]).find((x) => x !== undefined);
      const named = words.map((w) => FIGURE_WORD[w]).filter((x) => x !== undefined);
      if (has('aus') || level !== undefined) {
        const raises = legal.filter((a) => a.kind === 'raise' && (has('aus') ? a.to >= ausLevel(obs) : a.to === level) && (named.length === 0 || named.includes(a.figure)));
        return raises.length === 1 ? raises[0] : undefined;
      }
      if (obs.phase !== 'window') return undefined;
      if (has('passen', 'pass', 'nichts', 'weiter', 'nein', '-')) return pick((a) => a.kind === 'pass');
      if (has('fragen', 'frage', 'ask')) {
        const count = words.map((w) => ASK_COUNT[w.replace(/e$/, '')]).find((x) => x !== undefined);
        const asks = legal.filter((a) => a.kind === 'ask' && (named.length === 0 || named.includes(a.type)) && (count === undefined || a.count === count));
        return asks.length === 1 ? asks[0] : undefined;
      }
      if (/hoell ?auf|holl ?auf|alle drei/.test(p)) return pick((a) => a.kind === 'bid' && a.cumulative);
      if (named.length > 0) return pick((a) => a.kind === 'bid' && !a.cumulative && a.figures.length === named.length && a.figures.every((f, i) => f === named[i]));
      return undefined;
    })();
    if (found !== undefined) return { action: found };
    const byText = byLabel(choices, legal, (a) => actionText(a), line);
    if (byText !== null) return byText;
    if (/^(gut|halten|halte|drei|vier|aus|passen|spiel|gleich|hanger|behalten|einspruch|weisen|aufgeben|erlauben)\b/.test(p)) return { error: `„${line}“ steht jetzt nicht zur Wahl: wähle eine Nummer von 1 bis ${choices.length}` };
    return null;
  }

  act(obs: Observation): PolicyAction {
    this.news(obs);
    // the state of the table: each line again only when it changed since it was last shown (the open trick always)
    const status = this.status(obs).filter(([what, line]) => what === 'header' || what === 'table' || this.lastStatus.get(what) !== line);
    for (const [what, line] of this.status(obs)) this.lastStatus.set(what, line);
    this.io.write(status.map(([, line]) => line).join('\n') + '\n');
    const choices = this.choices(obs);
    const list = choices.map((c) => c.label).join('\n');
    const listedBefore = list === this.lastList;
    this.lastList = list;
    const explain = this.explainNow;
    this.explainNow = null;
    const pass = obs.phase === 'window' ? obs.legal.find((a) => a.kind === 'pass') : undefined;
    return askHuman(this.io, {
      listedBefore,
      question: this.question(obs),
      choices,
      legal: obs.legal,
      same: sameAction,
      read: (line) => this.read(obs, choices, line),
      explain: (a) => (explain === null ? null : explain(a)),
      ...(pass === undefined ? {} : { onEmpty: pass }),
      help: PERLAGGEN_HELP,
    });
  }
}
