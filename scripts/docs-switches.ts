// Regenerates the "- **Switch** …" lines of every ambiguity in docs/rules.md §15 from src/rules/ambiguities.ts
// (the truth of what is implemented), so the two never drift: `npx tsx scripts/docs-switches.ts` rewrites the
// file in place; `--check` only reports what would change (exit 1). test/docs/references.test.ts checks it too.
// Every alternative listed there is read by the engine (test/rules/switches-read.test.ts proves it).
import { readFileSync, writeFileSync } from 'node:fs';
import { AMBIGUITIES } from '../src/rules/ambiguities.ts';
import { resolveRuleset } from '../src/rules/registry.ts';

function valueText(v: unknown): string {
  return Array.isArray(v) ? v.join('/') : String(v);
}

function get(obj: unknown, path: string): unknown {
  let cur = obj as Record<string, unknown>;
  for (const p of path.split('.')) cur = cur[p] as Record<string, unknown>;
  return cur;
}

export function switchLines(id: string): string[] {
  const a = AMBIGUITIES.find((x) => x.id === id);
  if (a === undefined) return [];
  return a.switches.map((sw) => {
    const groups = new Map<string, string[]>();
    for (const name of sw.rulesets) {
      const v = valueText(get(resolveRuleset(name), sw.field));
      groups.set(v, [...(groups.get(v) ?? []), name]);
    }
    const defaults = [...groups.entries()].map(([v, rs]) => `\`${v}\` (${rs.join(', ')})`).join(', ');
    const first = sw.rulesets[0]!;
    const cur = valueText(get(resolveRuleset(first), sw.field));
    const alt = sw.alternatives.find((x) => x !== cur) ?? sw.alternatives[0]!;
    return `- **Switch** \`${sw.field}\`: alternatives ${sw.alternatives.map((x) => `\`${x}\``).join(', ')}; default ${defaults}; e.g. \`${first}{${sw.field}=${alt}}\`.`;
  });
}

export function regenerate(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let id: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = /^#### <a id="a-(\d\d)"><\/a>/.exec(line);
    if (m !== null) id = `A-${m[1]}`;
    else if (/^#{1,4} /.test(line)) id = null;
    if (id !== null && line.startsWith('- **Switch** ')) {
      // replace the whole run of switch lines of this section
      while (i + 1 < lines.length && lines[i + 1]!.startsWith('- **Switch** ')) i++;
      out.push(...switchLines(id));
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = new URL('../docs/rules.md', import.meta.url);
  const text = readFileSync(path, 'utf8');
  const next = regenerate(text);
  if (process.argv.includes('--check')) {
    if (next !== text) {
      process.stderr.write('docs/rules.md §15 switch lines are out of date: run npx tsx scripts/docs-switches.ts\n');
      process.exit(1);
    }
  } else if (next !== text) {
    writeFileSync(path, next);
    process.stdout.write('docs/rules.md: switch lines regenerated\n');
  }
}
