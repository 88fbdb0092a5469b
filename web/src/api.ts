// What the page sends to and gets from the server of `perlagg serve` (src/serve/server.ts), typed as the
// server builds it (src/serve/view.ts, tables.ts, advice.ts, review.ts).

export interface OptionView {
  word: string;
  label: string;
  group?: { question: string; options: OptionView[] };
}
export interface QuestionView {
  question: string;
  options: OptionView[];
}
export interface TrickView {
  leader: number;
  plays: Array<{ seat: number; card: string; as: string | null }>;
  winner: number;
}
export interface SeatView {
  game: 'perlaggen' | 'bieten';
  seat: number;
  names: string[];
  dealer: number;
  acting: number;
  trump: string | null;
  turned: string | null;
  open: string[];
  perlaggen: string[];
  hand: string[];
  blind: boolean;
  seen: Array<{ seat: number; cards: string[] }>;
  tricks: TrickView[];
  status: string[];
  log: string[];
}
export interface TableSpec {
  game: 'perlaggen' | 'bieten';
  ruleset: string;
  players: number;
  seat: number;
  policies: string[];
  partie: boolean;
  seed: number;
  deal: number;
}
export interface TableState {
  id: string;
  spec: TableSpec;
  view: SeatView;
  question: QuestionView | null;
  hands: Array<{ log: string[]; points: number[] }>;
  parties: string[];
  over: boolean;
  result: string | null;
  canAdvise: boolean;
}
export interface DecisionAdvice {
  title: string;
  options: Array<{ label: string; best: boolean; ev: number | null; lo: number | null; hi: number | null; pwin: { mean: number; lo: number; hi: number } | null; note: string }>;
  worlds: number;
  rollouts: number;
  continuation: string;
  answers?: 'perfect' | 'simple';
  objective: 'points' | 'partie';
  notes: string[];
}
export interface AdviceView {
  decisions: DecisionAdvice[];
  ms: number;
}
export interface ReviewDeal {
  names: string[];
  dealer: number;
  trump: string | null;
  turned: string | null;
  perlaggen: string[];
  hands: string[][];
  tricks: Array<{ plays: Array<{ seat: number; card: string; as: string | null }>; winner: number }>;
  lines: Array<{ trick: number; text: string }>;
  points: number[];
}
/** A decision's value lost, as perlagg review classes it (src/serve/review-losses.ts). */
export interface Loss {
  deal: number;
  seat: number;
  trick: number;
  decision: string;
  best: string;
  loss: number | null;
  lossPwin: number | null;
  mark: string;
}

export interface Review {
  game: 'perlaggen' | 'bieten';
  title: string;
  deals: ReviewDeal[];
  transcript: string;
  /** Whether POST api/review/losses prices its decisions (Perlaggen). */
  reviewable: boolean;
}
export interface Setup {
  games: Array<{ game: 'perlaggen' | 'bieten'; rulesets: string[]; players: number[]; bots: string[]; defaultBot: string }>;
}

/** A request's answer, or its one-line error thrown as an Error. */
async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, method === 'GET' ? {} : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const type = r.headers.get('content-type') ?? '';
  const data: unknown = type.includes('json') ? await r.json() : await r.text();
  if (!r.ok) throw new Error(typeof data === 'object' && data !== null && 'error' in data ? String((data as { error: unknown }).error) : `${r.status}`);
  return data as T;
}

export const api = {
  setup: () => call<Setup>('GET', 'api/setup'),
  open: (t: { game: string; ruleset: string; players: number; seat: number; bots: string[]; partie: boolean; seed: number; deal: number }) => call<TableState>('POST', 'api/tables', t),
  answer: (id: string, path: number[]) => call<TableState>('POST', `api/tables/${id}/answer`, { path }),
  advice: (id: string) => call<AdviceView>('POST', `api/tables/${id}/advice`),
  record: (id: string) => call<string>('GET', `api/tables/${id}/record`),
  review: (text: string, name: string) => call<Review>('POST', 'api/review', { text, name }),
  losses: (text: string, name: string, deal: number) => call<{ deal: number; losses: Loss[] }>('POST', 'api/review/losses', { text, name, deal }),
};
