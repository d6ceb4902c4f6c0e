import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

/** Units of measure, under Stock. */
export const area: WebArea = {
  menu: [{
    ...GROUPS.stock,
    children: [{
      id: 'units', title: 'Birimler', titleKey: 'accounting:units.menu', route: '/units', icon: 'numerical', order: 40,
      module: Module.PRODUCT, addButton: { module: Module.PRODUCT, action: Action.CREATE },
    }],
  }],
  routes: [{ path: '/units', module: Module.PRODUCT, title: 'Birimler' }],
  load: { routes: { '/units': () => import('./UnitsPage') } },
  messages: {
    tr: { units: { menu: 'Birimler', title: 'Birimler', name: 'Birim adı', code: 'UBL birim kodu', codeHelp: 'UN/ECE Rec. 20 kodu (Adet: C62, Kilogram: KGM, Litre: LTR)', add: 'Birim ekle', edit: 'Birimi düzenle', delete: 'Birimi sil', active: 'Aktif' } },
    en: { units: { menu: 'Units', title: 'Units', name: 'Unit name', code: 'UBL unit code', codeHelp: 'UN/ECE Rec. 20 code (piece: C62, kilogram: KGM, litre: LTR)', add: 'Add unit', edit: 'Edit unit', delete: 'Delete unit', active: 'Active' } },
  },
};
