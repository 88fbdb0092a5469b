// Quick in the suite, full size on demand. A check whose full size costs minutes runs in the suite at a size
// that still catches a fault in every path it covers, and at its full size when PERLAGG_DEEP=1 is set —
// `node --import tsx scripts/deep-check-suite.ts` runs every such file that way (docs/testing.md lists them
// with their sizes). A variable of the check's own (SPY_HANDS, TWIN_HANDS, …) overrides both.

/** True when the suite runs at full size (PERLAGG_DEEP=1). */
export const DEEP = process.env['PERLAGG_DEEP'] === '1';

/** The size of a check: `quick` in the suite, `deep` with PERLAGG_DEEP=1, or the number in `variable` if set. */
export function sized(variable: string | null, quick: number, deep: number): number {
  const own = variable === null ? undefined : process.env[variable];
  if (own !== undefined && own !== '') {
    const n = Number(own);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${variable}=${own}: give a positive whole number`);
    return n;
  }
  return DEEP ? deep : quick;
}
