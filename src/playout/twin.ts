// The playout kernel's slow twin is the engine (GUIDE guideline 6): the same hands played move by move
// in both. At every step the kernel's legal moves must be the engine's (all of them when the kernel
// enumerates every christening; with the reduced set, exactly the engine's moves whose christening is
// among the kernel's candidates, and every plain card), every trick goes to the same seat, the Spiel is
// decided at the same card, and at the end the same figures are shown and the same points written.
//
// Hands start at the first lead or a random number of cards into the play (open tricks, Perlaggen already
// christened by the engine with any of its 32 identities); the moves are chosen by the kernel's uniform
// random or `simple` continuation; with `simple` and every christening enumerated, the engine's own
// strategies/simple.ts must choose the same card at every step. A share of the hands is played with
// bidding before the first card (random bids, holds and raises), so stakes and the obligations of RULES
// §8.5 are checked too.
import { STREAM, keyedRng, type Rng } from '../core/rng.ts';
import { CHANCE, TERMINAL, applyAction, chanceOutcomes, currentPlayer, legalActions, newHand } from '../engine/game.ts';
import { PASS, actionText, playOf, type PolicyAction } from '../engine/actions.ts';
import { obligationsOf } from '../engine/obligations.ts';
import { freePerlaggen, realize } from '../engine/show-options.ts';
import { jointFrontier } from '../engine/joint.ts';
import { cardShort } from '../cards/notation.ts';
import { observe } from '../engine/observe.ts';
import type { HandState } from '../engine/state.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import type { RulesVariant } from '../rules/variant.ts';
import type { Policy } from '../policy/api.ts';
import { Playout } from './kernel.ts';
import { NO_AS, ROLLOUT, moveAs, moveCard, moveOf, type KernelPosition } from './kernel-state.ts';
import { figCtx } from '../engine/hand-figures.ts';

export interface TwinOptions {
  readonly ruleset: RulesVariant;
  /** Tables to cycle through, by number of players (default 2, 3, 4, 6). */
  readonly players?: readonly number[];
  readonly hands: number;
  readonly seed: number;
  /** First deal index (default 0): the deep check runs disjoint ranges. */
  readonly firstDeal?: number;
  /** The engine's `simple` policy (strategies/simple.ts), to check the kernel's copy of its card play. */
  readonly simple: Policy;
  /** Stop after this many mismatches (default 5). */
  readonly maxMismatches?: number;
}

export interface TwinReport {
  hands: number;
  /** Decisions whose legal move sets were compared. */
  steps: number;
  /** Completed tricks whose winners were compared. */
  tricks: number;
  /** Hands whose shown figures, figure winners and points were compared. */
  scored: number;
  /** Steps where the engine's simple.ts choice was compared with the kernel's. */
  simpleChoices: number;
  /** Hands played with bidding before the first card. */
  withBidding: number;
  /** Hands that ended (or were never played) for reasons the kernel does not model (Partie over, penalty): scoring not compared. */
  scoringSkipped: number;
  /** Engine positions with no legal card (a bound seat under strict follow switches): the hand stops there. */
  engineDeadEnds: number;
  mismatches: string[];
}

/** The kernel position of an engine state during trick play (the whole world: every seat's cards). */
export function positionOfState(s: HandState, christenAll: boolean): KernelPosition {
  const parties = s.table.parties;
  const values: number[] = new Array<number>(3 * parties).fill(1);
  if (s.bid.active) {
    for (let f = 0; f < 3; f++) {
      const fb = s.bid.figs[f]!;
      for (let p = 0; p < parties; p++) values[f * parties + p] = fb.status === 'closed' ? 0 : fb.status === 'stake' ? fb.level : 1;
    }
  }
  const bound: number[] = [];
  for (let seat = 0; seat < s.table.seats; seat++) bound.push(s.bid.active ? obligationsOf(s, seat) : 0);
  return {
    ruleset: s.ruleset,
    trump: s.trump!,
    seats: s.table.seats,
    party: s.table.party,
    handSize: s.table.handSize,
    spielTricks: s.table.spielTricks,
    vorhand: s.vorhand,
    handLo: s.handLo,
    handWeli: s.handWeli,
    tricks: s.tricks,
    spielParty: s.spielParty,
    values,
    bound,
    christenAll,
  };
}

