// `perlagg play --human 0[,2]`: people at the table with the bots (issue 14, item 3). The people are
// policies (human.ts, human-bieten.ts) seated where --human says; the same deal loops as `perlagg play`
// drive a hand, a Partie, or Bieten, so the cards, the bots' choices and the transcript are those of
// `perlagg play` with the same seed and the same choices. At the end of every hand each person sees the rest
// of what his seat saw; the transcript of the whole game is returned.
import { observe } from '../engine/observe.ts';
import { seatTable } from '../engine/state.ts';
import { bietenGame } from '../games/bieten/game.ts';
import { bietenGameText, playBietenDeal, type BietenPolicy } from '../play/bieten.ts';
import { MAX_PLAYERS } from '../games/bieten/engine.ts';
import { resolveBietenRules } from '../games/bieten/rules.ts';
import type { BietenAction } from '../games/bieten/state.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import type { PolicyFactory } from '../policy/api.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { resolveRuleset } from '../rules/registry.ts';
import { playPartie } from '../play/partie.ts';
import { playDeal, type SeatPolicy } from '../play/hand.ts';
import { BietenHuman } from './human-bieten.ts';
import { HotSeat, HumanInputEnded, PerlaggenHuman, type HumanIO } from './human.ts';
import { transcript } from '../games/perlaggen/transcript.ts';
import { partieText } from './partie-text.ts';
import { UsageError } from '../core/errors.ts';
import { playBietenGame } from '../play/bieten-game.ts';

export interface HumanPlayRequest {
  readonly game: 'perlaggen' | 'bieten';
  readonly ruleset: string;
  readonly seed: number;
  readonly players: number;
  readonly deal: number;
  readonly dealer?: number;
  /** Play a whole Partie (Bieten: a game to the Noggerl) keyed by this index; a single hand when absent. */
  readonly partie?: number;
  /** The bots: one for all, one per bot seat, or one per player (the people's entries are then ignored). */
  readonly policies?: readonly string[];
  /** Players (0-based, in the order of --policies) the people play. */
  readonly humans: readonly number[];
  readonly io: HumanIO;
}

/** The policy of each player: the people where `humans` says, the bots elsewhere. */
function botSpecs(req: HumanPlayRequest, fallback: string): string[] {
  const n = req.players;
  const given = req.policies ?? [fallback];
  const bots = Array.from({ length: n }, (_, p) => p).filter((p) => !req.humans.includes(p));
  let specs: string[];
  if (given.length === 1) specs = Array.from({ length: n }, () => given[0]!);
  else if (given.length === n) specs = given.slice();
  else if (given.length === bots.length) {
    specs = Array.from({ length: n }, () => '');
    bots.forEach((p, i) => (specs[p] = given[i]!));
  } else throw new UsageError(`--policies names ${given.length} policies: give one for all, one for each of the ${bots.length} bots, or one for each of the ${n} players`);
  return specs.map((x, p) => (req.humans.includes(p) ? 'human' : x));
}

/** Check --human against the table: whole numbers 0 .. players-1, each once. */
export function parseHumans(text: string, players: number): number[] {
  const parts = text.split(',').map((x) => x.trim());
  const out: number[] = [];
  for (const x of parts) {
    if (!/^\d+$/.test(x) || Number(x) >= players) throw new UsageError(`--human ${text}: give players 0 to ${players - 1} (0-based, in the order of --policies), comma-separated`);
    if (out.includes(Number(x))) throw new UsageError(`--human ${text}: player ${x} is named twice`);
    out.push(Number(x));
  }
  return out;
}

/** The HumanInputEnded behind a policy fault, if the fault was the end of the input. */
function inputEnded(e: unknown): HumanInputEnded | null {
  for (let x: unknown = e; x instanceof Error; x = x.cause) if (x instanceof HumanInputEnded) return x;
  return null;
}

