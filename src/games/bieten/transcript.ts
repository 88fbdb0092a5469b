// A Bieten deal as players would follow it, in the game's own words [001 pp.6-23]: Geber, Vorhand, Abheber,
// ausspielen, zugeben, bieten, gut sein lassen, anschauen/halten, einen Groschen geben, Stich, schreiben,
// gestraft, ausgehen; and the score sheet ("die Schrift") with its Bantl (a stroke for a deal without a
// point), the vertical stroke at target − 1 and the Noggerl of the loser.
import { cardShort } from '../../cards/notation.ts';
import { figureWords } from './figures.ts';
import { bietenRulesName, type BietenFigure, type BietenRules } from './rules.ts';
import { fromVorhand } from './engine.ts';
import type { BietenEvent, BietenState, FigureOutcome, VoidReason } from './state.ts';
import { fixed, signed } from '../../core/numbers.ts';

const ARTICLE: Record<BietenFigure, string> = { Herz: 'das Herz', Laub: 'das Laub', Gleich: 'das Gleich', Hanger: 'den Hanger', Spiel: 'das Spiel' };
const IN: Record<BietenFigure, string> = { Herz: 'im Herz', Laub: 'im Laub', Gleich: 'im Gleich', Hanger: 'im Hanger', Spiel: 'im Spiel' };
const HOW: Record<FigureOutcome | 'unfollowedLead', string> = {
  silent: 'stillschweigend',
  gut: 'gut gelassen',
  held: 'gehalten',
  groschenGut: 'Groschen gut gelassen',
  groschenHeld: 'Groschen gehalten',
  unfollowedLead: 'niemand gab Farbe zu',
};
const VOID: Record<VoidReason | 'revoke', string> = {
  gestrichen: 'mit einem Punkt weniger als das Ziel darf er nicht mehr bieten',
  overbid: 'er hat sich überboten: mehr Figuren, als ihm Punkte fehlen, erlaubt',
  spielWithoutSuit: 'Spiel im letzten Stich ohne ein Blatt der ausgespielten Farbe',
  revoke: 'Farbe verleugnet',
};

function say(s: BietenState, e: BietenEvent, name: (seat: number) => string, out: string[]): void {
  switch (e.type) {
    case 'play': {
      const t = s.tricks[e.trick]!;
      const first = t.plays[0]!.seat === e.seat && t.plays[0]!.card === e.card;
      if (first) out.push(`Stich ${e.trick + 1}:`);
      out.push(`  ${name(e.seat)} ${first ? 'spielt' : 'gibt'} ${cardShort(e.card)}${first ? ' aus' : ' zu'}${e.revoke ? ' — verleugnet Farbe!' : ''}`);
      break;
    }
    case 'trick':
      out.push(`  → Stich ${name(e.winner)}${e.index === 2 ? ' (der letzte Stich: das Spiel)' : ''}`);
      break;
    case 'bid':
      out.push(`  ${name(e.seat)} bietet ${ARTICLE[e.figure]}${e.void === null ? '.' : ` — ungültig: ${VOID[e.void]}`}`);
      break;
    case 'groschen':
      out.push(`  ${e.answer ? '  ' : ''}${name(e.seat)} gibt einen Groschen ${IN[e.figure]} („Drei!“)${e.void === null ? '' : ` — ungültig: ${VOID[e.void]}`}`);
      break;
    case 'answer':
      if (e.answer === 'gut') out.push(`    ${name(e.seat)}: „Es ist gut!“`);
      else out.push(`    ${name(e.seat)}: „Ich schaue ${e.level === 2 ? 'den Groschen' : ARTICLE[e.figure]} an!“${e.void === null ? '' : ` — ungültig: ${VOID[e.void]}`}`);
      break;
    case 'write':
      if (e.how === 'gut' || e.how === 'groschenGut') out.push(`    → ${name(e.seat)} schreibt ${e.points} ${IN[e.figure]} (${HOW[e.how]})`);
      break;
    case 'penalty':
      out.push(`    Strafe: ${name(e.seat)} −${e.points} (${VOID[e.reason]})`);
      break;
    case 'erase':
      out.push(`  ${e.figure} flieht: ${name(e.seat)}s ${e.points} ${IN[e.figure]} wird gestrichen`);
      break;
    default:
      break;
  }
}

