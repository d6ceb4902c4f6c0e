import { Component, Suspense, lazy, useMemo, type ComponentType, type ReactNode } from 'react';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ComponentLoader, ContributionProps } from '@tezgah/core';
import { useHost } from './HostProvider';

const cache = new WeakMap<ComponentLoader, ComponentType<ContributionProps>>();

/** React.lazy over a plugin's loader, made once per loader so its code loads on first use only. */
function lazyOf(load: ComponentLoader): ComponentType<ContributionProps> {
  let c = cache.get(load);
  if (!c) {
    c = lazy(async () => ({ default: (await load()).default as ComponentType<ContributionProps> }));
    cache.set(load, c);
  }
  return c;
}

/** The 'Yükleniyor...' indicator lazy screens show. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="tz-loading" role="status" aria-live="polite">
      <Spinner size={24} />
      <span>{t('shell.loading')}</span>
    </div>
  );
}

class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[tezgah] a plugin contribution failed', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Renders a plugin's contribution: loaded lazily, given the host, and kept from breaking the shell. */
export function Contribution(props: { load: ComponentLoader; fallback?: ReactNode; params?: Record<string, string>; onValue?: (value: unknown) => void }) {
  const host = useHost();
  const { t } = useTranslation();
  const Lazy = useMemo(() => lazyOf(props.load), [props.load]);
  return (
    <Boundary fallback={props.fallback ?? <NonIdealState icon="error" title={t('errors.contributionFailed')} />}>
      <Suspense fallback={<Loading />}>
        <Lazy host={host} params={props.params ?? {}} {...(props.onValue ? { onValue: props.onValue } : {})} />
      </Suspense>
    </Boundary>
  );
}