async function playPerlaggen(req: HumanPlayRequest): Promise<string> {
  const ruleset = resolveRuleset(req.ruleset);
  if (![2, 3, 4, 6].includes(req.players)) throw new UsageError(`--players must be 2, 3, 4 or 6, got ${req.players}`);
  const table = seatTable(ruleset, { players: req.players });
  const specs = botSpecs(req, 'simple');
  const people = new Map<number, PerlaggenHuman>();
  const policies: SeatPolicy[] = [];
  const keyboard = new HotSeat(req.io, req.humans.length);
  for (const [p, spec] of specs.entries()) {
    if (req.humans.includes(p)) {
      const name = `P${table.seatOfPlayer[p]! + 1}`;
      const h = new PerlaggenHuman(req.io, req.humans.length > 1 ? ` (Spieler ${p})` : ' (du)', keyboard, req.humans.length > 1 ? `${name} (Spieler ${p})` : name);
      people.set(p, h);
      policies.push({ name: 'human', policy: h, onTurn: h.onTurn });
    } else {
      const r = await resolvePolicy(spec);
      policies.push({ name: r.spec, policy: r.factory.create(r.options) });
    }
  }
  const dealer = req.dealer ?? (req.partie === undefined ? req.deal % table.seats : 0);
  if (!(Number.isInteger(dealer) && dealer >= 0 && dealer < table.seats)) throw new UsageError(`--dealer must be 0..${table.seats - 1}`);
  const end = (s: Parameters<typeof observe>[0]) => {
    for (const [p, h] of people) h.finish(observe(s, p));
  };
  if (req.partie === undefined) {
    const res = playDeal({ ruleset, players: req.players, policies, rootSeed: req.seed, dealIndex: req.deal, dealer });
    end(res.state);
    return transcript(res.state, { ruleset, seed: req.seed, deal: req.deal, policies: specs });
  }
  const res = playPartie({ ruleset, players: req.players, policies, rootSeed: req.seed, partieIndex: req.partie, firstDealer: dealer, keepStates: true, onDeal: (_sum, _n, d) => end(d.state) });
  const sm = res.summary;
  req.io.write(`\nDie Partie ist aus nach ${sm.deals} Spielen: ${sm.finalScore.map((x, p) => `${p === 0 ? 'Partei A' : p === 1 && sm.finalScore.length === 2 ? 'Partei B' : `P${p + 1}`} ${x}`).join(', ')}.\n`);
  return partieText(res, { ruleset, seed: req.seed, partie: req.partie, policies: specs });
}

async function playBieten(req: HumanPlayRequest): Promise<string> {
  const rules = resolveBietenRules(req.ruleset);
  if (!(Number.isInteger(req.players) && req.players >= 2 && req.players <= MAX_PLAYERS)) throw new UsageError(`--players must be 2 to ${MAX_PLAYERS} for Bieten, got ${req.players}`);
  const specs = botSpecs(req, 'plain');
  const people = new Map<number, BietenHuman>();
  const policies: BietenPolicy[] = [];
  const keyboard = new HotSeat(req.io, req.humans.length);
  for (const [p, spec] of specs.entries()) {
    if (req.humans.includes(p)) {
      const h = new BietenHuman(req.io, keyboard);
      people.set(p, h);
      policies.push({ name: 'human', policy: h, onTurn: h.onTurn });
    } else {
      const r = await resolvePolicy(spec, { game: 'bieten' });
      const f = r.factory as unknown as PolicyFactory<BietenObservation, BietenAction>;
      policies.push({ name: r.spec, policy: f.create(r.options) });
    }
  }
  if (req.dealer !== undefined && !(Number.isInteger(req.dealer) && req.dealer >= 0 && req.dealer < req.players)) throw new UsageError(`--dealer must be 0..${req.players - 1}`);
  const end = (s: Parameters<typeof bietenGame.observe>[0]) => {
    for (const [p, h] of people) h.finish(bietenGame.observe(s, p));
  };
  if (req.partie === undefined) {
    const { state } = playBietenDeal({ rules, players: req.players, policies, rootSeed: req.seed, dealIndex: req.deal, dealer: req.dealer ?? req.deal % req.players });
    end(state);
    return bietenGame.transcript(state, { seed: req.seed, deal: req.deal, policies: specs });
  }
  const g = playBietenGame({ rules, players: req.players, policies, rootSeed: req.seed, gameIndex: req.partie, firstDealer: req.dealer ?? 'cut', keepStates: true, onDeal: (s) => end(s) });
  req.io.write(`\nDas Spiel ist aus: ${`P${g.loser + 1}`} ist als Letzter übrig und bekommt das Noggerl.\n`);
  return bietenGameText(g, { rules, seed: req.seed, partie: req.partie, policies: specs });
}

/** Play with people at the table; returns the transcript. The end of the input is bad input (exit 2). */
export async function humanPlay(req: HumanPlayRequest): Promise<string> {
  try {
    return req.game === 'bieten' ? await playBieten(req) : await playPerlaggen(req);
  } catch (e) {
    const ended = inputEnded(e);
    if (ended !== null) throw new UsageError(`the input ended before the game was over (the open question: "${ended.message}"); no transcript was written`);
    throw e;
  }
}
