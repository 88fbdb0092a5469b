// A played game written as a recording (docs/replay-format.md): the inverse of the replay. Used to keep
// examples and by the round-trip tests (a game played by policies, recorded and replayed, scores the same).
import { cardShort } from '../../cards/notation.ts';
import { actionText, type Action } from '../../engine/actions.ts';
import { actingSeat as pActing, applyAction as pApply, handFromLayout } from '../../engine/game.ts';
import { explainIllegal as pExplain } from '../../engine/checked.ts';
import type { HandState } from '../../engine/state.ts';
import { canonicalName } from '../../rules/registry.ts';
import { NOBODY_TALKS } from './perlaggen.ts';
import { actingSeat, applyAction, dealOptionsOf, dealWithHands, explainIllegal } from '../bieten/engine.ts';
import { bietenRulesName } from '../bieten/rules.ts';
import type { BietenState } from '../bieten/state.ts';
import { phraseWords } from '../../engine/talk-words.ts';

/** One Bieten deal's lines (its dealer, hands in dealing order, and every action but the silent passes). */
function bietenDealLines(s: BietenState, k: number): string[] {
  const name = (seat: number) => s.names[seat]!;
  const out = [`deal ${k + 1}`, `dealer ${name(s.dealer)}`];
  const hands: number[][] = Array.from({ length: s.seats }, () => []);
  for (const e of s.events) if (e.type === 'dealt') hands[e.seat] = e.cards.slice();
  for (const e of s.events) if (e.type === 'dealt') out.push(`${name(e.seat)}: ${e.cards.map(cardShort).join(' ')}`);
  // replay to know who acted
  const fresh = () => dealWithHands(s.rules, dealOptionsOf(s), hands, s.cutAt);
  const moves = s.actions.filter((a) => a.kind !== 'chance');
  const actors: number[] = [];
  const w0 = fresh();
  for (const a of moves) {
    actors.push(actingSeat(w0));
    applyAction(w0, a);
  }
  const w = fresh();
  for (let i = 0; i < moves.length; i++) {
    const a = moves[i]!;
    const seat = actors[i]!;
    const who = name(seat);
    // silence is a pass, unless the next line is this player's and would fit here (the replay's step)
    const j = moves.findIndex((x, k) => k > i && x.kind !== 'pass');
    const say = a.kind === 'pass' && j >= 0 && actors[j] === seat && explainIllegal(w, moves[j]!) === null;
    applyAction(w, a);
    switch (a.kind) {
      case 'pass':
        if (say) out.push(`${who} pass`);
        break;
      case 'play':
        out.push(`${who} play ${cardShort(a.card)}`);
        break;
      case 'revoke':
        out.push(`${who} play ${cardShort(a.card)} revoke`);
        break;
      case 'bid':
        out.push(`${who} bid ${a.figure}`);
        break;
      case 'groschen':
        out.push(`${who} Drei ${a.figure}`);
        break;
      default:
        out.push(`${who} ${a.kind}`);
    }
  }
  out.push(`expect points ${s.active.map((seat) => `${name(seat)} ${s.points[seat]}`).join(' ')}`);
  return out;
}

/** A Bieten game (its deals' final states in order) as a recording. */
export function recordBieten(states: readonly BietenState[], title = ''): string {
  const s0 = states[0]!;
  const lines = ['game bieten', `ruleset ${bietenRulesName(s0.rules)}`, `players ${s0.names.join(' ')}`];
  if (title !== '') lines.push(`title ${title}`);
  if (s0.score.some((x) => x !== 0)) lines.push(`score ${s0.names.map((n, i) => `${n} ${s0.score[i]}`).join(' ')}`);
  const out0 = s0.names.filter((_, i) => !s0.active.includes(i));
  if (out0.length > 0) lines.push(`out ${out0.join(' ')}`);
  states.forEach((s, k) => {
    lines.push('');
    lines.push(...bietenDealLines(s, k));
  });
  return lines.join('\n') + '\n';
}

function perlaggenAction(a: Action): string {
  switch (a.kind) {
    case 'play':
      return `play ${cardShort(a.card)}${a.as === null ? '' : ` as ${cardShort(a.as)}`}`;
    case 'bid':
      return `bid ${a.cumulative ? 'all' : a.figures.join(' ')}${a.unseen ? ' unseen' : ''}`;
    case 'raise':
      return `raise ${a.figure} ${a.to}`;
    case 'show':
      return `show ${a.as.map(cardShort).join(' ')}`;
    case 'exchange':
      return `exchange ${cardShort(a.card)}`;
    case 'declineExchange':
      return 'decline';
    case 'keepCut':
      return a.keep ? 'keep' : 'leave';
    case 'ask':
      return `ask ${a.count} ${a.type}`;
    case 'chance':
      return actionText(a);
    default:
      return a.kind; // gut, hold, pass, concede, veto, consent, allow, reject
  }
}

