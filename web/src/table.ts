// The table (issue 30, item 2): the trump and what lies open, the seats with the cards of the trick, your
// hand drawn as cards (the Perlaggen framed in gold), the question as buttons in the game's words (a group of
// choices opens a second row), what happened, the score sheet, and the advisor on request.
import { api, type AdviceView, type DecisionAdvice, type OptionView, type SeatView, type TableState } from './api.ts';
import { cardSvg } from './cards.ts';
import { fill, h } from './dom.ts';
import { fixed, signed } from '../../src/core/numbers.ts';

export interface TableHooks {
  /** Open the finished game in the review. */
  review(text: string, name: string): void;
}

// Numbers people read carry the minus sign U+2212 (src/core/numbers.ts, docs/commands.md#numbers-one-minus-sign).
const sign = (x: number): string => (x === 0 ? fixed(0, 2) : signed(x, 2));
const pct = (x: number): string => `${fixed(100 * x, 1)} %`;

function cardRow(cards: readonly string[], perlaggen: readonly string[], o: { small?: boolean } = {}): HTMLElement {
  return h('div', { class: 'cards' }, ...cards.map((c) => cardSvg(c, { perlagg: perlaggen.includes(c), ...o })));
}

function trickArea(v: SeatView): HTMLElement {
  const open = v.tricks.at(-1);
  const showing = open !== undefined && open.plays.length > 0 ? open : undefined;
  const seats = v.names.map((name, seat) => {
    const play = showing?.plays.find((p) => p.seat === seat);
    const mark = seat === v.dealer ? ' · Geber' : '';
    return h('div', { class: `seat${seat === v.seat ? ' me' : ''}${seat === v.acting ? ' acting' : ''}`, 'data-seat': String(seat) }, h('div', { class: 'name' }, `${name}${mark}`), play === undefined ? h('div', { class: 'slot' }) : h('div', { class: 'slot' }, cardSvg(play.card, { perlagg: v.perlaggen.includes(play.card) }), play.as === null ? null : h('div', { class: 'as' }, `als ${play.as}`)));
  });
  const done = showing !== undefined && showing.winner >= 0 ? h('div', { class: 'won' }, `Stich für ${v.names[showing.winner]}`) : null;
  return h('div', { class: 'trick' }, ...seats, done);
}

function top(v: SeatView): HTMLElement {
  if (v.game === 'bieten') return h('div', { class: 'top' }, h('span', {}, 'Bieten'));
  return h(
    'div',
    { class: 'top' },
    v.turned === null ? h('span', {}, 'Trumpf: noch nicht aufgeschlagen') : h('span', { class: 'turned' }, h('span', {}, `Trumpf ${v.trump ?? ''} — aufgeschlagen:`), cardSvg(v.turned, { perlagg: v.perlaggen.includes(v.turned), small: true })),
    v.open.length > 0 ? h('span', { class: 'open' }, h('span', {}, 'offen:'), cardRow(v.open, v.perlaggen, { small: true })) : null,
    v.perlaggen.length > 0 ? h('span', { class: 'perlaggen' }, h('span', {}, 'Perlaggen:'), cardRow(v.perlaggen, v.perlaggen, { small: true })) : null,
  );
}

function sheet(t: TableState): HTMLElement | null {
  if (t.hands.length === 0 || t.parties.length === 0) return null;
  const totals = t.parties.map(() => 0);
  const rows = t.hands.map((hand, i) =>
    h('tr', {}, h('td', {}, String(i + 1)), ...t.parties.map((_, p) => {
      const d = hand.points[p] ?? 0;
      totals[p]! += d;
      return h('td', {}, `${signed(d, 0)} = ${fixed(totals[p]!, 0)}`);
    })),
  );
  return h('section', { class: 'sheet' }, h('h3', {}, 'Schreibtafel'), h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'Spiel'), ...t.parties.map((p) => h('th', {}, p)))), h('tbody', {}, ...rows)));
}

function decisionTable(a: DecisionAdvice): HTMLElement[] {
  const rows = [...a.options].sort((x, y) => Number(y.best) - Number(x.best) || (y.ev ?? -1e9) - (x.ev ?? -1e9));
  const pw = a.options.some((o) => o.pwin !== null);
  const parts: Array<HTMLElement | null> = [
    a.title === '' ? null : h('h4', {}, a.title === 'jetzt' ? 'Jetzt (bieten oder nichts sagen)' : 'Danach, wenn alle still bleiben: deine Karte'),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'Wahl'), h('th', {}, 'Punkte (Erwartung)'), h('th', {}, '95 %-Intervall'), pw ? h('th', {}, 'P(Partie gewinnen)') : null)),
      h('tbody', {}, ...rows.map((o) => h('tr', { class: o.best ? 'best' : '' }, h('td', {}, `${o.best ? '★ ' : ''}${o.label}${o.note === '' ? '' : ` (${o.note})`}`), h('td', {}, o.ev === null ? 'nach Regel' : sign(o.ev)), h('td', {}, o.lo === null || o.hi === null ? '' : `[${sign(o.lo)}, ${sign(o.hi)}]`), pw ? h('td', {}, o.pwin === null ? '' : `${pct(o.pwin.mean)} [${pct(o.pwin.lo)}, ${pct(o.pwin.hi)}]`) : null)))),
    h('p', { class: 'assume' }, `Angenommen: ${a.worlds} Welten, die zu allem passen, was du gesehen hast, je zu Ende gespielt von „${a.continuation}“ (${a.rollouts} Durchläufe)${a.answers === undefined ? '' : a.answers === 'perfect' ? '; Gebote und Erhöhungen beantworten die anderen so, wie es für sie am besten ist' : '; Gebote und Erhöhungen beantworten die anderen wie „simple“'}; Punkte = deine Partei minus die Gegner${a.objective === 'partie' ? '; Ziel: die Partie gewinnen (Partie-Tabelle)' : ''}.`),
    ...a.notes.map((n) => h('p', { class: 'assume' }, n)),
  ];
  return parts.filter((x): x is HTMLElement => x !== null);
}

