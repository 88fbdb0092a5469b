// The cards of the German deck drawn as SVG by perlagg (no images fetched): the four suits Herz, Schell, Laub
// and Eichel by their symbols, the rank in the corners (7 … 10, U for the Unter, O for the Ober, K, A), the
// Weli, and a Perlagg marked with a gold frame and a star. A card arrives as its short name (HA, E10, Weli).

const NS = 'http://www.w3.org/2000/svg';

const SUIT_NAME: Record<string, string> = { H: 'Herz', S: 'Schell', L: 'Laub', E: 'Eichel' };
const RANK_NAME: Record<string, string> = { '7': 'Siebener', '8': 'Achter', '9': 'Neuner', '10': 'Zehner', U: 'Unter', O: 'Ober', K: 'König', A: 'Sau' };

/** The suit's symbol, centred on (0, 0), about 20 units across. */
export function suitSymbol(suit: string): string {
  switch (suit) {
    case 'H': // a heart
      return '<path d="M0 9 C-12 0 -11 -9 -5.5 -9 C-2.5 -9 -0.5 -7 0 -5 C0.5 -7 2.5 -9 5.5 -9 C11 -9 12 0 0 9 Z" fill="#c8102e" stroke="#7a0a1c" stroke-width="0.8"/>';
    case 'S': // a bell: a round body, its band and the slit
      return '<circle cx="0" cy="0.5" r="8.5" fill="#f2b705" stroke="#8a5a00" stroke-width="0.8"/><rect x="-8.5" y="-2" width="17" height="3" fill="#c8102e"/><circle cx="0" cy="4.5" r="1.6" fill="#5a3a00"/><path d="M0 6 V8.8" stroke="#5a3a00" stroke-width="1"/>';
    case 'L': // a leaf with its stalk and vein
      return '<path d="M0 -10 C8 -5 8 4 0 9 C-8 4 -8 -5 0 -10 Z" fill="#2e8b3a" stroke="#14521d" stroke-width="0.8"/><path d="M0 -8 V11" stroke="#14521d" stroke-width="1"/>';
    case 'E': // an acorn: the cup and the nut
      return '<ellipse cx="0" cy="2.5" rx="5.5" ry="7" fill="#b7791f" stroke="#6b4210" stroke-width="0.8"/><path d="M-7 -2 C-7 -8 7 -8 7 -2 Z" fill="#6b4210"/><path d="M0 -7 V-10" stroke="#6b4210" stroke-width="1.4"/>';
    default:
      return '';
  }
}

/** Suit and rank of a short name: HA → [H, A], E10 → [E, 10]; the Weli → [W, 6]. */
export function parts(code: string): [string, string] {
  if (code === 'Weli') return ['W', '6'];
  return [code.slice(0, 1), code.slice(1)];
}

/** The German name of a card: Herz Sau, Schell Ober, Weli. */
export function cardName(code: string): string {
  if (code === 'Weli') return 'Weli';
  const [s, r] = parts(code);
  return `${SUIT_NAME[s] ?? s} ${RANK_NAME[r] ?? r}`;
}

/** One card as an SVG element, 60 × 90. `perlagg` frames it in gold with a star; `back` draws its back. */
export function cardSvg(code: string | null, o: { perlagg?: boolean; small?: boolean } = {}): SVGSVGElement {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 60 90');
  svg.setAttribute('class', `card${o.small === true ? ' small' : ''}${o.perlagg === true ? ' perlagg' : ''}${code === null ? ' back' : ''}`);
  if (code === null) {
    svg.innerHTML = '<rect x="1" y="1" width="58" height="88" rx="6" fill="#24527a" stroke="#0f2a40" stroke-width="1.5"/><path d="M8 8 H52 V82 H8 Z" fill="none" stroke="#8fb3d9" stroke-width="1" stroke-dasharray="3 2"/>';
    svg.setAttribute('aria-label', 'verdeckte Karte');
    return svg;
  }
  svg.dataset['card'] = code;
  const [s, r] = parts(code);
  const frame = o.perlagg === true ? '#d4a017' : '#333';
  let body: string;
  if (s === 'W') {
    // the Weli: the Schell six with its bell, as the deck prints it
    body = `<g transform="translate(30 48) scale(1.5)">${suitSymbol('S')}</g><text x="30" y="80" text-anchor="middle" font-size="11" font-family="serif" fill="#333">Weli</text><text x="6" y="15" font-size="12" font-family="serif" font-weight="bold">6</text>`;
  } else {
    const many = r === 'A' || r === 'K' || r === 'O' || r === 'U' ? 1 : 2;
    const symbols = many === 1 ? `<g transform="translate(30 48) scale(1.7)">${suitSymbol(s)}</g>` : `<g transform="translate(30 32) scale(1.1)">${suitSymbol(s)}</g><g transform="translate(30 64) scale(1.1)">${suitSymbol(s)}</g>`;
    const figure = many === 1 && r !== 'A' ? `<text x="30" y="83" text-anchor="middle" font-size="9" font-family="serif" fill="#555">${RANK_NAME[r]}</text>` : '';
    body = `${symbols}${figure}<text x="6" y="15" font-size="12" font-family="serif" font-weight="bold">${r}</text><text x="54" y="82" font-size="12" font-family="serif" font-weight="bold" text-anchor="end">${r}</text>`;
  }
  const star = o.perlagg === true ? '<path d="M52 5 L53.8 10 L59 10 L54.8 13 L56.4 18 L52 15 L47.6 18 L49.2 13 L45 10 L50.2 10 Z" fill="#d4a017" stroke="#7a5a00" stroke-width="0.5"/>' : '';
  svg.innerHTML = `<rect x="1" y="1" width="58" height="88" rx="6" fill="#fffdf6" stroke="${frame}" stroke-width="${o.perlagg === true ? 3 : 1.2}"/>${body}${star}`;
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `${cardName(code)}${o.perlagg === true ? ' (Perlagg)' : ''}`);
  const title = document.createElementNS(NS, 'title');
  title.textContent = `${cardName(code)} (${code})${o.perlagg === true ? ' — Perlagg' : ''}`;
  svg.prepend(title);
  return svg;
}
