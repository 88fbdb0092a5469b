// The spy's tools (GUIDE §2 "Observation integrity"): a deep text dump of everything a policy is handed
// (typed arrays' whole buffers included) and a walk that finds seed-derived numbers anywhere in it.
/** Everything reachable from x, as text: own properties (also non-enumerable and symbols), prototypes of
 *  class instances, Map/Set contents, and the whole underlying buffer of any typed array or DataView. */
export function deepDump(x: unknown, seen = new Set<unknown>()): string {
  if (x === null || x === undefined) return String(x);
  const t = typeof x;
  if (t === 'number' || t === 'boolean' || t === 'bigint') return String(x);
  if (t === 'string') return JSON.stringify(x);
  if (t === 'symbol') return (x as symbol).toString();
  if (seen.has(x)) return '<cycle>';
  seen.add(x);
  const parts: string[] = [];
  if (ArrayBuffer.isView(x)) {
    const v = x as ArrayBufferView;
    parts.push(`view(${v.byteOffset},${v.byteLength})buf[${Array.from(new Uint8Array(v.buffer)).join(',')}]`);
  } else if (x instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && x instanceof SharedArrayBuffer)) {
    parts.push(`buf[${Array.from(new Uint8Array(x as ArrayBuffer)).join(',')}]`);
  } else if (x instanceof Map) {
    for (const [k, v] of x) parts.push(`${deepDump(k, seen)}=>${deepDump(v, seen)}`);
  } else if (x instanceof Set) {
    for (const v of x) parts.push(deepDump(v, seen));
  }
  for (const k of Reflect.ownKeys(x as object)) {
    const d = Object.getOwnPropertyDescriptor(x as object, k)!;
    const v = 'value' in d ? d.value : d.get !== undefined ? '<getter>' : undefined;
    parts.push(`${String(k)}:${t === 'function' && (k === 'prototype' || k === 'caller' || k === 'arguments') ? '' : deepDump(v, seen)}`);
  }
  const proto = Object.getPrototypeOf(x);
  if (proto !== null && proto !== Object.prototype && proto !== Array.prototype && proto !== Function.prototype) {
    parts.push(`proto:${deepDump(proto, seen)}`);
  }
  return `{${parts.join(';')}}`;
}

/**
 * Visit every primitive reachable from x (own keys of all kinds, prototypes of class instances, buffers as
 * 32-bit words). Returns true when x is deeply frozen plain data (data properties only, all frozen): such
 * an object cannot change, so `clean` (one per hand: the forbidden numbers are per hand) remembers it and
 * later calls skip it — the shared frozen history and tricks are walked once per hand, not per decision.
 */
export function scanNumbers(x: unknown, bad: ReadonlySet<number>, clean: WeakSet<object>, noTyped = false, seen = new Set<unknown>()): boolean {
  if (typeof x === 'number') {
    if (bad.has(x)) throw new Error(`seed-derived number ${x} handed to a policy`);
    return true;
  }
  if (typeof x === 'string') {
    if (/\d{4}/.test(x)) for (const m of x.matchAll(/\d+/g)) if (bad.has(Number(m[0]))) throw new Error(`seed-derived number in "${x}"`);
    return true;
  }
  if (x === null || (typeof x !== 'object' && typeof x !== 'function')) return true;
  if (clean.has(x)) return true;
  if (seen.has(x)) return false;
  seen.add(x);
  let frozen = Object.isFrozen(x) && typeof x !== 'function';
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) if (!scanNumbers(x[i], bad, clean, noTyped, seen)) frozen = false;
    if (Object.getPrototypeOf(x) === Array.prototype && Reflect.ownKeys(x).length === x.length + 1) {
      if (frozen) clean.add(x);
      return frozen; // indices + length only
    }
  }
  if (ArrayBuffer.isView(x) || x instanceof ArrayBuffer) {
    if (noTyped) throw new Error('a typed array or buffer in an observation');
    frozen = false;
    const buf = ArrayBuffer.isView(x) ? x.buffer : x;
    const words = new Uint32Array(buf, 0, Math.floor(buf.byteLength / 4));
    for (const w of words) if (bad.has(w)) throw new Error(`seed-derived word ${w} in a buffer handed to a policy`);
  }
  const o = x as Record<string | symbol, unknown>;
  for (const k of Reflect.ownKeys(o)) {
    if (typeof x === 'function' && (k === 'caller' || k === 'arguments')) continue;
    const d = Object.getOwnPropertyDescriptor(o, k);
    if (d !== undefined && !('value' in d)) frozen = false; // a getter may answer differently next time
    if (!scanNumbers(o[k], bad, clean, noTyped, seen)) frozen = false; // getters are read too: a spy would
  }
  const proto = Object.getPrototypeOf(x);
  if (proto !== null && proto !== Object.prototype && proto !== Array.prototype && proto !== Function.prototype) {
    frozen = false;
    scanNumbers(proto, bad, clean, noTyped, seen);
  }
  if (frozen) clean.add(x);
  return frozen;
}

