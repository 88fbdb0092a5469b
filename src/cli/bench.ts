// perlagg bench: the deterministic signature of a fixed seeded set, plus the throughput seen while
// computing it (GUIDE guideline 11). The signature never depends on the machine; the timings always do.
import Table from 'cli-table3';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { benchSignature } from '../runner/signature.ts';

interface BenchArgs {
  json: boolean;
}

export const benchCommand: CommandModule<object, BenchArgs> = {
  command: 'bench',
  describe: 'Deterministic signature of a fixed seeded set (exact counts, dealt figures, played hands) and throughput',
  builder: (y: Argv<object>) =>
    y
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object' })
      .example('perlagg bench', 'quote the signature in a commit that changes results') as Argv<BenchArgs>,
  handler: async (argv: ArgumentsCamelCase<BenchArgs>) => {
    const sig = await benchSignature();
    if (argv.json) {
      process.stdout.write(JSON.stringify(sig) + '\n');
      return;
    }
    const t = new Table({ head: ['part', 'work', 'hash', 'ms', 'per second'], colAligns: ['left', 'right', 'left', 'right', 'right'], style: { head: [], border: [], compact: true } });
    for (const p of sig.parts) t.push([p.name, `${p.count.toLocaleString('en-US')} ${p.unit}`, p.hash, p.ms.toFixed(0), Math.round(p.count / (p.ms / 1000)).toLocaleString('en-US')]);
    process.stdout.write(`${t.toString()}\nsignature ${sig.signature}\n`);
  },
};
