// perlagg serve in a real browser (issue 30, item 5): Playwright (playwright-core, no browser download)
// drives the system's Chromium — Debian's `chromium` package (/usr/bin/chromium), or the one PERLAGG_CHROMIUM
// names; .ci/run installs it. The tests click as a person would: a whole hand played, the advisor asked, a
// recorded game opened and stepped through and downloaded, a bad file refused with the replay's line, and at
// every question the page's data (every answer from the server and the page itself) checked for a hidden card.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Running } from '../../src/serve/server.ts';
import { dealOf, leaks } from './leak.ts';

const CHROMIUM = process.env['PERLAGG_CHROMIUM'] ?? '/usr/bin/chromium';
const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'perlaggen-oberland-hand.txt');
const BLUNDER = join(import.meta.dirname, '..', '..', 'examples', 'perlaggen-oberland-blunder.txt');

let server: Running;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or name one in PERLAGG_CHROMIUM`);
  server = await serve();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page at the server, with every answer of its /api/ requests kept. */
async function open(): Promise<{ page: Page; answers: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // no clock in these tests: a wait ends with what it waits for (vitest's limit ends a hang)
  page.setDefaultTimeout(0);
  const answers: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.url().includes('/api/tables')) void r.text().then((t) => answers.push(t), () => {});
  });
  await page.goto(server.url);
  await page.waitForSelector('form.setup');
  return { page, answers, errors };
}

/** Sit at a table: the form filled and sent; resolves at the first question. */
async function sit(page: Page, t: { players?: string; seed: string }): Promise<void> {
  await page.selectOption('select[name=game]', 'perlaggen');
  await page.fill('input[name=ruleset]', 'oberland');
  await page.selectOption('select[name=players]', t.players ?? '4');
  await page.selectOption('select[name=seat]', '0');
  await page.selectOption('select[name=bot]', 'simple');
  await page.fill('input[name=seed]', t.seed);
  await page.click('button.start');
  await page.waitForSelector('.question, .over');
}

/** Answer one question: say nothing where that is a choice, else the first choice (inside a group, its first). */
async function answerOne(page: Page): Promise<void> {
  const drawn = async () => Number(await page.locator('#app').getAttribute('data-drawn'));
  const labels = await page.locator('.choices button.choice').allTextContents();
  const quiet = labels.findIndex((l) => /^nichts sagen|^passen|liegen lassen/.test(l));
  let before = await drawn();
  await page.locator('.choices button.choice').nth(quiet >= 0 ? quiet : 0).click();
  if ((await page.locator('.choices button.back').count()) > 0) {
    before = await drawn();
    await page.locator('.choices button.choice').first().click();
  }
  // the answer is in when the table is drawn again (the next question, or the end)
  await page.waitForFunction(`Number(document.getElementById('app').dataset.drawn) > ${before}`);
}

describe('perlagg serve in Chromium', () => {
  it('plays a whole hand by clicks, to the end and its score', async () => {
    const { page, errors } = await open();
    await sit(page, { seed: '1' });
    let clicks = 0;
    while ((await page.locator('.over').count()) === 0) {
      await answerOne(page);
      clicks++;
      expect(clicks).toBeLessThan(200);
    }
    expect(clicks).toBeGreaterThan(2);
    await expect.poll(() => page.locator('[data-testid=result]').textContent()).toMatch(/^Punkte: Partei A \(P1\/P3\) −?\d+, Partei B \(P2\/P4\) −?\d+$/);
    expect(await page.locator('.sheet tbody tr').count()).toBe(1);
    // One minus sign (docs/commands.md#numbers-one-minus-sign): what the page shows people never has ASCII '-' before a digit.
    expect(await page.locator('.sheet').textContent()).not.toMatch(/-\d/);
    expect(await page.locator('[data-testid=result]').textContent()).not.toMatch(/-\d/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks the advisor: every choice priced with its interval, and the assumptions', async () => {
    const { page, errors } = await open();
    await sit(page, { seed: '1' });
    await page.click('[data-testid=advise]');
    await page.waitForSelector('[data-testid=advice]');
    const rows = page.locator('[data-testid=advice] tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    expect(await rows.first().textContent()).toMatch(/^★ /);
    expect(await page.locator('[data-testid=advice] .assume').first().textContent()).toMatch(/^Angenommen: \d+ Welten/);
    expect(await page.locator('[data-testid=advice] tbody td:nth-child(3)').first().textContent()).toMatch(/^\[[+−]?\d+\.\d\d, [+−]?\d+\.\d\d\]$/);
    expect(await page.locator('[data-testid=advice]').textContent()).not.toMatch(/-\d/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("never has another seat's hidden card in its data before the rules show it", async () => {
    const { page, answers } = await open();
    const table = { ruleset: 'oberland', players: 4, seed: 5, deal: 0 };
    const deal = dealOf(table);
    const hidden = [...deal.hands.slice(1).flat(), ...deal.stock];
    await sit(page, { seed: String(table.seed) });
    let questions = 0;
    while ((await page.locator('.over').count()) === 0) {
      await expect.poll(() => answers.length).toBeGreaterThan(questions);
      const last = answers.at(-1)!;
      const state = JSON.parse(last);
      for (const data of [last, await page.content()]) {
        const { leaked, unshown } = leaks(data, state, hidden);
        expect(leaked, `question ${questions + 1}`).toEqual([]);
        if (questions === 0) expect(unshown).toBeGreaterThanOrEqual(10); // there were cards to find
      }
      questions++;
      await answerOne(page);
    }
    expect(questions).toBeGreaterThan(2);
    await page.close();
  });

  it('reviews a recorded game: steps through its tricks, and downloads it as it was opened', async () => {
    const { page, errors } = await open();
    await page.setInputFiles('#open-file', EXAMPLE);
    await page.waitForSelector('[data-testid=review]');
    expect(await page.locator('[data-testid=step]').textContent()).toBe('vor dem ersten Stich');
    expect(await page.locator('.review-hand').count()).toBe(4);
    const cardsBefore = await page.locator('.review-hand svg.card').count();
    await page.click('[data-testid=next]');
    expect(await page.locator('[data-testid=step]').textContent()).toMatch(/^Stich 1 von \d$/);
    expect(await page.locator('.review-trick svg.card').count()).toBe(4);
    expect(await page.locator('.review-hand svg.card').count()).toBe(cardsBefore - 4);
    await page.click('[data-testid=prev]');
    expect(await page.locator('.review-hand svg.card').count()).toBe(cardsBefore);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.review-view button.download')]);
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of saved) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(readFileSync(EXAMPLE, 'utf8'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks the planted blunder of a recorded game with the value it lost, as perlagg review classes it', async () => {
    const { page, errors } = await open();
    await page.setInputFiles('#open-file', BLUNDER);
    await page.waitForSelector('[data-testid=review]');
    expect(await page.locator('[data-testid=loss-row]').count()).toBe(0); // before the first trick: none yet
    await page.click('[data-testid=next]');
    await page.click('[data-testid=next]');
    await page.waitForSelector('[data-testid=loss-row]'); // the losses come from the server's search
    // P1's E8 in trick 2 (SA would have won it): its row carries a mistake mark and the better card
    const row = page.locator('[data-testid=loss-row]', { hasText: 'play E8' });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('besser: play SA');
    expect(await row.locator('[data-testid=loss-mark]').textContent()).toMatch(/^\?\??/);
    await page.click('[data-testid=prev]');
    expect(await page.locator('[data-testid=loss-row]', { hasText: 'play E8' }).count()).toBe(0); // stepped back: not yet played
    expect(errors).toEqual([]);
    await page.close();
  });

  it("refuses a bad file with the replay's one line", async () => {
    const { page } = await open();
    await page.setInputFiles('#open-file', { name: 'kaputt.txt', mimeType: 'text/plain', buffer: Buffer.from('game perlaggen\nruleset oberland\nplayers 4\ndeal 1\ndealer P9\n') });
    await page.waitForSelector('[data-testid=error]');
    expect(await page.locator('[data-testid=error]').textContent()).toMatch(/^kaputt\.txt line 5: .+$/);
    await page.close();
  });
});
