// RULES §11.4, A-30, A-40: asking at target − 1 — "um's Dritzige fragen" (1853), "Viertig erlaubt?"
// (Oberland, Südtirol; raised to "Fünftig erlaubt?"), the Innsbruck 17:17 — and its answer: allowed, the
// asker shows it and goes out; rejected, the rejecter is bound to an equally multiple figure, and a false
// ask costs its party (a Bummerl, or 2 points). Who may ask and reject: bid-rights.ts.
import { bidChanged } from './bid-state.ts';
import { escalates, isSilent, otherParty } from './bid-rights.ts';
import { nextInWindow } from './bid-windows.ts';
import { judgeGoingOut, writeNow } from './going-out.ts';
import { reachableCounts } from './hand-figures.ts';
import { freezeEvent } from './history.ts';
import { endPartie, virtualScore } from './partie-score.ts';
import type { HandState } from './state.ts';

export function applyAsk(s: HandState, seat: number, count: number, type: 'Gleich' | 'Hanger'): void {
  bidChanged();
  const b = s.bid;
  const party = s.table.party[seat]!;
  const [g, h] = reachableCounts(s, seat);
  const typed = s.ruleset.askAtTargetMinus1 === 'dritzig';
  const truthful = typed ? (type === 'Gleich' ? g >= count : h >= count) : Math.max(g, h) >= count;
  b.asked |= 1 << party;
  s.events.push(freezeEvent({ type: 'ask', seat, party, count, kind: type }));
  b.ask = { seat, party, count, type, truthful, answer: 'pending', answerSeat: -1 };
  // the asker is bound to what he asked with ([000 p.30] rule 3)
  if (s.ruleset.askBinds) b.askNeed[seat] = (count << 4) | ((typed ? (type === 'Gleich' ? 1 : 2) : 3) << 8);
  const n = s.table.seats;
  for (let i = 1; i < n; i++) {
    const p = (seat + i) % n;
    if (s.table.party[p] !== party && !isSilent(s, p)) {
      b.ask.answerSeat = p;
      b.answerSeat = p;
      s.phase = 'answer';
      return;
    }
  }
  resolveAsk(s, -1, true);
}

export function applyAskAnswer(s: HandState, allow: boolean): void {
  bidChanged();
  resolveAsk(s, s.bid.answerSeat, allow);
}

function resolveAsk(s: HandState, seat: number, allow: boolean): void {
  const b = s.bid;
  const a = b.ask!;
  a.answer = allow ? 'allow' : 'reject';
  const opp = otherParty(a.party);
  const rule = s.ruleset.askAtTargetMinus1;
  s.events.push(freezeEvent({ type: 'askAnswer', seat, party: opp, allow, truthful: allow ? a.truthful : rule === 'dritzig' && !a.truthful ? false : null }));
  if (allow) {
    // Granted: the asker shows it and is out ([000 p.29]; "mit der man bereits 15 Punkte erreichen, also 'aus'
    // gehen könnte" [002 §1.6]) — his deal's let-gut claims are checked as he goes out. A "Fünftig erlaubt?"
    // raised by a side below target − 1 only beats the figure asked before: play goes on.
    const viertig = rule === 'viertig' || rule === 'tritzig';
    if (a.truthful && (!viertig || virtualScore(s, a.party) >= s.ruleset.target - 1)) {
      judgeGoingOut(s, a.party, '');
      if (b.partieWinner < 0) writeNow(s, a.party, Math.max(1, s.ruleset.target - virtualScore(s, a.party)), 'the asked figure is shown', null);
    } else if (!a.truthful && viertig) endPartie(s, opp, 'Bummerl: the announced figure does not exist (A-40)');
  } else {
    // the rejecter is bound to an equally multiple figure: a Gleich for a Gleich, a Gleich or a Hanger for a Hanger
    if (s.ruleset.askBinds && seat >= 0) b.askNeed[seat] = (a.count << 4) | ((rule === 'dritzig' && a.type === 'Gleich' ? 1 : 3) << 8);
    if (rule === 'dritzig' && !a.truthful) writeNow(s, opp, 2, 'a false Dritzige ask rejected ([000 p.32])', null);
    // an announced Viertig or Fünftig that does not exist: the Bummerl, found at the end (the first one said)
    if (!a.truthful && (rule === 'viertig' || rule === 'tritzig') && b.bummerl < 0) b.bummerl = a.party;
    // either side may raise it one number higher ("Fünftig erlaubt?", A-40): the asker first (his turn goes
    // on), then the rejecter, who gets a turn right after the asker's unless one is still to come
    const w = b.window;
    if (escalates(s) && seat >= 0 && w !== null && w.indexOf(seat, b.windowAt + 1) < 0) w.splice(b.windowAt + 1, 0, seat);
  }
  nextInWindow(s, true);
}
