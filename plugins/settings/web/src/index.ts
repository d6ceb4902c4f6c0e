/**
 * @tezgah/settings-web: the Settings menu (seeds 000 §2): user settings, company settings and
 * roles. The pages load lazily; the workbench finds this plugin by `tezgah.web` in package.json.
 */
import { Action, defineWebPlugin, Module, Theme } from '@tezgah/core';
import { messages } from './messages';

export const settingsPlugin = defineWebPlugin({
  id: 'settings',
  title: 'Ayarlar',
  version: '0.1.0',
  menu: [
    {
      id: 'settings',
      title: 'Ayarlar',
      titleKey: 'settings:menu.settings',
      icon: 'cog',
      order: 900,
      children: [
        {
          id: 'user-settings',
          title: 'Kullanıcı Ayarları',
          titleKey: 'settings:menu.userSettings',
          route: '/user-settings',
          module: Module.USER,
          icon: 'people',
          order: 10,
          addButton: { module: Module.USER, action: Action.CREATE },
          reduced: true,
        },
        {
          id: 'company-settings',
          title: 'Şirket Ayarları',
          titleKey: 'settings:menu.companySettings',
          route: '/company-settings',
          module: Module.COMPANY,
          icon: 'office',
          order: 20,
          reduced: true,
        },
        {
          // Seeds 000 §2: Roles is shown in the default theme only.
          id: 'roles',
          title: 'Roller',
          titleKey: 'settings:menu.roles',
          route: '/roles',
          module: Module.ROLE,
          themes: [Theme.DEFAULT],
          icon: 'key',
          order: 50,
          addButton: { module: Module.ROLE, action: Action.CREATE },
          reduced: true,
        },
      ],
    },
  ],
  routes: [
    { path: '/user-settings', title: 'Kullanıcı Ayarları', module: Module.USER },
    { path: '/company-settings', title: 'Şirket Ayarları', module: Module.COMPANY },
    { path: '/roles', title: 'Roller', module: Module.ROLE, themes: [Theme.DEFAULT] },
  ],
  load: {
    routes: {
      '/user-settings': () => import('./pages/UserSettings'),
      '/company-settings': () => import('./pages/CompanySettings'),
      '/roles': () => import('./pages/Roles'),
    },
  },
  messages,
});

export default settingsPlugin;
