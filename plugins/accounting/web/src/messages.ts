/** The plugin's shared texts (menu groups, common words); each area adds its own section. */
export const messages = {
  tr: { menu: { currents: 'Cari Hesaplar', stock: 'Stok' }, common: { name: 'Ad', code: 'Kod', active: 'Aktif' } },
  en: { menu: { currents: 'Current accounts', stock: 'Stock' }, common: { name: 'Name', code: 'Code', active: 'Active' } },
};
