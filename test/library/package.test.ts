// perlagg as a library, as a consumer gets it: `npm pack` (which builds dist/ with tsc: prepack), the
// tarball unpacked into a scratch project in the temp folder, and used from there by plain JavaScript (ES
// module and CommonJS) and by TypeScript (strict, compiled with tsc) — with no tsx and no perlagg sources.
// Offline: the package's dependencies are linked from this checkout's node_modules, exactly the closure
// package-lock.json gives for its "dependencies" (so a dependency missing from package.json would be
// missing here too).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');
let dir = '';
let files: string[] = [];

/** The installed packages the package's dependencies need, by package-lock.json's resolution. */
function dependencyClosure(): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> }> };
  const pk = lock.packages;
  const resolveFrom = (from: string, name: string): string | null => {
    for (let p = from; ; ) {
      const c = `${p === '' ? '' : `${p}/`}node_modules/${name}`;
      if (pk[c] !== undefined) return c;
      if (p === '') return null;
      const i = p.lastIndexOf('/node_modules/');
      p = i < 0 ? '' : p.slice(0, i);
    }
  };
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    const e = pk[path]!;
    for (const d of Object.keys({ ...e.dependencies, ...e.optionalDependencies, ...e.peerDependencies })) {
      const r = resolveFrom(path, d);
      if (r !== null) visit(r);
    }
  };
  for (const d of Object.keys(pk['']!.dependencies ?? {})) visit(`node_modules/${d}`);
  return [...seen].filter((p) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(p)).map((p) => p.slice('node_modules/'.length));
}

const node = (args: string[], opts: { input?: string } = {}) => {
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', ...(opts.input === undefined ? {} : { input: opts.input }) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

beforeAll(() => {
  dir = scratchDir('consumer');
  // the build without a second type check (scripts/build.mjs: the same files; `npm test` checks the types first)
  const out = execFileSync('npm', ['pack', '--pack-destination', dir, '--json', '--silent'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PERLAGG_BUILD_NO_TYPECHECK: '1' } });
  const packed = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  files = packed[0]!.files.map((f) => f.path);
  execFileSync('tar', ['-xzf', join(dir, packed[0]!.filename), '-C', dir]);
  mkdirSync(join(dir, 'node_modules'));
  renameSync(join(dir, 'package'), join(dir, 'node_modules', 'perlagg'));
  for (const name of [...dependencyClosure(), '@types/node', 'undici-types']) {
    const from = join(ROOT, 'node_modules', name);
    if (!existsSync(from)) continue; // an optional package for another platform
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(from, join(dir, 'node_modules', name), 'dir');
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
});

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true }); // nothing left in the system temp dir
});

