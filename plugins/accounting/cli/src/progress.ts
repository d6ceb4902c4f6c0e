/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */
import type { WritableLike } from '@tezgah/cli';

export interface Progress {
  /** Sets what is being done and how much of it there is. */
  start(label: string, total: number): void;
  /** Moves the bar to `done` of the total. */
  update(done: number): void;
  /** Clears the line. */
  stop(): void;
}

const WIDTH = 30;

/** The bar for `stream`; on anything but a TTY every call does nothing. */
export function progressBar(stream: WritableLike): Progress {
  if (!stream.isTTY) return { start() {}, update() {}, stop() {} };
  let label = '';
  let total = 0;
  let drawn = '';
  const draw = (done: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * WIDTH);
    const line = `${label} [${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${Math.round(ratio * 100)}% ${done}/${total}`;
    if (line === drawn) return;
    drawn = line;
    const cols = stream.columns && stream.columns > 20 ? stream.columns : 80;
    stream.write(`\r${Array.from(line).slice(0, Math.max(10, cols - 1)).join('')}\x1b[K`);
  };
  return {
    start(l, t) {
      label = l;
      total = t;
      drawn = '';
      draw(0);
    },
    update(done) {
      draw(done);
    },
    stop() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = '';
    },
  };
}

/** An `onPage(done, total)` for reading page by page: starts the bar on the first page (or when the total changes), then moves it. */
export function readingProgress(progress: Progress, label: string): (done: number, total: number) => void {
  let started = -1;
  return (done, total) => {
    if (total !== started) {
      progress.start(label, total);
      started = total;
    }
    progress.update(done);
  };
}