function adviceTable(a: AdviceView): HTMLElement {
  return h('div', { class: 'advice', 'data-testid': 'advice' }, ...a.decisions.flatMap(decisionTable), h('p', { class: 'assume' }, `Gerechnet in ${(a.ms / 1000).toFixed(2)} s.`));
}

/** Show a table and play it to its end. */
export function showTable(root: HTMLElement, first: TableState, hooks: TableHooks): void {
  let t = first;
  let group: OptionView | null = null;
  let busy = false;
  const message = h('p', { class: 'message', role: 'status' });
  const adviceBox = h('div', { class: 'advice-box' });

  const act = async (path: number[]) => {
    if (busy) return;
    busy = true;
    fill(message);
    try {
      t = await api.answer(t.id, path);
      group = null;
      fill(adviceBox);
    } catch (e) {
      fill(message, (e as Error).message);
    }
    busy = false;
    render();
  };

  const askAdvice = async (button: HTMLButtonElement) => {
    button.disabled = true;
    fill(adviceBox, h('p', { class: 'thinking' }, 'Der Ratgeber rechnet …'));
    try {
      fill(adviceBox, adviceTable(await api.advice(t.id)));
    } catch (e) {
      fill(adviceBox, h('p', { class: 'message' }, (e as Error).message));
    }
    button.disabled = false;
  };

  const question = (): HTMLElement => {
    const q = t.question;
    if (q === null) return h('div', {});
    const options = group?.group?.options ?? q.options;
    const buttons = options.map((o, i) =>
      h('button', { class: 'choice', 'data-word': o.word, title: o.word, onclick: () => {
        if (group !== null) return void act([q.options.indexOf(group), i]);
        if (o.group !== undefined) {
          group = o;
          return render();
        }
        void act([i]);
      } }, o.label),
    );
    if (group !== null) buttons.push(h('button', { class: 'choice back', onclick: () => ((group = null), render()) }, 'zurück'));
    const adviceButton = t.canAdvise ? h('button', { class: 'advise', 'data-testid': 'advise' }) : null;
    if (adviceButton !== null) {
      adviceButton.textContent = 'Rat (Ratgeber)';
      adviceButton.addEventListener('click', () => void askAdvice(adviceButton));
    }
    return h('section', { class: 'question' }, h('h2', {}, group?.group?.question ?? q.question), h('div', { class: 'choices' }, ...buttons), adviceButton);
  };

  const end = (): HTMLElement | null => {
    if (!t.over) return null;
    const save = h('button', { class: 'download', onclick: async () => {
      try {
        const text = await api.record(t.id);
        const a = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: `perlagg-${t.spec.game}-seed${t.spec.seed}.txt` });
        a.click();
      } catch (e) {
        fill(message, (e as Error).message);
      }
    } }, 'Aufzeichnung herunterladen');
    const review = h('button', { class: 'review', onclick: async () => {
      try {
        hooks.review(await api.record(t.id), `perlagg-${t.spec.game}-seed${t.spec.seed}.txt`);
      } catch (e) {
        fill(message, (e as Error).message);
      }
    } }, 'Durchsehen');
    return h('section', { class: 'over' }, h('h2', {}, 'Das Spiel ist aus'), h('p', { 'data-testid': 'result' }, t.result ?? ''), save, review);
  };

  let rendered = 0;
  const render = () => {
    // how many times the table was drawn: a test waits for the next drawing after a click
    root.dataset['drawn'] = String(++rendered);
    const v = t.view;
    const hand = v.blind ? h('div', { class: 'cards' }, ...v.hand.map(() => cardSvg(null))) : cardRow(v.hand, v.perlaggen);
    hand.classList.add('hand');
    hand.addEventListener('click', (e) => {
      // a card of the hand clicked: the answer whose word is that card, when there is one
      const code = (e.target as Element).closest('svg')?.getAttribute('data-card');
      const i = t.question?.options.findIndex((o) => o.word === code) ?? -1;
      if (code !== null && code !== undefined && i >= 0 && group === null) void act([i]);
    });
    const earlier = t.hands.length > 0 && !t.over ? h('details', { class: 'earlier' }, h('summary', {}, `Frühere Spiele (${t.hands.length})`), ...t.hands.map((x, i) => h('pre', {}, `Spiel ${i + 1}\n${x.log.join('\n')}`))) : null;
    fill(
      root,
      h('div', { class: 'table-view' },
        h('div', { class: 'board' }, top(v), trickArea(v), ...v.seen.map((s) => h('div', { class: 'seen' }, h('span', {}, `${v.names[s.seat]}:`), cardRow(s.cards, v.perlaggen, { small: true }))), h('div', { class: 'mine' }, h('span', {}, `Deine Karten (${v.names[v.seat]})`), hand), h('ul', { class: 'status' }, ...v.status.map((s) => h('li', {}, s))), message, question(), adviceBox, end()),
        h('aside', { class: 'side' }, h('section', { class: 'log' }, h('h3', {}, 'Was geschah'), h('pre', { 'data-testid': 'log' }, v.log.join('\n'))), sheet(t), earlier),
      ),
    );
  };
  render();
}