/** One Perlaggen hand as a recording (a cut at which the cutter kept Perlaggen with its `kept` and `cut` lines). */
export function recordPerlaggen(s: HandState, title = ''): string {
  const seats = s.table.seats;
  const hands: number[][] = Array.from({ length: seats }, () => []);
  // the cutter's hand: the Perlaggen he kept at the cut (A-31), then the cards dealt to him
  const kept: number[] = [];
  for (const e of s.events) if (e.type === 'cutKeep' && e.keep) kept.push(e.card);
  for (const e of s.events) if (e.type === 'dealt') hands[e.seat] = [...(e.seat === s.cutter ? kept : []), ...e.cards];
  const lines = ['game perlaggen', `ruleset ${canonicalName(s.ruleset)}`, `players ${s.table.players}`];
  if (title !== '') lines.push(`title ${title}`);
  if (s.bid.score.some((x) => x !== 0)) lines.push(`score ${s.bid.score.join(' ')}`);
  // seats that never bid (a bot such as passive): the windows skip them, so the replay must know them
  const silent = Array.from({ length: seats }, (_, seat) => seat).filter((seat) => ((s.bid.silent >>> seat) & 1) === 1);
  if (silent.length > 0) lines.push(`silent ${silent.map((seat) => `P${seat + 1}`).join(' ')}`);
  lines.push('', 'deal 1', `dealer P${s.dealer + 1}`);
  for (let seat = 0; seat < seats; seat++) lines.push(`P${seat + 1}: ${hands[seat]!.map(cardShort).join(' ')}`);
  // the cards turned aside as they were turned up (an Eichel Perlagg among them may since have been exchanged, A-32)
  const skipped: number[] = [];
  for (const e of s.events) if (e.type === 'skipped') skipped.push(e.card);
  if (skipped.length > 0) lines.push(`skipped ${skipped.map(cardShort).join(' ')}`);
  if (kept.length > 0) lines.push(`kept ${kept.map(cardShort).join(' ')}`, `cut ${s.cutAt}`);
  lines.push(`turned ${cardShort(s.turned)}`);
  lines.push(`stock ${s.stock.map(cardShort).join(' ')}`);
  // a hand with table talk is written with it (RULES §13: "P2 zu P4: „Welche Farbe?“", the answer "P4: „Eichel!“")
  const talked = s.events.some((e) => e.type === 'say');
  const fresh = () => handFromLayout(s.ruleset, { players: s.table.players, dealer: s.dealer, score: s.bid.score, quietSeats: talked ? s.talk!.quiet : NOBODY_TALKS, ...(s.bid.silent === 0 ? {} : { silentSeats: s.bid.silent }), ...(s.table.dummySeat >= 0 ? { dummySeat: s.table.dummySeat } : {}) }, { hands, turned: s.turned, skipped, stock: s.stock, ...(kept.length === 0 ? {} : { cutKept: kept, cutAt: s.cutAt }) });
  // handFromLayout has applied the chance actions: the recording's actions are the others
  const moves = s.actions.filter((a) => a.kind !== 'chance' && (talked || (a.kind !== 'say' && a.kind !== 'quiet')));
  const quiet = (a: Action) => a.kind === 'pass' || a.kind === 'consent' || a.kind === 'quiet';
  const actors: number[] = [];
  const w0 = fresh();
  for (const a of moves) {
    actors.push(pActing(w0));
    pApply(w0, a);
  }
  const w = fresh();
  for (let i = 0; i < moves.length; i++) {
    const a = moves[i]!;
    const seat = actors[i]!;
    // silence says nothing, unless the next line is this seat's and would fit here (the replay's step)
    const j = moves.findIndex((x, k) => k > i && !quiet(x));
    const say = !quiet(a) || (j >= 0 && actors[j] === seat && pExplain(w, moves[j]!) === null);
    const reply = w.talk !== null && w.talk.question !== null;
    pApply(w, a);
    if (!say) continue;
    if (a.kind === 'say') lines.push(reply ? `P${seat + 1}: „${phraseWords(a.phrase, a.suit, a.figure)}“` : `P${seat + 1} zu P${a.to + 1}: „${phraseWords(a.phrase, a.suit, a.figure)}“`);
    else lines.push(`P${seat + 1} ${perlaggenAction(a)}`);
  }
  lines.push(`expect points ${s.points.join(' ')}`);
  return lines.join('\n') + '\n';
}
