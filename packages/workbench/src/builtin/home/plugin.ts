import { defineWebPlugin } from '@tezgah/core';

/**
 * The home page is a plugin like any other: one menu entry and the /summary route, open to every
 * signed-in user (seeds 000 §6: routes without a module). Its page lays out the dashboard widgets
 * that all plugins contribute, each behind its own gate.
 *
 * Menu order numbers follow the seeds' menu: prescription sale 10, home 20, current accounts 30,
 * commercial 40, reports 50, prescriptions 60, stock 70, report 80, agenda 90, settings 900,
 * management 950, management settings 960.
 */
export const homePlugin = defineWebPlugin({
  id: 'home',
  title: 'Ana Sayfa',
  menu: [{ id: 'home', title: 'Ana Sayfa', titleKey: 'shell.home', route: '/summary', icon: 'home', order: 20, reduced: true }],
  routes: [{ path: '/summary', title: 'Ana Sayfa' }],
  load: { routes: { '/summary': () => import('./Dashboard') } },
});

/** The plugins that ship inside the workbench itself. */
export const builtinPlugins = [homePlugin];
