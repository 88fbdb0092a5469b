// The library's one word about the tables' compression (src/index.ts): a module of its own, so that the public
// types reach none of codec.ts's, which name apache-arrow's.
import { zstd } from './codec.ts';

/** For a program reading perlagg's tables with apache-arrow itself: register the zstd codec they need. */
export function registerArrowZstd(): void {
  zstd();
}
