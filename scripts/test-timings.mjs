// A vitest reporter that records where a run's time went: each test file's wall time (environment,
// imports, set-up, hooks and tests) with its project, and the time of each engine's suites (the
// integration tests' `describe.each(engines(...))` blocks, named after the engine). `npm test`
// prints the table at the end of the run (scripts/test.mjs) from the file this writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { loadavg, availableParallelism } from 'node:os';

const ENGINE = /\b(pglite|postgres)\b/;

export default class TimingsReporter {
  constructor(options = {}) {
    this.file = options.file ?? '.tezgah-test/timings.json';
  }

  onInit(vitest) {
    this.root = vitest.config.root;
    this.started = performance.now();
    this.loadAtStart = loadavg();
  }

  onTestRunEnd(testModules) {
    const files = [];
    for (const m of testModules) {
      const d = m.diagnostic();
      const wall = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      const engines = {};
      // Each engine's describe block: its duration includes its hooks (the server's start).
      const walk = (task) => {
        if (task.type === 'suite' && ENGINE.test(task.name)) {
          const engine = task.name.match(ENGINE)[1];
          engines[engine] = (engines[engine] ?? 0) + (task.result?.duration ?? 0);
          return;
        }
        for (const c of task.tasks ?? []) walk(c);
      };
      walk(m.task);
      let tests = 0;
      for (const _ of m.children.allTests()) tests++;
      files.push({ file: relative(this.root, m.moduleId), project: m.project.name, wall: Math.round(wall), engines, tests, state: m.state() });
    }
    // The machine's time, not the suite's shifted clock (scripts/test-clock.mjs).
    const shift = Date[Symbol.for('tezgah.testClock')] ?? 0;
    const out = {
      at: new Date(Date.now() - shift).toISOString(),
      wall: Math.round(performance.now() - this.started),
      cores: availableParallelism(),
      loadAtStart: this.loadAtStart,
      loadAtEnd: loadavg(),
      files,
    };
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(out, null, 1));
  }
}
