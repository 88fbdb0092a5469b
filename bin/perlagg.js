#!/usr/bin/env node
// The `perlagg` command. In a checkout it runs the TypeScript sources through tsx's loader (no build step);
// an installed package has no sources and runs its compiled JavaScript (dist/, built by `npm pack`). Either
// way tsx's loader is registered, for the user's policy and predicate files (.ts as well as .js), and those
// load through user-hook.mjs (ES modules, one instance per seat).
import { existsSync } from 'node:fs';
import { register as registerModuleHook } from 'node:module';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
const sources = new URL('../src/cli/main.ts', import.meta.url);
const base = existsSync(fileURLToPath(sources)) ? '../src/' : '../dist/src/';
register();
registerModuleHook(new URL(`${base}runner/user-hook.mjs`, import.meta.url).href);
const { run } = await import(new URL(`${base}cli/main.${base === '../src/' ? 'ts' : 'js'}`, import.meta.url).href);
await run();
