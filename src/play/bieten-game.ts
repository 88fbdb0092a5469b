// RULES §17.1 [001 p.6, p.16-23]: a whole game of Bieten played by policies, deal after deal until one player
// is left (games/bieten/partie.ts has the rules of the game's course: the cut for the first dealer, who goes
// out, who deals next). A pure function of (rules, players, policies, root seed, game index, first dealer).
import { type SeatedPolicy, type RunOptions, runDeal } from './deal.ts';
import { bietenGame } from '../games/bieten/game.ts';
import type { BietenAction, BietenState } from '../games/bieten/state.ts';
import type { BietenRules } from '../games/bieten/rules.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import { newDeal } from '../games/bieten/engine.ts';
import { STREAM, keyedPartieRng, saltedRng } from '../core/rng.ts';
import { CUT_STREAM, afterDeal, cutForDealer, nextGameDealer, type BietenGameResult } from '../games/bieten/partie.ts';

export interface PlayBietenOptions {
  readonly rules: BietenRules;
  readonly players: number;
  readonly policies: ReadonlyArray<SeatedPolicy<BietenObservation, BietenAction>>;
  readonly rootSeed: number;
  readonly gameIndex: number;
  /** The first dealer, or 'cut' (default): cutting for the deal as rule 3 says. */
  readonly firstDealer?: number | 'cut';
  readonly names?: readonly string[];
  /** Admit revokes as actions (policies may revoke and are penalised); default false. */
  readonly revokes?: boolean;
  readonly checked?: boolean;
  readonly onDecision?: RunOptions<BietenState, BietenObservation, BietenAction>['onDecision'];
  readonly beforeDecision?: RunOptions<BietenState, BietenObservation, BietenAction>['beforeDecision'];
  /** Called after each deal with its final state. */
  readonly onDeal?: (s: BietenState, dealNo: number, decisions: number) => void;
  /** Keep every deal's final state in the result (transcripts, tests). Default false. */
  readonly keepStates?: boolean;
  /** Safety bound on deals (default 500). */
  readonly maxDeals?: number;
  /** Re-key every seat's policy streams with this salt (duplicate play with --independent-streams). */
  readonly streamSalt?: number;
}

export function playBietenGame(o: PlayBietenOptions): BietenGameResult {
  const n = o.players;
  if (o.policies.length !== n) throw new RangeError(`${n} players need ${n} policies, got ${o.policies.length}`);
  const cut = o.firstDealer === undefined || o.firstDealer === 'cut' ? cutForDealer(n, keyedPartieRng(o.rootSeed, o.gameIndex, 0, CUT_STREAM)) : null;
  const firstDealer = cut !== null ? cut.dealer : (o.firstDealer as number);
  if (!(Number.isInteger(firstDealer) && firstDealer >= 0 && firstDealer < n)) throw new RangeError(`the first dealer must be 0..${n - 1}`);
  const score = new Array<number>(n).fill(0);
  const penalties = new Array<number>(n).fill(0);
  const outAt = new Array<number>(n).fill(-1);
  const sheet: number[][] = [];
  const dealPoints: number[][] = [];
  const dealers: number[] = [];
  const states: BietenState[] = [];
  let out: number[] = [];
  let dealer = firstDealer;
  let decisions = 0;
  let loser = -1;
  const maxDeals = o.maxDeals ?? 500;
  for (let d = 0; loser < 0; d++) {
    if (d >= maxDeals) throw new Error(`game ${o.gameIndex} (seed ${o.rootSeed}) did not end within ${maxDeals} deals`);
    const s = newDeal(o.rules, { players: n, dealer, score, out, ...(o.names === undefined ? {} : { names: o.names }), ...(o.revokes === true ? { revokes: true } : {}) });
    const k = runDeal(
      bietenGame,
      s,
      o.policies,
      {
        chance: keyedPartieRng(o.rootSeed, o.gameIndex, d, STREAM.deal),
        policy: Array.from({ length: n }, (_, seat) => {
          const rng = keyedPartieRng(o.rootSeed, o.gameIndex, d, STREAM.policy, seat);
          return { rng: o.streamSalt === undefined ? rng : saltedRng(rng, o.streamSalt) };
        }),
        where: `game ${o.gameIndex} deal ${d}, seed ${o.rootSeed}`,
      },
      { ...(o.checked === undefined ? {} : { checked: o.checked }), ...(o.onDecision === undefined ? {} : { onDecision: o.onDecision }), ...(o.beforeDecision === undefined ? {} : { beforeDecision: o.beforeDecision }) },
    );
    decisions += k;
    for (let seat = 0; seat < n; seat++) {
      score[seat]! += s.points[seat]!;
      penalties[seat]! += s.penalties[seat]!;
    }
    sheet.push(score.slice());
    dealPoints.push(s.points.slice());
    dealers.push(dealer);
    if (o.keepStates === true) states.push(s);
    o.onDeal?.(s, d, k);
    const next = afterDeal(s, out);
    for (const seat of next.out) if (outAt[seat] === -1) outAt[seat] = d;
    out = next.out;
    loser = next.loser;
    dealer = next.nextDealer;
  }
  outAt[loser] = -1;
  return {
    players: n,
    target: o.rules.target,
    cut,
    firstDealer,
    sheet,
    dealPoints,
    dealers,
    outOrder: out,
    outAt,
    loser,
    nextDealer: nextGameDealer(n, loser),
    finalScore: score,
    penalties,
    decisions,
    states,
  };
}
