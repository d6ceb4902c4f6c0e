import { SEED_TEXTS, SEED_TEXTS_TR } from '@tezgah/core';

/**
 * Deposited medicines (emanet; seeds 001 §3 credit product, §4 states and the reload rule, §5
 * 'Please choose a medicine', §7 credit products, §8 'credit products saved/cancelled').
 *
 * A credit product is a medicine a pharmacy gives a patient (a current) before the prescription
 * that pays for it arrives — or records to give later:
 * - PENDING: recorded, not given yet (shown as 'Beklemede');
 * - ON_CREDIT: given on deposit ('Emanete verildi'); its box, when scanned, is DEPOSITED: still
 *   the pharmacy's stock until the prescription's sale;
 * - COMPLETED: the prescription came and was sold (the prescription is linked);
 * - CANCEL: taken back or given up; a deposited box returns to stock.
 */
export const CREDIT_PRODUCT_STATES = ['PENDING', 'ON_CREDIT', 'COMPLETED', 'CANCEL'] as const;
export type CreditProductState = (typeof CREDIT_PRODUCT_STATES)[number];
export const CREDIT_PRODUCT_STATE_LABELS: Record<CreditProductState, { tr: string; en: string }> = {
  PENDING: { tr: 'Beklemede', en: 'Pending' },
  ON_CREDIT: { tr: 'Emanete verildi', en: 'Given on deposit' },
  COMPLETED: { tr: 'Tamamlandı', en: 'Completed' },
  CANCEL: { tr: 'İptal edildi', en: 'Cancelled' },
};

/** The states still open (the list after a cancel is filtered to them: seeds 001 §4). */
export const OPEN_CREDIT_PRODUCT_STATES: readonly CreditProductState[] = ['PENDING', 'ON_CREDIT'];

/** Which state may follow which (COMPLETED and CANCEL are final). */
export const CREDIT_PRODUCT_MOVES: Record<CreditProductState, readonly CreditProductState[]> = {
  PENDING: ['ON_CREDIT', 'COMPLETED', 'CANCEL'],
  ON_CREDIT: ['COMPLETED', 'CANCEL'],
  COMPLETED: [],
  CANCEL: [],
};

export function canMoveCreditProduct(from: CreditProductState, to: CreditProductState): boolean {
  return from === to || CREDIT_PRODUCT_MOVES[from].includes(to);
}

/**
 * After a cancel the list reloads filtered to pending and on credit, stepping back one page if
 * the page it was on became empty (seeds 001 §4). `page` is zero-based; `total` the new total.
 */
export function pageAfterCancel(page: number, size: number, total: number): number {
  if (size <= 0) return 0;
  const last = Math.max(0, Math.ceil(total / size) - 1);
  return page > last ? Math.max(0, Math.min(page - 1, last)) : page;
}

export const EMANET_TEXTS = {
  /** Seeds 001 §5: the deposit sale page requires at least one medicine. */
  PLEASE_CHOOSE_MEDICINE: SEED_TEXTS_TR.PLEASE_CHOOSE_MEDICINE,
  PLEASE_CHOOSE_MEDICINE_EN: SEED_TEXTS.PLEASE_CHOOSE_MEDICINE,
  /** Seeds 001 §8: success after credit products saved / cancelled (our Turkish wording). */
  SAVED: 'Emanet ürünler kaydedildi.',
  CANCELLED: 'Emanet ürünler iptal edildi.',
  COMPLETED: 'Emanet ürünler tamamlandı.',
  NOT_FOUND: 'Emanet kaydı',
  BAD_QR: 'Karekod okunamadı; karekodu yeniden okutun.',
  QR_OTHER_MEDICINE: 'Karekod seçilen ilaca ait değil.',
  BAD_MOVE: 'Bu emanet kaydı bu duruma alınamaz.',
  DUE_BEFORE_GIVEN: 'Son tarih, veriliş tarihinden önce olamaz.',
  DELETE_OPEN: 'Emanete verilmiş ya da tamamlanmış kayıt silinemez; önce iptal edin.',
  QR_ONE_BOX: 'Karekodlu emanette adet 1 olmalıdır (her kutu ayrı okutulur).',
} as const;
