// The review (issue 30, item 4): a recorded game stepped through trick by trick — every hand as dealt, the
// cards still held at the step, the trick, the decisions up to it in the game's words — with the value each
// decision lost where `perlagg review` gives it, and the recording downloadable as it was opened.
import type { Review } from './api.ts';
import { cardSvg } from './cards.ts';
import { fill, h } from './dom.ts';

export function showReview(root: HTMLElement, r: Review, text: string, name: string): void {
  let deal = 0;
  let step = 0;

  const render = () => {
    const d = r.deals[deal]!;
    const played = new Set(d.tricks.slice(0, step).flatMap((t) => t.plays.map((p) => p.card)));
    const trick = step > 0 ? d.tricks[step - 1] : undefined;
    const hands = d.hands.map((cards, seat) =>
      h('div', { class: 'review-hand' }, h('span', { class: 'name' }, `${d.names[seat]}${seat === d.dealer ? ' · Geber' : ''}`), h('div', { class: 'cards' }, ...cards.filter((c) => !played.has(c)).map((c) => cardSvg(c, { perlagg: d.perlaggen.includes(c), small: true })))),
    );
    const lines = d.lines.filter((l) => l.trick < step);
    const losses = r.losses?.filter((x) => x.deal === deal) ?? null;
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
        losses === null ? h('p', { class: 'assume' }, 'Der verlorene Wert jeder Entscheidung kommt von „perlagg review“; hier noch nicht verfügbar.') : h('section', { class: 'losses' }, h('h3', {}, 'Verlorener Wert'), h('table', {}, h('tbody', {}, ...losses.map((x) => h('tr', { class: x.mark === '' ? '' : 'mistake' }, h('td', {}, d.names[x.seat] ?? ''), h('td', {}, x.decision), h('td', {}, x.loss.toFixed(2)), h('td', {}, x.mark)))))),
        h('p', {}, `Punkte dieses Spiels: ${d.points.join(' · ')}`),
        h('button', { class: 'download', onclick: () => h('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: name }).click() }, 'Aufzeichnung herunterladen'),
        h('details', {}, h('summary', {}, 'Mitschrift (wie perlagg replay sie druckt)'), h('pre', {}, r.transcript)),
      ),
    );
  };
  render();
}
