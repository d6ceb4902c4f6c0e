import { AUTHORED_TEXTS, SEED_TEXTS } from '@tezgah/core';

/**
 * The POS screens' texts. The seeds' own words (seeds 001 §8: 'Internal Server Error' tells the
 * person to restart the desktop assistant) come from @tezgah/core.
 */
const tr = {
  menu: { payments: 'POS ödemeleri', devices: 'POS cihazları', assistant: 'Kolay Asistan', links: 'Ödeme linkleri' },
  common: {
    cancel: 'Vazgeç', close: 'Kapat', save: 'Kaydet', error: 'HATALI', add: 'Ekle', edit: 'Düzenle', remove: 'Sil', all: 'Tümü',
    previous: 'Önceki', next: 'Sonraki', page: 'Sayfa {{page}} / {{pages}}', total: 'Toplam: {{total}}', loading: 'Yükleniyor…',
    stored: 'kayıtlı', keepHint: 'Boş bırakılırsa kayıtlı değer korunur.', none: 'Kayıt yok.', saved: 'Kaydedildi.', deleted: 'Silindi.',
    removeConfirm: '{{name}} silinsin mi?', restartAssistant: AUTHORED_TEXTS.RESTART_ASSISTANT,
  },
  actions: {
    send: 'Cihaza gönder', giveUp: 'Tahsilattan vazgeç', cancelSale: 'İptali cihaza gönder',
    sendOf: 'Cihaza gönder: {{id}}', giveUpOf: 'Tahsilattan vazgeç: {{id}}', cancelSaleOf: 'İptali cihaza gönder: {{id}}',
    giveUpConfirm: '{{id}} numaralı ödemenin tahsilatından vazgeçilsin mi?', cancelSaleConfirm: '{{id}} numaralı başarılı satışın iptali cihaza gönderilsin mi? Tutar kartına iade edilir.',
    done: 'POS ödemesi güncellendi.',
  },
  payments: {
    title: 'POS ödemeleri', pending: 'Bekleyen ödemeler', recent: 'Son ödemeler', table: 'POS ödemeleri', pendingTable: 'Bekleyen POS ödemeleri',
    id: 'No', status: 'Durum', reason: 'Durum açıklaması', terminal: 'Cihaz seri no', customer: 'Müşteri', total: 'Tutar', updatedAt: 'Güncelleme', dueDate: 'Vade', invoice: 'Fatura', openInvoice: 'Fatura {{id}}', card: 'Kart', actions: 'İşlemler',
    live: 'Canlı: durumlar kendiliğinden güncellenir', noPending: 'Bekleyen ödeme yok.', none: 'POS ödemesi yok.', filter: 'Durum',
  },
  devices: {
    title: 'POS cihazları', table: 'POS cihazları', add: 'POS cihazı ekle', editOf: 'Düzenle: {{serial}}', removeOf: 'Sil: {{serial}}',
    serial: 'Terminal seri no', name: 'Cihaz adı', provider: 'Sağlayıcı', bankAccount: 'Bağlı banka hesabı', chooseBank: 'Banka hesabı seçin',
    credentials: 'Sağlayıcı bilgileri', appToken: 'Uygulama anahtarı (app token)', apiKey: 'API anahtarı', username: 'Kullanıcı adı', password: 'Şifre',
    mode: 'Bağlantı', modes: { sandbox: 'Deneme (simülatör)', live: 'Canlı' }, active: 'Etkin',
    dialogNew: 'Yeni POS cihazı', dialogEdit: 'POS cihazı · {{serial}}', serialNeeded: 'Terminal seri numarasını girin (4–32 harf, rakam ya da tire).', bankNeeded: 'Banka hesabını seçin.',
    nameNeeded: 'Cihaz adını girin.', passive: 'Pasif', saved: 'POS cihazı kaydedildi.', removed: 'POS cihazı silindi.', none: 'Tanımlı POS cihazı yok.',
  },
  links: {
    title: 'Ödeme linkleri', table: 'Ödeme linkleri', create: 'Ödeme linki oluştur', current: 'Cari', currentSearch: 'Cari ara', amount: 'Tutar', description: 'Açıklama',
    amountNeeded: 'Tutarı 123,45 biçiminde girin.', currentNeeded: 'Cariyi seçin.', descriptionNeeded: 'Açıklama en az 4 karakter olmalı.', descriptionHint: 'Ödeme sayfasında görünür (4–200 karakter).', created: 'Ödeme linki oluşturuldu.', url: 'Ödeme linki', copy: 'Linki kopyala', copied: 'Link kopyalandı.',
    status: 'Durum', createdAt: 'Oluşturma', paidAt: 'Ödeme', statuses: { CREATED: 'Ödeme bekleniyor', PAID: 'Ödendi', EXPIRED: 'Süresi doldu', CANCELLED: 'İptal edildi' },
    none: 'Ödeme linki yok.', open: 'Linki aç: {{id}}',
    settings: 'Sanal POS (ödeme sayfası) ayarları', mode: 'Bağlantı', merchantId: 'Mağaza no (merchant id)', merchantKey: 'Mağaza parolası (merchant key)', merchantSalt: 'Mağaza gizli anahtarı (merchant salt)',
    bankAccount: 'Tahsilatın aktarılacağı online ödeme hesabı', firstBank: 'İlk online ödeme hesabı', maxInstallment: 'En fazla taksit',
  },
  assistant: {
    title: 'Kolay Asistan', devices: 'Asistan cihazları', devicesTable: 'Asistan cihazları', connectors: 'Konnektör ayarları', connectorsTable: 'Konnektör ayarları',
    name: 'Bilgisayar adı', deviceId: 'Cihaz kimliği', version: 'Sürüm', lastSeen: 'Son görülme', lastVersion: 'Güncel sürüm: {{version}}', outdated: 'Güncelleme var',
    addDevice: 'Asistan cihazı ekle', addConnector: 'Konnektör ekle', removeOf: 'Sil: {{name}}', editOf: 'Düzenle: {{name}}',
    databaseType: 'Veritabanı türü', vendor: 'Eczane yazılımı', host: 'Sunucu', port: 'Port', databaseName: 'Veritabanı adı', username: 'Kullanıcı adı', password: 'Şifre',
    device: 'Asistan cihazı', noDevice: 'Seçilmedi', dialogConnector: 'Konnektör ayarı', dialogDevice: 'Asistan cihazı',
    saved: 'Kaydedildi.', removed: 'Konnektör silindi.', noDevices: 'Kayıtlı asistan cihazı yok.', noConnectors: 'Konnektör ayarı yok.', hostNeeded: 'Sunucu adresini girin.', nameNeeded: 'Bilgisayar adını ve cihaz kimliğini girin.',
    fieldsNeeded: 'Port, veritabanı adı ve kullanıcı adını girin.', download: 'İndir', reachable: 'Ulaşıldı', unreachable: 'Ulaşılamadı', check: 'Kontrol et', checkOf: 'Kontrol et: {{name}}',
  },
  counter: {
    device: 'POS cihazı', noDevice: 'Tanımlı POS cihazı yok.', payment: 'POS ödemesi:', amount: 'Hastanın ödeyeceği {{amount}}',
  },
  cardTypes: { CREDIT: 'Kredi kartı', DEBIT: 'Banka kartı', PREPAID: 'Ön ödemeli kart' },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
const en: Shape<typeof tr> = {
  menu: { payments: 'POS payments', devices: 'POS devices', assistant: 'Desktop assistant', links: 'Payment links' },
  common: {
    cancel: 'Cancel', close: 'Close', save: 'Save', error: 'ERROR', add: 'Add', edit: 'Edit', remove: 'Delete', all: 'All',
    previous: 'Previous', next: 'Next', page: 'Page {{page}} / {{pages}}', total: 'Total: {{total}}', loading: 'Loading…',
    stored: 'stored', keepHint: 'Left empty, the stored value stays.', none: 'Nothing here.', saved: 'Saved.', deleted: 'Deleted.',
    removeConfirm: 'Delete {{name}}?', restartAssistant: 'A server error occurred. Please restart the Kolay Asistan application.',
  },
  actions: {
    send: 'Send to the device', giveUp: 'Give up collecting', cancelSale: 'Send the cancellation to the device',
    sendOf: 'Send to the device: {{id}}', giveUpOf: 'Give up collecting: {{id}}', cancelSaleOf: 'Send the cancellation to the device: {{id}}',
    giveUpConfirm: 'Give up collecting payment {{id}}?', cancelSaleConfirm: 'Send the cancellation of the successful sale {{id}} to the device? The amount goes back to the card.',
    done: 'POS payment updated.',
  },
  payments: {
    title: 'POS payments', pending: 'Pending payments', recent: 'Recent payments', table: 'POS payments', pendingTable: 'Pending POS payments',
    id: 'No', status: 'Status', reason: 'Status reason', terminal: 'Terminal serial no', customer: 'Customer', total: 'Amount', updatedAt: 'Updated', dueDate: 'Due', invoice: 'Invoice', openInvoice: 'Invoice {{id}}', card: 'Card', actions: 'Actions',
    live: 'Live: the statuses update by themselves', noPending: 'No pending payments.', none: 'No POS payments.', filter: 'Status',
  },
  devices: {
    title: 'POS devices', table: 'POS devices', add: 'Add a POS device', editOf: 'Edit: {{serial}}', removeOf: 'Delete: {{serial}}',
    serial: 'Terminal serial no', name: 'Device name', provider: 'Provider', bankAccount: 'Settles into bank account', chooseBank: 'Choose a bank account',
    credentials: 'Provider credentials', appToken: 'App token', apiKey: 'API key', username: 'User name', password: 'Password',
    mode: 'Connection', modes: { sandbox: 'Trial (simulator)', live: 'Live' }, active: 'Active',
    dialogNew: 'New POS device', dialogEdit: 'POS device · {{serial}}', serialNeeded: 'Enter the terminal serial number (4–32 letters, digits or dashes).', bankNeeded: 'Choose the bank account.',
    nameNeeded: 'Enter the device name.', passive: 'Passive', saved: 'POS device saved.', removed: 'POS device deleted.', none: 'No POS devices.',
  },
  links: {
    title: 'Payment links', table: 'Payment links', create: 'Create a payment link', current: 'Current account', currentSearch: 'Search current accounts', amount: 'Amount', description: 'Description',
    amountNeeded: 'Enter the amount as 123,45.', currentNeeded: 'Choose the current account.', descriptionNeeded: 'The description needs at least 4 characters.', descriptionHint: 'Shown on the payment page (4–200 characters).', created: 'Payment link created.', url: 'Payment link', copy: 'Copy the link', copied: 'Link copied.',
    status: 'Status', createdAt: 'Created', paidAt: 'Paid', statuses: { CREATED: 'Awaiting payment', PAID: 'Paid', EXPIRED: 'Expired', CANCELLED: 'Cancelled' },
    none: 'No payment links.', open: 'Open the link: {{id}}',
    settings: 'Virtual POS (payment page) settings', mode: 'Connection', merchantId: 'Merchant id', merchantKey: 'Merchant key', merchantSalt: 'Merchant salt',
    bankAccount: 'Online payment account collections go to', firstBank: 'The first online payment account', maxInstallment: 'Most instalments',
  },
  assistant: {
    title: 'Desktop assistant', devices: 'Assistant devices', devicesTable: 'Assistant devices', connectors: 'Connector settings', connectorsTable: 'Connector settings',
    name: 'Computer name', deviceId: 'Device id', version: 'Version', lastSeen: 'Last seen', lastVersion: 'Latest version: {{version}}', outdated: 'Update available',
    addDevice: 'Add an assistant device', addConnector: 'Add a connector', removeOf: 'Delete: {{name}}', editOf: 'Edit: {{name}}',
    databaseType: 'Database type', vendor: 'Pharmacy software', host: 'Server', port: 'Port', databaseName: 'Database name', username: 'User name', password: 'Password',
    device: 'Assistant device', noDevice: 'Not chosen', dialogConnector: 'Connector setting', dialogDevice: 'Assistant device',
    saved: 'Saved.', removed: 'Connector deleted.', noDevices: 'No assistant devices.', noConnectors: 'No connector settings.', hostNeeded: 'Enter the server address.', nameNeeded: 'Enter the computer name and the device id.',
    fieldsNeeded: 'Enter the port, the database name and the user name.', download: 'Download', reachable: 'Reached', unreachable: 'Unreachable', check: 'Check', checkOf: 'Check: {{name}}',
  },
  counter: {
    device: 'POS device', noDevice: 'No POS devices.', payment: 'POS payment:', amount: 'The patient pays {{amount}}',
  },
  cardTypes: { CREDIT: 'Credit card', DEBIT: 'Debit card', PREPAID: 'Prepaid card' },
};

/** The seed's wire title that means "restart the desktop assistant" (seeds 001 §8). */
export const INTERNAL_SERVER_ERROR = SEED_TEXTS.INTERNAL_SERVER_ERROR_TITLE;

export const messages = { tr, en };
