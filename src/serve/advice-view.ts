// What the advisor answers the page (advice.ts for Perlaggen, bieten-advice.ts for Bieten): one table per
// decision, each option's expected points with its interval and the assumptions the figures rest on.

export interface DecisionAdvice {
  /** What is decided: the question's first step, or a later one reached if everybody stays quiet. */
  readonly title: string;
  readonly options: ReadonlyArray<{
    readonly label: string;
    readonly best: boolean;
    readonly ev: number | null;
    readonly lo: number | null;
    readonly hi: number | null;
    readonly pwin: { readonly mean: number; readonly lo: number; readonly hi: number } | null;
    readonly note: string;
  }>;
  /** The assumptions: worlds, playouts, how they were played out, the aim. */
  readonly worlds: number;
  readonly rollouts: number;
  readonly continuation: string;
  /** How the others answer a bid or raise in the search (search.ts `answers`; Perlaggen only). */
  readonly answers?: 'perfect' | 'simple';
  readonly objective: 'points' | 'partie';
  readonly notes: readonly string[];
}

/**
 * The advice on a question: one table per decision it asks — the decision now and, where the question goes
 * on to the seat's card (a bid window passed quietly, then the card), that card too — and the time it took.
 */
export interface AdviceView {
  readonly decisions: readonly DecisionAdvice[];
  /** Milliseconds the searches took. */
  readonly ms: number;
}
