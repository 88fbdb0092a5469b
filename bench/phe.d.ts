// Minimal types for the parts of phe 0.6.0 (no bundled types) the benches use.
declare module 'phe/lib/evaluator5.js' {
  /** Strength of 5 card codes (0..51: rank * 4 + suit); smaller is better. */
  function evaluate5cards(a: number, b: number, c: number, d: number, e: number): number;
  export = evaluate5cards;
}
