// A transcript of `perlagg play` (what `play --transcript` writes) read as a recording, so that review takes
// either. (Placeholder: the reading of transcripts follows.)
import { ReplayError } from '../games/replay/format.ts';

const TRANSCRIPT_HEAD = /^\s*Perlaggen, Regeln /;

/** Whether a text is the transcript of `perlagg play` (its first line). */
export function isTranscript(text: string): boolean {
  return TRANSCRIPT_HEAD.test(text.split('\n', 1)[0] ?? '');
}

/** The recording of a text: a recording as it is, a transcript of `perlagg play` turned into one. */
export function recordingOf(text: string): string {
  if (!isTranscript(text)) return text;
  throw new ReplayError(1, 'a transcript of perlagg play cannot be reviewed yet');
}
