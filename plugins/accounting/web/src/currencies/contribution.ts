import { Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

/** Currencies and exchange rates (Döviz Kurları), under Settings. */
export const area: WebArea = {
  menu: [{
    ...GROUPS.settings,
    children: [{ id: 'currencies', title: 'Döviz Kurları', titleKey: 'accounting:currencies.menu', route: '/currencies', icon: 'exchange', order: 47, module: Module.CURRENCY_TYPE }],
  }],
  routes: [{ path: '/currencies', module: Module.CURRENCY_TYPE, title: 'Döviz Kurları', titleKey: 'currencies.menu' }],
  load: { routes: { '/currencies': () => import('./CurrenciesPage') } },
  messages: {
    tr: {
      currencies: {
        menu: 'Döviz Kurları', title: 'Döviz Kurları', table: 'Para birimleri ve kurları', fetch: 'Kurları getir', fetched: 'Kurlar başarıyla getirildi.',
        date: 'Tarih', dateHint: 'TCMB gösterge kurları; hafta sonu ve tatilde son yayımlanan bülten.', dateRequired: 'Bir tarih seçin.', noFuture: 'İleri tarihli kur sorgulanamaz.',
        code: 'Kod', name: 'Para birimi', symbol: 'Simge', forexBuying: 'Döviz alış', forexSelling: 'Döviz satış', banknoteBuying: 'Efektif alış', banknoteSelling: 'Efektif satış',
        base: 'Ana para birimi (1)', none: 'TCMB kuru yok', bulletinOf: '{{date}} tarihli TCMB bülteni kullanıldı (o gün bülten yayımlanmadı).',
      },
    },
    en: {
      currencies: {
        menu: 'Exchange rates', title: 'Exchange rates', table: 'Currencies and their rates', fetch: 'Fetch rates', fetched: 'Rates fetched.',
        date: 'Date', dateHint: 'TCMB indicative rates; on weekends and holidays the last bulletin.', dateRequired: 'Choose a date.', noFuture: 'Rates of a future day cannot be asked.',
        code: 'Code', name: 'Currency', symbol: 'Symbol', forexBuying: 'Forex buying', forexSelling: 'Forex selling', banknoteBuying: 'Banknote buying', banknoteSelling: 'Banknote selling',
        base: 'Base currency (1)', none: 'No TCMB rate', bulletinOf: 'The TCMB bulletin of {{date}} was used (none was published that day).',
      },
    },
  },
};
