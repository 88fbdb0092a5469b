// The page of `perlagg serve` (docs/serve.md): choose a table and play it against the bots, or open a
// recorded game and step through it. All it knows comes from the server's answers (api.ts).
import './style.css';
import { api, type Setup } from './api.ts';
import { fill, h } from './dom.ts';
import { showReview } from './review.ts';
import { showTable } from './table.ts';

const app = document.getElementById('app')!;

function error(text: string): HTMLElement {
  return h('p', { class: 'message error', role: 'alert', 'data-testid': 'error' }, text);
}

async function openReview(text: string, name: string): Promise<void> {
  fill(app, h('p', { class: 'thinking' }, `${name} wird nachgespielt …`));
  try {
    showReview(app, await api.review(text, name), text, name);
  } catch (e) {
    fill(app, h('h2', {}, 'Durchsicht'), error((e as Error).message));
  }
}

function setupForm(s: Setup): void {
  const game = h('select', { name: 'game' }, ...s.games.map((g) => h('option', { value: g.game }, g.game === 'perlaggen' ? 'Perlaggen' : 'Bieten')));
  const ruleset = h('input', { name: 'ruleset', list: 'rulesets', value: 'oberland', size: '28', title: 'ein Regelwerk, mit Schaltern: oberland{target=18}' });
  const rulesets = h('datalist', { id: 'rulesets' });
  const players = h('select', { name: 'players' });
  const seat = h('select', { name: 'seat' });
  const bot = h('select', { name: 'bot' });
  const partie = h('select', { name: 'partie' }, h('option', { value: 'hand' }, 'ein Spiel'), h('option', { value: 'partie' }, 'eine Partie'));
  const seed = h('input', { name: 'seed', type: 'number', min: '0', value: String(1 + Math.floor(Math.random() * 9999)) });
  const message = h('div', {});
  const sync = () => {
    const g = s.games.find((x) => x.game === game.value)!;
    fill(rulesets, ...g.rulesets.map((r) => h('option', { value: r })));
    if (!g.rulesets.some((r) => ruleset.value.startsWith(r))) ruleset.value = g.rulesets[0]!;
    const n = players.value === '' ? 4 : Number(players.value);
    fill(players, ...g.players.map((p) => h('option', { value: String(p), selected: p === (g.players.includes(n) ? n : g.players[0]) }, `${p} Spieler`)));
    fill(seat, ...Array.from({ length: Number(players.value) }, (_, i) => h('option', { value: String(i) }, `P${i + 1}`)));
    fill(bot, ...g.bots.map((b) => h('option', { value: b, selected: b === g.defaultBot }, b)));
  };
  game.addEventListener('change', sync);
  players.addEventListener('change', () => fill(seat, ...Array.from({ length: Number(players.value) }, (_, i) => h('option', { value: String(i) }, `P${i + 1}`))));
  sync();
  const start = h('button', { type: 'submit', class: 'start' }, 'Spielen');
  const form = h('form', { class: 'setup' },
    h('h2', {}, 'Ein Tisch mit Bots'),
    h('label', {}, 'Spiel ', game), h('label', {}, 'Regeln ', ruleset, rulesets), h('label', {}, 'Spieler ', players), h('label', {}, 'du bist ', seat),
    h('label', {}, 'Bots ', bot), h('label', {}, 'Länge ', partie), h('label', {}, 'Seed ', seed), start, message,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    start.disabled = true;
    fill(message);
    const t0 = performance.now();
    try {
      const t = await api.open({ game: game.value, ruleset: ruleset.value.trim(), players: Number(players.value), seat: Number(seat.value), bots: [bot.value], partie: partie.value === 'partie', seed: Number(seed.value), deal: 0 });
      document.body.dataset['firstQuestionMs'] = String(Math.round(performance.now() - t0));
      showTable(app, t, { review: (text, name) => void openReview(text, name) });
    } catch (err) {
      fill(message, error((err as Error).message));
      start.disabled = false;
    }
  });
  fill(app, form);
}

async function home(): Promise<void> {
  try {
    setupForm(await api.setup());
  } catch (e) {
    fill(app, error(`der Server antwortet nicht: ${(e as Error).message}`));
  }
}

document.getElementById('nav-play')!.addEventListener('click', () => void home());
const file = document.getElementById('open-file') as HTMLInputElement;
file.addEventListener('change', async () => {
  const f = file.files?.[0];
  if (f === undefined) return;
  void openReview(await f.text(), f.name);
  file.value = '';
});
void home();
