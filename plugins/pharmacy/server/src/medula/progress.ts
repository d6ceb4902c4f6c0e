import type { MedulaProgress, MedulaStep } from '@tezgah/pharmacy-common';

/**
 * Progress of a Medula call (seeds 001 §4 steps 0.1 … 1.1), for the screen to show while it runs.
 * The mechanism: a call that talks to Medula takes an optional `progressId` query parameter (the
 * client chooses it: 8–64 letters, digits, '-' or '_'); while the call runs, and for ten minutes
 * after it, GET /medula/progress?progressId= answers the step reached and the steps taken. The
 * answer of the call itself carries the steps taken in the header `x-medula-steps` (e.g.
 * `0.1,0.2,0.3`), so a client that cannot poll (embedded engine: requests are served one at a
 * time) still shows them. Kept in this server's memory: the poll must reach the server that
 * runs the call (one server, or sticky sessions). A well-formed id no call has registered answers
 * as a call not begun (step 0.1, no steps, not done): the poll can overtake the call it follows
 * (the call waits for its transaction, the poll does not), and that is not an error. Ids are kept
 * per company, so another company's id looks exactly like one never used.
 */
const KEEP_MS = 10 * 60_000;
const MAX = 5000;
const runs = new Map<string, MedulaProgress & { at: number; owner: number }>();

export const PROGRESS_ID = /^[A-Za-z0-9_-]{8,64}$/;

function sweep(now: number) {
  if (runs.size < MAX) {
    for (const [k, v] of runs) if (now - v.at > KEEP_MS) runs.delete(k); else break;
    return;
  }
  const old = [...runs.keys()].slice(0, runs.size - MAX + 1);
  for (const k of old) runs.delete(k);
}

export interface Tracker {
  step(s: MedulaStep): void;
  steps(): MedulaStep[];
  finish(error?: string | null): void;
}

/** A tracker for one call of a company's user; with no id it only remembers the steps (for the header). */
export function track(companyId: number, progressId: string | null | undefined): Tracker {
  const steps: MedulaStep[] = [];
  const id = progressId && PROGRESS_ID.test(progressId) ? `${companyId}:${progressId}` : null;
  const now = Date.now();
  if (id) {
    sweep(now);
    runs.delete(id);
    runs.set(id, { progressId: progressId!, step: '0.1', steps: [], done: false, error: null, at: now, owner: companyId });
  }
  return {
    step(s) {
      if (steps[steps.length - 1] === s) return;
      steps.push(s);
      const r = id ? runs.get(id) : undefined;
      if (r) { r.step = s; r.steps = [...steps]; r.at = Date.now(); }
    },
    steps: () => [...steps],
    finish(error) {
      const r = id ? runs.get(id) : undefined;
      if (r) { r.done = true; r.error = error ?? null; r.at = Date.now(); }
    },
  };
}

/** The progress of a call of this company; a call not (yet) registered here has not begun. */
export function progressOf(companyId: number, progressId: string): MedulaProgress {
  const r = runs.get(`${companyId}:${progressId}`);
  if (!r || r.owner !== companyId) return { progressId, step: '0.1', steps: [], done: false, error: null };
  return { progressId: r.progressId, step: r.step, steps: r.steps, done: r.done, error: r.error };
}
