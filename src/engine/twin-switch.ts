/**
 * A test switch for a fast path's comparison with its slow twin as it runs (off by default): `on` is read on
 * the hot path, `count` counts the comparisons made, `set` switches it and returns the count since the last
 * call. Shared by the legal lists' twin check (game.ts checkLegalTwins) and the bid windows' (bid-windows.ts
 * checkWindowTwins).
 */
export class TwinSwitch {
  on = false;
  count = 0;
  set(on: boolean): number {
    this.on = on;
    const n = this.count;
    this.count = 0;
    return n;
  }
}
