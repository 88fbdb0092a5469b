// The findings (issue 26, deliverable 6): a report for the player who bought the book, from the experiments'
// summaries (results/experiments/<id>/summary.json) and, when given, a replication on a second seed. On top the
// counts per category, a chart of all claims (effect against ±δ) and a table ordered by category; then per
// claim the German sentence with its page (from docs/rules.md §16), our reading, A and B, δ, each opponent
// field with firing (the decisions where A and B act differently, the deals whose result differs), the effect per 100 deals and per differing deal with its
// interval, and the verdict after Holm's correction, beside the second seed's.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { definitionHash } from './run.ts';
import { judgeClaims, type ClaimJudgement } from './judge.ts';
import { CATEGORIES, type Experiment, type NotTestable, type Verdict } from './types.ts';
import { type ArmSummary, type ExperimentSummary } from './summary.ts';
import { fixed, signed as signedNumber } from '../core/numbers.ts';

const signed = (x: number, d: number): string => (Number.isFinite(x) ? signedNumber(x, d) : fixed(x, d));

/** The effect of an arm as a table cell: "+0.123 [+0.045, +0.201]" (a describe arm: the value itself). */
export function effectCell(a: ArmSummary, scale = 1): string {
  const e = a.effect;
  if (e.kind === 'empty') return 'n/a';
  const d = Math.abs(e.high - e.low) * scale < 0.02 ? 4 : Math.abs(e.high - e.low) * scale < 2 ? 3 : 1;
  const num = (x: number) => (a.design === 'describe' ? x.toFixed(d) : signed(x * scale, d));
  if (e.kind === 'constant') return `${num(e.estimate)} (every pair alike)`;
  return `${num(e.estimate)} [${num(e.low)}, ${num(e.high)}]`;
}

/** Per 100 deals (Partien): the effect ×100 for a comparison in a per-deal unit; the value itself otherwise. */
function per100(a: ArmSummary): string {
  if (a.design === 'describe' || a.unit.startsWith('variance')) return effectCell(a);
  return effectCell(a, 100);
}

const esc = (t: string): string => t.replace(/\|/g, '\\|');

function codeText(s: ExperimentSummary): string {
  const dirty = s.code.commit.endsWith('-dirty');
  return `${s.code.package} ${s.code.commit.replace(/-dirty$/, '').slice(0, 12)}${dirty ? ' (with uncommitted changes)' : ''}`;
}

/** The bullet of each H-nn in docs/rules.md §16: the German sentence with its page and our hypothesis. */
export function claimSources(rulesMd: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /^- <a id="(h-\d\d)"><\/a>\*\*(H-\d\d)\*\*([\s\S]*?)(?=\n- <a id=|\n\n)/gm;
  for (const m of rulesMd.matchAll(re)) out.set(m[2]!, `**${m[2]}**${m[3]!.replace(/\s*\n\s*/g, ' ')}`);
  return out;
}

export interface FindingsInput {
  readonly summaries: readonly ExperimentSummary[];
  readonly replicates?: readonly ExperimentSummary[];
  readonly experiments: readonly Experiment[];
  readonly notTestable: readonly NotTestable[];
  /** docs/rules.md §16 bullets by id (claimSources), for the German sentences. */
  readonly sources?: ReadonlyMap<string, string> | undefined;
  /** The chart's file name beside the findings (null: no chart). */
  readonly chart?: string | null;
  /**
   * Summaries of a run that counted decisions (shadow.ts), e.g. the quick form of every experiment: their
   * decision counts are shown, marked with their size and seed, for a claim whose summary has none (a run made
   * before decisions were counted).
   */
  readonly firing?: readonly ExperimentSummary[];
}

const tableName = (t: string): string => (t === 'author1853' ? 'the author\'s table' : `against ${t}`);

/** The counts per category of the final verdicts (not testable included). */
export function categoryCounts(judged: readonly ClaimJudgement[], notTestable: readonly NotTestable[]): Map<Verdict, number> {
  const counts = new Map<Verdict, number>(CATEGORIES.map((c) => [c, 0]));
  for (const j of judged) counts.set(j.final, (counts.get(j.final) ?? 0) + 1);
  counts.set('not testable', (counts.get('not testable') ?? 0) + notTestable.length);
  return counts;
}

