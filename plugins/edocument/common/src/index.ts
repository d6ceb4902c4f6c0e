/**
 * @tezgah/edocument-common: what the e-document plugin's server, workbench and CLI share — the
 * statuses with their steps, colours and Turkish labels (seeds 001 §4), the lists' simplified set,
 * the profiles and invoice types (seeds 001 §9), the series rule, and the API paths.
 */

export const EDOC_STATUSES = ['CONTROL', 'PREVIEW', 'SENDING', 'SUCCESS', 'FAILURE', 'CANCEL', 'UNKNOWN'] as const;
export type EDocumentStatus = (typeof EDOC_STATUSES)[number];

/** The check dialog's step of each status: control 0, preview 1, status 2. */
export const EDOC_STEP: Record<EDocumentStatus, 0 | 1 | 2> = {
  CONTROL: 0, PREVIEW: 1, SENDING: 2, SUCCESS: 2, FAILURE: 2, CANCEL: 2, UNKNOWN: 2,
};

/** Blueprint intents (colours) of the statuses. */
export const EDOC_INTENT: Record<EDocumentStatus, 'none' | 'primary' | 'success' | 'warning' | 'danger'> = {
  CONTROL: 'none', PREVIEW: 'primary', SENDING: 'warning', SUCCESS: 'success', FAILURE: 'danger', CANCEL: 'none', UNKNOWN: 'danger',
};

export const EDOC_STATUS_LABEL: Record<EDocumentStatus, { tr: string; en: string }> = {
  CONTROL: { tr: 'Kontrol', en: 'Check' },
  PREVIEW: { tr: 'Önizleme', en: 'Preview' },
  SENDING: { tr: 'Gönderiliyor', en: 'Sending' },
  SUCCESS: { tr: 'Başarılı', en: 'Success' },
  FAILURE: { tr: 'Hatalı', en: 'Failure' },
  CANCEL: { tr: 'İptal', en: 'Cancelled' },
  UNKNOWN: { tr: 'Bilinmiyor', en: 'Unknown' },
};

/** The lists' simplified set (seeds 001 §4): success, sending, failure, cancel. */
export type EDocumentListStatus = 'SUCCESS' | 'SENDING' | 'FAILURE' | 'CANCEL';
export function listStatusOf(s: EDocumentStatus): EDocumentListStatus {
  if (s === 'SUCCESS') return 'SUCCESS';
  if (s === 'CANCEL') return 'CANCEL';
  if (s === 'FAILURE' || s === 'UNKNOWN') return 'FAILURE';
  return 'SENDING';
}
export function statusesOfListStatus(s: EDocumentListStatus): EDocumentStatus[] {
  return EDOC_STATUSES.filter((x) => listStatusOf(x) === s);
}

export type EDocumentCategory = 'EINVOICE' | 'EARCHIVE' | 'EDESPATCH';
export const EDOC_CATEGORY_LABEL: Record<EDocumentCategory, { tr: string; en: string }> = {
  EINVOICE: { tr: 'e-Fatura', en: 'e-Invoice' },
  EARCHIVE: { tr: 'e-Arşiv', en: 'e-Archive' },
  EDESPATCH: { tr: 'e-İrsaliye', en: 'e-Despatch' },
};

/** Invoice profiles (senaryo) and what the seeds call them (001 §9). */
export const INVOICE_PROFILES = {
  TEMELFATURA: { key: 'eInvoice', tr: 'Temel fatura' },
  TICARIFATURA: { key: 'eCommerce', tr: 'Ticari fatura' },
  YOLCUBERABERFATURA: { key: 'ePassenger', tr: 'Yolcu beraber fatura' },
  EARSIVFATURA: { key: 'eArchive', tr: 'e-Arşiv fatura' },
  IHRACAT: { key: 'eExport', tr: 'İhracat faturası' },
} as const;
export type InvoiceProfile = keyof typeof INVOICE_PROFILES;

/** Invoice types (fatura tipi) and their seed names. */
export const INVOICE_TYPE_CODES = {
  SATIS: { key: 'SALES', tr: 'Satış' },
  IADE: { key: 'RETURN', tr: 'İade' },
  TEVKIFAT: { key: 'WITH_HOLDING', tr: 'Tevkifat' },
  ISTISNA: { key: 'EXCEPTION', tr: 'İstisna' },
  OZELMATRAH: { key: 'PRIVATE_TAX_ASSESSMENT', tr: 'Özel matrah' },
  IHRACKAYITLI: { key: 'EXPORT_REGISTERED', tr: 'İhraç kayıtlı' },
} as const;
export type InvoiceTypeCode = keyof typeof INVOICE_TYPE_CODES;

/**
 * The types each profile allows (GİB's rules as the plugin applies them): an export invoice is an
 * exception (ISTISNA), a tax-free passenger invoice too; a return (IADE) goes as TEMELFATURA.
 */
export const PROFILE_TYPES: Record<InvoiceProfile, InvoiceTypeCode[]> = {
  TEMELFATURA: ['SATIS', 'IADE', 'TEVKIFAT', 'ISTISNA', 'OZELMATRAH', 'IHRACKAYITLI'],
  TICARIFATURA: ['SATIS', 'TEVKIFAT', 'ISTISNA', 'OZELMATRAH', 'IHRACKAYITLI'],
  YOLCUBERABERFATURA: ['ISTISNA'],
  IHRACAT: ['ISTISNA'],
  EARSIVFATURA: ['SATIS', 'IADE', 'TEVKIFAT', 'ISTISNA', 'OZELMATRAH', 'IHRACKAYITLI'],
};

/** A GİB series: three capital letters or digits, no Turkish letters. */
export const PREFIX_PATTERN = /^[A-Z0-9]{3}$/;
/** A GİB document number: series + year + 9-digit sequence (16 characters). */
export const DOCUMENT_NO_PATTERN = /^[A-Z0-9]{3}[0-9]{4}[0-9]{9}$/;
export function documentNo(prefix: string, year: number, sequence: number): string {
  return `${prefix}${year}${String(sequence).padStart(9, '0')}`;
}

/** Days after its date past which cancelling an e-Arşiv invoice is not recommended by law. */
export const EARCHIVE_CANCEL_DAYS = 7;
export const EARCHIVE_CANCEL_WARNING = {
  tr: 'e-Arşiv faturasının düzenlenmesinden 7 gün geçtikten sonra iptal edilmesi mevzuat gereği önerilmez; sorumluluk mükellefe aittir.',
  en: 'Cancelling an e-archive invoice more than 7 days after its date is not recommended by law; the taxpayer bears the responsibility.',
};

/** Days within which an incoming TICARIFATURA may be answered (KABUL / RED). */
export const ANSWER_DAYS = 8;

export const EDOC_API = '/services/onmuhasebe/api';
