// The bid history of a hand on one line, in the words `perlagg play` prints (the players' own: "Gilt's
// Gleich?", "Gut 's Spiel", "Ich halte", "Drei", "Aus!"), for the `bids` column of hands.arrow (--detail).
// Items are "seat: words" in the order they were said, separated by " · "; seats are P1 .. (seat + 1).
import type { HandEvent } from './history.ts';
import type { HandState } from './state.ts';

const LEVEL_WORD: Readonly<Record<number, string>> = { 2: 'Zwei', 3: 'Drei', 4: 'Vier', 5: 'Fünf', 6: 'Sechs', 7: 'Sieben', 8: 'Acht', 9: 'Neun', 10: 'Zehn' };
const ASK_WORD: Readonly<Record<number, string>> = { 2: 'Zweifache', 3: 'Dritzige', 4: 'Viertige', 5: 'Fünftige' };
const GILT = { Spiel: "Gilt's Spiel?", Gleich: "Gilt's Gleich?", Hanger: 'Gilt der Hanger?' } as const;
const GUT = { Spiel: "Gut 's Spiel", Gleich: "Gut 's Gleich", Hanger: 'Gut der Hanger' } as const;

const seatName = (seat: number): string => `P${seat + 1}`;

function partyText(s: HandState, party: number): string {
  const members = s.table.party.flatMap((p, seat) => (p === party ? [seatName(seat)] : []));
  return members.join('/');
}

/** One bidding event in words, or null for events that are not said at the table. */
export function bidEventText(s: HandState, e: HandEvent): string | null {
  switch (e.type) {
    case 'bid': {
      const what = e.cumulative ? "Höll' auf!" : e.figures.map((f) => GILT[f]).join(' ');
      const kept = e.kept === 0 ? ' (ungültig)' : e.kept < e.figures.length ? ` (nur ${e.figures.slice(0, e.kept).join(', ')} gilt)` : '';
      return `${seatName(e.seat)}: ${what}${e.unseen ? ' (ungesehen)' : ''}${kept}`;
    }
    case 'raise':
      return `${seatName(e.seat)}: ${e.aus ? 'Aus!' : (LEVEL_WORD[e.to] ?? String(e.to))} (${e.figure})${e.valid ? '' : ' (ungültig, gilt als gehalten)'}`;
    case 'answer': {
      const who = e.seat >= 0 ? seatName(e.seat) : partyText(s, e.party);
      if (e.answer === 'gut') return `${who}: ${e.level === 2 ? GUT[e.figure] : `${LEVEL_WORD[e.level - 1] ?? e.level - 1} gut (${e.figure})`}`;
      return `${who}: ${e.level === 2 ? 'Ich halte' : `Alle ${e.aus ? 'Aus' : (LEVEL_WORD[e.level] ?? e.level)} halten`} (${e.figure})`;
    }
    case 'veto':
      return `${seatName(e.seat)}: ${e.veto ? 'Einspruch!' : 'einverstanden'}`;
    case 'ask':
      return `${seatName(e.seat)}: fragt ums ${ASK_WORD[e.count] ?? `${e.count}-fache`} (${e.kind})`;
    case 'askAnswer':
      return `${e.seat >= 0 ? seatName(e.seat) : partyText(s, e.party)}: ${e.allow ? 'Es ist gut.' : 'Es wird zurückgewiesen.'}`;
    case 'concede':
      return `${seatName(e.seat)}: lässt das Spiel gut`;
    default:
      return null;
  }
}

/** The whole bid history of a finished hand ("" when nobody said anything). */
export function bidHistoryText(s: HandState): string {
  const out: string[] = [];
  for (const e of s.events) {
    const t = bidEventText(s, e);
    if (t !== null) out.push(t);
  }
  return out.join(' · ');
}
