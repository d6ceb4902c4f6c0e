/**
 * The page in Storybook (Component Story Format): the greeting is put in the QueryClient
 * beforehand, so the story needs no server. A Storybook of your own finds it by its name
 * (`*.stories.tsx` under src); it needs no Storybook import to type-check.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBus, type WorkbenchHost } from '@tezgah/core';
import Page from './Page.js';
import { greetingKey, type Greeting } from './greeting.js';

const host: WorkbenchHost = {
  session: { login: 'eczaci', firstName: 'Elif', lastName: 'Eczacı', companyId: 2, companyName: 'Demo Eczanesi', sectorKey: 'ECZ', erpType: 'MEDULA', authorities: [], roles: [], impersonating: false, previousLogin: null },
  bus: createBus(), notify: { success: () => {}, warning: () => {}, error: () => {} },
  navigate: () => {}, can: () => true, language: 'tr', theme: 'default', apiBase: '',
};

function WithGreeting({ language }: { language: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData<Greeting>(greetingKey, { plugin: '__PLUGIN_ID__', login: 'eczaci', companyId: 2, message: 'Merhaba, eczaci!' });
  return (
    <QueryClientProvider client={client}>
      <Page host={{ ...host, language }} />
    </QueryClientProvider>
  );
}

export default { title: 'Plugins/__PLUGIN_TITLE__', component: WithGreeting };

export const Turkish = { args: { language: 'tr' } };
export const English = { args: { language: 'en' } };
