// A person's seat at a Perlaggen table, between the engine and whatever shows the questions (issue 24, item
// 3): which decisions need the person, and which the desk takes for him — for any interface (the terminal's
// `perlagg play --human`, a web page).
//
// The desk asks for every decision a player wants, and answers by itself only where there is nothing to
// decide or the person has already decided:
//   • the rest of an answer he chose — "HA" at a talk turn before his card is quiet, pass, then HA (prompt.ts):
//     followed while nothing he would see happens in between (another seat's words, a bid, a card), dropped
//     at once when something does (he is asked again, with the news);
//   • a bid window before another seat's later card of a trick (passesItself): passed, unless he asked to be
//     asked before every card ("jede Karte"); the first card of each trick, his own cards, the unseen window
//     and the window after the Spiel are always asked;
//   • the only legal action (his last card, a compulsory exchange, a window where he can only pass).
import { sameAction, type PolicyAction } from '../../engine/actions.ts';
import type { Observation } from '../../engine/observation.ts';
import type { Prompt, Option } from '../prompt.ts';
import { passesItself, perlaggenPrompt, type SeatSettings, type Step } from './prompt.ts';
import { seatEventLine } from './screen.ts';

/** A decision as it opens at the desk: taken by the desk itself, or a question for the person. */
export type Turn = { readonly auto: PolicyAction } | { readonly prompt: Prompt<PolicyAction>; readonly ahead: readonly Step[] };

export class PerlaggenDesk {
  readonly settings: SeatSettings = { everyWindow: false };
  /** What the engine said before the decision about to be asked (onTurn): its explanation and its look ahead. */
  private explainNow: ((a: PolicyAction) => string | null) | null = null;
  private aheadNow: (() => readonly Step[]) | null = null;

  /** SeatPolicy.onTurn: the engine's explanation of a refused action and its look ahead, for the next decision. */
  readonly onTurn = (explain: (a: PolicyAction) => string | null, ahead?: () => readonly Step[]): void => {
    this.explainNow = explain;
    this.aheadNow = ahead ?? null;
  };

  /**
   * The decision `obs` opens, for every interface alike: the action the desk takes itself, or the question
   * for the person with the seat's next decisions if all stay quiet. The engine's words are used once.
   */
  open(obs: Observation): Turn {
    const explain = this.explainNow ?? (() => null);
    const ahead = this.aheadNow;
    this.explainNow = null;
    this.aheadNow = null;
    const auto = this.auto(obs);
    if (auto !== null) return { auto };
    const steps = ahead === null ? [] : ahead();
    return { prompt: this.prompt({ obs, explain }, steps), ahead: steps };
  }
  /** The actions still to take of the answer chosen last, and where it was chosen (the hand, the events seen). */
  private plan: PolicyAction[] = [];
  private planHand: unknown = null;
  private planSeen = 0;

  /** The action the desk takes without asking, or null when the person must be asked. */
  auto(obs: Observation): PolicyAction | null {
    const planned = this.planned(obs);
    if (planned !== null) return planned;
    if (passesItself(obs, this.settings)) return obs.legal.find((a) => a.kind === 'pass') ?? null;
    if (obs.legal.length === 1) return obs.legal[0]!; // nothing to decide: the only card, a compulsory exchange

    return null;
  }

  /** The question for the decision now (`now`) and the seat's next ones if all stay quiet (`ahead`, sim/ahead.ts). */
  prompt(now: Step, ahead: readonly Step[]): Prompt<PolicyAction> {
    return perlaggenPrompt([now, ...ahead], this.settings);
  }

  /** The person chose `o`: its first action now, the rest kept for his next decisions. */
  take(obs: Observation, o: Option<PolicyAction>): PolicyAction {
    this.plan = o.actions.slice(1);
    this.planHand = obs.history[0];
    this.planSeen = obs.history.length;
    const a = o.actions[0]!;
    return obs.legal.find((x) => sameAction(x, a)) ?? a;
  }

  /** The next action of the plan, while nothing the person would see has happened since he chose it. */
  private planned(obs: Observation): PolicyAction | null {
    if (this.plan.length === 0) return null;
    const fresh = obs.history[0] === this.planHand && obs.history.slice(this.planSeen).every((e) => seatEventLine(e, obs) === null);
    this.planSeen = obs.history.length;
    while (fresh && this.plan.length > 0) {
      const a = this.plan.shift()!;
      const legal = obs.legal.find((x) => sameAction(x, a));
      if (legal !== undefined) return legal;
      // a window or a talk turn that did not come (nobody could bid or talk there): its pass is not needed
      if (a.kind !== 'pass' && a.kind !== 'quiet') break;
    }
    this.plan = [];
    return null;
  }
}
