import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

/** Tag settings (Etiket Ayarları), under Settings, and the tag quick-add. */
export const area: WebArea = {
  menu: [{
    ...GROUPS.settings,
    children: [{
      id: 'tag-settings', title: 'Etiket Ayarları', titleKey: 'accounting:tags.menu', route: '/tag-settings', icon: 'tag', order: 45,
      module: Module.TAG, addButton: { module: Module.TAG, action: Action.CREATE },
    }],
  }],
  routes: [{ path: '/tag-settings', module: Module.TAG, title: 'Etiket Ayarları', titleKey: 'tags.menu' }],
  quickAdds: [{ id: 'tag', title: 'Hızlı etiket ekle', titleKey: 'tags.quickAdd', module: Module.TAG, action: Action.CREATE }],
  load: {
    routes: { '/tag-settings': () => import('./TagSettingsPage') },
    quickAdds: { tag: () => import('./QuickTag') },
  },
  messages: {
    tr: {
      tags: {
        menu: 'Etiket Ayarları', title: 'Etiket Ayarları', add: 'Etiket ekle', edit: 'Etiketi düzenle', delete: 'Etiketi sil', quickAdd: 'Hızlı etiket ekle',
        name: 'Etiket adı', color: 'Renk', nameRequired: 'Etiket adı zorunludur.', nameHint: 'Zorunlu; en fazla 50 karakter.', nameTooLong: 'Etiket adı en fazla 50 karakter olabilir.',
        created: 'Etiket başarıyla eklendi.', updated: 'Etiket başarıyla güncellendi.', deleted: 'Etiket başarıyla silindi.',
        colors: { blue: 'Mavi', red: 'Kırmızı', orange: 'Turuncu', green: 'Yeşil', magenta: 'Eflatun', purple: 'Mor', gold: 'Altın', lime: 'Limon yeşili', cyan: 'Camgöbeği' },
      },
    },
    en: {
      tags: {
        menu: 'Tag settings', title: 'Tag settings', add: 'Add tag', edit: 'Edit tag', delete: 'Delete tag', quickAdd: 'Quick add tag',
        name: 'Tag name', color: 'Colour', nameRequired: 'The tag name is required.', nameHint: 'Required; at most 50 characters.', nameTooLong: 'The tag name may have at most 50 characters.',
        created: 'Tag created.', updated: 'Tag updated.', deleted: 'Tag deleted.',
        colors: { blue: 'Blue', red: 'Red', orange: 'Orange', green: 'Green', magenta: 'Magenta', purple: 'Purple', gold: 'Gold', lime: 'Lime', cyan: 'Cyan' },
      },
    },
  },
};
