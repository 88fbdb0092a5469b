// A person at a Bieten table (`perlagg play --game bieten --human 0`): the Bieten face of src/cli/human.ts —
// the same question loop and input, the seat's BietenObservation only, the game's words [001]: ausspielen,
// zugeben, bieten, gut sein lassen, anschauen (halten), einen Groschen geben („Drei!“).
import { cardShort, tryParseCard } from '../cards/notation.ts';
import type { Policy } from '../policy/api.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import type { BietenAction, BietenEvent } from '../games/bieten/state.ts';
import { BIETEN_FIGURES, type BietenFigure } from '../games/bieten/rules.ts';
import { bietenActionText, sameBietenAction } from '../games/bieten/engine.ts';
import { askHuman, byLabel, plain, type Choice, type HumanIO, type Reading } from './human.ts';

const ARTICLE: Record<BietenFigure, string> = { Herz: 'das Herz', Laub: 'das Laub', Gleich: 'das Gleich', Hanger: 'den Hanger', Spiel: 'das Spiel' };
const IN: Record<BietenFigure, string> = { Herz: 'im Herz', Laub: 'im Laub', Gleich: 'im Gleich', Hanger: 'im Hanger', Spiel: 'im Spiel' };
const FIGURE_OF_WORD: Record<string, BietenFigure> = { herz: 'Herz', rot: 'Herz', rote: 'Herz', laub: 'Laub', gruen: 'Laub', gruene: 'Laub', gleich: 'Gleich', hanger: 'Hanger', spiel: 'Spiel' };
const VOID: Record<string, string> = {
  gestrichen: 'mit einem Punkt weniger als das Ziel darf er nicht mehr bieten',
  overbid: 'er hat sich überboten',
  spielWithoutSuit: 'Spiel im letzten Stich ohne ein Blatt der ausgespielten Farbe',
  revoke: 'Farbe verleugnet',
};

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
    default:
      return bietenActionText(a as BietenAction);
  }
}

/** One event as the seat saw it; null for the silent ones. */
export function bietenEventLine(e: BietenEvent, obs: BietenObservation): string | null {
  const name = (seat: number) => `${obs.names[seat] ?? `P${seat + 1}`}${seat === obs.seat ? ' (du)' : ''}`;
  switch (e.type) {
    case 'cut':
      return `Abheben: ${name(e.cutter)} hebt ab.`;
    case 'dealt':
      return `Deine Karten: ${e.cards.map(cardShort).join(' ')}`;
    case 'play': {
      const t = obs.tricks[e.trick];
      const first = t !== undefined && t.plays[0]?.seat === e.seat && t.plays[0]?.card === e.card;
      return `${first ? `Stich ${e.trick + 1}: ` : '  '}${name(e.seat)} ${first ? 'spielt' : 'gibt'} ${cardShort(e.card)}${first ? ' aus' : ' zu'}${e.revoke ? ' — verleugnet Farbe!' : ''}`;
    }
    case 'trick':
      return `  → Stich ${name(e.winner)}${e.index === 2 ? ' (der letzte Stich: das Spiel)' : ''}`;
    case 'bid':
      return `  ${name(e.seat)} bietet ${ARTICLE[e.figure]}${e.void === null ? '.' : ` — ungültig: ${VOID[e.void] ?? e.void}`}`;
    case 'groschen':
      return `  ${name(e.seat)} gibt einen Groschen ${IN[e.figure]} („Drei!“)${e.void === null ? '' : ` — ungültig: ${VOID[e.void] ?? e.void}`}`;
    case 'answer':
      return e.answer === 'gut' ? `    ${name(e.seat)}: „Es ist gut!“` : `    ${name(e.seat)}: „Ich schaue ${e.level === 2 ? 'den Groschen' : ARTICLE[e.figure]} an!“${e.void === null ? '' : ` — ungültig: ${VOID[e.void] ?? e.void}`}`;
    case 'write':
      return e.how === 'gut' || e.how === 'groschenGut' ? `    → ${name(e.seat)} schreibt ${e.points} ${IN[e.figure]}` : null;
    case 'penalty':
      return `    Strafe: ${name(e.seat)} −${e.points} (${VOID[e.reason] ?? e.reason})`;
    case 'erase':
      return `  ${e.figure} flieht: ${name(e.seat)}s ${e.points} ${IN[e.figure]} wird gestrichen`;
    case 'figure':
      return e.maker >= 0 ? `Wertung: ${e.figure} → ${name(e.maker)} ${e.points}` : `Wertung: ${e.figure} → ${e.maker === -2 ? 'flieht, niemand schreibt' : 'niemand'}`;
    case 'out':
      return `  → ${name(e.seat)} hat ${e.total} und ist aus.`;
    case 'end':
      return `Punkte: ${obs.active.map((seat) => `${name(seat)} ${e.points[seat] ?? 0}`).join(', ')}`;
    default:
      return null;
  }
}

