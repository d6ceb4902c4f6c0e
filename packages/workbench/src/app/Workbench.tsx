import { BlueprintProvider } from '@blueprintjs/core';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, MemoryRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { TezgahPromiseApi } from '@tezgah/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { HostProvider } from '../host/HostProvider';
import type { Registry } from '../host/registry';
import { App } from './App';

export interface WorkbenchProps {
  registry: Registry;
  i18n: I18n;
  api: TezgahPromiseApi;
  hasToken: () => boolean;
  /** Tests and stories start at a path in memory instead of the browser's address bar. */
  initialPath?: string;
  /** The data layer's cache; by default the host makes its own (tests pass one that does not retry). */
  queryClient?: QueryClient;
}

/** The whole workbench: Blueprint, i18n, the router, the host and its routes. */
export function Workbench(props: WorkbenchProps) {
  const inner = (
    <HostProvider registry={props.registry} api={props.api} hasToken={props.hasToken} {...(props.queryClient ? { queryClient: props.queryClient } : {})}>
      <App />
    </HostProvider>
  );
  return (
    <BlueprintProvider>
      <I18nextProvider i18n={props.i18n}>
        {props.initialPath !== undefined ? (
          <MemoryRouter initialEntries={[props.initialPath]}>{inner}</MemoryRouter>
        ) : (
          <BrowserRouter>{inner}</BrowserRouter>
        )}
      </I18nextProvider>
    </BlueprintProvider>
  );
}
