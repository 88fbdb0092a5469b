// perlagg serve's server without a browser (issue 30, items 2, 4 and 6): requests checked like CLI input
// (a 400 with one line, the server going on), a hand played to its end by answers, no hidden card in any
// answer before the rules show it, the finished game as a recording `perlagg replay` accepts, and a bad
// recording refused with the replay's own line.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Running } from '../../src/serve/server.ts';
import { replayText } from '../../src/games/replay/index.ts';
import { scratchDir } from '../scratch.ts';
import { dealOf, leaks } from './leak.ts';

let s: Running;

beforeAll(async () => {
  // a stand-in page: these tests are about the API (browser.test.ts drives the real one)
  const root = join(scratchDir('serve-api'), 'page');
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>perlagg</title>');
  s = await serve({ root });
});
afterAll(async () => {
  await s.close();
});

async function call(method: string, path: string, body?: unknown, type = 'application/json'): Promise<{ status: number; data: any; text: string }> {
  const r = await fetch(new URL(path, s.url), body === undefined ? { method } : { method, headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await r.text();
  let data: any = text;
  try {
    data = JSON.parse(text);
  } catch {
    // text/plain
  }
  return { status: r.status, data, text };
}

const TABLE = { game: 'perlaggen', ruleset: 'oberland', players: 4, seat: 0, bots: ['simple'], partie: false, seed: 1, deal: 0 };

describe('perlagg serve: requests are checked like CLI input', () => {
  it('listens on loopback only', () => {
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it.each([
    ['a ruleset that does not exist', { ...TABLE, ruleset: 'nowhere' }, /unknown ruleset "nowhere"/],
    ['a bot given as a file (code the page would make the server run)', { ...TABLE, bots: ['./evil.ts'] }, /bots: unknown bot "\.\/evil\.ts"/],
    ['five players at Perlaggen', { ...TABLE, players: 5 }, /players must be 2, 3, 4 or 6/],
    ['a seat past the table', { ...TABLE, seat: 4 }, /seat must be 0 to 3/],
    ['a field the table has not', { ...TABLE, eval: '1+1' }, /Unrecognized key/i],
    ['a seed that is not a whole number', { ...TABLE, seed: 1.5 }, /^seed: /],
  ])('%s: 400 with one line', async (_what, body, line) => {
    const r = await call('POST', '/api/tables', body);
    expect(r.status).toBe(400);
    expect(r.data.error).toMatch(line);
    expect(r.data.error).not.toContain('\n');
  });

  it('a body that is not JSON, an unknown table, an unknown path, a path out of the page: clear errors, and the server goes on', async () => {
    expect((await call('POST', '/api/tables', '{not json')).data.error).toBe('the body is not JSON');
    expect((await call('POST', '/api/tables', 'x', 'text/plain')).status).toBe(415);
    expect((await call('GET', '/api/tables/00000000-0000-0000-0000-000000000000')).status).toBe(400);
    expect((await call('GET', '/api/nothing')).status).toBe(404);
    expect((await call('GET', '/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await call('GET', '/api/setup')).status).toBe(200);
  });

  it('an answer out of range is refused with the count of choices, and the table is unchanged', async () => {
    const t = (await call('POST', '/api/tables', TABLE)).data;
    const r = await call('POST', `/api/tables/${t.id}/answer`, { path: [99] });
    expect(r.status).toBe(400);
    expect(r.data.error).toMatch(/^answer: no choice 99 \(there are \d+\)$/);
    expect((await call('GET', `/api/tables/${t.id}`)).data.question).toEqual(t.question);
  });
});

describe('perlagg serve: a hand played by answers', () => {
  it('reaches its end; no answer names a hidden card before the rules show it; the recording replays', async () => {
    const deal = dealOf(TABLE);
    const hidden = [...deal.hands.slice(1).flat(), ...deal.stock];
    let r = await call('POST', '/api/tables', TABLE);
    let checked = 0;
    let unshownAtFirst = -1;
    while (!r.data.over) {
      const { leaked, unshown } = leaks(r.text, r.data, hidden);
      expect(leaked, `answer ${checked}`).toEqual([]);
      if (unshownAtFirst < 0) unshownAtFirst = unshown;
      checked++;
      // say nothing where that is a choice, else the first choice (a card, a bid)
      const q = r.data.question;
      const quiet = q.options.findIndex((o: { label: string }) => /^nichts sagen|^passen|liegen lassen/.test(o.label));
      const i = quiet >= 0 ? quiet : 0;
      r = await call('POST', `/api/tables/${r.data.id}/answer`, { path: q.options[i].group === undefined ? [i] : [i, 0] });
      expect(r.status, r.data.error).toBe(200);
    }
    expect(checked).toBeGreaterThan(2);
    expect(unshownAtFirst).toBeGreaterThanOrEqual(10); // the check had cards to find
    const rec = await call('GET', `/api/tables/${r.data.id}/record`);
    expect(rec.status, rec.text).toBe(200);
    expect(replayText(rec.text, 'served.txt')).toMatch(/^Perlaggen, Regeln oberland/);
    // the recording shows every hand: the check above would have found them there
    expect(leaks(rec.text, { view: { ...r.data.view, log: [] } }, hidden).leaked.length).toBeGreaterThan(0);
  });

  it('a whole Partie: its winner named, and every hand in one recording that perlagg replay scores the same', async () => {
    let r = await call('POST', '/api/tables', { ...TABLE, ruleset: '1853', partie: true, seed: 2 });
    for (let n = 0; !r.data.over && n < 600; n++) {
      const q = r.data.question;
      const quiet = q.options.findIndex((o: { label: string }) => /^nichts sagen|^passen|liegen lassen/.test(o.label));
      const i = quiet >= 0 ? quiet : 0;
      r = await call('POST', `/api/tables/${r.data.id}/answer`, { path: q.options[i].group === undefined ? [i] : [i, 0] });
    }
    expect(r.data.over).toBe(true);
    expect(r.data.hands.length).toBeGreaterThan(1);
    expect(r.data.result).toMatch(/ — die Partie gewinnt Partei [AB] \(P\d\/P\d\)\.$/);
    const rec = await call('GET', `/api/tables/${r.data.id}/record`);
    expect(rec.status, rec.text).toBe(200);
    expect(rec.text.match(/^deal \d+$/gm)).toHaveLength(r.data.hands.length);
    const review = await call('POST', '/api/review', { text: rec.text, name: 'partie.txt' });
    expect(review.data.deals.map((d: { points: number[] }) => d.points)).toEqual(r.data.hands.map((h: { points: number[] }) => h.points));
  });

  it('Bieten at 3 with the bot at the others reaches its end', async () => {
    let r = await call('POST', '/api/tables', { game: 'bieten', ruleset: 'bieten', players: 3, seat: 1, bots: ['plain'], partie: false, seed: 3, deal: 0 });
    for (let n = 0; !r.data.over && n < 200; n++) r = await call('POST', `/api/tables/${r.data.id}/answer`, { path: [0] });
    expect(r.data.over).toBe(true);
    expect(r.data.hands).toHaveLength(1);
  });
});

describe('perlagg serve: advice', () => {
  it('prices the decision now and, where the question goes on to the card, the card too', async () => {
    let r = await call('POST', '/api/tables', TABLE);
    // say nothing until the question is the bid window before the seat's card
    for (let n = 0; n < 30; n++) {
      const q = r.data.question;
      if (q.options.some((o: { word: string }) => r.data.view.hand.includes(o.word)) && q.options.some((o: { label: string }) => o.label === 'nichts sagen')) break;
      const quiet = q.options.findIndex((o: { label: string }) => /^nichts sagen|^passen|liegen lassen/.test(o.label));
      const i = quiet >= 0 ? quiet : 0;
      r = await call('POST', `/api/tables/${r.data.id}/answer`, { path: q.options[i].group === undefined ? [i] : [i, 0] });
    }
    const a = await call('POST', `/api/tables/${r.data.id}/advice`, {});
    expect(a.status, a.text).toBe(200);
    expect(a.data.decisions.map((d: { title: string }) => d.title)).toEqual(['jetzt', 'danach, wenn alle still bleiben']);
    expect(a.data.decisions[0].options.map((o: { label: string }) => o.label)).toContain('nichts sagen');
    const cards = a.data.decisions[1].options.map((o: { label: string }) => o.label.split(' ')[0]);
    for (const c of r.data.view.hand) expect(cards).toContain(c);
    for (const d of a.data.decisions) {
      expect(d.options.filter((o: { best: boolean }) => o.best)).toHaveLength(1);
      for (const o of d.options) if (o.ev !== null) expect(o.lo <= o.ev && o.ev <= o.hi).toBe(true);
      expect(d.worlds).toBe(400);
    }
  });

  it('Bieten: every option priced over worlds consistent with the seat, paired, with intervals', async () => {
    const t = await call('POST', '/api/tables', { game: 'bieten', ruleset: 'bieten', players: 3, seat: 0, bots: ['plain'], partie: false, seed: 3, deal: 0 });
    const a = await call('POST', `/api/tables/${t.data.id}/advice`, {});
    expect(a.status, a.text).toBe(200);
    expect(a.data.decisions).toHaveLength(1);
    const d = a.data.decisions[0];
    const labels = t.data.question.options.map((o: { label: string }) => o.label);
    expect(d.options.map((o: { label: string }) => o.label)).toEqual(labels.filter((l: string) => d.options.some((o: { label: string }) => o.label === l)));
    expect(d.options.length).toBeGreaterThan(1);
    expect(d.options.filter((o: { best: boolean }) => o.best)).toHaveLength(1);
    const best = d.options.find((o: { best: boolean }) => o.best);
    for (const o of d.options) {
      expect(o.lo <= o.ev && o.ev <= o.hi).toBe(true);
      expect(o.ev).toBeLessThanOrEqual(best.ev);
    }
    expect(d.worlds).toBeGreaterThan(300);
    expect(d.continuation).toBe('plain');
    expect(d.notes.join(' ')).toMatch(/Welten/);
  });
});

describe('Bieten advice sees what the seat sees, nothing else', () => {
  it('a deal whose hidden cards are redealt gets the very same advice', async () => {
    const { standing } = await import('../../src/serve/run.ts');
    const { bietenAdvice } = await import('../../src/serve/bieten-advice.ts');
    const { resampleBietenHidden } = await import('../../src/games/bieten/observe.ts');
    const { keyedRng } = await import('../../src/core/rng.ts');
    const spec = { game: 'bieten' as const, ruleset: 'bieten', players: 3, seat: 0, policies: ['human', 'plain', 'plain'], partie: false, seed: 5, deal: 2 };
    const st = await standing(spec as never, []);
    const q = st.question;
    if (q?.game !== 'bieten') throw new Error('the seat is not asked at Bieten');
    const live = st.bietenLive!;
    const other = resampleBietenHidden(live, q.obs.player, keyedRng(99, 1, 1));
    // the other world differs in the hidden cards, not in what the seat saw
    expect(JSON.stringify(other.loc)).not.toBe(JSON.stringify(live.loc));
    const a = bietenAdvice(live, q.obs, q.prompt, 60, 7, 0);
    const b = bietenAdvice(other, q.obs, q.prompt, 60, 7, 0);
    expect(b).toEqual(a);
  });
});

describe('perlagg serve: review', () => {
  it('a Bieten game: every decision of a deal priced from its seat, the best at 0 lost, classed as perlagg review classes', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'bieten-worked-game.txt'), 'utf8');
    const opened = await call('POST', '/api/review', { text, name: 'bieten-worked-game.txt' });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.data.reviewable).toBe(true);
    const r = await call('POST', '/api/review/losses', { text, name: 'bieten-worked-game.txt', deal: 0 });
    expect(r.status, r.text).toBe(200);
    const losses = r.data.losses as Array<{ seat: number; trick: number; decision: string; best: string; loss: number; mark: string }>;
    expect(losses.length).toBeGreaterThan(3);
    for (const x of losses) {
      expect(x.loss).toBeGreaterThanOrEqual(0);
      if (x.decision === x.best) expect(x.loss).toBe(0);
      expect(['best', 'fine', 'doubtful', 'bad', 'very bad']).toContain(x.mark);
      expect(x.trick).toBeGreaterThanOrEqual(0);
    }
    const bad = await call('POST', '/api/review/losses', { text, name: 'bieten-worked-game.txt', deal: 99 });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toMatch(/no deal 100/);
  });

  it('a bad recording gets the replay line naming its line', async () => {
    const r = await call('POST', '/api/review', { text: 'game perlaggen\nruleset oberland\nplayers 4\ndeal 1\ndealer P9\n', name: 'bad.txt' });
    expect(r.status).toBe(400);
    expect(r.data.error).toMatch(/^bad\.txt line 5: /);
  });

  it("a deal's decisions come with their value lost: the planted blunder marked (perlagg review's classes)", async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'perlaggen-oberland-blunder.txt'), 'utf8');
    const r = await call('POST', '/api/review/losses', { text, name: 'blunder.txt', deal: 0 });
    expect(r.status, r.text).toBe(200);
    const e8 = r.data.losses.find((x: { decision: string }) => x.decision === 'play E8');
    expect(e8).toMatchObject({ deal: 0, seat: 0, trick: 1, best: 'play SA' });
    expect(['bad', 'very bad']).toContain(e8.mark);
    const none = await call('POST', '/api/review/losses', { text, name: 'blunder.txt', deal: 3 });
    expect(none.status).toBe(400);
    expect(none.data.error).toMatch(/the recording has 1 deal$/);
  });

  it('the review is computed off the server thread: a request sent while it runs is answered first', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'perlaggen-oberland-blunder.txt'), 'utf8');
    const order: string[] = [];
    const review = call('POST', '/api/review/losses', { text, name: 'blunder.txt', deal: 0 }).then((r) => order.push(`review ${r.status}`));
    // the review of a whole hand takes seconds of search; the setup a few milliseconds of the server's thread
    await new Promise((r) => setTimeout(r, 50)); // the review request reaches the server first
    const setup = await call('GET', '/api/setup');
    order.push(`setup ${setup.status}`);
    await review;
    expect(order).toEqual(['setup 200', 'review 200']);
  });

  it('a transcript of perlagg play opens and is reviewed like a recording', async () => {
    const { playTranscript } = await import('../../src/cli/play.ts');
    const text = await playTranscript({ ruleset: 'oberland', seed: 1, players: 4, deal: 0 });
    const r = await call('POST', '/api/review', { text, name: 'hand.txt' });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toMatchObject({ game: 'perlaggen', reviewable: true });
    expect(r.data.deals).toHaveLength(1);
    expect(r.data.transcript).toContain(text.split('\n').find((l: string) => l.startsWith('Punkte: ')));
    const losses = await call('POST', '/api/review/losses', { text, name: 'hand.txt', deal: 0 });
    expect(losses.status, losses.text).toBe(200);
    expect(losses.data.losses.length).toBeGreaterThan(0);
  });

  it('a recorded game opens deal by deal with its tricks and lines', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'perlaggen-oberland-hand.txt'), 'utf8');
    const r = await call('POST', '/api/review', { text, name: 'perlaggen-oberland-hand.txt' });
    expect(r.status).toBe(200);
    expect(r.data.deals.length).toBe(1);
    const d = r.data.deals[0];
    expect(d.hands.length).toBe(4);
    expect(d.tricks.length).toBeGreaterThan(0);
    expect(d.lines.some((l: { trick: number }) => l.trick > 0)).toBe(true);
    expect(d.lines.filter((l: { trick: number; text: string }) => l.trick === 0)[0].text).toMatch(/^P\d: /); // the first card opens trick 1
    expect(r.data.transcript).toBe(replayText(text, 'perlaggen-oberland-hand.txt'));
  });
});
