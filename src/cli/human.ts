// A person at the table (`perlagg play --human 0`, issue 14 item 3, issue 24 item 3): the terminal. It only
// reads lines and prints: what the seat sees and what it is asked come from the game's modules —
// games/perlaggen/screen.ts (what happened, the table), games/perlaggen/prompt.ts and desk.ts (the question
// and its answers as (word, label, actions), which decisions need the person), games/prompt.ts (what a typed
// line means) — which a web page can use as they are.
//
// The person is a Policy like the bots: the engine hands it the seat's Observation and nothing else; besides
// it gets, for the decision now, the engine's explanation of an illegal action and its look ahead (SeatPolicy
// .onTurn, sim/ahead.ts), so that a talk turn, a bid window and the card after them are asked as one question.
// Input is plain lines read synchronously from standard input (no raw-mode TUI, no prompt library: the
// engine's loop is synchronous and a blocking line read keeps the person a plain Policy, so a single hand,
// a Partie and Bieten all run through the same code as the bots), so a test or a script can play a whole
// hand by piping lines in (a line starting with # is a comment). The end of the input ends the game with a
// clear message (exit 2).
//
// HOT SEAT (`--human 0,2`): several people at one keyboard. Before a person's screen is shown the screen is
// cleared and the keyboard handed over ("P3 ist dran … drück Enter"), so that nobody sees another's hand;
// at the end of a hand the others see only what was public.
import { readSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import type { PolicyAction } from '../engine/actions.ts';
import { eventSeenBy } from '../engine/history.ts';
import type { Observation } from '../engine/observation.ts';
import { answerLine, type Answer, type Option, type Prompt } from '../games/prompt.ts';
import { PerlaggenDesk } from '../games/perlaggen/desk.ts';
import { SeatScreen } from '../games/perlaggen/screen.ts';
import type { Policy } from '../policy/api.ts';

// ---- input and output ----

/** Where a person's lines come from and where the screen goes. */
export interface HumanIO {
  /** The next line (without its line end), or null at the end of the input. */
  read(): string | null;
  write(text: string): void;
  /** Clear the screen (a shared keyboard hands over: the last person's cards must not stay in view). */
  clear?(): void;
}

/** The input ended while a question was open: the game cannot go on (the command exits 2). */
export class HumanInputEnded extends Error {
  override name = 'HumanInputEnded';
}

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Standard input and output, read and written synchronously (fd 0 and 1): lines typed at a terminal or
 * piped in. A descriptor another process left non-blocking (EAGAIN) is waited on, not taken for the end.
 */
export function terminalIO(inFd = 0, outFd = 1): HumanIO {
  let pending = Buffer.alloc(0);
  let ended = false;
  const chunk = Buffer.alloc(4096);
  return {
    read(): string | null {
      for (;;) {
        const nl = pending.indexOf(0x0a);
        if (nl >= 0) {
          const line = pending.subarray(0, nl).toString('utf8');
          pending = Buffer.from(pending.subarray(nl + 1));
          return line.replace(/\r$/, '');
        }
        if (ended) {
          if (pending.length === 0) return null;
          const line = pending.toString('utf8');
          pending = Buffer.alloc(0);
          return line.replace(/\r$/, '');
        }
        let n: number;
        try {
          n = readSync(inFd, chunk, 0, chunk.length, null);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') {
            sleep(20);
            continue;
          }
          if (code === 'EOF') n = 0;
          else throw e;
        }
        if (n === 0) ended = true;
        else pending = Buffer.concat([pending, chunk.subarray(0, n)]);
      }
    },
    clear(): void {
      // a terminal clears its screen and its scrollback; into a pipe or a file there is nothing to hide
      if (isatty(outFd)) this.write('\x1b[2J\x1b[3J\x1b[H');
    },
    write(text: string): void {
      const bytes = Buffer.from(text, 'utf8');
      let off = 0;
      while (off < bytes.length) {
        try {
          off += writeSync(outFd, bytes, off, bytes.length - off);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
          sleep(5);
        }
      }
    },
  };
}

/** Where a scripted screen was cleared (scriptedIO's output): a form feed. */
export const CLEARED = '\f';

/** Lines given in advance, the screen collected (a clearing written as CLEARED): for tests and scripts. */
export function scriptedIO(lines: readonly string[]): HumanIO & { readonly output: string[] } {
  let i = 0;
  const output: string[] = [];
  return { output, read: () => (i < lines.length ? lines[i++]! : null), write: (t) => void output.push(t), clear: () => void output.push(CLEARED) };
}

// ---- the question: numbered choices, or a typed line ----

/** A short list goes in columns, a long label on its own line. */
function choiceLines<A>(choices: readonly Option<A>[]): string[] {
  const cells = choices.map((c, i) => `${String(i + 1).padStart(choices.length >= 10 ? 2 : 1)}) ${c.label}`);
  const width = Math.max(...cells.map((c) => c.length));
  if (width > 24 || cells.length <= 3) return cells.map((c) => `  ${c}`);
  const perLine = Math.max(1, Math.floor(76 / (width + 3)));
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += perLine) lines.push(`  ${cells.slice(i, i + perLine).map((c) => c.padEnd(width + 3)).join('').trimEnd()}`);
  return lines;
}

