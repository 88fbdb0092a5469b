// Preloaded into worker threads (--import): tsx's ESM loader only, when tsx is installed (a checkout; an
// installed package runs compiled JavaScript and has none, and then a user's .ts policy is refused before
// any worker starts). piscina first tries require() on the worker file; with tsx's CommonJS hook (plain
// `--import tsx`) that succeeds and compiles our modules as CommonJS, whose cross-module calls V8 cannot
// inline: the figures job ran 2.1x slower in a worker than in the main thread. With only the ESM hook,
// require() of a .ts file fails, piscina falls back to import(), and workers run the same ES modules as the
// main thread. The user-file hook (user-hook.mjs) comes after, as in the main thread (bin/perlagg.js).
// Every worker loads apache-arrow and zod (task.ts imports the results' tables and the rules' schemas): they
// are imported first, before any hook is registered, so their 240 modules load as Node loads them, each not a
// round trip through both hooks (about 1 s of CPU less at each worker's start); the modules that import them
// later get the same instances from the module cache.
import 'apache-arrow';
import 'zod';
import { register as registerModuleHook } from 'node:module';

try {
  const { register } = await import('tsx/esm/api');
  register();
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
}
registerModuleHook(new URL('./user-hook.mjs', import.meta.url).href);
