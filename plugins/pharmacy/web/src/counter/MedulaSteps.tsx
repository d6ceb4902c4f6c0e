import { useEffect, useState } from 'react';
import { ProgressBar } from '@blueprintjs/core';
import { MEDULA_STEPS, type MedulaStep } from '@tezgah/pharmacy-common';
import { useApiData } from '@tezgah/workbench/ui';
import { call, PATHS } from '../api';
import { useTexts } from '../texts';

/** A new id for a Medula call's progress (medula.yaml: the client chooses it; 8–64 of [A-Za-z0-9_-]). */
export function newProgressId(): string {
  const r = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : `${Date.now()}${Math.random().toString(36).slice(2)}`;
  return `p${r}`.slice(0, 32);
}

/** The steps each Medula operation of the counter goes through (seeds 001 §4 progress steps). */
export const STEPS_OF = {
  read: ['0.1', '0.2', '0.3', '0.4'],
  login: ['0.1', '0.7', '1'],
  manual: ['0.4'],
  save: ['0.1', '0.4'],
  reports: ['0.1', '0.8', '0.9'],
} as const satisfies Record<string, readonly MedulaStep[]>;

/**
 * The Medula progress line shown while a Medula call runs: the operation's steps in turn (the
 * next one every `everyMs`, staying on the last until the call answers), each with its number and
 * text. The step the server reports (`step`, or polled by `progressId`) wins over the timer.
 */
export function MedulaSteps(props: { steps: readonly MedulaStep[]; step?: MedulaStep | null; everyMs?: number; progressId?: string | null }) {
  const { t, i18n } = useTexts();
  const [at, setAt] = useState(0);
  // The server's word on the step reached (GET medula/progress?progressId=, asked every 400 ms) wins over the timer.
  // The first ask waits 400 ms too: the call that registers the id has only just been sent (the
  // server answers an id it does not know yet as a call not begun; a short call is over before then).
  const progressId = props.progressId ?? null;
  const [armed, setArmed] = useState<string | null>(null);
  useEffect(() => {
    if (!progressId) return undefined;
    const timer = setTimeout(() => setArmed(progressId), 400);
    return () => clearTimeout(timer);
  }, [progressId]);
  const progress = useApiData(
    ['GET', PATHS.medulaProgress, { progressId }],
    (api) => call(api)('GET', PATHS.medulaProgress, { params: { query: { progressId } } }) as Promise<{ step?: MedulaStep } | null>,
    { enabled: Boolean(progressId) && armed === progressId, report: false, staleTime: 0, refetchInterval: progressId ? 400 : false },
  );
  const said = progressId ? progress.data?.step : undefined;
  const reported: MedulaStep | null = said && said in MEDULA_STEPS ? said : null;
  const every = props.everyMs ?? 700;
  useEffect(() => {
    setAt(0);
    const id = setInterval(() => setAt((i) => Math.min(i + 1, props.steps.length - 1)), every);
    return () => clearInterval(id);
  }, [props.steps, every]);
  const step = props.step ?? reported ?? props.steps[at] ?? props.steps[0]!;
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const index = Math.max(0, props.steps.indexOf(step));
  return (
    <div role="status" aria-live="polite" aria-label={t('medula.progress')} className="pharmacy-medula-steps">
      <div>{t('medula.step', { no: step, text: MEDULA_STEPS[step][lang] })}</div>
      <ProgressBar value={(index + 1) / props.steps.length} animate stripes />
    </div>
  );
}
