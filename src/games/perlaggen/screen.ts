// What a person at a Perlaggen seat sees (issue 14 item 3, issue 24 item 3): what happened since he last
// looked, and the state of the table — built from his seat's Observation only (src/engine/observe.ts), never
// from the state, in the transcript's words (words.ts). The table talk reads as at the table
// (`P3 zu P1 (du): „Kannst du stechen?“`), the secret signs as the private note the transcript prints, and no
// engine record ever reaches the screen: every event type has its words or is silent. The lines are plain
// text for any interface (the terminal prints them; a web page could too).
import { cardShort } from '../../cards/notation.ts';
import type { HandEvent } from '../../engine/history.ts';
import type { Observation } from '../../engine/observation.ts';
import { cards, cardCount, eventWords, levelWord, playedText, signText, suitWord, type EventNames } from './words.ts';
import { phraseWords } from '../../engine/talk-words.ts';

export const seatName = (seat: number): string => `P${seat + 1}`;

/** "Partei A (P1/P3)", or the seat when each plays for himself. */
export function partyOf(obs: Observation, party: number): string {
  const parties = Math.max(...obs.party) + 1;
  if (parties === obs.seats) return seatName(party);
  const members = obs.party.flatMap((p, seat) => (p === party ? [seatName(seat)] : []));
  return `Partei ${String.fromCharCode(65 + party)} (${members.join('/')})`;
}

/** Is `card` one of this deal's Perlaggen? */
export const isPerlagg = (obs: Observation, card: number): boolean => obs.perlaggen.includes(card);

/** The cards of the hand that acts now: the player's own, or the Strohmann's when he plays it. */
export function actingHand(obs: Observation): number[] {
  if (obs.acting < 0 || obs.acting === obs.seat) return obs.hand;
  return obs.seenHands.find((h) => h.seat === obs.acting)?.cards ?? [];
}

/** The face-up Perlagg offered in the exchange: the trump card, or one laid aside at the turn-up (A-32). */
export const offeredPerlagg = (obs: Observation): number => (obs.exchangeTarget >= 0 ? obs.exchangeTarget : obs.faceUp);

/** How this seat names the seats: P2, "P1 (du)", "P4 (Strohmann)". */
export function seatNames(obs: Observation): EventNames {
  const who = (seat: number): string => `${seatName(seat)}${seat === obs.seat ? ' (du)' : seat === obs.dummySeat ? ' (Strohmann)' : ''}`;
  return { who, party: (p) => partyOf(obs, p) };
}

/** One event as the seat saw it; null for the silent ones. */
export function seatEventLine(e: HandEvent, obs: Observation): string | null {
  const n = seatNames(obs);
  switch (e.type) {
    case 'dealt':
      return e.seat === obs.seat ? `Deine Karten: ${cards(e.cards)}` : `Die Karten des Strohmanns ${seatName(e.seat)}: ${cards(e.cards)}`;
    case 'turnedUp':
      return `Trumpf aufgeschlagen: ${cardShort(e.card)} → Trumpf ist ${suitWord(e.trump)}.\nPerlaggen in diesem Spiel (höchster zuerst): ${cards(obs.perlaggen)}`;
    case 'play': {
      const t = obs.tricks[e.trick];
      const lead = t !== undefined && t.plays[0]?.seat === e.seat && t.plays[0]?.card === e.card;
      return `  ${n.who(e.seat)} ${lead ? 'spielt aus' : 'gibt zu'}: ${playedText(e.card, e.as)}`;
    }
    case 'trick':
      return `  → Stich ${e.index + 1} für ${n.who(e.winner)}`;
    case 'spiel': {
      const tricks = e.tricks.map((x, p) => `${n.party(p)} ${x}`).join(', ');
      return `${e.party >= 0 ? `Spiel: ${n.party(e.party)} (Stiche: ${tricks}).` : `Das Spiel geht unter: niemand hat 3 Stiche (Stiche: ${tricks}).`}\nWeisen:`;
    }
    case 'sign':
      // RULES §13: the partnership's secret, as the transcript notes it
      return `Zeichen (geheim, nur ${n.party(obs.party[e.seat]!)}): ${seatName(e.seat)} an ${n.who(e.to)}: ${signText(e)}`;
    case 'say':
      return e.reply ? `  ${n.who(e.seat)}: „${phraseWords(e.phrase, e.suit, e.figure)}“` : `  ${n.who(e.seat)} zu ${n.who(e.to)}: „${phraseWords(e.phrase, e.suit, e.figure)}“`;
    default:
      return eventWords(e, n);
  }
}

