// What a person at a Bieten seat sees (`perlagg play --game bieten --human 0`): what happened since he last
// looked and the state of the table, from his BietenObservation only, in the game's words [001]: ausspielen,
// zugeben, bieten, gut sein lassen, anschauen (halten), einen Groschen geben („Drei!“). Plain lines for any
// interface (the terminal prints them).
import { cardShort } from '../../cards/notation.ts';
import type { BietenObservation } from './observe.ts';
import type { BietenEvent } from './state.ts';
import type { BietenFigure } from './rules.ts';

export const ARTICLE: Readonly<Record<BietenFigure, string>> = { Herz: 'das Herz', Laub: 'das Laub', Gleich: 'das Gleich', Hanger: 'den Hanger', Spiel: 'das Spiel' };
export const IN: Readonly<Record<BietenFigure, string>> = { Herz: 'im Herz', Laub: 'im Laub', Gleich: 'im Gleich', Hanger: 'im Hanger', Spiel: 'im Spiel' };
const VOID: Readonly<Record<string, string>> = {
  gestrichen: 'mit einem Punkt weniger als das Ziel darf er nicht mehr bieten',
  overbid: 'er hat sich überboten',
  spielWithoutSuit: 'Spiel im letzten Stich ohne ein Blatt der ausgespielten Farbe',
  revoke: 'Farbe verleugnet',
};

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
    case 'shuffled':
      return null;
    default: {
      const unworded: never = e;
      void unworded;
      return null;
    }
  }
}

/** The state of the table: the header, the hand, the open trick, the wagers (who bid, who holds), the score. */
export function bietenStatus(obs: BietenObservation): string[] {
  const lines = [`── ${obs.names[obs.seat]} (du) am Zug ${'─'.repeat(40)}`, `Deine Karten: ${obs.hand.map(cardShort).join(' ') || '—'}`];
  const open = obs.tricks[obs.tricks.length - 1];
  if (open !== undefined && open.winner < 0 && open.plays.length > 0) lines.push(`Auf dem Tisch (Stich ${obs.tricks.length}): ${open.plays.map((p) => `${obs.names[p.seat]} ${cardShort(p.card)}`).join(' · ')}`);
  const figs = obs.figures.filter((f) => f.status !== 'unbid').map((f) => {
    const by = f.bidder >= 0 ? ` von ${obs.names[f.bidder]}` : '';
    if (f.status === 'offer') return `${f.figure}: geboten${by}`;
    if (f.status === 'held') return `${f.figure}: geboten${by}, ${f.stake === 3 ? 'mit Groschen ' : ''}gehalten${f.holder >= 0 ? ` von ${obs.names[f.holder]}` : ''}`;
    return `${f.figure}: erledigt${f.writtenTo >= 0 ? ` (${obs.names[f.writtenTo]} schrieb ${f.writtenPoints})` : ''}`;
  });
  if (figs.length > 0) lines.push(`Gebote: ${figs.join(' · ')}`);
  lines.push(`Stand: ${obs.active.map((s) => `${obs.names[s]} ${(obs.score[s] ?? 0) + (obs.points[s] ?? 0)}`).join(' · ')} (Ziel ${obs.target})`);
  return lines;
}

/** One person's screen at a Bieten seat: the news since he last looked, the table lines that changed. */
export class BietenScreen {
  private seen = 0;
  private deal: unknown = null;
  private lastStatus = new Map<string, string>();

  /** What the seat saw since it last looked; with `show`, only the events it lets through. */
  news(obs: BietenObservation, show?: (e: BietenEvent) => boolean): string[] {
    const lines: string[] = [];
    if (obs.history[0] !== this.deal) {
      this.deal = obs.history[0];
      this.seen = 0;
      this.lastStatus = new Map();
      const score = obs.score.some((x) => x !== 0) ? ` — Stand: ${obs.active.map((s) => `${obs.names[s]} ${obs.score[s]}`).join(', ')} (Ziel ${obs.target})` : '';
      lines.push('', `=== Neuer Gang: du bist ${obs.names[obs.seat]}; Geber ${obs.names[obs.dealer]}, Vorhand ${obs.names[obs.vorhand]}${score} ===`);
    }
    for (let i = this.seen; i < obs.history.length; i++) {
      const e = obs.history[i]!;
      if (show !== undefined && !show(e)) continue;
      const l = bietenEventLine(e, obs);
      if (l !== null) lines.push(l);
    }
    this.seen = obs.history.length;
    return lines;
  }

  /** Each line of the table's state again only when it changed (the header and the open trick always). */
  status(obs: BietenObservation): string[] {
    const lines = bietenStatus(obs);
    const key = (line: string) => line.split(':')[0]!;
    const shown = lines.filter((line, i) => i === 0 || line.startsWith('Auf dem Tisch') || this.lastStatus.get(key(line)) !== line);
    for (const line of lines) this.lastStatus.set(key(line), line);
    return shown;
  }
}
