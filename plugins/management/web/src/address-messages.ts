/** Texts of the address settings page (namespace 'management', keys address.*) and the help videos (help.*). */
export const addressTr = {
  title: 'Adres Ayarları',
  yes: 'Evet',
  remove: 'Sil',
  chooseCity: 'İl seçin',
  fields: {
    code: 'Ülke kodu', alpha3: 'ISO alfa-3', name: 'Ad', nameEn: 'İngilizce ad', currencyCode: 'Para birimi', phoneCode: 'Telefon kodu',
    country: 'Ülke', plateCode: 'Plaka kodu', metropolitan: 'Büyükşehir', city: 'İl',
  },
  country: {
    tab: 'Ülkeler', list: 'Ülke listesi', add: 'Ülke Ekle', edit: 'Ülkeyi Düzenle',
    added: 'Ülke eklendi.', updated: 'Ülke güncellendi.', removed: 'Ülke silindi.', removeDetail: '"{{name}}" ülkesi silinecek.',
  },
  city: {
    tab: 'İller', list: 'İl listesi', add: 'İl Ekle', edit: 'İli Düzenle',
    added: 'İl eklendi.', updated: 'İl güncellendi.', removed: 'İl silindi.', removeDetail: '"{{name}}" ili silinecek.',
  },
  subdivision: {
    tab: 'İlçeler', list: 'İlçe listesi', add: 'İlçe Ekle', edit: 'İlçeyi Düzenle',
    added: 'İlçe eklendi.', updated: 'İlçe güncellendi.', removed: 'İlçe silindi.', removeDetail: '"{{name}}" ilçesi silinecek.',
  },
  errors: {
    nameNeeded: 'Ad girin.', nameEnNeeded: 'İngilizce adı girin.', codeNeeded: 'İki harfli ülke kodunu girin (TR).', alpha3Invalid: 'ISO alfa-3 kodu üç harf olmalı.',
    countryNeeded: 'Ülke seçin.', plateNeeded: 'Plaka kodunu girin (en çok 4 harf veya rakam).', cityNeeded: 'İl seçin.',
  },
};

export const addressEn: typeof addressTr = {
  title: 'Address settings',
  yes: 'Yes',
  remove: 'Delete',
  chooseCity: 'Choose a city',
  fields: {
    code: 'Country code', alpha3: 'ISO alpha-3', name: 'Name', nameEn: 'English name', currencyCode: 'Currency', phoneCode: 'Phone code',
    country: 'Country', plateCode: 'Plate code', metropolitan: 'Metropolitan', city: 'City',
  },
  country: {
    tab: 'Countries', list: 'Country list', add: 'Add country', edit: 'Edit country',
    added: 'Country added.', updated: 'Country updated.', removed: 'Country deleted.', removeDetail: 'The country "{{name}}" will be deleted.',
  },
  city: {
    tab: 'Cities', list: 'City list', add: 'Add city', edit: 'Edit city',
    added: 'City added.', updated: 'City updated.', removed: 'City deleted.', removeDetail: 'The city "{{name}}" will be deleted.',
  },
  subdivision: {
    tab: 'Districts', list: 'District list', add: 'Add district', edit: 'Edit district',
    added: 'District added.', updated: 'District updated.', removed: 'District deleted.', removeDetail: 'The district "{{name}}" will be deleted.',
  },
  errors: {
    nameNeeded: 'Enter a name.', nameEnNeeded: 'Enter the English name.', codeNeeded: 'Enter the two-letter country code (TR).', alpha3Invalid: 'The ISO alpha-3 code has three letters.',
    countryNeeded: 'Choose a country.', plateNeeded: 'Enter the plate code (at most 4 letters or digits).', cityNeeded: 'Choose a city.',
  },
};

export const helpTr = {
  title: 'Yardım Videoları',
  intro: 'Tezgah\'ı adım adım anlatan kısa videolar. Her videonun adımları yazılı olarak da aşağıdadır.',
  topic: 'Konu',
  allTopics: 'Tüm konular',
  search: 'Video ara',
  topics: { SALES: 'Satış', PRESCRIPTION: 'Reçete', E_INVOICE: 'E-Fatura', CASH_BANK: 'Kasa/Banka', CURRENTS: 'Cari Hesaplar', STOCK: 'Ürün ve Stok', POS: 'POS', SETTINGS: 'Ayarlar' },
  duration: 'Süre: {{duration}}',
  watch: 'İzle',
  openNew: 'Yeni sekmede aç',
  steps: 'Adımlar',
  close: 'Kapat',
  none: 'Aramanıza uyan video yok.',
  offline: 'İnternet bağlantısı yok: videolar izlenemez. Adımları yazılı olarak okuyabilirsiniz.',
  unplayable: 'Bu video şu anda oynatılamıyor (video sunucusuna ulaşılamadı). Aşağıdaki adımları izleyebilirsiniz.',
};

export const helpEn: typeof helpTr = {
  title: 'Help videos',
  intro: 'Short videos that show Tezgah step by step. The steps of each video are written below it too.',
  topic: 'Topic',
  allTopics: 'All topics',
  search: 'Search videos',
  topics: { SALES: 'Sales', PRESCRIPTION: 'Prescriptions', E_INVOICE: 'E-invoice', CASH_BANK: 'Cash/Bank', CURRENTS: 'Current accounts', STOCK: 'Products and stock', POS: 'POS', SETTINGS: 'Settings' },
  duration: 'Length: {{duration}}',
  watch: 'Watch',
  openNew: 'Open in a new tab',
  steps: 'Steps',
  close: 'Close',
  none: 'No video matches your search.',
  offline: 'No internet connection: the videos cannot be watched. You can read their steps.',
  unplayable: 'This video cannot be played right now (the video server could not be reached). You can follow the steps below.',
};

export const userSettingsTr = {
  title: 'Yönetim Kullanıcı Ayarları',
  list: 'Kullanıcı ayarları listesi',
  login: 'Kullanıcı adı', name: 'Ad Soyad', email: 'E-posta', language: 'Dil', defaultCompany: 'Varsayılan şirket', companies: 'Şirket sayısı',
  state: 'Durum', activeTag: 'Aktif', passiveTag: 'Pasif', active: 'Aktif kullanıcı', company: 'Şirket', allCompanies: 'Tüm şirketler', allStates: 'Tüm durumlar',
  edit: '{{login}} kullanıcısının ayarları',
  updated: 'Kullanıcı ayarları güncellendi.',
  selfHint: 'Kendi hesabınızı pasife alamazsınız.',
  languages: { tr: 'Türkçe', en: 'İngilizce', fr: 'Fransızca', ru: 'Rusça', zh: 'Çince' },
};

export const userSettingsEn: typeof userSettingsTr = {
  title: 'Management user settings',
  list: 'User settings list',
  login: 'User name', name: 'Name', email: 'E-mail', language: 'Language', defaultCompany: 'Default company', companies: 'Companies',
  state: 'State', activeTag: 'Active', passiveTag: 'Passive', active: 'Active user', company: 'Company', allCompanies: 'All companies', allStates: 'All states',
  edit: 'Settings of {{login}}',
  updated: 'User settings updated.',
  selfHint: 'You cannot set your own account passive.',
  languages: { tr: 'Turkish', en: 'English', fr: 'French', ru: 'Russian', zh: 'Chinese' },
};
