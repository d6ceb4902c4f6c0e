import { Action, Module } from '@tezgah/core';
import type { WebArea } from '../area';

const tr = {
  menu: 'Ajanda',
  title: 'Ajanda', loading: 'Yükleniyor…', previous: 'Önceki ay', next: 'Sonraki ay', thisMonth: 'Bu ay',
  months: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
  weekdays: ['Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt', 'Paz'],
  add: 'Not ekle', passive: 'pasif',
  kinds: { COLLECTION: 'Tahsilat', PAYMENT: 'Ödeme', CHEQUE_RECEIVED: 'Alınan çek', CHEQUE_GIVEN: 'Verilen çek' },
  run: 'Periyodik: {{name}}',
  legend: { notes: 'Notlar', dues: 'Vadeler', runs: 'Periyodik işlemler' },
  note: {
    newTitle: 'Yeni not', editTitle: 'Notu düzenle', date: 'Tarih', title: 'Başlık', description: 'Açıklama', active: 'Aktif',
    save: 'Kaydet', cancel: 'Vazgeç', delete: 'Sil', deleteDetail: 'Not silinecek.', saved: 'Not kaydedildi.', deleted: 'Not silindi.',
    titleRequired: 'Başlık yazın.', dateRequired: 'Geçerli bir tarih girin.', by: 'Yazan: {{login}}',
  },
  reminders: { label: 'Vade hatırlatma e-postası (her sabah, önümüzdeki 7 gün)', on: 'Vade hatırlatma açıldı.', off: 'Vade hatırlatma kapatıldı.' },
};

const en: typeof tr = {
  menu: 'Agenda',
  title: 'Agenda', loading: 'Loading…', previous: 'Previous month', next: 'Next month', thisMonth: 'This month',
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  add: 'Add note', passive: 'passive',
  kinds: { COLLECTION: 'Collection', PAYMENT: 'Payment', CHEQUE_RECEIVED: 'Cheque received', CHEQUE_GIVEN: 'Cheque given' },
  run: 'Periodic: {{name}}',
  legend: { notes: 'Notes', dues: 'Dues', runs: 'Periodic processes' },
  note: {
    newTitle: 'New note', editTitle: 'Edit note', date: 'Date', title: 'Title', description: 'Description', active: 'Active',
    save: 'Save', cancel: 'Cancel', delete: 'Delete', deleteDetail: 'The note will be deleted.', saved: 'The note was saved.', deleted: 'The note was deleted.',
    titleRequired: 'Write a title.', dateRequired: 'Enter a valid date.', by: 'By {{login}}',
  },
  reminders: { label: 'Due-reminder e-mail (every morning, the next 7 days)', on: 'Due reminders turned on.', off: 'Due reminders turned off.' },
};

const VIEW = { module: Module.AGENDA, anyActions: [Action.VIEW] };

/** The agenda (/agenda, seeds 000 §2 menu order 90): a month of notes, dues and periodic runs. */
export const area: WebArea = {
  menu: [{ id: 'agenda', title: tr.menu, titleKey: 'accounting:agenda.menu', route: '/agenda', icon: 'calendar', order: 90, reduced: true, ...VIEW }],
  routes: [{ path: '/agenda', ...VIEW, title: tr.menu, titleKey: 'agenda.menu' }],
  load: { routes: { '/agenda': () => import('./AgendaPage') } },
  messages: { tr: { agenda: tr }, en: { agenda: en } },
};
