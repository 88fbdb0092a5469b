// The page of perlagg serve is committed built (web/dist), so that a clean clone serves it with no build and
// no network: built again here from web/ (Vite, offline), it must be the committed files byte for byte, and
// the page's TypeScript must typecheck (Vite only strips types).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch.ts';

const root = join(import.meta.dirname, '..', '..');
const node = process.execPath;

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort();
}

describe('the committed page (web/dist)', () => {
  it('is what web/ builds to', () => {
    const out = join(scratchDir('web-build'), 'dist');
    const r = spawnSync(node, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(root, 'web', 'vite.config.ts')], { cwd: root, env: { ...process.env, PERLAGG_WEB_OUT: out }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const committed = join(root, 'web', 'dist');
    expect(files(out)).toEqual(files(committed));
    for (const f of files(out)) expect(readFileSync(join(out, f), 'utf8'), `web/dist/${f} is stale: npm run build:web`).toBe(readFileSync(join(committed, f), 'utf8'));
  });

  it("typechecks (the page's TypeScript, web/tsconfig.json)", () => {
    const r = spawnSync(node, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', join(root, 'web')], { cwd: root, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
