// The review (issue 30, item 4): a recorded game stepped through trick by trick — every hand as dealt, the
// cards still held at the step, the trick, the decisions up to it in the game's words — with the value each
// decision lost as `perlagg review` computes and classes it (the decisions up to the step, the mistakes marked
// ?! ? ?? as gnubg and chess mark them), and the recording downloadable as it was opened.
import { api, type Loss, type Review } from './api.ts';
import { cardSvg } from './cards.ts';
import { fill, h } from './dom.ts';
import { fixed } from '../../src/core/numbers.ts';

/** The marks of the classes (the class names are perlagg review's, docs/review.md). */
const MARKS: Readonly<Record<string, string>> = { doubtful: '?! zweifelhaft', bad: '? Fehler', 'very bad': '?? grober Fehler' };

function lossTable(losses: readonly Loss[], names: readonly string[], step: number): HTMLElement {
  const shown = losses.filter((x) => x.trick < step);
  const marked = losses.filter((x) => MARKS[x.mark] !== undefined).length;
  const row = (x: Loss) =>
    h('tr', { class: `${MARKS[x.mark] === undefined ? '' : 'mistake'}${x.trick === step - 1 ? ' now' : ''}`, 'data-testid': 'loss-row' },
      h('td', {}, names[x.seat] ?? ''),
      h('td', {}, `Stich ${x.trick + 1}`),
      h('td', {}, x.decision),
      h('td', {}, x.decision === x.best ? '' : `besser: ${x.best}`),
      h('td', {}, x.loss === null ? '—' : `${fixed(x.loss, 2)}${x.lossPwin === null ? '' : ` (${fixed(100 * x.lossPwin, 1)} pp)`}`),
      h('td', {}, MARKS[x.mark] === undefined ? '' : h('span', { class: 'mark', 'data-testid': 'loss-mark' }, MARKS[x.mark]!)),
    );
  return h('section', { class: 'losses' },
    h('h3', {}, `Verlorener Wert (wie perlagg review ihn schätzt): ${marked} Entscheidungen markiert in diesem Spiel`),
    shown.length === 0 ? h('p', {}, 'Die Entscheidungen erscheinen Stich für Stich: vor ▶.') : h('table', {}, h('thead', {}, h('tr', {}, ...['Spieler', 'Stich', 'Entscheidung', '', 'Punkte verloren', 'Klasse'].map((t) => h('th', {}, t)))), h('tbody', {}, ...shown.map(row))),
  );
}

export function showReview(root: HTMLElement, r: Review, text: string, name: string): void {
  let deal = 0;
  let step = 0;
  // each deal's losses, asked for once when the deal is first shown (a search: seconds), the page usable meanwhile
  const losses = new Map<number, Loss[] | string>();
  const ask = (k: number) => {
    if (!r.reviewable || losses.has(k)) return;
    losses.set(k, 'wird berechnet …');
    api.losses(text, name, k).then(
      (x) => (losses.set(k, x.losses), k === deal && render()),
      (e: unknown) => (losses.set(k, e instanceof Error ? e.message : String(e)), k === deal && render()),
    );
  };

  const render = () => {
    const d = r.deals[deal]!;
    const played = new Set(d.tricks.slice(0, step).flatMap((t) => t.plays.map((p) => p.card)));
    const trick = step > 0 ? d.tricks[step - 1] : undefined;
    const hands = d.hands.map((cards, seat) =>
      h('div', { class: 'review-hand' }, h('span', { class: 'name' }, `${d.names[seat]}${seat === d.dealer ? ' · Geber' : ''}`), h('div', { class: 'cards' }, ...cards.filter((c) => !played.has(c)).map((c) => cardSvg(c, { perlagg: d.perlaggen.includes(c), small: true })))),
    );
    const lines = d.lines.filter((l) => l.trick < step);
    ask(deal);
    const lost = losses.get(deal);
    fill(
      root,
      h('div', { class: 'review-view', 'data-testid': 'review' },
        h('h2', {}, `Durchsicht${r.title === '' ? '' : `: ${r.title}`} — ${name}`),
        r.deals.length > 1 ? h('div', { class: 'deals' }, ...r.deals.map((_, i) => h('button', { class: i === deal ? 'on' : '', onclick: () => ((deal = i), (step = 0), render()) }, `Spiel ${i + 1}`))) : null,
        h('div', { class: 'steps' },
          h('button', { class: 'prev', 'data-testid': 'prev', disabled: step === 0, onclick: () => (step--, render()) }, '◀ zurück'),
          h('span', { 'data-testid': 'step' }, step === 0 ? 'vor dem ersten Stich' : `Stich ${step} von ${d.tricks.length}`),
          h('button', { class: 'next', 'data-testid': 'next', disabled: step >= d.tricks.length, onclick: () => (step++, render()) }, 'vor ▶'),
        ),
        d.turned === null ? null : h('p', { class: 'turned' }, `Trumpf ${d.trump ?? ''}, aufgeschlagen ${d.turned}`),
        h('div', { class: 'review-board' }, ...hands, trick === undefined ? null : h('div', { class: 'review-trick' }, ...trick.plays.map((p) => h('div', { class: 'slot' }, h('span', {}, d.names[p.seat] ?? ''), cardSvg(p.card, { perlagg: d.perlaggen.includes(p.card) })) ), h('div', { class: 'won' }, trick.winner >= 0 ? `Stich für ${d.names[trick.winner]}` : ''))),
        h('section', { class: 'decisions' }, h('h3', {}, 'Die Entscheidungen'), h('ol', {}, ...lines.map((l) => h('li', { class: l.trick === step - 1 ? 'now' : '' }, l.text)))),
        !r.reviewable ? h('p', { class: 'assume' }, 'Bieten: die Entscheidungen werden nicht bewertet (nur Perlaggen hat eine Durchsicht mit verlorenem Wert).') : typeof lost === 'string' || lost === undefined ? h('p', { class: 'assume', 'data-testid': 'losses-pending' }, `Verlorener Wert: ${lost ?? ''}`) : lossTable(lost, d.names, step),
        h('p', {}, `Punkte dieses Spiels: ${d.points.map((x) => fixed(x, 0)).join(' · ')}`),
        h('button', { class: 'download', onclick: () => h('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: name }).click() }, 'Aufzeichnung herunterladen'),
        h('details', {}, h('summary', {}, 'Mitschrift (wie perlagg replay sie druckt)'), h('pre', {}, r.transcript)),
      ),
    );
  };
  render();
}
