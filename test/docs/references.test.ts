// Every reference resolves inside the repository (issue 14, deliverable 1): the rules perlagg implements are
// docs/rules.md, and every "RULES §6.2", "A-04", "GC-17", "H-24", "BG-03", "[000 p.19]" and
// "docs/rules.md#…" that the code, the README, the docs and `perlagg rules -a` write points at a place there.
// No file may point outside the repository (a clone has nothing beside it). The checks scan whole folders,
// so references added later are checked too; a failure names the file, the line and the reference.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ambiguitiesText } from '../../src/cli/rules.ts';
import { AMBIGUITIES } from '../../src/rules/ambiguities.ts';
import { RULESET_NAMES, parseRulesetName, resolveRuleset } from '../../src/rules/registry.ts';
import { perlaggStreams } from '../in-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = join(ROOT, 'docs', 'rules.md');
const doc = readFileSync(DOC, 'utf8');

const TEXT_EXT = /\.(ts|mts|js|mjs|cjs|json|md|txt|ya?ml|sh|sbatch|toml)$|(^|\/)(Dockerfile|run)$/;
function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (TEXT_EXT.test(p)) out.push(p);
  }
  return out;
}
const rel = (p: string) => relative(ROOT, p);

/** Each match of `re` in the file with its line number. */
function hits(file: string, re: RegExp): Array<{ line: number; m: RegExpExecArray }> {
  const text = readFileSync(file, 'utf8');
  const out: Array<{ line: number; m: RegExpExecArray }> = [];
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
  for (let m = g.exec(text); m !== null; m = g.exec(text)) out.push({ line: text.slice(0, m.index).split('\n').length, m });
  return out;
}

// ---- the anchors of docs/rules.md ----

