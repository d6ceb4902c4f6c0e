// The test suite's clock. Every Node process of a test run (vitest, its workers, and the CLI and
// servers the tests start) believes it is TEST_EPOCH plus the time elapsed since the run began,
// whatever the machine's clock says: the demo data and the tests' dates are of November 2026, and
// a suite that read the machine's clock broke the day a 7-day rule ran out and would break again
// when the year turns. Time still flows (timeouts, expiries and orderings behave as in life); only
// the starting point is fixed.
//
// How it travels: the run's clock is the environment variable TEZGAH_TEST_CLOCK,
// "<test time in ms>@<machine time in ms>" taken once; this file is loaded first in each process
// (NODE_OPTIONS=--import) and shifts Date by the difference. Browser pages get the same shift
// from `browserClockScript` (e2e/browser.ts adds it to every context). PostgreSQL's own now() is
// the machine's: product code takes "now" from services.now, never from SQL's now() or
// current_date when it compares (docs/testing.md).
import { pathToFileURL } from 'node:url';

/** The moment a test run starts at: 25 November 2026, 10:00 in Türkiye. */
export const TEST_EPOCH = '2026-11-25T10:00:00+03:00';

const RealDate = globalThis.Date;
const MARK = Symbol.for('tezgah.testClock');

function spec() {
  let s = process.env.TEZGAH_TEST_CLOCK;
  if (!s || !/^\d+@\d+$/.test(s)) {
    s = `${RealDate.parse(TEST_EPOCH)}@${RealDate.now()}`;
    process.env.TEZGAH_TEST_CLOCK = s;
  }
  const [at, since] = s.split('@').map(Number);
  return at - since;
}

/** Milliseconds to add to the machine's clock to get the run's clock. */
export const OFFSET = RealDate[MARK] ?? spec();

/** Date as the run sees it: the machine's clock shifted by `offset`. */
function shifted(offset) {
  function TestDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [RealDate.now() + offset] : args, new.target);
  }
  Object.setPrototypeOf(TestDate, RealDate);
  TestDate.prototype = RealDate.prototype;
  TestDate.now = () => RealDate.now() + offset;
  TestDate[MARK] = offset;
  return TestDate;
}

if (RealDate[MARK] === undefined) {
  globalThis.Date = shifted(OFFSET);
  // Node processes the run starts (the CLI, a built server) take the same clock.
  const self = `--import=${pathToFileURL(new URL(import.meta.url).pathname).href}`;
  const opts = process.env.NODE_OPTIONS ?? '';
  if (!opts.includes(self)) process.env.NODE_OPTIONS = `${opts} ${self}`.trim();
}

/** The same shift for a browser page, as an init script (Playwright's addInitScript). */
export function browserClockScript() {
  return `(() => {
  const RealDate = Date, offset = ${OFFSET};
  function TestDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [RealDate.now() + offset] : args, new.target);
  }
  Object.setPrototypeOf(TestDate, RealDate);
  TestDate.prototype = RealDate.prototype;
  TestDate.now = () => RealDate.now() + offset;
  globalThis.Date = TestDate;
})();`;
}
