// docs/findings.md from the experiments' summaries (results/experiments/<id>/summary.json): a table of
// H-01 … H-42 — the claim in a line, the verdict, the effect with its 95% interval, n, the command that
// reproduces it and the code version — then every arm of every experiment (the opponents, the score states).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { definitionHash } from './run.ts';
import type { Experiment, NotTestable } from './types.ts';
import { type ArmSummary, type ExperimentSummary } from './summary.ts';
const signed = (x: number, d: number): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(d)}` : x > 0 ? '∞' : '−∞');

/** The effect of an arm as a table cell: "+0.123 [+0.045, +0.201]" (a describe arm: the value itself). */
export function effectCell(a: ArmSummary): string {
  const e = a.effect;
  if (e.kind === 'empty') return 'n/a';
  const d = Math.abs(e.high - e.low) < 0.02 ? 4 : 3;
  const num = (x: number) => (a.design === 'describe' ? x.toFixed(d) : signed(x, d));
  if (e.kind === 'constant') return `${num(e.estimate)} (every pair alike)`;
  return `${num(e.estimate)} [${num(e.low)}, ${num(e.high)}]`;
}

const esc = (t: string): string => t.replace(/\|/g, '\\|');

function codeText(s: ExperimentSummary): string {
  const dirty = s.code.commit.endsWith('-dirty');
  return `${s.code.package} ${s.code.commit.replace(/-dirty$/, '').slice(0, 12)}${dirty ? ' (with uncommitted changes)' : ''}`;
}

export function findingsMarkdown(summaries: readonly ExperimentSummary[], experiments: readonly Experiment[], notTestable: readonly NotTestable[]): string {
  const byId = new Map(summaries.map((s) => [s.id, s]));
  const ids = [...new Set([...experiments.map((e) => e.id), ...notTestable.map((n) => n.id)])].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  const lines: string[] = [
    '# Findings: the 1853 author\'s advice tested',
    '',
    'Written by `perlagg experiment report` from `results/experiments/*/summary.json`; do not edit by hand.',
    'Each hypothesis H-nn of [docs/rules.md §16](rules.md#s16) is an experiment in `experiments/`: A is `author1853`',
    'as the author teaches, B the same policy with that one piece of advice switched off or its threshold moved',
    '(the columns name them). The effect is A − B in the unit shown (per deal pair on duplicate deals, or per deal',
    'played by A and by B on the same cards), or, for a claim about a share, the share itself against the claimed',
    'reference. **supported**: the 95% interval lies wholly on the side the claim predicts; **refuted**: wholly on',
    'the other; **no effect found**: it contains 0 (the interval says how large an effect could still hide at this',
    'n). With an SPRT the test\'s decision counts. The first arm of an experiment gives its verdict; the other arms',
    '(against `simple`, at other scores) are listed below the table.',
    '',
    '"Every pair alike" means the difference was exactly 0 in every pair: the piece of advice never changed a',
    'decision on these deals — the situation it speaks of did not arise, or author1853\'s rule for it never',
    'fired — so the experiment says nothing about the claim beyond that (a larger run, or a situation chosen with',
    '`--where`, would). A *quick* run is a first answer in under a minute; the full size (`experiment run` without',
    '`--quick`) narrows every interval about fourfold.',
    '',
  ];
  const sizes = [...new Set(summaries.map((s) => s.size))];
  const codes = [...new Set(summaries.map(codeText))];
  const total = summaries.reduce((t, s) => t + s.elapsedMs, 0);
  lines.push(`Runs: ${summaries.length} experiments, ${sizes.join(' and ')} size${sizes.length > 1 ? 's' : ''}, ${(total / 1000 / 60).toFixed(1)} minutes in all; code ${codes.join('; ')}.`, '');
  lines.push('| id | claim | verdict | effect [95% interval] | unit | n | other arms | reproduce | time |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const id of ids) {
    const nt = notTestable.find((n) => n.id === id);
    const e = experiments.find((x) => x.id === id);
    const s = byId.get(id);
    if (nt !== undefined) {
      lines.push(`| [${id}](rules.md#${id.toLowerCase()}) | ${esc(nt.claim)} | not testable | — | — | — | ${esc(nt.why)} | — | — |`);
      continue;
    }
    if (s === undefined) {
      lines.push(`| [${id}](rules.md#${id.toLowerCase()}) | ${esc(e?.claim ?? '')} | not run yet | — | — | — | — | \`npx perlagg experiment run ${id} --quick\` | — |`);
      continue;
    }
    const stale = e !== undefined && definitionHash(e) !== s.definition ? ' (the experiment changed since this run)' : '';
    const p = s.arms[0]!;
    const others = s.arms.slice(1).map((a) => `${a.name}: ${a.verdict}, ${effectCell(a)}`).join('; ');
    lines.push(`| [${id}](rules.md#${id.toLowerCase()}) | ${esc(s.claim)} | **${s.verdict}**${stale} | ${effectCell(p)} | ${esc(p.unit)} | ${p.n.toLocaleString('en-US')} ${p.nUnit.replace(/ \(.*\)$/, '')} | ${esc(others || '—')} | \`${s.command}\` | ${(s.elapsedMs / 1000).toFixed(0)} s |`);
  }
  lines.push('', '## Every arm', '');
  for (const s of [...summaries].sort((x, y) => x.id.localeCompare(y.id, 'en', { numeric: true }))) {
    lines.push(`### ${s.id}`, '', `${s.claim}. A = \`${s.a}\`, B = \`${s.b}\`; ${s.ruleset}, ${s.players} players, seed ${s.seed}, ${s.size} size, ${(s.elapsedMs / 1000).toFixed(0)} s; code ${codeText(s)}.`, '');
    lines.push('| arm | what | verdict | effect [95% interval] | unit | n | variance ratio | time |', '|---|---|---|---|---|---|---|---|');
    for (const a of s.arms) {
      const sprt = a.sprt === null ? '' : ` (SPRT ${a.sprt.bounds.m0}/${a.sprt.bounds.m1}: ${a.sprt.verdict === 'continue' ? 'undecided' : `${a.sprt.verdict} at pair ${a.sprt.decidedAt}`})`;
      lines.push(`| ${a.name} | ${esc(a.label)} | ${a.verdict}${sprt} | ${effectCell(a)} | ${esc(a.unit)} | ${a.n.toLocaleString('en-US')} | ${a.varianceRatio === null ? '—' : a.varianceRatio.toFixed(2)} | ${(a.elapsedMs / 1000).toFixed(0)} s |`);
    }
    if (s.note !== null) lines.push('', `Note: ${s.note}`);
    lines.push('');
  }
  return lines.join('\n');
}

export function writeFindings(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
