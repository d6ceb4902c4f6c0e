/**
 * @tezgah/management-web: the Management menu (seeds 000 §2, 001 §2): company management and
 * user management, where management staff may sign in as a user (impersonation). Needs the
 * management module (1000). The company form is the workbench UI kit's (companies are the kernel's).
 */
import { Action, defineWebPlugin, Module } from '@tezgah/core';
import { messages } from './messages';

export const managementPlugin = defineWebPlugin({
  id: 'management',
  title: 'Yönetim',
  version: '0.1.0',
  menu: [
    {
      id: 'management',
      title: 'Yönetim',
      titleKey: 'management:menu.management',
      icon: 'shield',
      order: 950,
      module: Module.MANAGEMENT,
      children: [
        {
          id: 'company-management',
          title: 'Şirket Yönetimi',
          titleKey: 'management:menu.companyManagement',
          route: '/company-management',
          module: Module.MANAGEMENT,
          icon: 'office',
          order: 10,
          addButton: { module: Module.COMPANY, action: Action.CREATE },
          reduced: true,
        },
        {
          id: 'user-management',
          title: 'Kullanıcı Yönetimi',
          titleKey: 'management:menu.userManagement',
          route: '/user-management',
          module: Module.MANAGEMENT,
          icon: 'people',
          order: 20,
          reduced: true,
        },
      ],
    },
  ],
  routes: [
    { path: '/company-management', title: 'Şirket Yönetimi', module: Module.MANAGEMENT },
    { path: '/user-management', title: 'Kullanıcı Yönetimi', module: Module.MANAGEMENT },
  ],
  load: {
    routes: {
      '/company-management': () => import('./pages/CompanyManagement'),
      '/user-management': () => import('./pages/UserManagement'),
    },
  },
  messages,
});

export default managementPlugin;
