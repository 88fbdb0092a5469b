#!/usr/bin/env node
// The `perlagg` command. An installed package runs its compiled JavaScript (dist/, built by `npm pack`) and
// needs no TypeScript tooling. A checkout (src/ present, tsx installed by `npm ci` as a dev dependency) runs
// the TypeScript sources through tsx's loader, no build step; a checkout without tsx runs dist/ when built.
// tsx, when installed, is registered either way, so the user's policy and predicate files may be .ts as well
// as .js; without it a .ts file is refused with one line saying how to get tsx (src/registry/policies.ts).
// User files load through user-hook.mjs (ES modules, one instance per seat).
import { existsSync } from 'node:fs';
import { register as registerModuleHook } from 'node:module';
import { fileURLToPath } from 'node:url';

// zod (the rules' schemas: 95 modules) for every command that reads a ruleset, and apache-arrow (146) for those
// that read or write tables, are imported before the module hooks are registered: through the hooks each
// module costs a round trip to the hooks thread (about 0.7 s of CPU at each start for the two); imported
// first, they are in the module cache, and perlagg's imports of them get these instances. Speed only: a
// command missing from these lists loads them through the hooks, as before.
const words = new Set(process.argv.slice(2));
const names = (list) => !words.has('--version') && list.some((c) => words.has(c));
const withTables = ['exact', 'simulate', 'merge', 'schema', 'tune', 'league', 'serve', 'review'];
if (names(withTables)) await import('apache-arrow');
if (names([...withTables, 'play', 'replay', 'rules', 'bench', 'policies', 'advise'])) await import('zod');

let tsx = false;
try {
  const { register } = await import('tsx/esm/api');
  register();
  tsx = true;
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
}
const has = (rel) => existsSync(fileURLToPath(new URL(rel, import.meta.url)));
const base = tsx && has('../src/cli/main.ts') ? '../src/' : has('../dist/src/cli/main.js') ? '../dist/src/' : null;
if (base === null) {
  process.stderr.write('perlagg: this checkout has neither tsx (to run its TypeScript sources) nor a build: run "npm ci" (installs tsx) or "npm run build"\n');
  process.exit(2);
}
registerModuleHook(new URL(`${base}runner/user-hook.mjs`, import.meta.url).href);
const { run } = await import(new URL(`${base}cli/main.${base === '../src/' ? 'ts' : 'js'}`, import.meta.url).href);
await run();