const BIETEN_HELP = [
  'Antworte mit der Nummer einer Wahl, oder schreib sie aus:',
  '  eine Karte: HA, L10, Herz As; bieten: Herz, Laub, Gleich, Hanger, Spiel; nichts sagen: passen (oder Enter)',
  '  antworten: gut, halten (anschauen), Drei (einen Groschen geben)',
  '  Ende der Eingabe (Strg-D) beendet das Spiel.',
].join('\n');

/** A person playing a Bieten seat through its observations. */
export class BietenHuman implements Policy<BietenObservation, BietenAction> {
  private explainNow: ((a: BietenAction) => string | null) | null = null;
  private seen = 0;
  private deal: unknown = null;
  private lastStatus = new Map<string, string>();

  constructor(private readonly io: HumanIO) {}

  readonly onTurn = (explain: (a: BietenAction) => string | null): void => {
    this.explainNow = explain;
  };

  news(obs: BietenObservation): void {
    if (obs.history[0] !== this.deal) {
      this.deal = obs.history[0];
      this.seen = 0;
      this.lastStatus = new Map();
      const score = obs.score.some((x) => x !== 0) ? ` — Stand: ${obs.active.map((s) => `${obs.names[s]} ${obs.score[s]}`).join(', ')} (Ziel ${obs.target})` : '';
      this.io.write(`\n=== Neuer Gang: du bist ${obs.names[obs.seat]}; Geber ${obs.names[obs.dealer]}, Vorhand ${obs.names[obs.vorhand]}${score} ===\n`);
    }
    const lines: string[] = [];
    for (let i = this.seen; i < obs.history.length; i++) {
      const l = bietenEventLine(obs.history[i]!, obs);
      if (l !== null) lines.push(l);
    }
    this.seen = obs.history.length;
    if (lines.length > 0) this.io.write(lines.join('\n') + '\n');
  }

  finish(obs: BietenObservation): void {
    this.news(obs);
  }

  private status(obs: BietenObservation): string {
    const lines = [`── ${obs.names[obs.seat]} (du) am Zug ${'─'.repeat(40)}`, `Deine Karten: ${obs.hand.map(cardShort).join(' ') || '—'}`];
    const open = obs.tricks[obs.tricks.length - 1];
    if (open !== undefined && open.winner < 0 && open.plays.length > 0) lines.push(`Auf dem Tisch (Stich ${obs.tricks.length}): ${open.plays.map((p) => `${obs.names[p.seat]} ${cardShort(p.card)}`).join(' · ')}`);
    const figs = obs.figures.filter((f) => f.status !== 'unbid').map((f) => {
      const by = f.bidder >= 0 ? ` von ${obs.names[f.bidder]}` : '';
      if (f.status === 'offer') return `${f.figure}: geboten${by}`;
      if (f.status === 'held') return `${f.figure}: ${f.stake === 3 ? 'mit Groschen ' : ''}gehalten${by}`;
      return `${f.figure}: erledigt${f.writtenTo >= 0 ? ` (${obs.names[f.writtenTo]} schrieb ${f.writtenPoints})` : ''}`;
    });
    if (figs.length > 0) lines.push(`Gebote: ${figs.join(' · ')}`);
    lines.push(`Stand: ${obs.active.map((s) => `${obs.names[s]} ${(obs.score[s] ?? 0) + (obs.points[s] ?? 0)}`).join(' · ')} (Ziel ${obs.target})`);
    return lines.join('\n');
  }

