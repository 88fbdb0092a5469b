// RULES §13 (talk.ts): the table talk's part of the hand's state (HandState.talk) as plain data — the open
// talk window, the question to be answered, what was said — and its copy. The talk's logic is in talk.ts.
import type { FigureName } from './actions.ts';
import type { Phase } from './phase.ts';
import type { TalkPhrase, TalkPoint } from './talk-words.ts';

/** A question said in the open talk window: its addressee answers at once. */
export interface Question {
  readonly seat: number;
  readonly to: number;
  readonly phrase: TalkPhrase;
  readonly figure: FigureName | null;
}

export interface TalkState {
  /** Seats whose policy never talks (bit mask). */
  readonly quiet: number;
  /** Talk actions applied (phrases and silences): a decision's key is the number of the other actions. */
  actions: number;
  /** The key of the decision looked at last (talkBefore). */
  checkedAt: number;
  /** Card point (trick * 8 + cards laid) whose talk is done, -1. */
  cardPoint: number;
  /** The open window (null when none): its seats, the seat index now, its kind, the phase to return to. */
  window: number[] | null;
  at: number;
  point: TalkPoint;
  resume: Phase;
  /** The question to be answered now (its addressee acts), null. */
  question: Question | null;
  /** Keys of what each seat said in this window (each phrase once a window). */
  said: number[];
  /** Seats (bit mask) that said "Ich kann nicht" in trick `cannotTrick`. */
  cannot: number;
  cannotTrick: number;
  /** Phrases spoken per party in this hand (silences not counted). */
  spoken: number[];
  /**
   * By seat, for the seats of the open window: the phrases open to it (gather's bit mask; 0 = nothing to
   * say). A seat's phrases change only with what it says itself (its keys in `said`, its "Ich kann nicht"):
   * the masks are worked out when the window opens and a speaker's again after each phrase of his.
   */
  masks: number[];
}

/** A copy of the talk state (state.ts cloneState): its lists are copied. */
export function cloneTalk(t: TalkState): TalkState {
  return { ...t, window: t.window === null ? null : t.window.slice(), said: t.said.slice(), spoken: t.spoken.slice(), masks: t.masks.slice() };
}
