// Runs the benches: all of them (`npm run bench`) or those named (`npm run bench -- evaluator`).
// Each bench module exports `run(): Promise<object>` (its JSON summary) and prints its own table.
export const BENCHES = ['evaluator', 'runner', 'hands', 'policies', 'playout'] as const;

interface BenchModule {
  run(): Promise<object>;
}

const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(BENCHES as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : [...BENCHES];
for (const [i, name] of names.entries()) {
  if (i > 0) console.log();
  const mod = (await import(`./${name}.ts`)) as BenchModule;
  await mod.run();
}