export function findingsMarkdown(x: FindingsInput): string {
  const { summaries, experiments, notTestable } = x;
  const replicates = x.replicates ?? [];
  const judged = judgeClaims(summaries, replicates);
  const byId = new Map(judged.map((j) => [j.id, j]));
  const ids = [...new Set([...experiments.map((e) => e.id), ...notTestable.map((n) => n.id)])].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const sizes = [...new Set(summaries.map((s) => s.size))];
  const seeds = [...new Set(summaries.map((s) => s.seed))];
  const repSeeds = [...new Set(replicates.map((s) => s.seed))];
  const codes = [...new Set(summaries.map(codeText))];
  const total = [...summaries, ...replicates].reduce((t, s) => t + s.elapsedMs, 0);
  const lines: string[] = [
    '# Findings: the 1853 author\'s advice tested',
    '',
    'Written by `perlagg experiment report` from the experiments\' `summary.json`; do not edit by hand.',
    'Each claim H-nn of [docs/rules.md §16](rules.md#s16) is an experiment in `experiments/`: A is `author1853` as the',
    'author teaches, B the same bot with that one piece of advice switched off or its threshold moved. Every claim is',
    'judged at two opponent fields or more: **the author\'s table** (A against B on duplicate deals, or each against',
    '`author1853`) and **against `simple`** (A and B each against the `simple` bot on the same deals), and the',
    '`bluffer` where the claim is about bluffing.',
    '',
    'The categories: **supported** — the 95% interval lies wholly on the side the claim predicts (and not wholly',
    'inside ±δ); **refuted** — wholly on the other side; **no effect that matters** — the whole interval lies inside',
    '±δ, the smallest effect a player would care about (each claim states its δ and why); **inconclusive** — the',
    'interval contains 0 and reaches beyond ±δ, or the two seeds disagree; **untested** — the advice changed no',
    `decision or no result (no deal whose outcome differs between A and B), or too few to judge; **not testable** — the engine or the`,
    'bots cannot express the situation (the reason is given); **depends on the opponent** — the fields disagree',
    '(each is shown). Holm\'s correction runs over every field\'s headline test of the family: a test significant',
    'alone but not after it is inconclusive. *Firing* counts the decisions where A and B act differently (at every',
    'decision of a seat playing A, B is asked on the same observation what it would do, and A at every decision of',
    'a seat playing B; the seat plays its own choice) and the deals (Partien) whose result differs; the effect is',
    'shown per 100 deals and per differing deal. ⚠ marks a verdict at the edge (an interval end',
    'near 0 or ±δ, a verdict Holm changed, or seeds that disagree).',
    '',
    `Runs: ${summaries.length} experiments, ${sizes.join(' and ')} size${sizes.length > 1 ? 's' : ''}, seed ${seeds.join(', ')}${replicates.length > 0 ? `; replicated at seed ${repSeeds.join(', ')} (${replicates.length} experiments)` : '; not replicated'}; ${(total / 1000 / 60).toFixed(1)} minutes in all; code ${codes.join('; ')}.${firingText(summaries, x.firing ?? [])}`,
    '',
  ];
  const counts = categoryCounts(judged, notTestable);
  const notRun = ids.filter((id) => !byId.has(id) && !notTestable.some((n) => n.id === id));
  lines.push('## The verdicts in numbers', '', '| category | claims |', '|---|---|');
  for (const [c, k] of counts) if (k > 0) lines.push(`| ${c} | ${k} |`);
  if (notRun.length > 0) lines.push(`| not run yet | ${notRun.length} |`);
  lines.push('');
  if (x.chart != null) lines.push(`![every claim's effect in units of its δ, coloured by category](${x.chart})`, '');
  lines.push('## Every claim by category', '', '| id | claim | verdict | the author\'s table | against simple | other fields | δ | seeds |', '|---|---|---|---|---|---|---|---|');
  const order = (id: string): number => {
    const j = byId.get(id);
    if (j !== undefined) return CATEGORIES.indexOf(j.final);
    return notTestable.some((n) => n.id === id) ? CATEGORIES.indexOf('not testable') : CATEGORIES.length;
  };
  const sorted = [...ids].sort((a, b) => order(a) - order(b) || a.localeCompare(b, 'en', { numeric: true }));
  for (const id of sorted) {
    const link = `[${id}](#${id.toLowerCase()})`;
    const nt = notTestable.find((n) => n.id === id);
    if (nt !== undefined) {
      lines.push(`| ${link} | ${esc(nt.claim)} | not testable | — | — | ${esc(nt.why)} | — | — |`);
      continue;
    }
    const j = byId.get(id);
    if (j === undefined) {
      const e = experiments.find((y) => y.id === id);
      lines.push(`| ${link} | ${esc(e?.claim ?? '')} | not run yet | — | — | — | — | — |`);
      continue;
    }
    const cell = (t: string) => {
      const f = j.fields.find((y) => y.table === t);
      return f === undefined ? '—' : `${f.verdict}, ${per100(f.arm)}${f.arm.design === 'describe' ? '' : ' /100'}`;
    };
    const others = j.fields.filter((f) => f.table !== 'author1853' && f.table !== 'simple').map((f) => `${f.table}: ${f.verdict}, ${per100(f.arm)}`).join('; ');
    const stale = staleNote(j.summary, experiments);
    lines.push(`| ${link} | ${esc(j.summary.claim)} | **${j.final}**${j.edge ? ' ⚠' : ''}${stale} | ${esc(cell('author1853'))} | ${esc(cell('simple'))} | ${esc(others || '—')} | ${deltaText(j.summary)} | ${j.replicate === null ? '—' : j.replicate === j.verdict ? 'agree' : `differ (${j.replicate})`} |`);
  }
  lines.push('', '## Each claim', '');
  for (const id of ids) lines.push(...claimSection(id, byId.get(id), x, replicates));
  return lines.join('\n');
}

