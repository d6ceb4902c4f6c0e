import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: 'Çek', title: 'Çekler', titleOf: '{{number}} numaralı çek', add: 'Çek ekle', edit: 'Çeki düzenle', delete: 'Çeki sil', open: 'Aç', back: 'Listeye dön',
  notFound: 'Çek bulunamadı.', searchHint: 'Çek no, seri, keşideci, banka ya da cari', allDirections: 'Alınan ve verilen', allStates: 'Tüm durumlar',
  dueFrom: 'Vade başı', dueTo: 'Vade sonu', amountTry: 'TL karşılığı', where: 'Bulunduğu yer', endorsedTo: 'Ciro edilen', noBankAccount: 'Seçilmedi',
  rateOf: 'kur {{rate}}', details: 'Çek bilgileri', steps: 'İşlemler', saved: '{{number}} numaralı çek kaydedildi.',
  closed: 'Çek "{{state}}" durumunda; başka işlem yapılamaz.', noStepRight: 'Çek işlemleri için çek güncelleme yetkisi gerekir.',
  deleteDetail: 'Yalnızca girişinden sonra işlem görmemiş çek silinir; giriş fişi ters kayıtla iptal edilir, geçmişi kalır.',
  stepDone: '{{number}} numaralı çek: {{action}} kaydedildi ({{state}}).',
  directions: { IN: 'Alınan', OUT: 'Verilen' },
  states: {
    IN_PORTFOLIO: 'Portföyde', DEPOSITED_FOR_COLLECTION: 'Tahsile verildi', ENDORSED: 'Ciro edildi', COLLECTED: 'Tahsil edildi',
    GIVEN: 'Verildi', PAID: 'Ödendi', BOUNCED: 'Karşılıksız', RETURNED: 'İade edildi',
  },
  actions: { DEPOSIT: 'Tahsile ver', WITHDRAW: 'Tahsilden geri al', COLLECT: 'Tahsil et', ENDORSE: 'Ciro et', BOUNCE: 'Karşılıksız', RETURN: 'İade et', PAY: 'Ödendi olarak işle' },
  stepIntro: {
    DEPOSIT: '{{number}} numaralı {{amount}} {{currency}} tutarındaki çek tahsil edilmek üzere bankaya verilir.',
    WITHDRAW: '{{number}} numaralı çek {{bank}} hesabından portföye geri alınır.',
    COLLECT: '{{number}} numaralı {{amount}} {{currency}} tutarındaki çekin tahsil edildiği kaydedilir.',
    ENDORSE: '{{number}} numaralı {{amount}} {{currency}} tutarındaki çek bir cariye (ör. tedarikçiye) ciro edilir.',
    BOUNCE: '{{number}} numaralı çek karşılıksız çıktı: tutarı yeniden {{current}} borcuna yazılır.',
    RETURN: '{{number}} numaralı çek {{current}} carisine iade edilir.',
    PAY: '{{number}} numaralı verilen çekin bankadan ödendiği kaydedilir.',
  },
  /** A received cheque's bounce, and the steps of a bounced one (127 / 128 Tekdüzen). */
  stepIntroIn: {
    BOUNCE: '{{number}} numaralı çek karşılıksız çıktı: tutarı {{current}} adına karşılıksız çek alacağı olarak 127 Diğer Ticari Alacaklar hesabına yazılır.',
    COLLECT: '{{number}} numaralı karşılıksız çekin tutarı {{current}} tarafından bankaya ödendi: 127 / 128 hesabındaki alacak kapanır.',
    RETURN: '{{number}} numaralı karşılıksız çek {{current}} carisine iade edilir: alacak 127 / 128 hesabından carinin hesabına (120) aktarılır; ödemesi (nakit, havale, yeni çek) cariden tahsilat olarak kaydedilir.',
  },
  step: {
    date: 'İşlem tarihi', dateHint: 'Çekin son işleminin tarihinden ({{date}}) önce olamaz.', endorseTo: 'Ciro edilen cari',
    bank: { DEPOSIT: 'Tahsile verilen banka hesabı', COLLECT: 'Tahsil edilen banka hesabı', PAY: 'Ödeyen banka hesabı', WITHDRAW: 'Banka hesabı', ENDORSE: 'Banka hesabı', BOUNCE: 'Banka hesabı', RETURN: 'Banka hesabı' },
    bankHint: 'Çekin para biriminde ({{currency}}) bir banka hesabı.', payHint: 'Boş bırakılırsa çekin yazıldığı hesap: {{bank}}.',
    atBank: 'Çek {{bank}} hesabında; işlem o hesaba yapılır.',
    rateHint: 'Boş bırakılırsa o günün TCMB kuru kullanılır. Çek {{rate}} kurundan kayıtlı; aradaki fark kur farkı olarak 646 / 656 hesabına yazılır.',
    legalFollowUp: 'Kanuni takipte (şüpheli alacak)',
    legalFollowUpHint: 'Protesto edildi ya da icra takibinde: alacak 127 yerine 128 Şüpheli Ticari Alacaklar hesabına yazılır (VUK 323).',
  },
  fields: {
    direction: 'Yön', number: 'Çek no', code: 'Seri / kod', amount: 'Tutar ({{currency}})', amountShort: 'Tutar', currencyId: 'Para birimi', rate: 'Kur ({{currency}})',
    dateIn: 'Alış tarihi', dateOut: 'Veriliş tarihi', issueDate: 'Keşide tarihi', dueDate: 'Vade', bankName: 'Banka', bankColumn: 'Banka / şube', branchName: 'Şube',
    drawer: 'Keşideci', explanation: 'Açıklama', current: 'Cari', currentIn: 'Alındığı cari', currentOut: 'Verildiği cari', bankAccountId: 'Banka hesabı', state: 'Durum',
  },
  hints: { drawer: 'Çeki yazan, cariden farklıysa.', bankAccount: 'Çekin yazıldığı banka hesabımız (çekin para biriminde).' },
  summary: { title: 'Çek toplamları', inPortfolio: 'Portföyde', atBank: 'Tahsilde (bankada)', given: 'Verilen (ödenmemiş)', count: '{{count}} adet' },
  history: { title: 'Çek geçmişi', date: 'Tarih', action: 'İşlem', state: 'Yeni durum', party: 'Banka hesabı / cari', entryNo: 'Fiş no', by: 'Kullanıcı' },
  rules: {
    numberRequired: 'Çek numarası zorunludur.', amountRequired: 'Tutar zorunludur.', dueRequired: 'Vade tarihi zorunludur.',
    dueBeforeDate: 'Vade, çekin tarihinden önce olamaz.', currentRequired: 'Cari hesap seçiniz.',
    beforeLastStep: 'İşlem tarihi çekin son işleminin tarihinden ({{date}}) önce olamaz.', bankAccountRequired: 'Banka hesabını seçiniz.',
    endorseCurrentRequired: 'Çekin ciro edileceği cariyi seçiniz.', sameCurrent: 'Çek, alındığı cariye ciro edilmez; iade işlemini kullanın.',
  },
};