function slug(heading: string): string {
  return heading
    .replace(/<[^>]*>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
const anchors = new Set<string>();
for (const m of doc.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(m[1]!);
for (const m of doc.matchAll(/^#{1,6}\s+(.*)$/gm)) anchors.add(slug(m[1]!));

/** The anchor a reference should land on, or an error text. */
function sectionAnchor(section: string): string {
  return `s${section.replace(/\./g, '-')}`;
}
const idAnchor = (id: string) => id.toLowerCase();
function isRulesetName(text: string): boolean {
  try {
    parseRulesetName(text);
    return true;
  } catch {
    return false;
  }
}

// Source keys and the places each can cite ([§0.1] of docs/rules.md).
const SOURCE_PLACES: Record<string, (loc: string) => string | null> = {
  '000': (loc) => {
    for (const m of loc.matchAll(/pp?\.\s*(\d+)(?:\s*[–-]\s*(\d+))?/g)) for (const n of [m[1], m[2]]) if (n !== undefined && (+n < 3 || +n > 47)) return `page ${n} (the book has pp.3-47)`;
    for (const m of loc.matchAll(/fn\.\s*(\d+)/g)) if (+m[1]! < 1 || +m[1]! > 55) return `footnote ${m[1]} (fn.1-55)`;
    return null;
  },
  '001': (loc) => {
    for (const m of loc.matchAll(/pp?\.\s*(\d+)(?:\s*[–-]\s*(\d+))?/g)) for (const n of [m[1], m[2]]) if (n !== undefined && (+n < 4 || +n > 23)) return `page ${n} (the excerpts have pp.4-23)`;
    return null;
  },
  '002': (loc) => {
    for (const m of loc.matchAll(/§\s*(\d+)\.(\d+)/g)) if (m[1] !== '1' || +m[2]! < 1 || +m[2]! > 6) return `§${m[1]}.${m[2]} (the document has §1.1-§1.6)`;
    return null;
  },
  '003': (loc) => {
    for (const m of loc.matchAll(/Intro\s*(\d+)/g)) if (+m[1]! < 1 || +m[1]! > 8) return `Intro ${m[1]} (items 1-8)`;
    for (const m of loc.matchAll(/§\s*(\d+)/g)) if (+m[1]! < 1 || +m[1]! > 35) return `§${m[1]} (the rules have §1-§35)`;
    return null;
  },
};

/** Every unresolved reference in a text, as "reference: why". */
function unresolved(text: string): string[] {
  const bad: string[] = [];
  // "RULES §6.2", "RULES §8.1, §10, §11.3", "RULES §7.2-§7.4"
  for (const m of text.matchAll(/RULES\s+((?:§\s*\d+(?:\.\d+)*\s*(?:[-–…,/&]|and)?\s*)+)/g)) {
    for (const s of m[1]!.matchAll(/§\s*(\d+(?:\.\d+)*)/g)) {
      const a = sectionAnchor(s[1]!);
      if (!anchors.has(a)) bad.push(`RULES §${s[1]}: no #${a} in docs/rules.md`);
    }
  }
  for (const m of text.matchAll(/\b(A|GC|BG|H)-(\d{2})\b/g)) {
    const a = idAnchor(m[0]);
    if (!anchors.has(a)) bad.push(`${m[0]}: no #${a} in docs/rules.md`);
  }
  for (const m of text.matchAll(/\[(00\d)(?:\s+([^\]]*))?\]/g)) {
    const key = m[1]!;
    const check = SOURCE_PLACES[key];
    if (check === undefined || !anchors.has(`src-${key}`)) {
      bad.push(`${m[0]}: no source [${key}] in docs/rules.md §0.1`);
      continue;
    }
    const why = check(m[2] ?? '');
    if (why !== null) bad.push(`${m[0]}: ${why}`);
  }
  for (const m of text.matchAll(/rules\.md#([\w.-]+)/g)) {
    if (!anchors.has(m[1]!)) bad.push(`rules.md#${m[1]}: no such anchor`);
  }
  return bad;
}

function unresolvedIn(files: string[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    const lines = readFileSync(f, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const b of unresolved(line)) out.push(`${rel(f)}:${i + 1}: ${b}`);
    });
  }
  return out;
}

// ---- the README and the pages of docs/: every link lands ----

const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

/** A page's text outside its code fences (links and headings in code are examples, not links). */
function prose(md: string): string[] {
  let fenced = false;
  return md.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** The anchors a page offers: its headings as GitHub slugs them (a repeated one gets -1, -2 …) and its <a id>s. */
function pageAnchors(md: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(md)) {
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h !== null) {
      const s = slug(h[1]!);
      const k = seen.get(s) ?? 0;
      out.add(k === 0 ? s : `${s}-${k}`);
      seen.set(s, k + 1);
    }
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(m[1]!);
  }
  return out;
}

/** Every relative link of a page that does not land: a missing file, or an anchor its page lacks. */
function brokenLinks(page: string, md: string, anchorsOf: (file: string) => Set<string>): string[] {
  const bad: string[] = [];
  prose(md).forEach((line, i) => {
    const text = line.replace(/`[^`]*`/g, ''); // inline code shows, it does not link
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : join(dirname(page), path);
      if (path !== '' && !existsSync(join(ROOT, file))) {
        bad.push(`${page}:${i + 1}: ${target}: no file ${file}`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor)) bad.push(`${page}:${i + 1}: ${target}: no heading or anchor #${anchor} in ${file}`);
    }
  });
  return bad;
}

describe('the README and docs/: every link lands, every quoted figure is current', () => {
  const cache = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    if (!cache.has(file)) cache.set(file, pageAnchors(readFileSync(join(ROOT, file), 'utf8')));
    return cache.get(file)!;
  };

  it('resolves every relative link of the README and of every page of docs/, anchors included', () => {
    expect(PAGES).toContain('docs/commands.md');
    const bad = PAGES.flatMap((p) => brokenLinks(p, readFileSync(join(ROOT, p), 'utf8'), anchorsOf));
    expect(bad, bad.join('\n')).toEqual([]);
    // the check itself can fail: a missing file, a missing anchor, a heading's slug, a repeated heading
    const md = '# A `b` c!\n## Twice\n## Twice\n```\n# not a heading\n```\n[x](#a-b-c) [y](#twice-1) [z](#not-a-heading) [w](nowhere.md) [v](README.md#quickstart) `[u](gone.md)`';
    expect(brokenLinks('docs/x.md', md, (f) => (f === 'docs/x.md' ? pageAnchors(md) : anchorsOf(f)))).toEqual([
      'docs/x.md:7: #not-a-heading: no heading or anchor #not-a-heading in docs/x.md',
      'docs/x.md:7: nowhere.md: no file docs/nowhere.md',
      'docs/x.md:7: README.md#quickstart: no file docs/README.md',
    ]);
  });

  it('quotes the pinned bench signature wherever it shows one', () => {
    const pinned = (JSON.parse(readFileSync(join(ROOT, 'test', 'sim', 'bench-signature.json'), 'utf8')) as { signature: string }).signature;
    const quoted = PAGES.flatMap((p) => [...readFileSync(join(ROOT, p), 'utf8').matchAll(/signature ([0-9a-f]{16})\b/g)].map((m) => `${p}: ${m[1]}`));
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.filter((q) => !q.endsWith(pinned))).toEqual([]);
  });
});

