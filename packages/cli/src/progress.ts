/**
 * Progress on stderr, for every long command: on a terminal a one-line bar redrawn in place; on
 * anything else (a log file, a CI job, `2> file`) a plain line every few seconds while a stage
 * runs and one when it ends — so a long run never looks hung, and a short one stays quiet.
 */
import { formatCount, formatPercent, type Lang } from './i18n';
import type { WritableLike } from './io';

export interface Progress {
  /**
   * A new stage: what is being done and how much of it there is. With `percentOnly` the counts
   * are not shown (a total in bytes means nothing to a reader; the detail says the rows).
   */
  start(label: string, total: number, options?: { readonly percentOnly?: boolean }): void;
  /** `done` of the stage's total; `detail` is shown after the counts ("1.234 satır"). */
  update(done: number, detail?: string): void;
  /** Ends the stage (the bar's line is cleared; a plain line says where it ended). */
  stop(): void;
}

export interface ProgressOptions {
  /** @default 'en' */
  readonly lang?: Lang;
  /** Milliseconds between plain lines when the stream is not a terminal. @default 5000 */
  readonly intervalMs?: number;
  /** @default Date.now */
  readonly now?: () => number;
  /**
   * Not a terminal: a line when each stage starts and ends too. Without it a stage that ends
   * within `intervalMs` prints nothing, and a longer one a line every `intervalMs` and one at its end.
   * @default false
   */
  readonly announce?: boolean;
}

const WIDTH = 30;

/** A progress that does nothing (for library callers that want none). */
export const NO_PROGRESS: Progress = { start() {}, update() {}, stop() {} };

/** Progress for `stream`: a bar on a TTY, a plain line every `intervalMs` elsewhere. */
export function progressReporter(stream: WritableLike, options: ProgressOptions = {}): Progress {
  const lang = options.lang ?? 'en';
  const interval = options.intervalMs ?? 5000;
  const now = options.now ?? Date.now;
  const tty = stream.isTTY === true;
  let label = '';
  let total = 0;
  let last = 0;
  let lastDetail: string | undefined;
  let lastAt = 0;
  let drawn = '';
  let percentOnly = false;
  let printed = false;
  let lastLine = '';
  /** Stopped and not updated since: a second stop says nothing. */
  let stopped = true;
  const counts = (done: number, detail: string | undefined) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const shown = percentOnly || total <= 0 ? '' : `${formatCount(lang, done)}/${formatCount(lang, total)}`;
    return { ratio, text: [shown, detail].filter(Boolean).join(' ') };
  };
  const draw = (done: number, detail: string | undefined, force = false) => {
    last = done;
    lastDetail = detail;
    const { ratio, text } = counts(done, detail);
    if (tty) {
      const filled = Math.round(ratio * WIDTH);
      const line = `${label} [${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${formatPercent(lang, ratio)}${text ? ` ${text}` : ''}`;
      if (line === drawn) return;
      drawn = line;
      const cols = stream.columns && stream.columns > 20 ? stream.columns : 80;
      stream.write(`\r${Array.from(line).slice(0, cols - 1).join('')}\x1b[K`);
      return;
    }
    const t = now();
    if (!force && t - lastAt < interval) return;
    const line = text ? `${label}: ${text} (${formatPercent(lang, ratio)})\n` : `${label}: ${formatPercent(lang, ratio)}\n`;
    // A stage that ends where the last line left it says so once.
    if (line === lastLine) return;
    lastAt = t;
    printed = true;
    lastLine = line;
    stream.write(line);
  };
  const end = () => {
    if (!tty && label && !stopped && (printed || options.announce)) draw(last, lastDetail, true);
  };
  return {
    start(l, t, o) {
      end();
      label = l;
      total = t;
      percentOnly = o?.percentOnly === true;
      drawn = '';
      lastAt = now();
      printed = false;
      lastLine = '';
      last = 0;
      lastDetail = undefined;
      stopped = false;
      if (tty || options.announce) draw(0, undefined, true);
    },
    update(done, detail) {
      if (!label) return;
      stopped = false;
      draw(done, detail);
    },
    stop() {
      // The stage may go on after a stop (a command clears the bar to print a line, then updates it again).
      if (tty) {
        if (drawn) stream.write('\r\x1b[K');
        drawn = '';
      } else {
        end();
        printed = false;
      }
      stopped = true;
    },
  };
}

/** An `onPage(done, total)` for reading page by page: starts the stage on the first page (or when the total changes), then moves it. */
export function pagingProgress(progress: Progress, label: string): (done: number, total: number) => void {
  let started = -1;
  return (done, total) => {
    if (total !== started) {
      progress.start(label, total);
      started = total;
    }
    progress.update(done);
  };
}
