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
import { freePerlaggen, realize } from '../engine/show-options.ts';
import { jointFrontier } from '../engine/joint.ts';
import { cardShort } from '../cards/notation.ts';
import { observe } from '../engine/observe.ts';
import type { HandState } from '../engine/state.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import type { RulesVariant } from '../rules/variant.ts';
import type { Policy } from '../policy/api.ts';
import { Playout } from './kernel.ts';
import { positionOfState } from './position.ts';

export { positionOfState };
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
  /**
   * The final writes (issue 27): every hand bid before and during the play from a random score (raises to
   * Aus, false figures), the kernel's points per party and end of the Partie against the engine's.
   */
  readonly writes?: boolean;
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
  /** Hands whose final writes were compared in the writes mode. */
  written: number;
  /** Hands not loaded (the Partie ended in the bidding, the play was over, a revoke). */
  scoringSkipped: number;
  /** Engine positions with no legal card (a bound seat under strict follow switches): the hand stops there. */
  engineDeadEnds: number;
  mismatches: string[];
}


const playKey = (card: number, as: number | null): number => moveOf(card, as);

/** Run the twin check; returns counts and the first mismatches (empty = the kernel agrees with the engine). */
export function twinCheck(o: TwinOptions): TwinReport {
  const rep: TwinReport = { hands: 0, steps: 0, tricks: 0, scored: 0, simpleChoices: 0, withBidding: 0, written: 0, scoringSkipped: 0, engineDeadEnds: 0, mismatches: [] };
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
  const rng = keyedRng(o.seed, d, STREAM.policy);
  const mode = d % 8; // 0-1: with bidding; 0, 2, 4, 6: every christening; 0-3: simple, 4-7: random
  const writes = o.writes === true;
  const christenAll = mode % 2 === 0;
  const useSimple = mode < 4;
  const s = setUp(o, d, players, rng, rep);
  if (s === null) return;
  const eventsAtLoad = s.events.length;
  k.load(positionOfState(s, christenAll));
  if (!playBoth(o, k, s, rng, christenAll, useSimple, rep, fail)) return;
  // the showing: the engine asks simple.ts, which the kernel's finish() copies
  while (s.phase !== 'done') {
    const p = currentPlayer(s);
    if (s.phase === 'show') applyAction(s, o.simple.act(observe(s, p), { rng }));
    else applyAction(s, PASS_OR_GUT(s));
  }
  k.finish();
  compareEnd(s, k, writes, eventsAtLoad, rep, fail);
}

/**
 * A hand to load into the kernel: dealt, cut and exchanged at random, bid before the first card (an
 * eighth of the hands; in the writes mode every hand, from a random score, with bids, raises to Aus and
 * false figures), then a random number of cards laid by the engine with any christening (in the writes
 * mode with bids between them, so that raises in an open trick meet the Spielfarbe rule). Null: the hand
 * cannot be loaded (the Partie ended, the play is over, an engine dead end).
 */
export function setUp(o: TwinOptions, d: number, players: number, rng: Rng, rep: TwinReport): HandState | null {
  const chance = keyedRng(o.seed, d, STREAM.deal);
  const writes = o.writes === true;
  const bidding = (writes || d % 8 < 2) && (players === 2 || players === 4 || players === 6);
  const probeSeats = players === 3 && o.ruleset.threePlayers === 'strohmann' ? 4 : players;
  const parties = players === 3 && o.ruleset.threePlayers === 'individual' ? 3 : 2;
  const score = writes ? randomScore(o.ruleset.target, parties, rng) : undefined;
  const s = newHand(o.ruleset, { players, dealer: d % probeSeats, dummySeat: (d >> 3) % 4, silentSeats: bidding ? 0 : (1 << probeSeats) - 1, quietSeats: (1 << probeSeats) - 1, ...(score === undefined ? {} : { score }) }); // the kernel plays the cards: no table talk (RULES §13; the signs are still given)
  if (bidding) rep.withBidding++;
  // deal, cut, exchange, bidding before the first card: chance and random choices
  for (;;) {
    const p = currentPlayer(s);
    if (p === TERMINAL) return null; // the Partie ended in the bidding
    if (p === CHANCE) {
      applyAction(s, { kind: 'chance', outcome: chance.below(chanceOutcomes(s)) });
      continue;
    }
    if (s.phase === 'play') break;
    applyAction(s, preplay(s, rng, writes));
  }
  // a random number of cards into the play, laid by the engine with any christening
  const skip = d % 3 === 0 ? 0 : rng.below(s.table.seats * 3);
  for (let i = 0; i < skip && s.phase === 'play'; i++) {
    const plays = legalActions(s).filter((a) => a.kind === 'play');
    if (plays.length === 0) {
      rep.engineDeadEnds++; // see playBoth
      return null;
    }
    applyAction(s, plays[rng.below(plays.length)]!);
    while (s.phase !== 'play' && s.phase !== 'show' && s.phase !== 'done') applyAction(s, writes && currentPlayer(s) >= 0 ? preplay(s, rng, true) : PASS_OR_GUT(s));
  }
  return s.phase === 'play' && s.revokes.length === 0 ? s : null;
}