describe('docs/rules.md: every reference resolves inside the repository', () => {
  it('no file of the repository points outside it (the shared folder or its rules file)', () => {
    // Built from parts, so that this file does not match itself.
    const forbidden = [['..', 'shared'].join('/'), ['', 'work', 'shared'].join('/'), ['RULES', 'md'].join('.')];
    const roots = ['README.md', 'package.json', 'tsconfig.json', 'vitest.config.ts', 'src', 'strategies', 'experiments', 'docs', 'bin', 'bench', 'test', 'deploy', 'scripts', '.ci'];
    const files = roots.flatMap((r) => walk(join(ROOT, r)));
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const f of files) {
      readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
        for (const x of forbidden) if (line.includes(x)) found.push(`${rel(f)}:${i + 1}: mentions ${x}`);
      });
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('has every section, ambiguity, hypothesis and golden case as an anchor', () => {
    const want = [
      ...Array.from({ length: 19 }, (_, i) => `s${i}`),
      ...Array.from({ length: 46 }, (_, i) => `a-${String(i + 1).padStart(2, '0')}`),
      ...Array.from({ length: 42 }, (_, i) => `h-${String(i + 1).padStart(2, '0')}`),
      ...Array.from({ length: 65 }, (_, i) => `gc-${String(i + 1).padStart(2, '0')}`),
      ...Array.from({ length: 10 }, (_, i) => `bg-${String(i + 1).padStart(2, '0')}`),
      'src-000', 'src-001', 'src-002', 'src-003',
      's0-1', 's2-3', 's6-2', 's7-4', 's8-5', 's11-4-3', 's17-4', 's18-5',
    ];
    expect(want.filter((a) => !anchors.has(a))).toEqual([]);
    // ids appear once each: an anchor defined twice would make a link land on the wrong place
    const ids = [...doc.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);
    expect(ids.filter((x, i) => ids.indexOf(x) !== i)).toEqual([]);
  });

  it('resolves every reference in src/, strategies/, experiments/, bench/, bin/, docs/ and the README', () => {
    const files = ['src', 'strategies', 'experiments', 'bench', 'bin', 'docs', 'README.md'].flatMap((r) => walk(join(ROOT, r)));
    const bad = unresolvedIn(files);
    expect(bad, bad.join('\n')).toEqual([]);
    // the check itself can fail: a made-up reference of each kind is caught
    expect(unresolved('RULES §19.9; A-47; GC-66; H-43; BG-11; [000 p.99]; [004 p.1]; [003 §36]; docs/rules.md#nowhere')).toHaveLength(9);
    expect(unresolved('RULES §6.2, §11.4; A-04; GC-17; H-24; BG-03; [000 p.19–20 fn.14]; [003 Intro 6, §20]; docs/rules.md#a-04')).toEqual([]);
  });

  it('resolves every link inside docs/rules.md', () => {
    const links = [...doc.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(150);
    expect(links.filter((l) => !anchors.has(l))).toEqual([]);
  });

  it('resolves every reference and link that `perlagg rules -a` prints, and says where each ambiguity is explained', async () => {
    const text = ambiguitiesText();
    expect(unresolved(text)).toEqual([]);
    for (const a of AMBIGUITIES) expect(text).toContain(`explained: docs/rules.md#${a.id.toLowerCase()}`);
    const r = await perlaggStreams(['rules', '-a'], { cwd: ROOT }); // the command line in this process (test/in-process.ts)
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(text);
  });

  it('lists every ruleset field with the built-in values (§14), as the code has them', () => {
    const block = /<!-- parameters:begin -->([\s\S]*?)<!-- parameters:end -->/.exec(doc);
    expect(block, 'the §14 parameter table markers').not.toBeNull();
    const rows = new Map<string, string[]>();
    for (const m of block![1]!.matchAll(/^\| `([\w.]+)` \| `([^`]*)` \| `([^`]*)` \| `([^`]*)` \| `([^`]*)` \|/gm)) rows.set(m[1]!, [m[2]!, m[3]!, m[4]!, m[5]!]);
    const flatten = (o: Record<string, unknown>, prefix = ''): Array<[string, string]> =>
      Object.entries(o).flatMap(([k, v]): Array<[string, string]> =>
        v !== null && typeof v === 'object' && !Array.isArray(v) ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [[prefix + k, Array.isArray(v) ? v.join('/') : String(v)]],
      );
    expect(RULESET_NAMES).toEqual(['1853', 'oberland', 'suedtirol', 'innsbruck']);
    const code = RULESET_NAMES.map((n) => new Map(flatten(resolveRuleset(n) as unknown as Record<string, unknown>)));
    const fields = [...code[0]!.keys()].filter((k) => !['name', 'title', 'source'].includes(k));
    const problems: string[] = [];
    for (const f of fields) {
      const want = code.map((m) => m.get(f)!);
      const have = rows.get(f);
      if (have === undefined) problems.push(`missing row: | \`${f}\` | ${want.map((v) => `\`${v}\``).join(' | ')} | … |`);
      else if (have.join('|') !== want.join('|')) problems.push(`row ${f}: docs say ${have.join(', ')}, the code ${want.join(', ')}`);
    }
    for (const f of rows.keys()) if (!fields.includes(f)) problems.push(`row ${f}: no such field in the code`);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('gives every ambiguity of src/rules/ambiguities.ts its section with the same switches (§15)', () => {
    const problems: string[] = [];
    const starts = [...doc.matchAll(/<a id="a-(\d\d)"><\/a>/g)].map((m) => ({ id: `A-${m[1]}`, at: m.index! }));
    expect(starts.map((s) => s.id)).toEqual(AMBIGUITIES.map((a) => a.id));
    starts.forEach((s, i) => {
      const end = i + 1 < starts.length ? starts[i + 1]!.at : doc.indexOf('<a id="s16">', s.at);
      const section = doc.slice(s.at, end);
      const a = AMBIGUITIES.find((x) => x.id === s.id)!;
      if (a.switches.length === 0 && !section.includes('**No switch**')) problems.push(`${a.id}: says no "No switch" (${a.noSwitch})`);
      for (const sw of a.switches) {
        if (!section.includes(`**Switch** \`${sw.field}\``)) problems.push(`${a.id}: no switch line for ${sw.field}`);
        for (const alt of sw.alternatives) if (!section.includes(`\`${alt}\``)) problems.push(`${a.id}: alternative ${sw.field}=${alt} not named`);
      }
      const named = [...section.matchAll(/\*\*Switch\*\* `([\w.]+)`/g)].map((m) => m[1]!);
      for (const f of named) if (!a.switches.some((sw) => sw.field === f)) problems.push(`${a.id}: switch ${f} is not in ambiguities.ts`);
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('every override example in the docs and the README is a ruleset perlagg accepts', () => {
    const texts = PAGES.map((p) => readFileSync(join(ROOT, p), 'utf8'));
    const specs = new Set<string>();
    for (const t of texts) {
      for (const m of t.matchAll(/`"?([\p{L}\d]+)(\{[^`{}]*\})"?`/gu)) {
        // ruleset specs only (policies are written the same way), placeholders like {field=value} aside
        if (!isRulesetName(m[1]!) || m[2]!.includes('field=value') || m[2]!.includes('…')) continue;
        specs.add(m[1]! + m[2]!);
      }
    }
    expect(specs.size).toBeGreaterThan(40);
    const bad: string[] = [];
    for (const s of specs) {
      try {
        resolveRuleset(s);
      } catch (e) {
        bad.push(`${s}: ${(e as Error).message}`);
      }
    }
    expect(bad, bad.join('\n')).toEqual([]);
  });
});
