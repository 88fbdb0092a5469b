#!/usr/bin/env node
// The `perlagg` command. The sources are TypeScript, run through tsx's loader (no build step); the user's
// policy and predicate files load through src/sim/user-hook.mjs (ES modules, one instance per seat).
import { register as registerModuleHook } from 'node:module';
import { register } from 'tsx/esm/api';
register();
registerModuleHook(new URL('../src/sim/user-hook.mjs', import.meta.url).href);
const { run } = await import('../src/cli/main.ts');
await run();
