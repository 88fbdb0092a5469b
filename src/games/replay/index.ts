// `perlagg replay FILE` for every game: the header names the game, the game's replay does the rest.
import { replayBieten } from './bieten.ts';
import { parseRecording } from './common.ts';
import { ReplayError, excerpt, statements } from './format.ts';
import { replayPerlaggen } from './perlaggen.ts';
import { recordingOf } from './from-transcript.ts';

export { ReplayError };

/** Replay a recording's text (or a transcript of `perlagg play`, read as one: from-transcript.ts); `file` names it in the transcript. Throws a ReplayError (with its line) on bad input. */
export function replayText(text: string, file: string): string {
  const all = statements(recordingOf(text));
  if (all.length === 0) throw new ReplayError(1, 'the file is empty (a recording starts with "game bieten" or "game perlaggen")');
  const { header } = parseRecording(all);
  if (header.game === 'bieten') return replayBieten(all, header, file).text;
  if (header.game === 'perlaggen') return replayPerlaggen(all, header, file).text;
  throw new ReplayError(all[0]!.line, `unknown game "${excerpt(header.game)}" (known: bieten, perlaggen)`);
}