/** The state of the table as [what, line] pairs: the header, trump, the hands, tricks, the open trick, the wagers, the score. */
export function statusLines(obs: Observation, label: string): Array<[string, string]> {
  const lines: Array<[string, string]> = [];
  const blind = obs.phase === 'window' && obs.point < 0;
  const mark = (c: number) => `${cardShort(c)}${isPerlagg(obs, c) ? '*' : ''}`;
  lines.push(['header', `── ${seatName(obs.seat)}${label} am Zug ${'─'.repeat(40)}`]);
  if (obs.trump !== null) {
    const open = [obs.faceUp, ...obs.skipped].filter((c) => c >= 0 && c !== obs.turned);
    lines.push(['trump', `Trumpf ${suitWord(obs.trump)} (aufgeschlagen ${cardShort(obs.turned)}${open.length > 0 ? `, offen liegt ${cards(open)}` : ''}) · Perlaggen: ${cards(obs.perlaggen)}`]);
  }
  lines.push(['hand', blind ? 'Deine Karten: (noch nicht angesehen)' : `Deine Karten: ${obs.hand.map(mark).join(' ') || '—'}${obs.trump !== null ? '   (* Perlagg)' : ''}`]);
  for (const h of obs.seenHands) lines.push([`seen${h.seat}`, `Strohmann ${seatName(h.seat)}: ${h.cards.map(mark).join(' ') || '—'}`]);
  const parties = Math.max(...obs.party) + 1;
  if (obs.tricks.some((t) => t.plays.length > 0)) lines.push(['tricks', `Stiche: ${obs.tricksWon.map((x, p) => `${partyOf(obs, p)} ${x}`).join(' · ')}`]);
  const open = obs.tricks[obs.tricks.length - 1];
  if (open !== undefined && open.winner < 0 && open.plays.length > 0) lines.push(['table', `Auf dem Tisch (Stich ${obs.tricks.length}): ${open.plays.map((p) => `${seatName(p.seat)} ${playedText(p.card, p.as)}`).join(' · ')}`]);
  const bids = obs.bidding.filter((b) => b.status !== 'unbid').map((b) => {
    const by = b.firstParty >= 0 ? `, geboten von ${partyOf(obs, b.firstParty)}` : '';
    const lvl = b.aus ? 'Aus' : levelWord(b.level);
    if (b.status === 'offer') return `${b.figure}: offen (${lvl})${by}`;
    if (b.status === 'stake') return `${b.figure}: gehalten um ${lvl}${by}`;
    return `${b.figure}: erledigt${b.writtenParty >= 0 ? ` (${partyOf(obs, b.writtenParty)} schrieb ${b.writtenPoints})` : ''}`;
  });
  if (bids.length > 0) lines.push(['bids', `Gebote: ${bids.join(' · ')}`]);
  if (parties === 2 && (obs.score.some((x) => x !== 0) || obs.written.some((x) => x !== 0))) {
    lines.push(['score', `Stand: ${obs.score.map((x, p) => `${partyOf(obs, p)} ${x}${obs.written[p] ? ` (+${obs.written[p]} in diesem Spiel)` : ''}`).join(' · ')} (Ziel ${obs.target})`]);
  }
  return lines;
}

/**
 * One person's screen at a Perlaggen seat: `news` gives what the seat saw since it last looked (a new hand
 * starts with its header), `status` the lines of the table that changed since they were last shown (the
 * header and the open trick always). `label` names the person: " (du)", or " (Spieler 2)" at a hot seat.
 */
export class SeatScreen {
  /** The events of this hand already shown (events are frozen records, the same objects in every observation). */
  private shown = new Set<unknown>();
  private hand: unknown = null;
  private lastStatus = new Map<string, string>();

  constructor(readonly label = ' (du)') {}

  /** What the seat saw since it last looked; with `show`, only the events it lets through (the rest counts as seen). */
  news(obs: Observation, show?: (e: HandEvent) => boolean): string[] {
    const lines: string[] = [];
    if (obs.history[0] !== this.hand) {
      this.hand = obs.history[0];
      this.shown = new Set();
      this.lastStatus = new Map();
      const score = obs.score.some((x) => x !== 0) ? ` — Stand: ${obs.score.map((x, p) => `${partyOf(obs, p)} ${x}`).join(', ')} (Ziel ${obs.target})` : '';
      lines.push('', `=== Neues Spiel: du bist ${seatName(obs.seat)}${this.label}; Geber ${seatName(obs.dealer)}, Vorhand ${seatName(obs.vorhand)}, je ${cardCount(obs.handSize)}${score} ===`);
    }
    for (const e of obs.history) {
      if (this.shown.has(e)) continue;
      this.shown.add(e);
      if (show !== undefined && !show(e)) continue;
      const l = seatEventLine(e, obs);
      if (l !== null) lines.push(l);
    }
    return lines;
  }

  status(obs: Observation): string[] {
    const all = statusLines(obs, this.label);
    const out = all.filter(([what, line]) => what === 'header' || what === 'table' || this.lastStatus.get(what) !== line);
    for (const [what, line] of all) this.lastStatus.set(what, line);
    return out.map(([, line]) => line);
  }
}
