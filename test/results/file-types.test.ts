// The tables as written, read back: every column's Arrow type is the one docs/schemas.md gives it (a utf8
// column is a dictionary column and the page says so), and every file names in its own schema metadata the
// command, seed, ruleset, settings and version that made it (issue 29 item 3).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataType, type Field } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrowFileSource } from '../../src/results/ipc-file.ts';
import { perlagg } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';

const PAGE = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'schemas.md'), 'utf8');

/** The documented type of each column of a table, keyed by the name pattern (`s{i}_perlaggen`) as a RegExp. */
function documented(table: string): { re: RegExp; name: string; type: string }[] {
  const at = new RegExp(`^#{2,4} \`${table}\\.arrow\``, 'm').exec(PAGE);
  expect(at, `docs/schemas.md has no section for ${table}.arrow`).not.toBeNull();
  const rest = PAGE.slice(at!.index + at![0].length);
  const next = /^#{1,4} /m.exec(rest);
  const section = next === null ? rest : rest.slice(0, next.index);
  return [...section.matchAll(/^\| `([^`]+)` \| ([^|]+?) \|/gm)].map((m) => {
    const pattern = m[1]!.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[ij]\}/g, '[0-9]+').replace(/\{f\}/g, '[a-z]+').replace(/\{p\}/g, '.+');
    return { re: new RegExp(`^${pattern}$`), name: m[1]!, type: m[2]! };
  });
}

/** The type as docs/schemas.md writes it: uint8 … float64, `utf8 (dictionary)` for Dictionary<Utf8>. */
function docType(f: Field): string {
  const t = f.type as DataType;
  if (DataType.isDictionary(t)) return DataType.isUtf8(t.dictionary) ? 'utf8 (dictionary)' : `dictionary of ${String(t.dictionary)}`;
  if (DataType.isInt(t)) return `${t.isSigned ? 'int' : 'uint'}${t.bitWidth}`;
  if (DataType.isFloat(t)) return 'float64';
  return String(t);
}

function check(dir: string, table: string, command: string, seed: string | null, ruleset: string): void {
  const src = arrowFileSource(join(dir, `${table}.arrow`));
  const docs = documented(table);
  for (const f of src.schema.fields) {
    const d = docs.find((x) => x.re.test(f.name));
    expect(d, `${table}.${f.name} is documented`).toBeDefined();
    expect(`${table}.${f.name}: ${d!.type}`).toBe(`${table}.${f.name}: ${docType(f)}`);
  }
  const meta = src.schema.metadata;
  expect(meta.get('perlagg.table')).toBe(table);
  expect(meta.get('perlagg.command')).toBe(command);
  expect(meta.get('perlagg.seed')).toBe(seed ?? undefined);
  expect(meta.get('perlagg.ruleset')).toBe(ruleset);
  expect(meta.get('perlagg.version')).toMatch(/^perlagg \d+\.\d+\.\d+ \(commit [0-9a-f]+(-dirty)?|unknown\)$/);
  const settings = JSON.parse(meta.get('perlagg.settings')!) as Record<string, unknown>;
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { settings?: Record<string, unknown>; parameters?: Record<string, unknown> };
  expect(settings).toEqual(manifest.settings === undefined ? manifest.parameters : { ...manifest.settings, shard: null });
}

describe('the files as written match docs/schemas.md and carry their own provenance', () => {
  it('hands, decisions (with --detail)', async () => {
    const dir = join(scratchDir('types'), 'h');
    const r = await perlagg('simulate', '-r', '1853', '--mode', 'hands', '-n', '300', '--seed', '5', '--decisions', '--detail', '--policies', 'simple,simple', '--out', dir);
    expect(r.code, r.err).toBe(0);
    check(dir, 'hands', 'simulate', '5', '1853');
    check(dir, 'decisions', 'simulate', '5', '1853');
  });

  it('deals, and a shard names no shard (its tables are those of the whole run)', async () => {
    const dir = join(scratchDir('types'), 'd');
    const r = await perlagg('simulate', '-n', '2000', '--seed', '9', '--batch-size', '500', '--shard', '1/2', '--out', dir);
    expect(r.code, r.err).toBe(0);
    check(join(dir, 'shard-1-of-2'), 'deals', 'simulate', '9', 'oberland');
  });

  it('partien, bieten_deals, exact', async () => {
    const base = scratchDir('types');
    expect((await perlagg('simulate', '--partien', '4', '--policies', 'simple,simple', '--out', join(base, 'p'))).code).toBe(0);
    check(join(base, 'p'), 'partien', 'simulate', '1', 'oberland');
    expect((await perlagg('simulate', '--game', 'bieten', '-n', '100', '--out', join(base, 'b'))).code).toBe(0);
    check(join(base, 'b'), 'bieten_deals', 'simulate', '1', 'bieten');
    expect((await perlagg('exact', '-r', 'suedtirol', '--out', join(base, 'e'))).code).toBe(0);
    check(join(base, 'e'), 'exact', 'exact', null, 'suedtirol');
  });
});
