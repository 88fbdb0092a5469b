// Advice on request for Bieten (issue 30, item 3): the person's decision priced by Monte Carlo over worlds that
// redeal what his seat cannot see, each option played out by `plain` at every seat (review/bieten.ts, the same
// pricing the page's review of a Bieten game uses). An option's value is his points of the deal minus the mean of
// the other seats still in the game; each option's shortfall against the best is paired, world by world.
import { UsageError } from '../core/errors.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import type { BietenAction, BietenState } from '../games/bieten/state.ts';
import type { Prompt } from '../games/prompt.ts';
import { BIETEN_CONTINUATION, priceBieten } from '../review/bieten.ts';
import { choices } from './run.ts';
import type { DecisionAdvice } from './advice-view.ts';
import { fixed } from '../core/numbers.ts';

/** The options of the person's Bieten question priced over `worlds` worlds (keyed by `seed` and `key`). */
export function bietenAdvice(live: BietenState, obs: BietenObservation, prompt: Prompt<BietenAction>, worlds: number, seed: number, key: number): DecisionAdvice {
  const options = choices(prompt).filter((o) => o.actions.length > 0);
  if (options.length === 0) throw new UsageError('advice: this question has no option to price');
  const p = priceBieten(live, obs.player, options.map((o) => o.actions[0]!), worlds, seed, key);
  if (p === null) throw new UsageError('advice: no world consistent with what the seat has seen was found; nothing to price');
  const num = (x: number) => fixed(x, 2);
  return {
    title: '',
    options: options.map((o, i) => ({
      label: o.label,
      best: i === p.best,
      ev: p.values[i]!.estimate,
      lo: p.values[i]!.low,
      hi: p.values[i]!.high,
      pwin: null,
      note: i === p.best ? '' : `${num(-p.behind[i]!.estimate)} [${num(-p.behind[i]!.high)}, ${num(-p.behind[i]!.low)}] gegen das beste, Welt für Welt`,
    })),
    worlds: p.worlds,
    rollouts: 1,
    continuation: BIETEN_CONTINUATION,
    objective: 'points',
    notes: [
      `${p.worlds} Welten: die Karten, die dein Sitz nicht sieht, neu gegeben — gleich wahrscheinlich unter allen Gebern, die zu allem passen, was du gesehen hast${p.worlds < worlds ? ` (${worlds - p.worlds} Versuche fanden keine passende Welt)` : ''}.`,
      `Danach spielen alle Sitze wie „${BIETEN_CONTINUATION}“. Wert: deine Punkte dieses Gebers minus der Schnitt der anderen Spieler im Spiel, mit 95-%-Intervall über die Welten.`,
    ],
  };
}
