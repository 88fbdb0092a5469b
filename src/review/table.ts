// `perlagg review --out DIR`: the review as a result folder like the other commands' — review.arrow (one row
// per decision, columns in src/results/schema.ts and docs/schemas.md), manifest.json (sealed; the parameters,
// the summary per seat and the thresholds), and the chart (charts/review.svg, drawn from the table by
// src/charts/review.ts, so `perlagg plot DIR` redraws it). The rerun rule of the other commands: a folder
// holding another result is refused (exit 2), nothing in it lost.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildTable, writeArrowFile } from '../results/arrow-file.ts';
import { tableMetadata } from '../results/metadata.ts';
import { checkOutputFolder, codeVersion, sha256, writeManifest } from '../results/manifest.ts';
import { REVIEW_COLUMNS } from '../results/schema.ts';
import { UsageError } from '../core/errors.ts';
import type { GameReview } from './review.ts';

export const REVIEW_TABLE = 'review.arrow';

/** The parameters that determine a review (a rerun with equal ones writes equal tables). */
export function reviewParameters(r: GameReview, text: string): Record<string, unknown> {
  return { recording: sha256(text), ruleset: r.ruleset, worlds: r.worlds, seed: r.seed, continuation: r.continuation, readBids: r.readBids, answers: r.answers };
}

const nan = (x: number | null): number => (x === null ? NaN : x);

/** Write review.arrow and manifest.json into `dir` (made when missing). */
export function writeReviewFolder(dir: string, r: GameReview, text: string, file: string, argv: readonly string[], ms: number): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out ${dir} exists and is not a folder`);
  const parameters = reviewParameters(r, text);
  checkOutputFolder(dir, 'review', parameters);
  mkdirSync(dir, { recursive: true });
  const d = r.decisions;
  const ints = <T extends Uint8Array | Uint32Array>(make: new (n: number) => T, f: (x: (typeof d)[number]) => number): T => {
    const a = new make(d.length);
    d.forEach((x, i) => (a[i] = f(x)));
    return a;
  };
  const floats = (f: (x: (typeof d)[number]) => number | null): Float64Array => Float64Array.from(d, (x) => nan(f(x)));
  const table = buildTable(
    REVIEW_COLUMNS,
    {
      deal: ints(Uint32Array, (x) => x.deal),
      decision: ints(Uint32Array, (x) => x.index),
      seat: ints(Uint8Array, (x) => x.seat),
      party: ints(Uint8Array, (x) => x.party),
      phase: d.map((x) => x.phase),
      trick: ints(Uint8Array, (x) => x.trick),
      options: ints(Uint32Array, (x) => x.options),
      taken: d.map((x) => x.taken),
      best: d.map((x) => x.best),
      objective: d.map((x) => x.objective),
      taken_points: floats((x) => x.takenPoints),
      best_points: floats((x) => x.bestPoints),
      lost_points: floats((x) => x.lostPoints),
      lost_pwin: floats((x) => x.lostPwin),
      class: d.map((x) => x.class),
      worlds: ints(Uint32Array, (x) => x.worlds),
    },
    tableMetadata('review', 'review', parameters),
  );
  const bytes = writeArrowFile(join(dir, REVIEW_TABLE), table);
  writeManifest(dir, {
    tool: 'perlagg',
    command: 'review',
    argv: ['review', ...argv],
    parameters,
    recording: basename(file),
    seats: r.seats,
    deals: r.deals,
    summary: r.summary,
    thresholds: r.thresholds,
    code: codeVersion(),
    files: [{ name: REVIEW_TABLE, rows: d.length, bytes: bytes.length, sha256: sha256(bytes) }],
    created: new Date().toISOString(),
    timings: { reviewMs: Math.round(ms) },
  });
}