describe('perlagg as a package', () => {
  it('ships the compiled library, the command and the rules, not the sources or the tests', () => {
    expect(files).toContain('dist/src/index.js');
    expect(files).toContain('dist/src/index.d.ts');
    expect(files).toContain('dist/src/runner/worker.mjs');
    expect(files).toContain('bin/perlagg.js');
    expect(files).toContain('docs/rules.md');
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/'))).toBe(false);
    const pkg = JSON.parse(readFileSync(join(dir, 'node_modules', 'perlagg', 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string }> };
    expect(existsSync(join(dir, 'node_modules', 'perlagg', pkg.exports['.']!.types))).toBe(true);
  });

  it('from plain JavaScript (ES module): exact, dealt, simulate and simulateStream on 2 workers, a bot of its own (as an object in simulate), Bieten', () => {
    writeFileSync(join(dir, 'esm.mjs'), `
import { exact, simulate, simulateStream, UsageError, parseCard, cardShort, resolveRuleset, canonicalName, definePolicy, playDeal, GAMES, playBietenDeal, resolveBietenRules, builtinPolicy } from 'perlagg';
const e = exact({ ruleset: '1853', trumps: ['Herz'] });
const d = exact({ ruleset: '1853', dealt: true });
const s = await simulate({ ruleset: '1853', deals: 40000, batchSize: 10000, workers: 2, seed: 3 });
const first = definePolicy({ name: 'first', version: '1', description: 'the first legal action', options: {}, create: () => ({ act: (obs) => obs.legal[0] }) });
const r = resolveRuleset('oberland');
const hand = playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'first', policy: first.create({}) })), rootSeed: 1, dealIndex: 0, dealer: 0 });
const plain = builtinPolicy('plain', 'bieten');
const b = playBietenDeal({ rules: resolveBietenRules('bieten'), players: 3, policies: [0, 1, 2].map(() => ({ name: 'plain', policy: plain.create({}) })), rootSeed: 2, dealIndex: 0, dealer: 0 });
let streamed = 0;
for await (const batch of simulateStream({ ruleset: '1853', deals: 40000, batchSize: 10000, workers: 2, seed: 3 })) streamed += batch.tables.deals.rows;
const mine = await simulate({ mode: 'hands', deals: 30, policies: [first, 'simple'] });
let refused = '';
try { await simulate({ mode: 'hands', deals: 30, policies: [first, 'simple'], workers: 2 }); } catch (e) { refused = e instanceof UsageError ? e.message : String(e); }
console.log(JSON.stringify({ streamed, mine: mine.dealsDone, refused, card: cardShort(parseCard('Herz As')), dritzig: e.results[0].summary.dritzigesGleich, hands: e.results[0].hands, dealt: d.results[0].summary.dritzigesGleich, sim: s.metrics.hand_gleich3, deals: s.dealsDone, points: hand.points, games: Object.keys(GAMES), name: canonicalName(r), bieten: GAMES.bieten.transcript(b.state, { seed: 2, deal: 0, policies: ['plain', 'plain', 'plain'] }).split('\\n')[0] }));
`);
    const r = node(['esm.mjs']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { streamed: number; mine: number; refused: string; card: string; dritzig: number; hands: number; dealt: number; sim: { estimate: number; se: number; n: number }; deals: number; points: number[]; games: string[]; name: string; bieten: string };
    expect(j.card).toBe('HA');
    expect([j.streamed, j.mine]).toEqual([40_000, 30]);
    expect(j.refused).toMatch(/policy object "first" .*cannot be sent to a worker thread/);
    expect([j.dritzig, j.hands]).toEqual([67_524, 201_376]);
    expect(j.dealt).toBeCloseTo(0.307061, 5);
    expect(j.deals).toBe(40_000);
    expect(Math.abs(j.sim.estimate - j.dealt) / j.sim.se).toBeLessThan(4);
    expect(j.points).toHaveLength(2);
    expect(j.games).toEqual(['perlaggen', 'bieten']);
    expect(j.name).toBe('oberland');
    expect(j.bieten).toMatch(/^Bieten, Regeln bieten/);
  });

  it('from CommonJS (require of the ES module, Node >= 20.19)', () => {
    writeFileSync(join(dir, 'cjs.cjs'), `
const p = require('perlagg');
const e = p.exact({ ruleset: 'oberland' });
const s = p.newHand(p.resolveRuleset('1853'), { players: 4 });
const fns = ['simulateStream', 'tune', 'league', 'merge', 'plot', 'batchRows'].filter((f) => typeof p[f] === 'function');
let usage = false;
try { p.merge({ shards: 'nowhere', out: 'x' }); } catch (err) { usage = err instanceof p.UsageError; }
console.log(JSON.stringify({ dritzig: e.results[0].summary.dritzigesGleich, hands: e.results[0].hands, chance: p.currentPlayer(s) === p.CHANCE, fns: fns.length, usage }));
`);
    const r = node(['cjs.cjs']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ dritzig: 138_537, hands: 237_336, chance: true, fns: 6, usage: true });
  });

  it('from TypeScript: strict types that catch a mistake, compiled by tsc and run by plain node', () => {
    writeFileSync(join(dir, 'consumer.ts'), `
import { exact, simulate, simulateStream, league, tune, merge, plot, parseCard, cardShort, definePolicy, type Observation, type PolicyAction, type SimulationSummary, type ExactResult, type SimulationBatch, type LeagueSummary, type TuneSummary, type MergeOptions } from 'perlagg';
const e: ExactResult = exact({ ruleset: '1853', trumps: ['H'] });
// @ts-expect-error: a ruleset is named by a string
exact({ ruleset: 1853 });
const first = definePolicy({ name: 'first', version: '1', description: 'x', options: {}, create: () => ({ act: (obs: Observation): PolicyAction => obs.legal[0]! }) });
const s: SimulationSummary = await simulate({ ruleset: '1853', deals: 3000, workers: 0 });
const m = s.metrics['hand_gleich3']!;
const batches: SimulationBatch[] = [];
for await (const b of simulateStream({ ruleset: '1853', deals: 2000, batchSize: 1000, workers: 0 })) batches.push(b);
const gleich = batches[0]!.tables['deals']!.columns['s0_gleich']!;
const l: LeagueSummary = await league({ policies: ['random', first], deals: 4, replicates: 20 });
// @ts-expect-error: tune needs the policy to tune
const t: Promise<TuneSummary> = tune({ pairs: 10 });
t.catch(() => undefined);
const mergeOptions: MergeOptions = { shards: ['a', 'b'], out: 'c' };
console.log(JSON.stringify({ card: cardShort(parseCard('Laub Unter')), dritzig: e.results[0]!.summary.dritzigesGleich, n: m.n, bot: first.name, batches: batches.length, rows: gleich.length, league: l.policies, merge: typeof merge, plot: typeof plot, shards: mergeOptions.shards.length }));
`);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noUncheckedIndexedAccess: true, outDir: 'out', skipLibCheck: true, types: ['node'] }, files: ['consumer.ts'] }));
    const tsc = node([join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
    const r = node(['out/consumer.js']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ card: 'LU', dritzig: 67_524, n: 3000, bot: 'first', batches: 2, rows: 1000, league: ['random', 'object:first'], merge: 'function', plot: 'function', shards: 2 });
  });

  it('the examples of docs/library.md run as they stand (the runs at smaller sizes)', () => {
    const md = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
    const blocks = [...md.matchAll(/```js\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
    expect(blocks.length).toBe(3);
    // the sizes cut: the first program's simulation; the third block's runs (hands, the stream, tune, the league, the shards)
    const cuts: Array<[string, string]> = [['deals: 200_000, batchSize: 50_000', 'deals: 8_000, batchSize: 2_000'], ['deals: 200_000', 'deals: 2_000'], ["mode: 'hands', deals: 2_000", "mode: 'hands', deals: 60"], ['pairs: 400', 'pairs: 16'], ['deals: 1_000', 'deals: 10'], ['deals: 100_000', 'deals: 4_000']];
    const outputs = blocks.map((block, i) => {
      let code = block;
      for (const [from, to] of cuts) code = code.replaceAll(from, to);
      writeFileSync(join(dir, `library-${i}.mjs`), code);
      const r = node([`library-${i}.mjs`]);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.trim().split('\n');
    });
    // the first program: exact, simulate (its size cut: the line must be there), a hand played by a bot of its own
    expect(blocks[0]).toContain('deals: 200_000');
    for (const [from] of cuts) expect(blocks.join('\n'), from).toContain(from);
    const [first, more, engine] = outputs as [string[], string[], string[]]; // the page's order: the first program, objects and streams, the engine
    expect(first[0]).toBe('67524');
    expect(first.join('\n')).toMatch(/estimate: 0\.\d+/);
    expect(first.at(-1)).toMatch(/^\[ \d+, \d+ \]$/);
    // a hand stepped through the engine contract: three decisions shown, the reason nothing is legal at the end, points per player
    expect(engine.slice(0, 3).every((l) => /^P[1-4]: .+ \(of \d+\)$/.test(l))).toBe(true);
    expect(engine.at(-2)).toMatch(/the hand is over/);
    expect(engine.at(-1)).toMatch(/^\[ \d+, \d+, \d+, \d+ \]$/);
    // objects, the stream, tune, league, merge and plot, the refusal of workers for an object
    expect(more[0]).toMatch(/^-?\d+(\.\d+)?$/);
    expect(more[1]).toMatch(/^[0-5]$/);
    expect(more[2]).toBe('8000');
    expect(more[3]).toMatch(/^simple\{holdSlack=\d+\}$/);
    expect(more[4]).toMatch(/^random -?\d+\.\d\d, simple -?\d+\.\d\d, object:first -?\d+\.\d\d$/);
    expect(more[5]).toMatch(/^4000 \[ 'results\/lib-big\/merged\/charts\/.+\.svg' \]$/);
    expect(more[6]).toMatch(/^true workers: 4: the policy object "first" .* cannot be sent to a worker thread/);
  });

  it('the command from the package: --version names the commit it was built from, exact runs', () => {
    const bin = join(dir, 'node_modules', 'perlagg', 'bin', 'perlagg.js');
    const v = node([bin, '--version']);
    expect(v.code).toBe(0);
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    expect(v.stdout).toMatch(new RegExp(`^perlagg 0\\.\\d+\\.\\d+ \\(commit ${commit}(-dirty)?, node v20`));
    const x = node([bin, 'exact', '-r', '1853', '--json']);
    expect(x.code, x.stderr).toBe(0);
    expect((JSON.parse(x.stdout) as { results: Array<{ hands: number }> }).results[0]!.hands).toBe(201_376);
  });

  it('public types name no type of piscina or apache-arrow (the .d.ts files index.d.ts reaches)', () => {
    const root = join(dir, 'node_modules', 'perlagg', 'dist', 'src');
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (f: string): void => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const m of readFileSync(f, 'utf8').matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g)) {
        const spec = m[1]!;
        if (spec.startsWith('.')) {
          const p = join(dirname(f), spec).replace(/\.(js|ts)$/, '.d.ts');
          if (existsSync(p)) visit(p);
        } else if (!spec.startsWith('node:')) packages.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
      }
    };
    visit(join(root, 'index.d.ts'));
    expect(seen.size).toBeGreaterThan(30);
    // zod remains: RulesVariant is the type its schema infers (a dependency of its own, installed with perlagg)
    expect([...packages].sort()).toEqual(['zod']);
  });

  it('needs no tsx: the production closure has none, a .js policy plays, a .ts policy is refused in one line (exit 2)', () => {
    expect(dependencyClosure()).not.toContain('tsx');
    expect(existsSync(join(dir, 'node_modules', 'tsx'))).toBe(false);
    const bin = join(dir, 'node_modules', 'perlagg', 'bin', 'perlagg.js');
    const bot = "export default { name: 'first', version: '1', description: 'the first legal action', options: {}, create: () => ({ act: (obs) => obs.legal[0] }) };\n";
    writeFileSync(join(dir, 'first.mjs'), bot);
    writeFileSync(join(dir, 'first.ts'), bot.replace('(obs)', '(obs: { legal: unknown[] })'));
    const js = node([bin, 'simulate', '--mode', 'hands', '-n', '50', '--policies', './first.mjs,simple', '--workers', '0']);
    expect(js.code, js.stderr).toBe(0);
    for (const workers of ['0', '2']) {
      const ts = node([bin, 'simulate', '--mode', 'hands', '-n', '50', '--policies', './first.ts,simple', '--workers', workers]);
      expect(ts.code).toBe(2);
      expect(ts.stderr.trim().split('\n')).toHaveLength(1);
      expect(ts.stderr).toMatch(/first\.ts is TypeScript, which needs tsx: run "npm install tsx"/);
    }
  });
});
