/** Progress on stderr: the CLI's own (a bar on a terminal, a plain line every few seconds elsewhere). */
import { pagingProgress, progressReporter, type Lang, type Progress, type WritableLike } from '@tezgah/cli';

export type { Progress } from '@tezgah/cli';

/** The progress for `stream` in `lang`: a bar on a TTY, a line every `intervalMs` (5 s) otherwise. */
export function progressBar(stream: WritableLike, lang: Lang = 'en', options: { intervalMs?: number; now?: () => number } = {}): Progress {
  return progressReporter(stream, { lang, ...options });
}

/** An `onPage(done, total)` for reading page by page: starts the stage on the first page (or when the total changes), then moves it. */
export const readingProgress = pagingProgress;
