// Help that pastes (issue 14, item 5). yargs lays examples out in two columns and caps the command's column
// at half the width, so a longer command is broken over lines and cannot be pasted. Here every example is
// registered with yargs as a placeholder line of its own, and the help text then gets the command on one
// line, never broken (a terminal narrower than it wraps it softly; a copy keeps it whole), and the
// description on the lines below it, indented and wrapped at the help's width. Each starts `npx perlagg`:
// a clone does not put perlagg on the PATH.
import type { Argv } from 'yargs';

/** The width help is laid out at: the terminal's, else $COLUMNS, at most 110. */
export function helpWidth(): number {
  const env = Number(process.env['COLUMNS']);
  return Math.min(110, process.stdout.columns || (Number.isInteger(env) && env >= 40 ? env : 0) || 110);
}

interface UsageLike {
  example(cmd: string, description?: string): void;
  help(): string;
}

const TOKEN = /^\s*@@perlagg-example-(\d+)@@\s*$/;

/** Wrap text at `width` with every line indented by `indent` spaces. */
export function wrapIndented(text: string, width: number, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    if (cur !== '' && pad.length + cur.length + 1 + word.length > width) {
      lines.push(pad + cur);
      cur = word;
    } else cur = cur === '' ? word : `${cur} ${word}`;
  }
  if (cur !== '') lines.push(pad + cur);
  return lines;
}

/**
 * An example as a user pastes it: `npx perlagg …`, which runs the command of a clone (not on the PATH) and of
 * a project that installed perlagg alike (issue 29, item 7).
 */
export function pasteable(cmd: string): string {
  return cmd.replace(/\$0/g, 'perlagg').replace(/^perlagg /, 'npx perlagg ');
}

/** Make the examples of every command (registered on this yargs instance) print as described above. */
export function pasteableExamples<T>(y: Argv<T>, width: () => number = helpWidth): Argv<T> {
  const internal = (y as unknown as { getInternalMethods(): { getUsageInstance(): UsageLike } }).getInternalMethods();
  const usage = internal.getUsageInstance();
  const examples: Array<[string, string]> = [];
  const example = usage.example.bind(usage);
  const help = usage.help.bind(usage);
  usage.example = (cmd: string, description?: string) => {
    const i = examples.push([cmd, description ?? '']) - 1;
    example(`@@perlagg-example-${i}@@`, '');
  };
  usage.help = () => {
    const w = width();
    return help()
      .split('\n')
      .flatMap((line) => {
        const m = TOKEN.exec(line);
        if (m === null) return [line];
        const [cmd, desc] = examples[Number(m[1])]!;
        return [`  ${pasteable(cmd)}`, ...wrapIndented(desc, w, 6)];
      })
      .join('\n');
  };
  return y;
}
