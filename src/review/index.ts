// The review of a recorded game (issue 27 item 4): what the command, the library and the web page use.
export { reviewGame, classOf, summarize, THRESHOLDS, type GameReview, type ReviewedDecision, type ReviewClass, type ReviewOptions, type SeatSummary } from './review.ts';
export { reviewText } from './text.ts';
export { writeReviewFolder, REVIEW_TABLE } from './table.ts';
export { actionNotation } from './notation.ts';
export { recordingOf, isTranscript } from '../games/replay/from-transcript.ts';
