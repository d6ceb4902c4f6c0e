import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: { journalBook: 'Yevmiye Defteri' },
  download: {
    label: 'Dosya olarak indir', xlsx: 'Excel', pdf: 'PDF', xlsxTitle: 'Excel (xlsx) olarak indir', pdfTitle: 'PDF olarak indir', done: '{{name}} indirildi.',
  },
  journal: {
    title: 'Yevmiye Defteri', table: 'Yevmiye defteri', entryNo: 'Yevmiye no', date: 'Tarih', documentNo: 'Belge no', accountAndExplanation: 'Hesap / açıklama',
    entryOf: '{{no}} numaralı yevmiye', broughtForward: 'Önceki sayfadan devreden', pageTotal: 'Sayfa toplamı', carriedForward: 'Nakli yekün',
    total: 'Genel toplam', empty: 'Bu tarihler arasında yevmiye fişi yok.', range: '{{start}} – {{end}} · {{count}} fiş',
    previous: 'Önceki sayfa', next: 'Sonraki sayfa', pageOf: 'Sayfa {{page}} / {{pages}}', pageSize: 'Sayfadaki fiş sayısı', perPage: '{{n}} fiş / sayfa',
  },
  statement: {
    tab: 'Hesap Ekstresi', title: 'Hesap ekstresi', lines: 'Ekstre satırları', date: 'Tarih', documentNo: 'Belge no', explanation: 'Açıklama', balance: 'Bakiye',
    opening: 'Devreden bakiye', closing: 'Kapanış bakiyesi', periodDebit: 'Dönem borç toplamı', periodCredit: 'Dönem alacak toplamı', totals: 'Ekstre toplamları',
    debtor: 'Borçlu', creditor: 'Alacaklı', empty: 'Bu tarihler arasında hareket yok.',
    startHint: 'Boş bırakılırsa ilk hareketten.', endHint: 'Boş bırakılırsa bugüne kadar.',
  },
};

const en: typeof tr = {
  menu: { journalBook: 'Journal book' },
  download: {
    label: 'Download as a file', xlsx: 'Excel', pdf: 'PDF', xlsxTitle: 'Download as Excel (xlsx)', pdfTitle: 'Download as PDF', done: '{{name}} downloaded.',
  },
  journal: {
    title: 'Journal book', table: 'Journal book', entryNo: 'Entry no', date: 'Date', documentNo: 'Document no', accountAndExplanation: 'Account / explanation',
    entryOf: 'Entry {{no}}', broughtForward: 'Brought forward', pageTotal: 'Page total', carriedForward: 'Carried forward',
    total: 'General total', empty: 'No journal entries between these dates.', range: '{{start}} – {{end}} · {{count}} entries',
    previous: 'Previous page', next: 'Next page', pageOf: 'Page {{page}} / {{pages}}', pageSize: 'Entries per page', perPage: '{{n}} entries / page',
  },
  statement: {
    tab: 'Account statement', title: 'Account statement', lines: 'Statement lines', date: 'Date', documentNo: 'Document no', explanation: 'Explanation', balance: 'Balance',
    opening: 'Balance brought forward', closing: 'Closing balance', periodDebit: 'Period debits', periodCredit: 'Period credits', totals: 'Statement totals',
    debtor: 'Owes', creditor: 'Is owed', empty: 'No movements between these dates.',
    startHint: 'Left empty, from the first movement.', endHint: 'Left empty, up to today.',
  },
};

const VIEW = { module: Module.ACCOUNTING_CODE, anyActions: [Action.VIEW] };

/**
 * The books as files (book-reports.yaml): the journal book (yevmiye defteri) under 'Muhasebe', the
 * texts of the Excel/PDF buttons the trial balance, the account statement and a current's
 * statement (Hesap Ekstresi tab) share.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.ledger,
    children: [{ id: 'journal-book', title: tr.menu.journalBook, titleKey: 'accounting:books.menu.journalBook', route: '/journal-book', icon: 'manual', order: 35, ...VIEW }],
  }],
  routes: [{ path: '/journal-book', ...VIEW, title: tr.menu.journalBook, titleKey: 'books.menu.journalBook' }],
  load: { routes: { '/journal-book': () => import('./JournalBookPage') } },
  messages: { tr: { books: tr }, en: { books: en } },
};
