import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '@blueprintjs/table/lib/css/table.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { loadPlugins } from 'virtual:tezgah-plugins';
import { deferredRegistry } from './host/registry';
import { addPluginTexts, createI18n } from './i18n';
import { getSettings } from './settings/settings';
import { getApi, tokenStore } from './session/api';
import { Workbench } from './app/Workbench';
import { builtinPlugins } from './builtin/home/plugin';

// The plugins' declarations and texts load when the shell first needs them (a session is being
// read or started: HostProvider awaits registry.ready()), so the sign-in page stays light.
const registry = deferredRegistry(builtinPlugins, loadPlugins, (added) => addPluginTexts(i18n, added));
for (const p of registry.problems) console.warn(`[tezgah] ${p}`);
const i18n = await createI18n(getSettings().language, registry.plugins);
createRoot(document.getElementById('root')!).render(
  <Workbench registry={registry} i18n={i18n} api={getApi()} hasToken={() => tokenStore().get() !== null} />,
);