const playKey = (card: number, as: number | null): number => moveOf(card, as);

/** Run the twin check; returns counts and the first mismatches (empty = the kernel agrees with the engine). */
export function twinCheck(o: TwinOptions): TwinReport {
  const rep: TwinReport = { hands: 0, steps: 0, tricks: 0, scored: 0, simpleChoices: 0, withBidding: 0, scoringSkipped: 0, engineDeadEnds: 0, mismatches: [] };
  const tables = o.players ?? [2, 3, 4, 6];
  const max = o.maxMismatches ?? 5;
  const k = new Playout();
  const first = o.firstDeal ?? 0;
  for (let d = first; d < first + o.hands && rep.mismatches.length < max; d++) {
    const players = tables[d % tables.length]!;
    const fail = (why: string): void => {
      rep.mismatches.push(`${o.ruleset.name} ${players} players, deal ${d} (seed ${o.seed}): ${why}`);
    };
    try {
      oneHand(o, k, d, players, rep, fail);
    } catch (e) {
      fail(`threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
    rep.hands++;
  }
  return rep;
}

function oneHand(o: TwinOptions, k: Playout, d: number, players: number, rep: TwinReport, fail: (why: string) => void): void {
  const chance = keyedRng(o.seed, d, STREAM.deal);
  const rng = keyedRng(o.seed, d, STREAM.policy);
  const mode = d % 8; // 0-1: with bidding; 0, 2, 4, 6: every christening; 0-3: simple, 4-7: random
  const bidding = mode < 2 && (players === 2 || players === 4 || players === 6);
  const christenAll = mode % 2 === 0;
  const useSimple = mode < 4;
  const probeSeats = players === 3 && o.ruleset.threePlayers === 'strohmann' ? 4 : players;
  const s = newHand(o.ruleset, { players, dealer: d % probeSeats, dummySeat: (d >> 3) % 4, silentSeats: bidding ? 0 : (1 << probeSeats) - 1, quietSeats: (1 << probeSeats) - 1 }); // the kernel plays the cards: no table talk (RULES §13; the signs are still given)
  if (bidding) rep.withBidding++;
  // deal, cut, exchange, bidding before the first card: chance and random choices
  for (;;) {
    const p = currentPlayer(s);
    if (p === TERMINAL) return; // the Partie ended in the bidding
    if (p === CHANCE) {
      applyAction(s, { kind: 'chance', outcome: chance.below(chanceOutcomes(s)) });
      continue;
    }
    if (s.phase === 'play') break;
    applyAction(s, preplay(s, rng));
  }
  // a random number of cards into the play, laid by the engine with any christening
  const skip = d % 3 === 0 ? 0 : rng.below(s.table.seats * 3);
  for (let i = 0; i < skip && s.phase === 'play'; i++) {
    const plays = legalActions(s).filter((a) => a.kind === 'play');
    if (plays.length === 0) {
      rep.engineDeadEnds++; // see below
      return;
    }
    applyAction(s, plays[rng.below(plays.length)]!);
    while (s.phase !== 'play' && s.phase !== 'show' && s.phase !== 'done') applyAction(s, PASS_OR_GUT(s));
  }
  if (s.phase !== 'play') return;
  const writtenAtLoad = s.bid.written.slice();
  const eventsAtLoad = s.events.length;
  k.load(positionOfState(s, christenAll));
  let step = 0;
  while (s.phase === 'play') {
    if (k.over) return fail(`kernel says the play is over (Spiel ${k.spielParty}), the engine plays on`);
    if (k.turn !== s.turn) return fail(`seat to play: engine P${s.turn + 1}, kernel P${k.turn + 1}`);
    const eng = legalActions(s).filter((a): a is Extract<PolicyAction, { kind: 'play' }> => a.kind === 'play');
    const n = k.legalMoves();
    const cand = k.candidates(s.turn);
    if (!christenAll && freePerlaggen(s, s.turn).length > 0) {
      // the reduced christenings are the best trick identities and the realisations (engine/scoring.ts
      // realize) of every entry of the seat's joint frontier
      const want = expectedCandidates(s, s.turn, k.rules.topMask);
      if (want !== cand) return fail(`step ${step}, P${s.turn + 1}: christening candidates ${maskText(cand)}, expected ${maskText(want)}`);
    }
    const want: number[] = [];
    for (const a of eng) {
      if (a.as === null || christenAll || ((cand >>> a.as) & 1) === 1) want.push(playKey(a.card, a.as));
    }
    const got = Array.from(k.moves.subarray(0, n));
    if (eng.length === 0) {
      // an engine dead end: a seat bound to a figure (RULES §8.5) with no card the follow switches allow it
      // that keeps the figure — the engine offers only the concede; the kernel lets the obligation yield
      rep.engineDeadEnds++;
      return;
    }
    rep.steps++;
    if (want.length !== got.length || want.some((x, i) => x !== got[i])) {
      return fail(`step ${step}, P${s.turn + 1}: legal moves differ\n  engine ${want.map(txt).join(' ')}\n  kernel ${got.map(txt).join(' ')}`);
    }
    const m = useSimple ? k.simpleMove(n) : k.randomMove(rng);
    if (!useSimple && !got.includes(m)) return fail(`step ${step}: the random continuation chose ${txt(m)}, not a legal move`);
    if (useSimple && christenAll) {
      const player = s.table.controller[s.turn]!;
      const a = o.simple.act(observe(s, player), { rng });
      rep.simpleChoices++;
      if (a.kind !== 'play' || playKey(a.card, a.as) !== m) return fail(`step ${step}: strategies/simple.ts plays ${actionText(a)}, the kernel's simple ${txt(m)}`);
    }
    const tricksBefore = k.tricksDone;
    const engTricks = s.tricks.length;
    applyAction(s, playOf(moveCard(m), moveAs(m)));
    k.play(m);
    step++;
    if (k.tricksDone !== tricksBefore) {
      rep.tricks++;
      const t = s.tricks[engTricks - 1]!;
      if (t.winner !== k.lastTrickWinner) return fail(`trick ${engTricks}: engine P${t.winner + 1}, kernel P${k.lastTrickWinner + 1}`);
    }
    // nobody bids after the first card (the kernel's stakes are those at its start)
    while (bidPhase(s)) applyAction(s, PASS_OR_GUT(s));
  }
  if (!k.over) return fail(`the engine ended the play (phase ${s.phase}), the kernel plays on`);
  if (s.spielParty !== k.spielParty) return fail(`Spiel: engine ${s.spielParty}, kernel ${k.spielParty}`);
  // the showing: the engine asks simple.ts, which the kernel's finish() copies
  while (s.phase !== 'done') {
    const p = currentPlayer(s);
    if (s.phase === 'show') applyAction(s, o.simple.act(observe(s, p), { rng }));
    else applyAction(s, PASS_OR_GUT(s));
  }
  k.finish();
  for (let seat = 0; seat < s.table.seats; seat++) {
    const sh = s.shows[seat];
    if (sh === null || sh === undefined) continue;
    if (wordGleich(sh.word) !== k.gleich[seat] || wordHanger(sh.word) !== k.hanger[seat]) {
      return fail(`P${seat + 1} shows Gleich ${wordGleich(sh.word)} Hanger ${wordHanger(sh.word)} in the engine, ${k.gleich[seat]} ${k.hanger[seat]} in the kernel`);
    }
  }
  // corrections the kernel does not model: a Partie over, a penalty, a write undone at the end (A-39)
  if (s.bid.partieWinner >= 0 || s.events.some((e, i) => e.type === 'penalty' || e.type === 'correction' || (i >= eventsAtLoad && e.type === 'write'))) {
    rep.scoringSkipped++;
    return;
  }
  const fw = s.figureWinners!;
  const names = ['Spiel', 'Gleich', 'Hanger'] as const;
  for (let f = 0; f < 3; f++) {
    const fb = s.bid.figs[f]!;
    if (fb.status === 'closed') continue; // written before the end
    const name = names[f]!;
    if (fw[name] !== k.figureWinner[f]) return fail(`${name}: engine party ${fw[name]}, kernel ${k.figureWinner[f]}`);
  }
  for (let p = 0; p < s.table.parties; p++) {
    if (s.points[p] !== writtenAtLoad[p]! + k.points[p]!) return fail(`points of party ${p}: engine ${s.points[p]}, kernel ${writtenAtLoad[p]! + k.points[p]!} (${writtenAtLoad[p]} written before)` + (process.env["TWIN_DEBUG"] ? "\n" + s.events.filter((e) => e.type !== "play" && e.type !== "dealt").map((e) => JSON.stringify(e)).join("\n") : ""));
  }
  rep.scored++;
}

/** Before the first card: random cut keeps and exchanges; with bidding, random bids, holds and raises. */
function preplay(s: HandState, rng: Rng): PolicyAction {
  const legal = legalActions(s);
  if (s.phase === 'window') {
    // a bid now and then, never an ask; no Aus (the kernel takes stakes as plain numbers)
    const bids = legal.filter((a) => a.kind === 'bid' || (a.kind === 'raise' && a.to <= 4));
    return bids.length > 0 && rng.below(4) === 0 ? bids[rng.below(bids.length)]! : PASS;
  }
  if (s.phase === 'answer') {
    const ok = legal.filter((a) => a.kind !== 'raise' || a.to <= 4);
    return ok[rng.below(ok.length)]!;
  }
  return legal[rng.below(legal.length)]!;
}

/** After the first card: nobody bids; offers (none are made) would be let gut; vetoes consent. */
function PASS_OR_GUT(s: HandState): PolicyAction {
  const legal = legalActions(s);
  for (const kind of ['pass', 'gut', 'consent', 'allow'] as const) {
    const a = legal.find((x) => x.kind === kind);
    if (a !== undefined) return a;
  }
  return legal[0] ?? PASS;
}

/** The reduced christening candidates of a seat, worked out from the engine's own frontier and realize(). */
function expectedCandidates(s: HandState, seat: number, top: number): number {
  const ctx = figCtx(s);
  const played: Array<{ card: number; as: number | null }> = [];
  for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) played.push({ card: p.card, as: p.as });
  const free = freePerlaggen(s, seat);
  const fixed: number[] = [];
  for (let c = 0; c < 32; c++) if (((s.handLo[seat]! >>> c) & 1) === 1 && s.perl!.level[c] === 0) fixed.push(c);
  for (const p of played) fixed.push(p.as ?? p.card);
  let m = top;
  for (const w of jointFrontier(ctx, s.handLo[seat]!, s.handWeli[seat]!, played)) for (const id of realize(ctx, fixed, free.length, w)) m |= 1 << id;
  return m;
}

function maskText(m: number): string {
  const out: string[] = [];
  for (let c = 0; c < 32; c++) if (((m >>> c) & 1) === 1) out.push(cardShort(c));
  return out.join(' ');
}

/** In a bid window, an answer or a veto (read through a call: applyAction changes the phase). */
function bidPhase(s: HandState): boolean {
  return s.phase === 'window' || s.phase === 'answer' || s.phase === 'veto';
}

function txt(m: number): string {
  const as = m >>> 6;
  return `${moveCard(m)}${as === NO_AS ? '' : `=${as}`}`;
}

export { ROLLOUT };
