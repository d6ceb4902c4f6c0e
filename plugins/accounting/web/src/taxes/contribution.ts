import { Action, Module, Theme } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const types = {
  tr: { KDV: 'KDV (Katma Değer Vergisi)', 'ÖTV-I': 'ÖTV (I) akaryakıt', 'ÖTV-III': 'ÖTV (III) alkol, tütün, kolalı', 'ÖTV-IV': 'ÖTV (IV) dayanıklı tüketim', ÖİV: 'ÖİV (Özel İletişim Vergisi)', KKDF: 'KKDF', BSMV: 'BSMV', KONAKLAMA: 'Konaklama Vergisi', DAMGA: 'Damga Vergisi', ETV: 'Elektrik ve Havagazı Tüketim Vergisi' },
  en: { KDV: 'VAT (KDV)', 'ÖTV-I': 'Excise (I) fuel', 'ÖTV-III': 'Excise (III) alcohol, tobacco, cola', 'ÖTV-IV': 'Excise (IV) durable goods', ÖİV: 'Special communication tax', KKDF: 'Resource utilisation fund (KKDF)', BSMV: 'Banking and insurance tax', KONAKLAMA: 'Accommodation tax', DAMGA: 'Stamp duty', ETV: 'Electricity and gas tax' },
};

/** Tax settings (Vergi Ayarları), under Settings, default theme only (seeds §2), and the tax quick-add. */
export const area: WebArea = {
  menu: [{
    ...GROUPS.settings,
    children: [{
      id: 'tax-settings', title: 'Vergi Ayarları', titleKey: 'accounting:taxes.menu', route: '/tax-settings', icon: 'percentage', order: 40,
      module: Module.TAX, themes: [Theme.DEFAULT], addButton: { module: Module.TAX, action: Action.CREATE }, reduced: true,
    }],
  }],
  routes: [{ path: '/tax-settings', module: Module.TAX, themes: [Theme.DEFAULT], title: 'Vergi Ayarları', titleKey: 'taxes.menu' }],
  quickAdds: [{ id: 'tax', title: 'Hızlı vergi ekle', titleKey: 'taxes.quickAdd', module: Module.TAX, action: Action.CREATE }],
  load: {
    routes: { '/tax-settings': () => import('./TaxSettingsPage') },
    quickAdds: { tax: () => import('./QuickTax') },
  },
  messages: {
    tr: {
      taxes: {
        menu: 'Vergi Ayarları', title: 'Vergi Ayarları', add: 'Vergi ekle', edit: 'Vergiyi düzenle', delete: 'Vergiyi sil', quickAdd: 'Hızlı vergi ekle',
        type: 'Vergi türü', chooseType: 'Vergi türü seçin', allTypes: 'Tüm türler', percentage: 'Vergi oranı (%)', name: 'Vergi adı', abbreviation: 'Kısaltma', active: 'Aktif',
        percentageHint: 'Zorunlu; en fazla iki ondalık (ör. 20 veya 0,5). Aynı türde aynı oran iki kez tanımlanamaz.',
        percentageFormat: 'Vergi oranı bir sayı olmalı, en fazla iki ondalık basamak içerebilir.',
        percentageRange: 'Vergi oranı 0 ile {{max}} arasında olmalıdır.',
        nameHint: 'Boş bırakılırsa tür ve orandan oluşur (ör. KDV %20).',
        exceptionCode: 'İstisna kodu', exceptionHint: 'Yalnızca %0 KDV için: GİB istisna/muafiyet sebep kodu (ör. 301 mal ihracatı, 351 istisna olmayan diğer).',
        exceptionOnlyZero: 'İstisna kodu yalnızca %0 oranlı KDV\'de kullanılabilir.', noException: 'İstisna yok',
        types: types.tr,
      },
    },
    en: {
      taxes: {
        menu: 'Tax settings', title: 'Tax settings', add: 'Add tax', edit: 'Edit tax', delete: 'Delete tax', quickAdd: 'Quick add tax',
        type: 'Tax type', chooseType: 'Choose a tax type', allTypes: 'All types', percentage: 'Rate (%)', name: 'Tax name', abbreviation: 'Abbreviation', active: 'Active',
        percentageHint: 'Required; at most two decimals (e.g. 20 or 0.5). The same rate cannot exist twice for a type.',
        percentageFormat: 'The rate must be a number with at most two decimals.',
        percentageRange: 'The rate must be between 0 and {{max}}.',
        nameHint: 'Left empty, it is made of the type and the rate (e.g. KDV %20).',
        exceptionCode: 'Exemption code', exceptionHint: 'Only for 0 % VAT: the GİB exemption reason code (e.g. 301 export of goods, 351 not an exemption).',
        exceptionOnlyZero: 'An exemption code goes only with 0 % VAT.', noException: 'No exemption',
        types: types.en,
      },
    },
  },
};
