// A person at a Bieten table (`perlagg play --game bieten --human 0`): the terminal face of
// games/bieten/screen.ts (what the seat sees) and games/bieten/prompt.ts (the question and its answers) —
// the same question loop, input and shared keyboard as a Perlaggen seat (human.ts).
import type { Policy } from '../policy/api.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import type { BietenAction } from '../games/bieten/state.ts';
import { bietenPrompt } from '../games/bieten/prompt.ts';
import { sameBietenAction } from '../games/bieten/engine.ts';
import { BietenScreen } from '../games/bieten/screen.ts';
import { HotSeat, askHuman, type HumanIO } from './human.ts';

/** A person playing a Bieten seat through its observations. */
export class BietenHuman implements Policy<BietenObservation, BietenAction> {
  private explainNow: ((a: BietenAction) => string | null) | null = null;
  private readonly screen = new BietenScreen();

  constructor(private readonly io: HumanIO, private readonly seat: HotSeat = new HotSeat(io, 1)) {}

  readonly onTurn = (explain: (a: BietenAction) => string | null): void => {
    this.explainNow = explain;
  };

  /** Print what the seat saw since it last looked; `publicOnly` at a shared keyboard that is another's now. */
  private news(obs: BietenObservation, publicOnly = false): void {
    const lines = this.screen.news(obs, publicOnly ? (e) => e.type !== 'dealt' : undefined);
    if (lines.length > 0) this.io.write(lines.join('\n') + '\n');
  }

  finish(obs: BietenObservation): void {
    this.news(obs, !this.seat.holds(this));
  }

  act(obs: BietenObservation): BietenAction {
    const explain = this.explainNow ?? (() => null);
    this.explainNow = null;
    this.seat.sit(this, obs.names[obs.seat] ?? `P${obs.seat + 1}`);
    this.news(obs);
    this.io.write(this.screen.status(obs).join('\n') + '\n');
    const o = askHuman(this.io, bietenPrompt(obs, explain));
    const a = o.actions[0]!;
    return obs.legal.find((x) => sameBietenAction(x, a)) ?? a;
  }
}