/** A Partie score at the start of the deal: each party below the target, near it half the time. */
function randomScore(target: number, parties: number, rng: Rng): number[] {
  const out: number[] = [];
  for (let p = 0; p < parties; p++) out.push(rng.below(2) === 0 ? target - 1 - rng.below(4) : rng.below(target));
  if (rng.below(16) === 0) return out.map(() => target - 1); // Innsbruck's 17:17 and its like
  return out;
}

/**
 * Play the hand to the end of the trick play in both, move by move: the same legal moves, the same trick
 * winners, the kernel's `simple` the engine's strategies/simple.ts. False: a mismatch or a dead end (the hand stops).
 */
function playBoth(o: TwinOptions, k: Playout, s: HandState, rng: Rng, christenAll: boolean, useSimple: boolean, rep: TwinReport, fail: (why: string) => void): boolean {
  let step = 0;
  while (s.phase === 'play') {
    if (k.over) return (fail(`kernel says the play is over (Spiel ${k.spielParty}), the engine plays on`), false);
    if (k.turn !== s.turn) return (fail(`seat to play: engine P${s.turn + 1}, kernel P${k.turn + 1}`), false);
    const eng = legalActions(s).filter((a): a is Extract<PolicyAction, { kind: 'play' }> => a.kind === 'play');
    const n = k.legalMoves();
    const cand = k.candidates(s.turn);
    if (!christenAll && freePerlaggen(s, s.turn).length > 0) {
      // the reduced christenings are the best trick identities and the realisations (engine/scoring.ts
      // realize) of every entry of the seat's joint frontier
      const want = expectedCandidates(s, s.turn, k.rules.topMask);
      if (want !== cand) return (fail(`step ${step}, P${s.turn + 1}: christening candidates ${maskText(cand)}, expected ${maskText(want)}`), false);
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
      return false;
    }
    rep.steps++;
    if (want.length !== got.length || want.some((x, i) => x !== got[i])) {
      return (fail(`step ${step}, P${s.turn + 1}: legal moves differ\n  engine ${want.map(txt).join(' ')}\n  kernel ${got.map(txt).join(' ')}`), false);
    }
    const m = useSimple ? k.simpleMove(n) : k.randomMove(rng);
    if (!useSimple && !got.includes(m)) return (fail(`step ${step}: the random continuation chose ${txt(m)}, not a legal move`), false);
    if (useSimple && christenAll) {
      const player = s.table.controller[s.turn]!;
      const a = o.simple.act(observe(s, player), { rng });
      rep.simpleChoices++;
      if (a.kind !== 'play' || playKey(a.card, a.as) !== m) return (fail(`step ${step}: strategies/simple.ts plays ${actionText(a)}, the kernel's simple ${txt(m)}`), false);
    }
    const tricksBefore = k.tricksDone;
    const engTricks = s.tricks.length;
    applyAction(s, playOf(moveCard(m), moveAs(m)));
    k.play(m);
    step++;
    if (k.tricksDone !== tricksBefore) {
      rep.tricks++;
      const t = s.tricks[engTricks - 1]!;
      if (t.winner !== k.lastTrickWinner) return (fail(`trick ${engTricks}: engine P${t.winner + 1}, kernel P${k.lastTrickWinner + 1}`), false);
    }
    // nobody bids after the first card (the kernel's stakes are those at its start)
    while (bidPhase(s)) applyAction(s, PASS_OR_GUT(s));
  }
  if (!k.over) return (fail(`the engine ended the play (phase ${s.phase}), the kernel plays on`), false);
  if (s.spielParty !== k.spielParty) return (fail(`Spiel: engine ${s.spielParty}, kernel ${k.spielParty}`), false);
  return true;
}

