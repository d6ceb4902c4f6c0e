import type { WebArea } from '../area';

/**
 * Missing invoices (eksik faturalar; issue 10): the "Eksik Faturalar" tab of a customer's page
 * (MissingInvoicesPanel, placed by currents/CurrentDetailPage). The area brings only its texts;
 * the list and the repair of every company are the server's and the CLI's
 * (`tezgah invoices missing|repair`).
 */
export const area: WebArea = {
  messages: {
    tr: {
      missingInvoices: {
        tab: 'Eksik Faturalar', title: 'Eksik faturalar', loading: 'Eksik faturalar yükleniyor…',
        none: 'Bu müşterinin faturası kesilmemiş satışı yok.',
        hint: 'Faturası kesilmemiş satışlar (ör. faturalanmamış giden irsaliyeler). Fatura, satışın tarihiyle kesilir.',
        columns: { source: 'Kaynak', documentNo: 'Belge no', date: 'Tarih', amount: 'Tutar', explanation: 'Açıklama' },
        create: 'Fatura oluştur', createOf: 'Fatura oluştur: {{no}}', createAll: 'Tümünü oluştur',
        created: '{{no}} için {{invoice}} numaralı fatura oluşturuldu.', already: '{{no}} için fatura zaten oluşturulmuş.',
        createdAll: '{{created}} fatura oluşturuldu.', failedAll: '{{failed}} satışın faturası oluşturulamadı: {{reason}}',
        unknownAmount: 'Fiyatı faturada belli olur',
      },
    },
    en: {
      missingInvoices: {
        tab: 'Missing invoices', title: 'Missing invoices', loading: 'Loading missing invoices…',
        none: 'This customer has no sale without an invoice.',
        hint: 'Sales recorded without an invoice (e.g. outgoing despatches not invoiced). The invoice is dated the day of the sale.',
        columns: { source: 'Source', documentNo: 'Document no', date: 'Date', amount: 'Amount', explanation: 'Explanation' },
        create: 'Create invoice', createOf: 'Create invoice: {{no}}', createAll: 'Create all',
        created: 'Invoice {{invoice}} was created for {{no}}.', already: 'The invoice for {{no}} had already been created.',
        createdAll: '{{created}} invoices were created.', failedAll: 'The invoice of {{failed}} sales could not be created: {{reason}}',
        unknownAmount: 'Priced on the invoice',
      },
    },
  },
};
