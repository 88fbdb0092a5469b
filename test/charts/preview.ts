// Look at charts: render every chart of the given result folders, or with no folder the builders' own
// examples, to PNG (and SVG) in OUT, for an image viewer. resvg is a devDependency used only here.
//   npx tsx test/charts/preview.ts OUT [RESULT_DIR ...]
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chartsOfFolder } from '../../src/charts/folder.ts';
import { forestChart, ratingsChart, trajectoriesChart } from '../../src/charts/generic.ts';
import { renderSvg, type Chart } from '../../src/charts/render.ts';
import { svgToPng } from './png.ts';

/** Example data for the builders the coming features will use (made up: for the look only). */
function examples(): Chart[] {
  const wave = (i: number, j: number) => 3 + Math.sin(i / 5 + j) * (1 + j / 3);
  return [
    {
      name: 'example-trajectories', what: 'tuning', spec: trajectoriesChart({
        title: 'SPSA tuning of simple: parameters by iteration (example data)', xTitle: 'SPSA iteration', count: { n: 40_000, unit: 'hand pairs' },
        series: ['gleichCount', 'holdSlack', 'raiseCount', 'spielTricks'].map((parameter, j) => ({
          parameter, start: 3, points: Array.from({ length: 40 }, (_, i) => ({ x: i, value: wave(i, j), low: wave(i, j) - 0.4, high: wave(i, j) + 0.4 })),
        })),
      }),
    },
    {
      name: 'example-ratings', what: 'league', spec: ratingsChart({
        title: 'League: ratings of four bots on paired deals (example data)', unit: 'points a deal against the field', count: { n: 20_000, unit: 'pairs' },
        ratings: [
          { name: 'simple', estimate: 0.21, low: 0.16, high: 0.26, n: 10_000 },
          { name: 'random', estimate: -0.4, low: -0.46, high: -0.34, n: 10_000 },
          { name: 'pimc{worlds=50}', estimate: 0.3, low: 0.2, high: 0.4, n: 5_000 },
          { name: 'passive', estimate: -0.11, low: -0.15, high: -0.07, n: 10_000 },
        ],
      }),
    },
    {
      name: 'example-forest', what: 'experiments', spec: forestChart({
        title: 'Hypotheses: effects with their intervals (example data)', effectTitle: 'points a deal, A − B', nUnit: 'pairs',
        effects: [
          { id: 'H-30', label: 'holding at 17:17 with a dritziges Gleich pays', estimate: 0.4, low: 0.2, high: 0.6, n: 20_000, verdict: 'confirmed' },
          { id: 'H-31', label: 'the Weli is worth more than the Herz König', estimate: -0.05, low: -0.2, high: 0.1, n: 8_000, verdict: 'inconclusive' },
          { id: 'H-12', label: 'bid Gleich before the first trick', estimate: -0.3, low: -0.45, high: -0.15, n: 12_000, verdict: 'refuted' },
        ],
      }),
    },
  ];
}

const [out, ...dirs] = process.argv.slice(2);
if (out === undefined) {
  process.stderr.write('usage: npx tsx test/charts/preview.ts OUT [RESULT_DIR ...]\n');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const jobs: Array<{ stem: string; chart: Chart }> = dirs.length === 0
  ? examples().map((chart) => ({ stem: chart.name, chart }))
  : dirs.flatMap((d) => chartsOfFolder(d).map((chart) => ({ stem: `${basename(d)}-${chart.name}`, chart })));
for (const { stem, chart } of jobs) {
  const svg = await renderSvg(chart.spec);
  writeFileSync(join(out, `${stem}.svg`), svg);
  writeFileSync(join(out, `${stem}.png`), svgToPng(svg));
  process.stdout.write(`${join(out, `${stem}.png`)}  ${svg.match(/width="(\d+)" height="(\d+)"/)?.slice(1).join(' x ') ?? ''} px\n`);
}
