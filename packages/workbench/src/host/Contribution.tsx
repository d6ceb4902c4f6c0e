import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ComponentLoader, ContributionProps } from '@tezgah/core';
import { useHost } from './HostProvider';

/**
 * A plugin's loaded code, by loader: once a loader has answered, its component renders at once.
 * Not React.lazy: a lazy component suspends on its first render even when its module is already
 * in the browser, and React holds back what a Suspense boundary reveals for 300 ms after its
 * fallback showed; every first visit of a page waited that long before its own reads even began.
 */
const loaded = new WeakMap<ComponentLoader, ComponentType<ContributionProps>>();
const loading = new WeakMap<ComponentLoader, Promise<ComponentType<ContributionProps>>>();

/** Loads a contribution's code (once per loader): for a link the pointer rests on, and for the render that needs it. */
export function preloadContribution(load: ComponentLoader): Promise<ComponentType<ContributionProps>> {
  const done = loaded.get(load);
  if (done) return Promise.resolve(done);
  let p = loading.get(load);
  if (!p) {
    p = load().then((m) => {
      const c = m.default as ComponentType<ContributionProps>;
      loaded.set(load, c);
      return c;
    });
    // A failed load may be tried again (the next visit, the next hover).
    p.catch(() => loading.delete(load));
    loading.set(load, p);
  }
  return p;
}

/** The loader's component once loaded (at once when it already is), and its failure to load. */
function useLoaded(load: ComponentLoader): { component: ComponentType<ContributionProps> | null; failure: unknown } {
  const [state, setState] = useState<{ load: ComponentLoader; component: ComponentType<ContributionProps> | null; failure: unknown }>(
    () => ({ load, component: loaded.get(load) ?? null, failure: null }),
  );
  const current = state.load === load ? state : { load, component: loaded.get(load) ?? null, failure: null };
  useEffect(() => {
    if (loaded.has(load)) return undefined;
    let live = true;
    preloadContribution(load).then(
      (component) => { if (live) setState({ load, component, failure: null }); },
      (failure: unknown) => { if (live) setState({ load, component: null, failure: failure ?? new Error('load failed') }); },
    );
    return () => { live = false; };
  }, [load]);
  return { component: current.component ?? loaded.get(load) ?? null, failure: current.failure };
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

/** Throws what failed to load, inside the boundary, so the boundary shows it as a failed contribution. */
function Failed(props: { failure: unknown }): ReactNode {
  throw props.failure;
}

/** Renders a plugin's contribution: loaded on first use, given the host, and kept from breaking the shell. */
export function Contribution(props: { load: ComponentLoader; fallback?: ReactNode; params?: Record<string, string>; onValue?: (value: unknown) => void }) {
  const host = useHost();
  const { t } = useTranslation();
  const { component: Loaded, failure } = useLoaded(props.load);
  return (
    <Boundary fallback={props.fallback ?? <NonIdealState icon="error" title={t('errors.contributionFailed')} />}>
      {failure ? <Failed failure={failure} /> : Loaded ? (
        <Loaded host={host} params={props.params ?? {}} {...(props.onValue ? { onValue: props.onValue } : {})} />
      ) : <Loading />}
    </Boundary>
  );
}
