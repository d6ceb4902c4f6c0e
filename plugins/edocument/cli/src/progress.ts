/**
 * Progress on stderr: the CLI's own (a one-line bar redrawn in place on a terminal, otherwise a
 * plain line now and then — at most one a second here, and at the end of each stage).
 */
import { progressReporter, type Lang, type Progress, type WritableLike } from '@tezgah/cli';

export type { Progress } from '@tezgah/cli';

export function progressBar(stream: WritableLike, now: () => number = Date.now, lang: Lang = 'tr'): Progress {
  return progressReporter(stream, { lang, now, intervalMs: 1000, announce: true });
}
