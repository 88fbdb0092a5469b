// Playing Bieten with policies: one deal (a pure function of rules, players, policies, root seed, deal index,
// dealer and the score), or a whole game (bieten-game.ts); and the transcripts `perlagg play --game bieten` prints.
import type { PolicyFactory } from '../policy/api.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { STREAM, keyedRng, saltedRng } from '../core/rng.ts';
import { MAX_PLAYERS, newDeal } from '../games/bieten/engine.ts';
import { bietenGame } from '../games/bieten/game.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import { type BietenGameResult } from '../games/bieten/partie.ts';
import { bietenRulesName, resolveBietenRules, type BietenRules } from '../games/bieten/rules.ts';
import type { BietenAction, BietenState } from '../games/bieten/state.ts';
import { bietenDealText, bietenScoreSheet } from '../games/bieten/transcript.ts';
import { cardShort } from '../cards/notation.ts';
import { UsageError } from '../core/errors.ts';
import { type SeatedPolicy, type RunOptions, runDeal } from './deal.ts';
import { playBietenGame } from './bieten-game.ts';

export type BietenPolicy = SeatedPolicy<BietenObservation, BietenAction>;

export interface PlayBietenDealOptions {
  readonly rules: BietenRules;
  readonly players: number;
  readonly policies: readonly BietenPolicy[];
  readonly rootSeed: number;
  readonly dealIndex: number;
  readonly dealer: number;
  readonly score?: readonly number[];
  readonly out?: readonly number[];
  readonly names?: readonly string[];
  readonly checked?: boolean;
  readonly onDecision?: RunOptions<BietenState, BietenObservation, BietenAction>['onDecision'];
  readonly beforeDecision?: RunOptions<BietenState, BietenObservation, BietenAction>['beforeDecision'];
  /** Re-key every seat's policy stream with this salt (duplicate play with --independent-streams). */
  readonly streamSalt?: number;
}

/** One deal: its cards from keyedRng(root, deal, deal stream), each seat's choices from keyedRng(root, deal, policy, seat). */
export function playBietenDeal(o: PlayBietenDealOptions): { state: BietenState; decisions: number } {
  if (o.policies.length !== o.players) throw new RangeError(`${o.players} players need ${o.players} policies, got ${o.policies.length}`);
  const s = newDeal(o.rules, {
    players: o.players,
    dealer: o.dealer,
    ...(o.score === undefined ? {} : { score: o.score }),
    ...(o.out === undefined ? {} : { out: o.out }),
    ...(o.names === undefined ? {} : { names: o.names }),
  });
  const decisions = runDeal(
    bietenGame,
    s,
    o.policies,
    {
      chance: keyedRng(o.rootSeed, o.dealIndex, STREAM.deal),
      policy: Array.from({ length: o.players }, (_, seat) => {
        const rng = keyedRng(o.rootSeed, o.dealIndex, STREAM.policy, seat);
        return { rng: o.streamSalt === undefined ? rng : saltedRng(rng, o.streamSalt) };
      }),
      where: `deal ${o.dealIndex}, seed ${o.rootSeed}`,
    },
    { ...(o.checked === undefined ? {} : { checked: o.checked }), ...(o.onDecision === undefined ? {} : { onDecision: o.onDecision }), ...(o.beforeDecision === undefined ? {} : { beforeDecision: o.beforeDecision }) },
  );
  return { state: s, decisions };
}

export interface BietenPlayRequest {
  readonly ruleset: string;
  readonly seed: number;
  readonly players: number;
  readonly deal: number;
  readonly policies?: readonly string[];
  readonly dealer?: number;
}

async function seat(req: BietenPlayRequest): Promise<{ rules: BietenRules; specs: string[]; policies: BietenPolicy[] }> {
  const rules = resolveBietenRules(req.ruleset);
  if (!(Number.isInteger(req.players) && req.players >= 2 && req.players <= MAX_PLAYERS)) throw new UsageError(`--players must be 2 to ${MAX_PLAYERS} for Bieten, got ${req.players}`);
  if (!Number.isSafeInteger(req.seed) || req.seed < 0) throw new UsageError(`--seed must be a non-negative whole number, got ${req.seed}`);
  if (!Number.isSafeInteger(req.deal) || req.deal < 0) throw new UsageError(`--deal must be a non-negative whole number, got ${req.deal}`);
  const specs = (req.policies ?? ['plain']).slice();
  if (specs.length === 1) while (specs.length < req.players) specs.push(specs[0]!);
  if (specs.length !== req.players) throw new UsageError(`--policies names ${specs.length} policies for ${req.players} players`);
  const policies: BietenPolicy[] = [];
  for (const spec of specs) {
    const p = await resolvePolicy(spec, { game: 'bieten' });
    const f = p.factory as unknown as PolicyFactory<BietenObservation, BietenAction>;
    policies.push({ name: p.spec, policy: f.create(p.options) });
  }
  if (req.dealer !== undefined && !(Number.isInteger(req.dealer) && req.dealer >= 0 && req.dealer < req.players)) throw new UsageError(`--dealer must be 0..${req.players - 1}`);
  return { rules, specs, policies };
}

/** `perlagg play --game bieten`: one deal and its transcript. */
export async function bietenPlayTranscript(req: BietenPlayRequest): Promise<string> {
  const { rules, specs, policies } = await seat(req);
  const dealer = req.dealer ?? req.deal % req.players;
  const { state } = playBietenDeal({ rules, players: req.players, policies, rootSeed: req.seed, dealIndex: req.deal, dealer });
  return bietenGame.transcript(state, { seed: req.seed, deal: req.deal, policies: specs });
}

/** `perlagg play --game bieten --partie`: a whole game (until one player is left) and the score sheet. */
export async function bietenGameTranscript(req: BietenPlayRequest & { readonly partie: number }): Promise<string> {
  const { rules, specs, policies } = await seat(req);
  const g = playBietenGame({ rules, players: req.players, policies, rootSeed: req.seed, gameIndex: req.partie, firstDealer: req.dealer ?? 'cut', keepStates: true });
  return bietenGameText(g, { rules, seed: req.seed, partie: req.partie, policies: specs });
}

/** A played game (with its states kept) as text: the cut for the deal, every deal, the score sheet. */
export function bietenGameText(g: BietenGameResult, h: { rules: BietenRules; seed: number; partie: number; policies: readonly string[] }): string {
  const rules = h.rules;
  const names = Array.from({ length: g.players }, (_, i) => `P${i + 1}`);
  const out: string[] = [];
  out.push(`Bieten, Regeln ${bietenRulesName(rules)} (${rules.title}), es geht auf ${rules.target}; Seed ${h.seed}, Spiel Nr. ${h.partie}`);
  out.push(`Spieler: ${names.map((n, i) => `${n} ${h.policies[i]}`).join(', ')}. Jeder spielt für sich.`);
  if (g.cut !== null) {
    out.push(`Abheben um das Geben (das niederste Blatt gibt, die Asse gelten als niederste): ${g.cut.cuts.map((c) => `${names[c.seat]} ${cardShort(c.card)}`).join(', ')} → ${names[g.cut.dealer]} gibt.`);
  }
  g.states.forEach((s, i) => {
    out.push('');
    out.push(`=== Gang ${i + 1} ===`);
    out.push(...bietenDealText(s));
  });
  out.push('');
  out.push(bietenScoreSheet({ rules, names, dealers: g.dealers, dealPoints: g.dealPoints, sheet: g.sheet, outAt: g.outAt, outOrder: g.outOrder, loser: g.loser }));
  return out.join('\n') + '\n';
}
