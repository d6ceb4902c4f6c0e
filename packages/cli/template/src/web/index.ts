/**
 * The workbench part of the __PLUGIN_TITLE__ plugin. What the workbench draws for it is declared
 * here as data: one menu entry and one page. The page's code is loaded on its first visit only.
 * The workbench finds this file through the `"tezgah": { "web": ... }` field of package.json once
 * the package is named in TEZGAH_PLUGINS.
 */
import { defineWebPlugin } from '@tezgah/core';

export default defineWebPlugin({
  id: '__PLUGIN_ID__',
  title: '__PLUGIN_TITLE__',
  version: '0.1.0',
  menu: [{ id: '__PLUGIN_ID__', title: '__PLUGIN_TITLE__', titleKey: '__PLUGIN_ID__:menu', route: '/__PLUGIN_ID__', icon: 'cube', order: 86 }],
  routes: [{ path: '/__PLUGIN_ID__', title: '__PLUGIN_TITLE__' }],
  load: {
    routes: { '/__PLUGIN_ID__': () => import('./Page.js') },
  },
  messages: {
    tr: { menu: '__PLUGIN_TITLE__', heading: '__PLUGIN_TITLE__', company: 'Şirket: {{company}}', loading: 'Yükleniyor…', failed: 'Selam alınamadı.' },
    en: { menu: '__PLUGIN_TITLE__', heading: '__PLUGIN_TITLE__', company: 'Company: {{company}}', loading: 'Loading…', failed: 'The greeting could not be loaded.' },
  },
});
