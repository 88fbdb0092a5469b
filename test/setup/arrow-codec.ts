// Every test file's process registers perlagg's zstd codec with apache-arrow, as any arrow-js reader of the
// files must (src/results/codec.ts): tests read tables written by child processes with tableFromIPC.
import { zstd } from '../../src/results/codec.ts';

zstd();
