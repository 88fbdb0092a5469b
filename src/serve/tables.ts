// The tables the server holds: for each, its spec and the answers given so far (run.ts plays the game again
// from them), and what the page is sent after each step. A table is named by a random id; the server keeps at
// most MAX_TABLES, dropping the one used longest ago.
import { randomUUID } from 'node:crypto';
import { UsageError } from '../core/errors.ts';
import { partieOver } from './table-end.ts';
import { answer, finalBietenObservation, finalObservation, standing, type Standing } from './run.ts';
import { recordTable } from './record.ts';
import type { TableSpec } from './spec.ts';
import { bietenView, perlaggenView, questionView, seatViewOf, type QuestionView, type SeatView } from './view.ts';

export const MAX_TABLES = 64;

interface Table {
  readonly spec: TableSpec;
  answers: (readonly number[])[];
  used: number;
}

/** What the page is sent about a table. */
export interface TableState {
  readonly id: string;
  readonly spec: TableSpec;
  /** The hand now (at the question), or the last hand's end as the seat sees it. */
  readonly view: SeatView;
  readonly question: QuestionView | null;
  /** The finished hands as the seat saw them at their end, and their points (one number a party, or a player). */
  readonly hands: ReadonlyArray<{ readonly log: readonly string[]; readonly points: readonly number[] }>;
  readonly parties: readonly string[];
  readonly over: boolean;
  /** With the game over: its end in words. */
  readonly result: string | null;
  readonly canAdvise: boolean;
}

export class Tables {
  private readonly tables = new Map<string, Table>();
  private clock = 0;

  create(spec: TableSpec): string {
    if (this.tables.size >= MAX_TABLES) {
      const oldest = [...this.tables.entries()].sort((a, b) => a[1].used - b[1].used)[0]!;
      this.tables.delete(oldest[0]);
    }
    const id = randomUUID();
    this.tables.set(id, { spec, answers: [], used: ++this.clock });
    return id;
  }

  /** The table of an id; an unknown id is a UsageError. */
  get(id: string): Table {
    const t = this.tables.get(id);
    if (t === undefined) throw new UsageError(`table: no table "${id.slice(0, 40)}" (it ended with the server, or was never opened)`);
    t.used = ++this.clock;
    return t;
  }

  async state(id: string): Promise<TableState> {
    const t = this.get(id);
    return stateOf(id, t.spec, await standing(t.spec, t.answers));
  }

  async answer(id: string, path: readonly number[]): Promise<TableState> {
    const t = this.get(id);
    t.answers = await answer(t.spec, t.answers, path);
    return this.state(id);
  }

  /** The recording of a finished table, or a UsageError saying why there is none. */
  async record(id: string): Promise<string> {
    const t = this.get(id);
    const st = await standing(t.spec, t.answers);
    if (st.question !== null) throw new UsageError('record: the game is not over yet (the recording shows every hand)');
    return recordTable(st.perlaggen, st.bieten, `perlagg serve, Seed ${t.spec.seed}`);
  }
}

function stateOf(id: string, spec: TableSpec, st: Standing): TableState {
  const perlaggen = spec.game === 'perlaggen';
  const hands = perlaggen
    ? st.perlaggen.map((s) => ({ log: perlaggenView(finalObservation(spec, s)).log, points: s.points.slice() }))
    : st.bieten.map((s) => ({ log: bietenView(finalBietenObservation(spec, s)).log, points: s.points.slice() }));
  let view: SeatView;
  if (st.question !== null) view = seatViewOf(st.question);
  else if (perlaggen) view = perlaggenView(finalObservation(spec, st.perlaggen.at(-1)!));
  else view = bietenView(finalBietenObservation(spec, st.bieten.at(-1)!));
  const over = st.question === null;
  return {
    id,
    spec,
    view,
    question: st.question === null ? null : questionView(st.question.prompt as Parameters<typeof questionView>[0]),
    hands,
    parties: partieOver(spec, st).parties,
    over,
    result: over ? partieOver(spec, st).result : null,
    canAdvise: !over,
  };
}