const en: typeof tr = {
  menu: 'Cheque', title: 'Cheques', titleOf: 'Cheque {{number}}', add: 'Add cheque', edit: 'Edit cheque', delete: 'Delete cheque', open: 'Open', back: 'Back to the list',
  notFound: 'Cheque not found.', searchHint: 'Cheque no, serial, drawer, bank or current', allDirections: 'Received and given', allStates: 'All states',
  dueFrom: 'Due from', dueTo: 'Due to', amountTry: 'In lira', where: 'Where', endorsedTo: 'Endorsed to', noBankAccount: 'Not chosen',
  rateOf: 'rate {{rate}}', details: 'Cheque details', steps: 'Steps', saved: 'Cheque {{number}} saved.',
  closed: 'The cheque is "{{state}}"; it takes no more steps.', noStepRight: 'The cheque steps need the cheque update authority.',
  deleteDetail: 'Only a cheque without steps after its entry is deleted; its entry is reversed, its history stays.',
  stepDone: 'Cheque {{number}}: {{action}} saved ({{state}}).',
  directions: { IN: 'Received', OUT: 'Given' },
  states: {
    IN_PORTFOLIO: 'In portfolio', DEPOSITED_FOR_COLLECTION: 'Deposited for collection', ENDORSED: 'Endorsed', COLLECTED: 'Collected',
    GIVEN: 'Given', PAID: 'Paid', BOUNCED: 'Bounced', RETURNED: 'Returned',
  },
  actions: { DEPOSIT: 'Deposit for collection', WITHDRAW: 'Withdraw', COLLECT: 'Collect', ENDORSE: 'Endorse', BOUNCE: 'Bounced', RETURN: 'Return', PAY: 'Mark as paid' },
  stepIntro: {
    DEPOSIT: 'Cheque {{number}} of {{amount}} {{currency}} is handed to a bank for collection.',
    WITHDRAW: 'Cheque {{number}} is taken back from {{bank}} into the portfolio.',
    COLLECT: 'Cheque {{number}} of {{amount}} {{currency}} is recorded as collected.',
    ENDORSE: 'Cheque {{number}} of {{amount}} {{currency}} is endorsed to a current (e.g. a supplier).',
    BOUNCE: 'Cheque {{number}} bounced: its amount is owed by {{current}} again.',
    RETURN: 'Cheque {{number}} is returned to {{current}}.',
    PAY: 'Given cheque {{number}} is recorded as paid by the bank.',
  },
  stepIntroIn: {
    BOUNCE: 'Cheque {{number}} bounced: {{current}} owes its amount as a bounced-cheque receivable in 127 Other Trade Receivables.',
    COLLECT: '{{current}} paid bounced cheque {{number}} into the bank: the receivable in 127 / 128 is closed.',
    RETURN: 'Bounced cheque {{number}} is handed back to {{current}}: the receivable moves from 127 / 128 to the current\'s own account (120), where its payment (cash, transfer, a new cheque) is recorded as a collection.',
  },
  step: {
    date: 'Date', dateHint: 'Not before the cheque\'s last step ({{date}}).', endorseTo: 'Endorse to',
    bank: { DEPOSIT: 'Bank account to deposit at', COLLECT: 'Bank account collected into', PAY: 'Paying bank account', WITHDRAW: 'Bank account', ENDORSE: 'Bank account', BOUNCE: 'Bank account', RETURN: 'Bank account' },
    bankHint: 'A bank account in the cheque\'s currency ({{currency}}).', payHint: 'Left empty, the account it is drawn on: {{bank}}.',
    atBank: 'The cheque is at {{bank}}; the step goes through that account.',
    rateHint: 'Left empty, TCMB\'s rate of the day is used. The cheque is carried at {{rate}}; the difference posts as an exchange difference to 646 / 656.',
    legalFollowUp: 'Under legal follow-up (doubtful receivable)',
    legalFollowUpHint: 'Protested or with the enforcement office: owed in 128 Doubtful Trade Receivables instead of 127 (VUK 323).',
  },
  fields: {
    direction: 'Direction', number: 'Cheque no', code: 'Serial / code', amount: 'Amount ({{currency}})', amountShort: 'Amount', currencyId: 'Currency', rate: 'Rate ({{currency}})',
    dateIn: 'Received on', dateOut: 'Given on', issueDate: 'Issue date', dueDate: 'Due date', bankName: 'Bank', bankColumn: 'Bank / branch', branchName: 'Branch',
    drawer: 'Drawer', explanation: 'Explanation', current: 'Current', currentIn: 'Received from', currentOut: 'Given to', bankAccountId: 'Bank account', state: 'State',
  },
  hints: { drawer: 'Who wrote it, when not the current.', bankAccount: 'Our bank account it is drawn on (in the cheque\'s currency).' },
  summary: { title: 'Cheque totals', inPortfolio: 'In portfolio', atBank: 'At the bank', given: 'Given (unpaid)', count: '{{count}} cheques' },
  history: { title: 'Cheque history', date: 'Date', action: 'Step', state: 'New state', party: 'Bank account / current', entryNo: 'Entry no', by: 'User' },
  rules: {
    numberRequired: 'The cheque number is required.', amountRequired: 'The amount is required.', dueRequired: 'The due date is required.',
    dueBeforeDate: 'The due date cannot be before the cheque\'s date.', currentRequired: 'Choose a current account.',
    beforeLastStep: 'The date cannot be before the cheque\'s last step ({{date}}).', bankAccountRequired: 'Choose the bank account.',
    endorseCurrentRequired: 'Choose the current to endorse to.', sameCurrent: 'A cheque is not endorsed to the current it came from; return it instead.',
  },
};

/** The cheques: view (1), received view (10) or given view (12) of the cheque module (4). */
const VIEW = { module: Module.CHECK, anyActions: [Action.VIEW, Action.RECEIVED_VIEW, Action.GIVEN_VIEW] };

/**
 * Cheques under 'Finans' (seeds 000 §2 "cheque", §3, §7 /checks): the portfolio by due date and a
 * cheque's page with its steps and history.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.finance,
    children: [{ id: 'cheque', title: tr.menu, titleKey: 'accounting:cheques.menu', route: '/cheque', icon: 'document', order: 50, ...VIEW, addButton: { module: Module.CHECK, action: Action.CREATE } }],
  }],
  routes: [
    { path: '/cheque', ...VIEW, title: tr.title, titleKey: 'cheques.title' },
    { path: '/cheque/:id', ...VIEW, title: tr.menu, titleKey: 'cheques.menu' },
  ],
  load: {
    routes: {
      '/cheque': () => import('./ChequesPage'),
      '/cheque/:id': () => import('./ChequeDetailPage'),
    },
  },
  messages: { tr: { cheques: tr }, en: { cheques: en } },
};
