/**
 * Progress on stderr: a one-line bar redrawn in place on a terminal, otherwise a plain line now
 * and then (a log, a CI job) — at most one a second and at the end of each stage.
 */
import type { WritableLike } from '@tezgah/cli';

export interface Progress {
  /** A new stage: what is being done and how much of it there is. */
  start(label: string, total: number): void;
  /** `done` of the stage's total. */
  update(done: number): void;
  /** Ends the stage (the bar's line is cleared; a plain line says it finished). */
  stop(): void;
}

const WIDTH = 30;

export function progressBar(stream: WritableLike, now: () => number = Date.now): Progress {
  let label = '';
  let total = 0;
  let last = 0;
  let lastAt = 0;
  let drawn = '';
  const tty = stream.isTTY === true;
  const text = (done: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    return { ratio, counts: `${done.toLocaleString('tr-TR')}/${total.toLocaleString('tr-TR')}` };
  };
  const draw = (done: number, force = false) => {
    last = done;
    const { ratio, counts } = text(done);
    if (tty) {
      const filled = Math.round(ratio * WIDTH);
      const line = `${label} [${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] %${Math.round(ratio * 100)} ${counts}`;
      if (line === drawn) return;
      drawn = line;
      const cols = stream.columns && stream.columns > 20 ? stream.columns : 80;
      stream.write(`\r${Array.from(line).slice(0, cols - 1).join('')}\x1b[K`);
      return;
    }
    const t = now();
    if (!force && t - lastAt < 1000) return;
    lastAt = t;
    stream.write(`${label}: ${counts} (%${Math.round(ratio * 100)})\n`);
  };
  return {
    start(l, t) {
      label = l;
      total = t;
      drawn = '';
      lastAt = 0;
      draw(0, true);
    },
    update(done) {
      draw(done);
    },
    stop() {
      if (tty) {
        if (drawn) stream.write('\r\x1b[K');
        drawn = '';
      } else if (label) draw(last, true);
      label = '';
    },
  };
}
