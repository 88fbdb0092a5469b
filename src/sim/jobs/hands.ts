// Job "hands": play whole hands with policies (issue 5 deliverable 1). One row per hand: the deal, each
// seat's hand as dealt, tricks and the points each party wrote per figure. It reads the engine through its
// public contract: playDeal (src/sim/play.ts) and the frozen event records of the hand.
import { existsSync, readFileSync } from 'node:fs';
import type { Suit } from '../../cards/card.ts';
import { sha256 } from '../../results/manifest.ts';
import { cardShort } from '../../cards/notation.ts';
import { figureContext, figureWord5, type FigureContext } from '../../eval/evaluate.ts';
import { codeCount, wordGleich, wordHanger } from '../../eval/figures.ts';
import { newHand } from '../../engine/game.ts';
import type { HandState } from '../../engine/state.ts';
import { resolvePolicy } from '../../policy/registry.ts';
import { resolveRuleset } from '../../rules/registry.ts';
import { HANDS_COLUMNS, expandSeats } from '../../results/schema.ts';
import { playDeal, type SeatPolicy } from '../play.ts';
import { SimSpecError, allocColumns, emptyAcc, pushMean, pushProportion, type BatchResult, type Job, type MetricAcc, type MetricSpec, type SimSpec } from '../job.ts';

export const HANDS_METRICS: readonly MetricSpec[] = [
  { name: 'p0_points', kind: 'mean', doc: 'points party 0 (seats 0 and 2) writes per hand' },
  { name: 'p0_minus_p1', kind: 'mean', doc: 'points of party 0 minus party 1 per hand' },
  { name: 'p0_spiel', kind: 'proportion', doc: 'share of hands whose Spiel party 0 makes' },
  { name: 'spiel_lapsed', kind: 'proportion', doc: 'share of hands whose Spiel lapses' },
  { name: 'decisions', kind: 'mean', doc: 'policy decisions per hand' },
];

const FIGURES = ['Spiel', 'Gleich', 'Hanger'] as const;

/**
 * The policy of each player from --policies: one spec for all, one per party (seats take their party's),
 * or one per player.
 */
export function policiesPerPlayer(specs: readonly string[], players: number, partyOfPlayer: readonly number[], parties: number): string[] {
  if (specs.length === 0) return new Array<string>(players).fill('simple');
  if (specs.length === 1) return new Array<string>(players).fill(specs[0]!);
  if (specs.length === players) return [...specs];
  if (specs.length === parties) return partyOfPlayer.map((p) => specs[p]!);
  throw new SimSpecError(`--policies: give 1, ${parties} (one per party) or ${players} (one per player) policies, not ${specs.length}`);
}

