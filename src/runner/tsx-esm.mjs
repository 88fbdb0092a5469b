// Preloaded into worker threads (--import): tsx's ESM loader only. piscina first tries require() on the
// worker file; with tsx's CommonJS hook (plain `--import tsx`) that succeeds and compiles our modules as
// CommonJS, whose cross-module calls V8 cannot inline: the figures job ran 2.1x slower in a worker than
// in the main thread. With only the ESM hook, require() of a .ts file fails, piscina falls back to
// import(), and workers run the same ES modules as the main thread. The user-file hook (user-hook.mjs)
// comes after, as in the main thread (bin/perlagg.js).
import { register as registerModuleHook } from 'node:module';
import { register } from 'tsx/esm/api';

register();
registerModuleHook(new URL('./user-hook.mjs', import.meta.url).href);
