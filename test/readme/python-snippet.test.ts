// The Python snippet of the pages (docs/schemas.md "Reading from Python", which the README points to) prints
// its answers (issue 29, item 7). Always checked: it parses (python3's own ast), every statement that computes
// something is a print (a bare expression prints nothing when pasted into a script file), and the file it
// reads is one an example of the pages writes. Run only where python3 has pyarrow, polars, pandas and duckdb
// (npm installs none of them; the project's machines have none: Debian bookworm packages none and PyPI is not
// reachable there, so here the run is skipped and the shape checks stand alone): then it reads a fresh
// `exact -r suedtirol -t all --out` folder and must print the four trumps.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perlagg } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';
import { ROOT, examplePages, readmeExamples } from './examples.ts';

const snippets = ['README.md', ...examplePages().filter((p) => p !== 'README.md')].flatMap((page) =>
  [...readFileSync(join(ROOT, page), 'utf8').matchAll(/```python\n([\s\S]*?)\n```/g)].map((m) => ({ page, code: m[1]! })),
);

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' }).status === 0;
const readers = python && spawnSync('python3', ['-c', 'import pyarrow, polars, pandas, duckdb'], { stdio: 'ignore' }).status === 0;

/** Per top-level statement of a Python program: its kind, and for an expression whether it is a print call. */
const SHAPE = `
import ast, json, sys
tree = ast.parse(sys.stdin.read())
out = []
for s in tree.body:
    printed = isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Name) and s.value.func.id == 'print'
    out.append({'kind': type(s).__name__, 'print': printed})
print(json.dumps(out))
`;

describe('the Python snippet of the pages', () => {
  it('is there, and reads a file an example of the pages writes', () => {
    expect(snippets.map((s) => s.page)).toEqual(['docs/schemas.md']);
    const path = /^path = "([^"]+)"$/m.exec(snippets[0]!.code);
    expect(path).not.toBeNull();
    const folder = path![1]!.slice(0, path![1]!.lastIndexOf('/'));
    const writers = examplePages().flatMap((p) => readmeExamples(readFileSync(join(ROOT, p), 'utf8'))).filter((e) => e.args[0] === 'exact' && e.args.includes(folder));
    expect(writers.length, `an example writes ${folder}`).toBeGreaterThan(0);
  });

  it.skipIf(!python)('parses, and every statement that computes something prints it', () => {
    for (const s of snippets) {
      const r = spawnSync('python3', ['-c', SHAPE], { input: s.code, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const statements = JSON.parse(r.stdout) as Array<{ kind: string; print: boolean }>;
      expect(statements.filter((x) => x.kind === 'Expr' && !x.print), s.page).toEqual([]);
      expect(statements.filter((x) => x.print).length).toBeGreaterThanOrEqual(4);
    }
  });

  it.skipIf(!readers)('runs with pyarrow, polars, pandas and DuckDB and prints every trump', async () => {
    const dir = scratchDir('python-snippet');
    const out = join(dir, 'exact-suedtirol');
    const r = await perlagg('exact', '-r', 'suedtirol', '-t', 'all', '--out', out);
    expect(r.code, r.err).toBe(0);
    const code = snippets[0]!.code.replace(/^path = "[^"]+"$/m, `path = ${JSON.stringify(join(out, 'exact.arrow'))}`);
    const run = spawnSync('python3', ['-c', code], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    for (const t of ['H', 'S', 'L', 'E']) expect(run.stdout).toMatch(new RegExp(`\\b${t}\\b`));
    expect(run.stdout).toMatch(/suedtirol/);
  });
});
