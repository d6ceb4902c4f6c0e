import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '../layout';

/**
 * The page-change progress bar (seeds 000 §2): it starts when `routeKey` changes, completes
 * after 300 ms and then hides. Nothing shows on the first page.
 */
export function RouteProgress(props: { routeKey: string }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setPhase('running');
    const complete = setTimeout(() => setPhase('done'), LAYOUT.progressComplete);
    const hide = setTimeout(() => setPhase('idle'), LAYOUT.progressComplete + 200);
    return () => {
      clearTimeout(complete);
      clearTimeout(hide);
    };
  }, [props.routeKey]);
  if (phase === 'idle') return null;
  return (
    <div className="tz-route-progress" data-phase={phase}>
      <ProgressBar intent="primary" animate={phase === 'running'} stripes={false} value={phase === 'done' ? 1 : 0.6} aria-label={t('shell.pageLoading')} />
    </div>
  );
}