  private question(obs: BietenObservation): string {
    if (obs.phase === 'answer' && obs.offer !== null) {
      const o = obs.offer;
      return `${obs.names[o.by]} ${o.level === 2 ? `gibt einen Groschen ${IN[o.figure]}` : `bietet ${ARTICLE[o.figure]}`}: gut, halten${o.level === 1 ? ' oder Drei' : ''}?`;
    }
    if (obs.phase === 'window') return 'Deine Karte liegt: noch bieten? (Enter: nichts sagen)';
    const open = obs.tricks[obs.tricks.length - 1];
    const lead = open === undefined || open.winner >= 0 || open.plays.length === 0;
    return `${lead ? 'Du spielst aus' : 'Du gibst zu'}: welche Karte (oder erst bieten)?`;
  }

  private read(obs: BietenObservation, choices: readonly Choice<BietenAction>[], line: string): Reading<BietenAction> {
    const legal = obs.legal;
    const p = plain(line);
    const words = p.split(' ');
    const has = (...ws: string[]) => ws.some((w) => words.includes(w));
    const card = tryParseCard(line);
    if (card !== null && card < 32) {
      if (!obs.hand.includes(card)) return { error: `nicht möglich: du hast ${cardShort(card)} nicht (Karten: ${obs.hand.map(cardShort).join(' ') || '—'})` };
      return { action: { kind: 'play', card } };
    }
    const figure = words.map((w) => FIGURE_OF_WORD[w]).find((x) => x !== undefined) ?? (obs.offer !== null ? obs.offer.figure : undefined);
    let found: BietenAction | undefined;
    if (has('gut')) found = legal.find((a) => a.kind === 'gut');
    else if (has('halten', 'halte', 'anschauen', 'schaue', 'hold')) found = legal.find((a) => a.kind === 'hold');
    else if (has('drei', 'groschen')) found = legal.find((a) => a.kind === 'groschen' && (figure === undefined || a.figure === figure));
    else if (has('passen', 'pass', 'nichts', 'nein', 'weiter')) found = legal.find((a) => a.kind === 'pass');
    else if (figure !== undefined && words.some((w) => FIGURE_OF_WORD[w] !== undefined)) found = legal.find((a) => a.kind === 'bid' && a.figure === figure) ?? (BIETEN_FIGURES.includes(figure) ? { kind: 'bid', figure } : undefined);
    if (found !== undefined) return { action: found };
    return byLabel(choices, legal, (a) => bietenActionText(a), line);
  }

  act(obs: BietenObservation): BietenAction {
    this.news(obs);
    // each line of the table's state again only when it changed (the header and the open trick always)
    const lines = this.status(obs).split('\n');
    const key = (line: string) => line.split(':')[0]!;
    const shown = lines.filter((line, i) => i === 0 || line.startsWith('Auf dem Tisch') || this.lastStatus.get(key(line)) !== line);
    for (const line of lines) this.lastStatus.set(key(line), line);
    this.io.write(shown.join('\n') + '\n');
    const choices: Choice<BietenAction>[] = obs.legal.map((a) => ({ label: bietenLabel(a), action: a }));
    const explain = this.explainNow;
    this.explainNow = null;
    const pass = obs.phase === 'window' ? obs.legal.find((a) => a.kind === 'pass') : undefined;
    return askHuman(this.io, {
      question: this.question(obs),
      choices,
      legal: obs.legal,
      same: sameBietenAction,
      read: (line) => this.read(obs, choices, line),
      explain: (a) => (explain === null ? null : explain(a)),
      ...(pass === undefined ? {} : { onEmpty: pass }),
      help: BIETEN_HELP,
    });
  }
}
