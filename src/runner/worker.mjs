// The worker file piscina loads. piscina first tries require() on it, and Node >= 20.19 can require an
// ES module; when the required file is TypeScript, tsx then compiles it and everything it imports in
// CommonJS form, whose cross-module calls go through getters V8 does not inline (the figures job ran 1.7x
// slower in a worker than in the main thread). This plain .mjs entry is never compiled by tsx, and its
// import below is an ESM import, so task.ts and its whole graph load as ES modules.
export { default } from './task.ts';