/** The end of the deal in both: the same shown figures, figure winners, points per party and end of the Partie. */
export function compareEnd(s: HandState, k: Playout, writes: boolean, eventsAtLoad: number, rep: TwinReport, fail: (why: string) => void): void {
  if (writes) rep.written++;
  const over = s.bid.partieWinner >= 0;
  if (s.figureWinners !== null) {
    for (let seat = 0; seat < s.table.seats; seat++) {
      const sh = s.shows[seat];
      if (sh === null || sh === undefined) continue;
      if (wordGleich(sh.word) !== k.gleich[seat] || wordHanger(sh.word) !== k.hanger[seat]) {
        return fail(`P${seat + 1} shows Gleich ${wordGleich(sh.word)} Hanger ${wordHanger(sh.word)} in the engine, ${k.gleich[seat]} ${k.hanger[seat]} in the kernel`);
      }
    }
    const fw = s.figureWinners;
    const names = ['Spiel', 'Gleich', 'Hanger'] as const;
    for (let f = 0; f < 3; f++) {
      if (s.bid.figs[f]!.status === 'closed') continue; // written before the end
      const name = names[f]!;
      if (fw[name] !== k.figureWinner[f]) return fail(`${name}: engine party ${fw[name]}, kernel ${k.figureWinner[f]}`);
    }
  }
  const debug = (): string => (process.env['TWIN_DEBUG'] ? '\n' + s.events.slice(0).filter((e, i) => i >= 0 && e.type !== 'play' && e.type !== 'dealt').map((e) => JSON.stringify(e)).join('\n') : '');
  if (s.bid.partieWinner !== k.partieWinner) return fail(`the Partie: engine won by ${s.bid.partieWinner}, kernel ${k.partieWinner} (score ${s.bid.score.join(':')})${debug()}`);
  for (let p = 0; p < s.table.parties; p++) {
    if (s.points[p] !== k.points[p]) return fail(`points of party ${p}: engine ${s.points[p]}, kernel ${k.points[p]} (score ${s.bid.score.join(':')}, Partie ${over ? 'over' : 'on'})${debug()}`);
  }
  void eventsAtLoad;
  rep.scored++;
}

/**
 * Before the first card: random cut keeps and exchanges; with bidding, random bids, holds and raises (never
 * an ask; the writes mode raises to Aus too and bids more often).
 */
function preplay(s: HandState, rng: Rng, writes: boolean): PolicyAction {
  const legal = legalActions(s);
  if (s.phase === 'window') {
    const bids = legal.filter((a) => a.kind === 'bid' || (a.kind === 'raise' && (writes || a.to <= 4)));
    return bids.length > 0 && rng.below(writes ? 3 : 4) === 0 ? bids[rng.below(bids.length)]! : PASS;
  }
  if (s.phase === 'answer') {
    const ok = legal.filter((a) => a.kind !== 'ask' && (a.kind !== 'raise' || writes || a.to <= 4));
    return ok[rng.below(ok.length)]!;
  }
  const ok = legal.filter((a) => a.kind !== 'ask' && a.kind !== 'concede');
  return (ok.length > 0 ? ok : legal)[rng.below(ok.length > 0 ? ok.length : legal.length)]!;
}

/** After the first card: nobody bids; offers (none are made) would be let gut; vetoes consent. */
export function PASS_OR_GUT(s: HandState): PolicyAction {
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
export function bidPhase(s: HandState): boolean {
  return s.phase === 'window' || s.phase === 'answer' || s.phase === 'veto';
}

function txt(m: number): string {
  const as = m >>> 6;
  return `${moveCard(m)}${as === NO_AS ? '' : `=${as}`}`;
}

export { ROLLOUT };
