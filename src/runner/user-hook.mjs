// A module loader hook (node:module register) for the user's own files: policies (--policies ./bot.ts) and
// predicates (--where ./pred.ts) in any folder, as .ts, .mts, .js or .mjs, with or without a package.json
// saying "type": "module". perlagg imports such a file with the query ?perlagg-instance=<key> (a fresh module
// instance per key: ES modules are cached by URL), and this hook loads every URL carrying it as an ES module
// (tsx's loader, next in the chain, compiles TypeScript then). Without it a .ts file outside a "type":
// "module" package is taken for CommonJS and fails. Files such a module imports from the user's folders get
// the same query (so a seat's helpers are its own too); perlagg's own files and node_modules do not.
const MARK = 'perlagg-instance';
const ROOT = new URL('../../', import.meta.url).href;
const SCRIPT = /\.(m?[jt]s|[jt]sx)$/;

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (typeof r.url !== 'string' || !r.url.startsWith('file:')) return r;
  const u = new URL(r.url);
  let key = u.searchParams.get(MARK);
  if (key === null && typeof context.parentURL === 'string' && context.parentURL.startsWith('file:')) {
    const parent = new URL(context.parentURL).searchParams.get(MARK);
    if (parent !== null && !r.url.startsWith(ROOT) && !u.pathname.includes('/node_modules/')) {
      key = parent;
      u.searchParams.set(MARK, key);
    }
  }
  if (key === null || !SCRIPT.test(u.pathname)) return r;
  return { ...r, url: u.href, format: 'module' };
}
