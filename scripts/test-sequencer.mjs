// The order test files start in: the longest first, across projects, so that at the end of a run
// both cores finish at about the same time instead of one waiting on a long file started last.
// vitest's own order runs project after project and, on a fresh clone (no cache), by file size.
//
// The expected time of a file is what it took in the last run on this machine
// (.tezgah-test/timings.json, written by scripts/test-timings.mjs), else in the run recorded in the
// repository (scripts/test-durations.json: `npm test -- --record-durations` rewrites it), else a
// guess from its kind.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

function durations(root) {
  const known = new Map();
  for (const file of [join(root, 'scripts', 'test-durations.json'), join(root, '.tezgah-test', 'timings.json')]) {
    if (!existsSync(file)) continue;
    try {
      const data = JSON.parse(readFileSync(file, 'utf8'));
      for (const f of data.files ?? []) known.set(f.file, f.wall);
    } catch {
      // An unreadable record only loses the ordering.
    }
  }
  return known;
}

/** A guess for a file never timed: by what it starts, then by its size. */
function guess(file, path) {
  if (file.startsWith('e2e/')) return 40_000;
  if (file.includes('.integration.')) return 15_000;
  try {
    return 500 + statSync(path).size / 10;
  } catch {
    return 500;
  }
}

export default class LongestFirst extends BaseSequencer {
  async sort(files) {
    const root = this.ctx.config.root;
    const known = durations(root);
    const cost = (spec) => {
      const file = relative(root, spec.moduleId);
      return known.get(file) ?? guess(file, spec.moduleId);
    };
    return [...files].sort((a, b) => cost(b) - cost(a));
  }
}