function deltaText(s: ExperimentSummary): string {
  return `${s.delta} ${s.arms[0]!.design === 'describe' ? '' : '(A − B) '}${s.arms[0]!.unit}`.replace(/ +/g, ' ');
}

function staleNote(s: ExperimentSummary, experiments: readonly Experiment[]): string {
  const e = experiments.find((y) => y.id === s.id);
  return e !== undefined && definitionHash(e) !== s.definition ? ' (the experiment changed since this run)' : '';
}

function claimSection(id: string, j: ClaimJudgement | undefined, x: FindingsInput, replicates: readonly ExperimentSummary[]): string[] {
  const out: string[] = [];
  const nt = x.notTestable.find((n) => n.id === id);
  const e = x.experiments.find((y) => y.id === id);
  const verdict = nt !== undefined ? 'not testable' : (j?.final ?? 'not run yet');
  out.push(`### ${id}`, '', `**${verdict}**${j?.edge === true ? ' ⚠ (at the edge)' : ''}`, '');
  const src = x.sources?.get(id) ?? x.sources?.get(id.replace(/[a-z]$/, '')); // H-07a and H-07b: H-07's sentence
  if (src !== undefined) out.push(`> ${src} [000]`, '');
  if (nt !== undefined) {
    out.push(`Our reading: ${nt.claim}.`, '', `Not testable: ${nt.why}`, '');
    return out;
  }
  if (e === undefined) return out;
  out.push(`Our reading: ${e.reading ?? e.claim}.`, '', `A = \`${e.a}\`; B = \`${e.b}\`.`, '');
  if (j === undefined) {
    out.push(`Not run yet: \`npx perlagg experiment run ${id} --quick\`.`, '');
    return out;
  }
  const s = j.summary;
  out.push(`δ = ${deltaText(s)}: ${s.deltaWhy}.`, '');
  for (const n of j.notes) out.push(`- ${n}`);
  if (j.notes.length > 0) out.push('');
  out.push('| field | arm | what | decisions that differ | deals that differ | effect per 100 [95% interval] | per differing deal | n | verdict | why |', '|---|---|---|---|---|---|---|---|---|---|');
  const rep = replicates.find((r) => r.id === id);
  const quick = x.firing?.find((r) => r.id === id);
  for (const a of s.arms) {
    const f = j.fields.find((y) => y.arm.name === a.name);
    const fieldCell = f === undefined ? a.table === 'author1853' ? '' : tableName(a.table) : `**${tableName(a.table)}**`;
    const differ = a.differing === null ? '—' : `${a.differing.toLocaleString('en-US')} of ${a.n.toLocaleString('en-US')}`;
    const perDiff = a.perDiffering === null ? '—' : signed(a.perDiffering, 3);
    const v = f === undefined ? a.verdict : f.verdict;
    const why = f === undefined ? a.verdictWhy : f.why;
    const sprt = a.sprt === null ? '' : ` (SPRT ${a.sprt.bounds.m0}/${a.sprt.bounds.m1}: ${a.sprt.verdict === 'continue' ? 'undecided' : `${a.sprt.verdict} at pair ${a.sprt.decidedAt}`})`;
    out.push(`| ${fieldCell} | ${a.name} | ${esc(a.label)} | ${decisionsCell(a, quick)} | ${differ} | ${per100(a)} ${esc(a.unit)} | ${perDiff} | ${a.n.toLocaleString('en-US')} ${a.nUnit.replace(/ \(.*\)$/, '')} | ${v}${a.edge ? ' ⚠' : ''}${sprt} | ${esc(why)} |`);
  }
  out.push('');
  if (rep !== undefined) {
    const rp = rep.fields.map((f) => `${tableName(f.table)} ${f.verdict} (${per100(rep.arms.find((a) => a.name === f.arm)!)})`).join('; ');
    out.push(`Seed ${s.seed}: ${j.verdict}. Seed ${rep.seed}: ${j.replicate} — ${rp}.`, '');
  }
  if (s.note !== null) out.push(`Note: ${s.note}`, '');
  out.push(`${s.size} size, seed ${s.seed}, ${(s.elapsedMs / 1000).toFixed(0)} s; code ${codeText(s)}. Reproduce: \`${s.command}\`${rep === undefined ? '' : ` and \`${rep.command}\``}.`, '');
  return out;
}

/** Which runs counted decisions: the summaries' own, and a firing run's for the rest. */
function firingText(summaries: readonly ExperimentSummary[], firing: readonly ExperimentSummary[]): string {
  const counted = (s: ExperimentSummary) => s.arms.some((a) => a.decisions != null);
  const own = summaries.filter(counted).map((s) => s.id);
  const rest = summaries.filter((s) => !counted(s) && s.arms.some((a) => a.design !== 'describe')).map((s) => s.id);
  if (rest.length === 0) return own.length === 0 ? '' : ' Decisions counted in every run.';
  const from = firing.filter((f) => rest.includes(f.id) && counted(f));
  const sizes = [...new Set(from.map((f) => `${f.size} size, seed ${f.seed}`))];
  return ` Decisions counted in the runs of ${own.length === 0 ? 'none' : own.join(', ')}${from.length > 0 ? `; for the ${from.length} others from a run of their ${sizes.join(' and ')} (marked)` : ''}.`;
}

/** The decisions where A and B act differently: the arm's own count, else a firing run's (marked), else —. */
function decisionsCell(a: ArmSummary, firing: ExperimentSummary | undefined): string {
  const of = (d: { made: number; differing: number }) => `${d.differing.toLocaleString('en-US')} of ${d.made.toLocaleString('en-US')}`;
  if (a.decisions != null) return of(a.decisions);
  if (a.design === 'describe') return '—';
  const f = firing?.arms.find((y) => y.name === a.name);
  return f?.decisions != null ? `${of(f.decisions)} (${firing!.size} run: ${f.n.toLocaleString('en-US')} ${f.nUnit.replace(/ \(.*\)$/, '')}, seed ${firing!.seed})` : 'not counted in this run';
}

export function writeFindings(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