/** The body of a finished (or partly played) deal: the deal, the play with every bid and answer, the scoring. */
export function bietenDealText(s: BietenState): string[] {
  const name = (seat: number) => s.names[seat]!;
  const out: string[] = [];
  out.push(`Geber: ${name(s.dealer)}, Vorhand: ${name(s.vorhand)}, Abheber: ${name(s.cutter)}`);
  const sc = s.active.map((seat) => `${name(seat)} ${s.score[seat]}`).join(', ');
  if (s.score.some((x) => x !== 0)) out.push(`Stand vor dem Spiel: ${sc} (Ziel ${s.rules.target})`);
  const gone = Array.from({ length: s.seats }, (_, i) => i).filter((i) => !s.active.includes(i));
  if (gone.length > 0) out.push(`Schon aus: ${gone.map(name).join(', ')}`);
  out.push(`Austeilen (${s.rules.dealPattern.join(' + ')}, im Uhrzeigersinn ab Vorhand):`);
  for (const seat of fromVorhand(s)) {
    const d = s.events.find((e) => e.type === 'dealt' && e.seat === seat);
    const cards = d !== undefined && d.type === 'dealt' ? d.cards : [];
    out.push(`  ${name(seat)}: ${cards.map(cardShort).join(' ')}`);
  }
  for (const e of s.events) say(s, e, name, out);
  if (s.results !== null) {
    out.push('Wertung (in der Reihenfolge des Ausgehens):');
    for (const e of s.events) {
      if (e.type === 'figure') {
        const what = e.figure === 'Spiel' ? 'macht den letzten Stich' : e.maker >= 0 ? `mit ${figureWords(e.figure, s.dealt[e.maker]!)}` : '';
        const how = e.how === 'silent' ? '' : ` (${HOW[e.how]})`;
        if (e.maker >= 0) out.push(`  ${e.figure}${how}: ${name(e.maker)} ${what} → ${e.points}`);
        else out.push(`  ${e.figure}${how}: ${e.maker === -2 ? 'flieht — zwei haben es gleich hoch, niemand schreibt' : `niemand hat ${e.figure === 'Gleich' ? 'ein Gleich' : e.figure === 'Hanger' ? 'einen Hanger' : `eine ${e.figure === 'Herz' ? 'Rote' : 'Grüne'}`}`}`);
      } else if (e.type === 'erase') {
        out.push(`  ${e.figure}: flieht — ${name(e.seat)}s gut gelassener Punkt wird gestrichen`);
      } else if (e.type === 'out') {
        out.push(`  → ${name(e.seat)} hat ${e.total} und ist aus.`);
      }
    }
    for (const r of s.results) if (r.how === 'gut' || r.how === 'groschenGut') if (r.maker >= 0) out.push(`  ${r.figure}: schon geschrieben (${HOW[r.how]}), ${name(r.maker)} ${r.points}`);
    out.push(`Punkte: ${fromVorhand(s).map((seat) => `${name(seat)} ${s.points[seat]! === 0 ? '— (Bantl)' : s.points[seat]}`).join(', ')}`);
  }
  return out;
}

export interface SheetInput {
  readonly rules: BietenRules;
  readonly names: readonly string[];
  readonly dealers: readonly number[];
  readonly dealPoints: ReadonlyArray<readonly number[]>;
  readonly sheet: ReadonlyArray<readonly number[]>;
  readonly outAt: readonly number[];
  /** Seats in the order they went out. */
  readonly outOrder: readonly number[];
  /** -1 while the game is not over. */
  readonly loser: number;
}

/** The score sheet as the scorer keeps it: a column per player under the target. */
export function bietenScoreSheet(g: SheetInput): string {
  const n = g.names.length;
  const t = g.rules.target;
  const w = Math.max(16, ...g.names.map((x) => x.length + 2));
  const pad = (x: string) => x.padStart(w);
  const lines: string[] = [];
  lines.push(`Schrift — ${bietenRulesName(g.rules)}, es geht auf ${t}`);
  lines.push(`${'Gang'.padEnd(6)} ${'Geber'.padEnd(6)}${g.names.map((x) => pad(x)).join('')}`);
  g.sheet.forEach((row, d) => {
    const cells = row.map((v, seat) => {
      if (g.outAt[seat]! >= 0 && g.outAt[seat]! < d) return pad(''); // out: he plays no more

      const p = g.dealPoints[d]![seat]!;
      // the marker has a field of its own, so the numbers stay in line whether a row is marked or not
      const mark = (g.outAt[seat] === d ? ' aus' : v === t - 1 ? ' |' : '').padEnd(4);
      return pad(`${p === 0 ? '—' : signed(p, 0)} = ${fixed(v, 0)}${mark}`);
    });
    lines.push(`${String(d + 1).padEnd(6)} ${g.names[g.dealers[d]!]!.padEnd(6)}${cells.join('')}`.trimEnd());
  });
  if (g.loser >= 0) {
    const won = g.outOrder.filter((seat) => g.outAt[seat]! >= 0);
    if (won.length > 0) lines.push(`Ausgegangen, in dieser Reihenfolge: ${won.map((seat) => `${g.names[seat]} (im ${g.outAt[seat]! + 1}. Gang)`).join(', ')}`);
    lines.push(`${g.names[g.loser]} ist als Letzter übrig und hat verloren: ein Noggerl (Bummerl) für ${g.names[g.loser]}.`);
    lines.push(`Im nächsten Spiel gibt ${g.names[(g.loser - 1 + n) % n]} (rechts vom Verlierer), damit ${g.names[g.loser]} die Vorhand hat.`);
  }
  return lines.join('\n');
}
