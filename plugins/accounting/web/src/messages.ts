/** The plugin's shared texts (menu groups, common words); each area adds its own section. */
export const messages = {
  tr: { menu: { currents: 'Cari Hesaplar', finance: 'Finans', commercial: 'Alış / Satış', stock: 'Stok', ledger: 'Muhasebe' }, common: { name: 'Ad', code: 'Kod', active: 'Aktif' } },
  en: { menu: { currents: 'Current accounts', finance: 'Finance', commercial: 'Sales / purchases', stock: 'Stock', ledger: 'Accounting' }, common: { name: 'Name', code: 'Code', active: 'Active' } },
};
