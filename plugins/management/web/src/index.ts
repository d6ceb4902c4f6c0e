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
        {
          id: 'device-management',
          title: 'Cihaz Yönetimi',
          titleKey: 'management:menu.deviceManagement',
          route: '/device-management',
          module: Module.MANAGEMENT,
          icon: 'mobile-phone',
          order: 30,
          reduced: true,
        },
        {
          id: 'company-activity',
          title: 'Firma Hareketleri',
          titleKey: 'management:menu.companyActivity',
          route: '/company-activity',
          module: Module.MANAGEMENT,
          icon: 'timeline-bar-chart',
          order: 15,
          reduced: true,
        },
        {
          id: 'medicine-management',
          title: 'İlaç Yönetimi',
          titleKey: 'management:menu.medicineManagement',
          route: '/medicine-management',
          module: Module.MANAGEMENT,
          icon: 'prescription',
          order: 50,
          addButton: { module: Module.MANAGEMENT, action: Action.CREATE },
        },
        {
          id: 'medicine-management-v2',
          title: 'İlaç Listesi Güncelleme',
          titleKey: 'management:menu.medicineImport',
          route: '/medicine-management-v2',
          module: Module.MANAGEMENT,
          icon: 'import',
          order: 55,
        },
        {
          id: 'announcements',
          title: 'Duyurular',
          titleKey: 'management:menu.announcements',
          route: '/announcements',
          module: Module.MANAGEMENT,
          icon: 'notifications',
          order: 40,
          addButton: { module: Module.MANAGEMENT, action: Action.CREATE },
          reduced: true,
        },
      ],
    },
    {
      // Seeds 000 §2 "Management settings /management-settings": the shared lists management keeps.
      id: 'management-settings',
      title: 'Yönetim Ayarları',
      titleKey: 'management:menu.managementSettings',
      icon: 'cog',
      order: 955,
      module: Module.MANAGEMENT,
      children: [
        {
          id: 'management-user-settings',
          title: 'Yönetim Kullanıcı Ayarları',
          titleKey: 'management:menu.managementUserSettings',
          route: '/management-user-settings',
          module: Module.MANAGEMENT,
          icon: 'person',
          order: 10,
        },
        {
          id: 'management-tag-settings',
          title: 'Yönetim Etiket Ayarları',
          titleKey: 'management:menu.managementTagSettings',
          route: '/management-tag-settings',
          module: Module.MANAGEMENT,
          icon: 'tag',
          order: 20,
        },
        {
          id: 'address-settings',
          title: 'Adres Ayarları',
          titleKey: 'management:menu.addressSettings',
          route: '/address-settings',
          module: Module.MANAGEMENT,
          icon: 'map-marker',
          order: 30,
          addButton: { module: Module.MANAGEMENT, action: Action.CREATE },
        },
      ],
    },
    {
      // Seeds 000 §6: /video is open to every signed-in user (no module).
      id: 'help-videos',
      title: 'Yardım Videoları',
      titleKey: 'management:menu.helpVideos',
      route: '/video',
      icon: 'video',
      order: 990,
    },
  ],
  routes: [
    { path: '/company-management', title: 'Şirket Yönetimi', module: Module.MANAGEMENT },
    { path: '/user-management', title: 'Kullanıcı Yönetimi', module: Module.MANAGEMENT },
    { path: '/device-management', title: 'Cihaz Yönetimi', module: Module.MANAGEMENT },
    { path: '/company-activity', title: 'Firma Hareketleri', module: Module.MANAGEMENT },
    { path: '/announcements', title: 'Duyurular', module: Module.MANAGEMENT },
    { path: '/medicine-management', title: 'İlaç Yönetimi', module: Module.MANAGEMENT },
    { path: '/medicine-management-v2', title: 'İlaç Listesi Güncelleme', module: Module.MANAGEMENT },
    { path: '/address-settings', title: 'Adres Ayarları', module: Module.MANAGEMENT },
    { path: '/management-user-settings', title: 'Yönetim Kullanıcı Ayarları', module: Module.MANAGEMENT },
    { path: '/management-tag-settings', title: 'Yönetim Etiket Ayarları', module: Module.MANAGEMENT },
    { path: '/video', title: 'Yardım Videoları' },
  ],
  load: {
    routes: {
      '/company-management': () => import('./pages/CompanyManagement'),
      '/user-management': () => import('./pages/UserManagement'),
      '/device-management': () => import('./pages/DeviceManagement'),
      '/company-activity': () => import('./pages/CompanyActivity'),
      '/announcements': () => import('./pages/Announcements'),
      '/medicine-management': () => import('./pages/MedicineManagement'),
      '/medicine-management-v2': () => import('./pages/MedicineImport'),
      '/address-settings': () => import('./pages/AddressSettings'),
      '/management-user-settings': () => import('./pages/ManagementUserSettings'),
      '/management-tag-settings': () => import('./pages/ManagementTagSettings'),
      '/video': () => import('./pages/HelpVideos'),
    },
    // Above every page after sign-in: the yearly service-fee notice (devices-messages.ts serviceFee.*)
    // and the unseen announcement's dialog (announcements-messages.ts), both in ShellNotices.
    slots: { 'shell.notices': () => import('./notices/ShellNotices') },
  },
  slots: { fills: ['shell.notices'] },
  messages,
});

export default managementPlugin;