export async function createHandsJob(spec: SimSpec): Promise<Job> {
  const r = resolveRuleset(spec.ruleset);
  if (![2, 3, 4, 6].includes(spec.players)) throw new SimSpecError(`--players must be 2, 3, 4 or 6, not ${spec.players}`);
  if (Object.keys(spec.constraints.hands).length > 0 || spec.constraints.trump !== null || spec.constraints.predicate !== null) {
    throw new SimSpecError('constraints (--hand, --trump, --where) apply to --mode figures only so far');
  }
  const table = newHand(r, { players: spec.players }).table;
  const partyOfPlayer = table.seatOfPlayer.map((seat) => table.party[seat]!);
  const specs = policiesPerPlayer(spec.policies, table.players, partyOfPlayer, table.parties);
  const policies: SeatPolicy[] = [];
  const described: Array<Record<string, unknown>> = [];
  for (const [player, p] of specs.entries()) {
    const resolved = await resolvePolicy(p);
    policies.push({ name: resolved.spec, policy: resolved.factory.create(resolved.options) });
    const file = /^([^{}]+?)(\{.*\})?$/.exec(p)![1]!;
    described.push({
      player,
      spec: resolved.spec,
      name: resolved.factory.name,
      version: resolved.factory.version,
      options: resolved.options,
      ...(existsSync(file) ? { sha256: sha256(readFileSync(file)) } : {}),
    });
  }
  const seats = table.seats;
  const parties = table.parties;
  const columns = expandSeats(HANDS_COLUMNS, seats, parties);
  const ctxs = new Map<Suit, FigureContext>(r.trumpSuitsAllowed.map((t) => [t, figureContext(r, t)]));

  return {
    describe: { policies: described },
    tables: { hands: columns },
    metrics: HANDS_METRICS,
    runBatch(start: number, end: number): BatchResult {
      const rows = end - start;
      const col = allocColumns(columns, rows);
      const num = (name: string) => col[name] as Uint8Array | Int8Array | Int16Array | Uint16Array | Uint32Array;
      const m: Record<string, MetricAcc> = Object.fromEntries(HANDS_METRICS.map((x) => [x.name, emptyAcc(x.kind)]));
      for (let d = start; d < end; d++) {
        const i = d - start;
        const dealer = d % seats;
        let dealt: HandState | null = null;
        const lo = new Int32Array(seats);
        const weli = new Int32Array(seats);
        const res = playDeal({
          ruleset: r,
          players: spec.players,
          policies,
          rootSeed: spec.seed,
          dealIndex: d,
          dealer,
          // the hands as dealt: at the first decision after the cut
          onDecision: (s) => {
            if (dealt === null && s.phase !== 'cutKeep') {
              dealt = s;
              for (let seat = 0; seat < seats; seat++) {
                lo[seat] = s.handLo[seat]!;
                weli[seat] = s.handWeli[seat]!;
              }
            }
          },
        });
        const s = res.state;
        num('deal')[i] = d;
        num('dealer')[i] = dealer;
        (col['trump'] as string[])[i] = s.trump ?? '';
        (col['turned'] as string[])[i] = cardShort(s.turned);
        num('spiel_party')[i] = s.spielParty < 0 ? -1 : s.spielParty;
        num('decisions')[i] = res.decisions;
        const ctx = ctxs.get(s.trump as Suit)!;
        for (let seat = 0; seat < seats; seat++) {
          const w = figureWord5(ctx, lo[seat]!, weli[seat]!);
          let p = weli[seat]! & ctx.weliWild;
          for (let x = (lo[seat]! & ctx.wildLo) >>> 0; x !== 0; x = (x & (x - 1)) >>> 0) p++;
          num(`s${seat}_perlaggen`)[i] = p;
          num(`s${seat}_gleich`)[i] = codeCount(wordGleich(w));
          num(`s${seat}_hanger`)[i] = codeCount(wordHanger(w));
        }
        const byFigure = FIGURES.map(() => new Array<number>(parties).fill(0));
        for (const e of s.events) {
          if (e.type === 'figure' && e.party >= 0) byFigure[FIGURES.indexOf(e.figure)]![e.party]! += e.points;
        }
        for (let p = 0; p < parties; p++) {
          num(`p${p}_tricks`)[i] = s.tricksWon[p]!;
          num(`p${p}_spiel`)[i] = byFigure[0]![p]!;
          num(`p${p}_gleich`)[i] = byFigure[1]![p]!;
          num(`p${p}_hanger`)[i] = byFigure[2]![p]!;
          num(`p${p}_points`)[i] = res.points[p]!;
        }
        pushMean(m['p0_points']!, res.points[0]!);
        pushMean(m['p0_minus_p1']!, res.points[0]! - (res.points[1] ?? 0));
        pushProportion(m['p0_spiel']!, s.spielParty === 0 ? 1 : 0);
        pushProportion(m['spiel_lapsed']!, s.spielParty === -2 ? 1 : 0);
        pushMean(m['decisions']!, res.decisions);
      }
      return { start, end, tables: { hands: col }, rows: { hands: rows }, metrics: m, rejected: 0 };
    },
  };
}