/**
 * Ask until an answer is taken (games/prompt.ts answerLine says what each line means). `listedBefore`: the
 * same choices were listed just before — one line says so instead of the list.
 */
export function askHuman<A>(io: HumanIO, p: Prompt<A>, listedBefore = false): Option<A> {
  let group: Option<A> | null = null;
  const options = () => group?.group?.options ?? p.options;
  const question = () => group?.group?.question ?? p.question;
  const list = () => choiceLines(options()).join('\n');
  io.write(`${p.question}\n${listedBefore ? `  (die Wahl wie oben: 1 bis ${p.options.length}; ? zeigt sie wieder)` : list()}\n> `);
  for (;;) {
    const raw = io.read();
    if (raw === null) throw new HumanInputEnded(p.question);
    if (/^\s*#/.test(raw)) continue; // a comment in a file of moves
    io.write(`${raw}\n`);
    const r: Answer<A> = answerLine(p, group, raw);
    switch (r.kind) {
      case 'take':
        return r.option;
      case 'open':
        group = r.option;
        io.write(`${question()}\n${list()}\n> `);
        break;
      case 'back':
        group = null;
        io.write(`${question()}\n${list()}\n> `);
        break;
      case 'help':
        io.write(`${p.help}\n${question()}\n${list()}\n> `);
        break;
      case 'again':
        if (r.why !== null) io.write(`  ${r.why}\n`);
        io.write(r.list ? `${question()}\n${list()}\n> ` : `${question()}\n> `);
        break;
    }
  }
}

// ---- hot seat ----

/**
 * The keyboard shared by the people at the table: before a person's screen is shown, when the last screen was
 * another's, the screen is cleared and the keyboard handed over — the next person presses Enter when only he
 * is looking. With one person it does nothing.
 */
export class HotSeat {
  private owner: unknown = null;

  constructor(private readonly io: HumanIO, private readonly people: number) {}

  /** Is the screen now `who`'s? */
  holds(who: unknown): boolean {
    return this.people < 2 || this.owner === who;
  }

  /** Hand the keyboard to `who` (named `name`) unless it is his already. */
  sit(who: unknown, name: string): void {
    if (this.holds(who)) return;
    this.io.clear?.();
    this.io.write(`\n=== ${name} ist dran: gib die Tastatur weiter. ${name}, drück Enter, wenn nur du auf den Schirm schaust. ===\n> `);
    for (;;) {
      const line = this.io.read();
      if (line === null) throw new HumanInputEnded(`${name} ist dran`);
      if (!/^\s*#/.test(line)) break;
    }
    this.io.clear?.();
    this.owner = who;
  }
}

// ---- Perlaggen ----

/** A person playing a Perlaggen seat through its observations. */
export class PerlaggenHuman implements Policy<Observation, PolicyAction> {
  readonly bidding = 'full' as const;
  /** Which decisions need the person, and the rest of an answer he chose (games/perlaggen/desk.ts). */
  readonly desk = new PerlaggenDesk();
  private readonly screen: SeatScreen;
  private lastList = '';
  /** The question open now (null between questions): for an interface or a script that answers it. */
  asking: Prompt<PolicyAction> | null = null;

  /** `label` names the person on his screen (" (du)", " (Spieler 2)"); `seat` shares the keyboard. */
  constructor(private readonly io: HumanIO, label = ' (du)', private readonly seat: HotSeat = new HotSeat(io, 1), private readonly name = 'du') {
    this.screen = new SeatScreen(label);
  }

  /** SeatPolicy.onTurn: the engine's explanation and its look ahead, kept by the desk for the next decision. */
  readonly onTurn = this.desk.onTurn;

  /** Print what the seat saw since it last looked; `publicOnly` at a shared keyboard that is another's now. */
  private news(obs: Observation, publicOnly = false): void {
    const lines = this.screen.news(obs, publicOnly ? (e) => eventSeenBy(e) === null : undefined);
    if (lines.length > 0) this.io.write(lines.join('\n') + '\n');
  }

  /** The end of a hand: the rest of what happened (at a shared keyboard that is another's: what was public). */
  finish(obs: Observation): void {
    this.news(obs, !this.seat.holds(this));
  }

  act(obs: Observation): PolicyAction {
    const turn = this.desk.open(obs);
    if ('auto' in turn) return turn.auto;
    const prompt = turn.prompt;
    this.seat.sit(this, this.name);
    this.news(obs);
    this.io.write(this.screen.status(obs).join('\n') + '\n');
    const list = prompt.options.map((o) => o.label).join('\n');
    const listedBefore = list === this.lastList;
    this.lastList = list;
    this.asking = prompt;
    const chosen = askHuman(this.io, prompt, listedBefore);
    this.asking = null;
    return this.desk.take(obs, chosen);
  }
}
