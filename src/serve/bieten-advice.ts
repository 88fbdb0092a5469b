// Advice on request for Bieten (issue 30, item 3): the person's decision priced by Monte Carlo over worlds.
// Each world redeals every card his seat cannot see — the other hands' cards not yet on the table and the
// undealt rest — uniformly among the deals consistent with everything he has seen (resampleBietenHidden: the
// deal replayed on the new cards must say and show exactly what it said and showed, so his observation is
// byte-identical in every world; the true hidden cards play no part). In each world every option is taken and
// the deal played out with `plain` at every seat (the person's too); an option's value is his points of the
// deal minus the mean of the other seats still in the game. The same worlds and the same streams serve every
// option, so the differences between options are paired.
import { STREAM, keyedRng } from '../core/rng.ts';
import { UsageError } from '../core/errors.ts';
import { pushMoment, emptyMoments, meanInterval, type Moments } from '../stats/intervals.ts';
import { bietenGame } from '../games/bieten/game.ts';
import { resampleBietenHidden, BietenResampleError, type BietenObservation } from '../games/bieten/observe.ts';
import { cloneBieten, type BietenAction, type BietenState } from '../games/bieten/state.ts';
import { sameBietenAction } from '../games/bieten/engine.ts';
import type { Prompt } from '../games/prompt.ts';
import { runDeal } from '../play/deal.ts';
import type { BietenPolicy } from '../play/bieten.ts';
import type { PolicyFactory } from '../policy/api.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { choices } from './run.ts';
import type { DecisionAdvice } from './advice-view.ts';

/** The bot that plays every seat after the option is taken. */
export const BIETEN_CONTINUATION = 'plain';

/** The options of the person's Bieten question priced over `worlds` worlds (keyed by `seed` and `key`). */
export async function bietenAdvice(live: BietenState, obs: BietenObservation, prompt: Prompt<BietenAction>, worlds: number, seed: number, key: number): Promise<DecisionAdvice> {
  const player = obs.player;
  const options = choices(prompt).filter((o) => o.actions.length > 0);
  if (options.length === 0) throw new UsageError('advice: this question has no option to price');
  const r = await resolvePolicy(BIETEN_CONTINUATION, { game: 'bieten' });
  const factory = r.factory as unknown as PolicyFactory<BietenObservation, BietenAction>;
  const policies: BietenPolicy[] = Array.from({ length: live.seats }, () => ({ name: r.spec, policy: factory.create(r.options) }));
  const sums: Moments[] = options.map(() => emptyMoments());
  const perWorld: number[][] = [];
  const sampler = keyedRng(seed, key, STREAM.policy, player);
  let drawn = 0;
  for (let w = 0; w < worlds; w++) {
    let world: BietenState;
    try {
      world = resampleBietenHidden(live, player, sampler);
    } catch (e) {
      if (e instanceof BietenResampleError) continue;
      throw e;
    }
    drawn++;
    const values = options.map((o, i) => playOut(world, o.actions[0]!, policies, seed, key * 4096 + w, player, i));
    values.forEach((v, i) => pushMoment(sums[i]!, v));
    perWorld.push(values);
  }
  if (drawn < 2) throw new UsageError('advice: no world consistent with what the seat has seen was found; nothing to price');
  const means = sums.map((m) => meanInterval(m));
  let bestIdx = 0;
  means.forEach((m, i) => {
    if (m.estimate > means[bestIdx]!.estimate) bestIdx = i;
  });
  // each option against the best, world by world: the paired difference and its interval
  const behind = options.map((_, i) => {
    const m = emptyMoments();
    for (const v of perWorld) pushMoment(m, v[bestIdx]! - v[i]!);
    return meanInterval(m);
  });
  const num = (x: number) => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(2)}`;
  return {
    title: '',
    options: options.map((o, i) => ({
      label: o.label,
      best: i === bestIdx,
      ev: means[i]!.estimate,
      lo: means[i]!.low,
      hi: means[i]!.high,
      pwin: null,
      note: i === bestIdx ? '' : `${num(-behind[i]!.estimate)} [${num(-behind[i]!.high)}, ${num(-behind[i]!.low)}] gegen das beste, Welt für Welt`,
    })),
    worlds: drawn,
    rollouts: 1,
    continuation: BIETEN_CONTINUATION,
    objective: 'points',
    notes: [
      `${drawn} Welten: die Karten, die dein Sitz nicht sieht, neu gegeben — gleich wahrscheinlich unter allen Gebern, die zu allem passen, was du gesehen hast${drawn < worlds ? ` (${worlds - drawn} Versuche fanden keine passende Welt)` : ''}.`,
      `Danach spielen alle Sitze wie „${BIETEN_CONTINUATION}“. Wert: deine Punkte dieses Gebers minus der Schnitt der anderen Spieler im Spiel, mit 95-%-Intervall über die Welten.`,
    ],
  };
}

/** The world played out from `action` by the continuation bot: the person's points minus the mean of the others still in. */
function playOut(world: BietenState, action: BietenAction, policies: readonly BietenPolicy[], seed: number, key: number, player: number, option: number): number {
  const s = cloneBieten(world);
  const legal = bietenGame.legalActions(s).find((a) => sameBietenAction(a, action)) ?? action;
  bietenGame.applyAction(s, legal);
  runDeal(bietenGame, s, policies, {
    chance: keyedRng(seed, key, STREAM.deal),
    // every option of a world draws the same streams: the options are compared on equal terms
    policy: Array.from({ length: s.seats }, (_, seat) => ({ rng: keyedRng(seed, key, STREAM.policy, seat) })),
    where: `advice world ${key}, option ${option}`,
  });
  const points = bietenGame.returns(s);
  const others = s.active.filter((seat) => seat !== player);
  const mean = others.length === 0 ? 0 : others.reduce((t, seat) => t + points[seat]!, 0) / others.length;
  return points[player]! - mean;
}
