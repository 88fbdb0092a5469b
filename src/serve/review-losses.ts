// The value each decision of a recorded game lost, as `perlagg review` (src/review, issue 29) computes and
// classes it — connected here without a static import, so that the page works before that command exists and
// shows the losses as soon as it does: src/review/index.ts exporting reviewGame(text) is looked for at run
// time; its decisions are read field by field (a seat, the decision's words, the value lost, the class), and
// anything else is ignored. The page shows the replay's decisions either way.

export interface DecisionLoss {
  readonly deal: number;
  readonly seat: number;
  readonly decision: string;
  /** Expected points lost against the best option (0: the best was taken). */
  readonly loss: number;
  /** The class `perlagg review` gives it (e.g. "Fehler", "Ungenauigkeit"), '' when none. */
  readonly mark: string;
}

const REVIEW_MODULE = '../review/index.ts';

type Loose = Record<string, unknown>;

/** The losses of a recording's decisions, or null while `perlagg review` is not there to compute them. */
export async function reviewLosses(text: string): Promise<DecisionLoss[] | null> {
  let mod: Loose;
  try {
    mod = (await import(/* @vite-ignore */ new URL(REVIEW_MODULE, import.meta.url).href)) as Loose;
  } catch {
    return null;
  }
  const fn = mod['reviewGame'];
  if (typeof fn !== 'function') return null;
  const r = (await (fn as (t: string) => unknown)(text)) as Loose | null;
  const decisions = r?.['decisions'];
  if (!Array.isArray(decisions)) return null;
  return decisions.flatMap((d: Loose) => {
    const loss = Number(d['loss'] ?? d['lost'] ?? d['valueLost']);
    if (!Number.isFinite(loss)) return [];
    return [{ deal: Number(d['deal'] ?? 0), seat: Number(d['seat'] ?? -1), decision: String(d['decision'] ?? d['action'] ?? d['words'] ?? ''), loss, mark: String(d['mark'] ?? d['class'] ?? '') }];
  });
}
