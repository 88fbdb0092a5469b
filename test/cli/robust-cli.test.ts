// Issue 9 through the real command line: user files from folders of their own (item 13), fresh instances
// and the statefulness check (item 4), the --where verdict (item 5), Ctrl-C (item 10), a decision that never
// returns (item 11), the same one line and exit code for every worker count (item 12), one writer (item 7).
// A run that needs a process of its own gets one (bin/perlagg.js loading a user's .ts file, worker threads
// whose output must not escape the one line, a signal, the watchdog's SIGINT); the rest is the same command
// line in this process (test/in-process.ts). The suite runs the user files at one worker count each and the
// plain misbehaviours at 2 workers; PERLAGG_DEEP=1 (test/deep.ts) runs every one at 0 and 2.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch.js';
import { DEEP } from '../deep.ts';
import { perlaggStreams } from '../in-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perlagg.js');
const scratch = scratchDir('user');
function perlagg(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: scratch, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
function file(rel: string, text: string): string {
  const p = join(scratch, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  return p;
}
const oneLine = (s: string) => s.trim().split('\n');

// A bot as a user writes it: no import of perlagg, the first legal action (TypeScript or JavaScript).
const BOT_TS = `type O = { legal: unknown[] };\nexport default { name: 'first', version: '1.0.0', description: 'first legal', options: {}, create() { return { act(obs: O) { return obs.legal[0]; } }; } };\n`;
const BOT_JS = BOT_TS.replace('type O = { legal: unknown[] };\n', '').replace('obs: O', 'obs');
const DECOY = `export default { name: 'decoy', version: '1', description: '', options: {}, create() { throw new Error('the wrong file was loaded'); } };\n`;

describe('item 13: policy and predicate files in any folder', () => {
  const ts = file('plain/bot.ts', BOT_TS); // no package.json anywhere above: CommonJS scope
  const mts = file('plain-mts/bot.mts', BOT_TS);
  const js = file('plain-js/bot.js', BOT_JS);
  const mjs = file('plain-mjs/bot.mjs', BOT_JS);
  file('module/package.json', '{ "type": "module" }\n');
  const mod = file('module/bot.ts', BOT_TS);
  const hash = file('h#x/bot.ts', BOT_TS);
  const pct = file('p%41/bot.ts', BOT_TS);
  file('pA/bot.ts', DECOY); // what "p%41" would wrongly decode to
  const helper = file('helped/helper.ts', 'export const pick = (xs: unknown[]): unknown => xs[0];\n');
  void helper;
  const helped = file('helped/bot.ts', `import { pick } from './helper.ts';\nexport default { name: 'helped', version: '1', description: '', options: {}, create() { return { act(obs: { legal: unknown[] }) { return pick(obs.legal); } }; } };\n`);

  const where = file('w#1/hearts.ts', `export default (d: { trump: string }): boolean => d.trump === 'H';\n`);

  it('ts, mts, js, mjs; a "type": "module" folder; "#", "%41" and a local import: the same answers with 0 and 2 workers; a .ts predicate with "#" in its path, in workers too', () => {
    const sets = [[ts, mts, js, mjs], [mod, hash, pct, helped]];
    const summaries: string[] = [];
    for (const [i, policies] of sets.entries()) {
      for (const w of DEEP ? ['0', '2'] : [['0', '2'][i]!]) { // the suite: the first set in this process, the second in workers
        const r = perlagg(['simulate', '--mode', 'hands', '-n', '40', '--batch-size', '10', '-w', w, '--json', '--policies', policies.join(','), '--where', where]);
        expect(r.code, r.stderr).toBe(0);
        const j = JSON.parse(r.stdout) as { metrics: unknown; rejected: number };
        summaries.push(JSON.stringify(j.metrics));
        // the predicate (outside a module folder, "#" in its path) ran: about 3 deals in 4 have another trump
        expect(j.rejected, `-w ${w}`).toBeGreaterThan(40);
      }
    }
    // every file is the same bot: the same metrics everywhere
    expect(new Set(summaries).size).toBe(1);
  });
});

describe('item 4: each seat its own instance; state between deals is refused', () => {
  it('a policy that remembers earlier deals (in module state or its object), or draws from Math.random, is refused', async () => {
    const counting = file('state/counting.mjs', `let calls = 0;\nexport default { name: 'counting', version: '1', description: '', options: {}, create() { return { act(obs) { calls++; return obs.legal[calls % obs.legal.length]; } }; } };\n`);
    const memo = file('state/memo.mjs', `export default { name: 'memo', version: '1', description: '', options: {}, create() { let seen = 0; return { act(obs) { if (obs.tricks.length === 0) seen++; return obs.legal[seen % obs.legal.length]; } }; } };\n`);
    const dice = file('state/dice.mjs', `export default { name: 'dice', version: '1', description: '', options: {}, create() { return { act(obs) { return obs.legal[Math.floor(Math.random() * obs.legal.length)]; } }; } };\n`);
    // the policy in workers through a process of its own; the ones at 0 workers, the same command line in this process
    for (const [bot, extra, w] of [[counting, ['--duplicate'], '2'], [memo, [], '0'], [dice, ['--partien', '4'], '0']] as const) {
      const args = ['simulate', ...((extra as readonly string[]).includes('--partien') ? [] : ['--mode', 'hands', '-n', '64']), ...extra, '--batch-size', '16', '-w', w, '-q', '--policies', `${bot},simple`, '--out', join(scratch, `out-${Math.random().toString(36).slice(2)}`)];
      const r = w === '0' ? await perlaggStreams(args, { cwd: scratch }) : perlagg(args);
      expect(r.code, r.stderr).toBe(1);
      expect(oneLine(r.stderr), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(/^perlagg: policy .*(counting|memo|dice)\.mjs \(player \d\) keeps state between deals or uses randomness other than ctx\.rng: (deal|Partie) \d+, seed 1/);
    }
  });
});

describe('items 5, 11, 12: a misbehaving policy or predicate: one line, exit 1, for any worker count', () => {
  const thrower = file('bad/thrower.mjs', `export default { name: 't', version: '1', description: '', options: {}, create() { return { act(obs) { if (obs.tricks.length > 2) throw new Error('boom'); return obs.legal[0]; } }; } };\n`);
  const hang = file('bad/hang.mjs', `export default { name: 'h', version: '1', description: '', options: {}, create() { return { act(obs) { if (obs.tricks.length > 1) for (;;) {} return obs.legal[0]; } }; } };\n`);
  const no = file('bad/no.ts', `export default (): string => 'no';\n`);
  const later = file('bad/later.mjs', `export default async (d) => d.trump === 'H';\n`);
  const never = file('bad/never.mjs', `export default () => false;\n`);
  const stuck = file('bad/stuck.mjs', `export default (d) => { if (d.deal === 3) for (;;) {} return true; };\n`);
  // [arguments, the line, whether the suite runs it at 0 workers too (where a policy runs in this thread's vm);
  // 'here': in this process]
  const cases: Array<[string[], RegExp, (true | 'here')?]> = [
    [['--mode', 'hands', '-n', '20', '--policies', `simple,${thrower}`], /^perlagg: policy \S+thrower\.mjs \(player [13], seat P[24]\), deal 0, seed 1: threw boom$/, 'here'],
    [['-n', '20', '--where', no], /^perlagg: --where \S+no\.ts: the predicate returned the string "no" at deal 0, seed 1; it must return true or false$/],
    [['-n', '20', '--where', later], /^perlagg: --where \S+later\.mjs: the predicate returned a Promise \(an async function\?\) at deal 0, seed 1; it must return true or false$/],
    [['-n', '2', '--where', never], /^perlagg: deal 0, seed 1: no deal met the constraints \(--where \S+never\.mjs\) in 1,000,000 tries$/],
    // (4 s: a built-in's first decision builds tables, which takes a while on a loaded machine)
    [['--mode', 'hands', '-n', '20', '--decision-timeout', '4s', '--policies', `simple,${hang}`], /^perlagg: policy \S+hang\.mjs \(player [13], seat P[24]\), deal 0, seed 1: no answer within 4 s \(--decision-timeout\); it may never return$/, true],
    [['-n', '20', '--decision-timeout', '1s', '--where', stuck], /^perlagg: the --where predicate \S+stuck\.mjs at deal 3, seed 1: no answer within 1 s \(--decision-timeout\); it may never return$/, true],
  ];
  for (const [args, msg, inThread] of cases) {
    it(args.slice(-1)[0]!.split('/').pop()!, async () => {
      for (const w of DEEP || inThread !== undefined ? ['0', '2'] : ['2']) {
        const out = join(scratch, `out-${Math.random().toString(36).slice(2)}`);
        const all = ['simulate', ...args, '-w', w, '-q', '--out', out];
        // a throw in this thread: the same command line in this process; a decision that never returns at 0
        // workers is ended by the watchdog's SIGINT, which needs a process of its own, and workers get one each
        const r = w === '0' && inThread === 'here' ? await perlaggStreams(all, { cwd: scratch }) : perlagg(all);
        expect(r.code, `-w ${w}: ${r.stderr}`).toBe(1);
        expect(oneLine(r.stderr), `-w ${w}: ${r.stderr}`).toHaveLength(1);
        expect(r.stderr.trim(), `-w ${w}`).toMatch(msg);
        expect(existsSync(out), `-w ${w}: nothing committed, nothing left`).toBe(false);
      }
    });
  }
});

describe('items 7, 10: Ctrl-C and a second writer', () => {
  it('SIGINT ends a decision that never returns with 0 and 2 workers: exit 130; a concurrent --resume is refused at once; the resumed run equals an uninterrupted one', async () => {
    // The interrupted runs must still be running when the concurrent --resume has been refused, whatever the
    // machine's load: their second policy, once it has made 2,000 decisions in its thread (each batch of 20
    // hands needs a few hundred, so several batches are committed by then), never returns again when
    // PERLAGG_TEST_HOLD is set — it naps 10 ms at a time, so Ctrl-C (or the end of a worker) ends it between
    // two naps. Its choices are the same either way (the first legal action), so the results are too, and only
    // the interrupted runs hold (after 4-5 of the 20 batches of 400 hands). No clock: a run that did not honour
    // Ctrl-C inside a decision that never returns would never exit, and the suite's limit would fail this test.
    // The interrupted runs are processes of their own (a signal); the whole run, the concurrent --resume (a
    // second process competing for the folder: this one) and the resumed runs are the same command line in
    // this process (test/in-process.ts).
    const hold = file('ctrl-c/hold.mjs', `const nap = new Int32Array(new SharedArrayBuffer(4));\nlet decided = 0;\nexport default { name: 'hold', version: '1', description: '', options: {}, create() { return { act(obs) { if (process.env.PERLAGG_TEST_HOLD && ++decided > 2000) for (;;) Atomics.wait(nap, 0, 0, 10); return obs.legal[0]; } }; } };\n`);
    const args = ['simulate', '--mode', 'hands', '--policies', `simple,${hold}`, '-s', '5', '-n', '400', '--batch-size', '20', '-q'];
    const whole = await perlaggStreams([...args, '-w', '0', '--out', join(scratch, 'whole')], { cwd: scratch });
    expect(whole.code, whole.stderr).toBe(0);
    for (const w of ['0', '2']) {
      const out = join(scratch, `int-${w}`);
      const child = spawn(process.execPath, [BIN, ...args, '-w', w, '--out', out], { cwd: scratch, stdio: 'ignore', env: { ...process.env, PERLAGG_TEST_HOLD: '1' } });
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      for (;;) { // no deadline: the suite's limit ends a run that never commits; one that ends first fails here
        await new Promise((r) => setTimeout(r, 25));
        if (child.exitCode !== null) throw new Error(`the run ended (exit ${child.exitCode}) before committing 2 batches`);
        const mf = join(out, 'manifest.json');
        if (existsSync(mf) && (JSON.parse(readFileSync(mf, 'utf8')) as { progress: { batchesDone: number } }).progress.batchesDone >= 2) break;
      }
      const second = await perlaggStreams([...args, '-w', '0', '--out', out, '--resume'], { cwd: scratch }); // while the first still runs
      expect(second.code, second.stderr).toBe(2);
      expect(second.stderr).toMatch(new RegExp(`^perlagg: --out \\S+ is in use by process ${child.pid} `));
      child.kill('SIGINT');
      expect(await exited, `-w ${w}`).toBe(130);
      const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { complete: boolean; progress: { batchesDone: number } };
      expect(m.complete).toBe(false);
      expect(m.progress.batchesDone).toBeLessThan(20); // of 20
      const r = await perlaggStreams([...args, '-w', w, '--out', out, '--resume'], { cwd: scratch });
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(join(out, 'hands.arrow')).equals(readFileSync(join(scratch, 'whole', 'hands.arrow')))).toBe(true);
    }
  });
});
