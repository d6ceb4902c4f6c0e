/**
 * POS payments (seeds 001 §3 POS payment, §4 POS payment status): the statuses, the table of
 * allowed transitions and the three user actions.
 *
 * The seeds give the statuses but not the transitions ("full allowed transitions: not shown"):
 * the table below is our decision, made as a cloud-connected Android POS (Token X Connect Cloud
 * on a Beko terminal) really behaves:
 * - a payment is sent to the device (PENDING); the terminal shows it (ON_TERMINAL); the card is
 *   being read or the bank is being asked (INPROGRESS); the terminal reports a result: SUCCESS,
 *   FAILED (the bank declined: a response code), ABORTED (the cashier or customer cancelled it
 *   on the terminal). A result may arrive before we saw the steps before it (a lost callback, the
 *   polling fallback), so PENDING and ON_TERMINAL may jump straight to a result.
 * - "give up collecting" (CANCELLED) is possible while the terminal has not started reading the
 *   card (PENDING, ON_TERMINAL) and for a payment whose state we lost (UNKNOWN); once INPROGRESS
 *   the bank decides. A terminal that nevertheless reports a success after a give-up is believed
 *   (CANCELLED → SUCCESS): the money was taken, hiding it would be worse.
 * - UNKNOWN: the terminal did not answer in time (no callback and the polling found nothing); a
 *   late report moves it to what the terminal says. It is never sent again directly (the card
 *   might be charged twice): give up first, then send again.
 * - FAILED, ABORTED and CANCELLED may be sent to the device again (PENDING).
 * - a SUCCESS may be cancelled on the device (SALE_CANCEL_PENDING → SALE_CANCEL_ON_TERMINAL →
 *   SALE_CANCELLED when the terminal voided it; SALE_CANCEL_FAILED when it refused: the sale
 *   stayed successful, and may be tried again). SALE_CANCELLED → SALE_CANCEL_SUCCESS once the
 *   collection was also reversed in the books (the last state).
 */
export const POS_PAYMENT_STATUSES = [
  'PENDING', 'ON_TERMINAL', 'INPROGRESS', 'CANCELLED', 'FAILED', 'SUCCESS', 'ABORTED',
  'SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL', 'SALE_CANCEL_FAILED', 'SALE_CANCELLED', 'SALE_CANCEL_SUCCESS', 'UNKNOWN',
] as const;
export type PosPaymentStatus = (typeof POS_PAYMENT_STATUSES)[number];

/** From → the statuses it may move to (a status never "moves" to itself: a repeated report is a no-op). */
export const POS_TRANSITIONS: Readonly<Record<PosPaymentStatus, readonly PosPaymentStatus[]>> = {
  PENDING: ['ON_TERMINAL', 'INPROGRESS', 'SUCCESS', 'FAILED', 'ABORTED', 'CANCELLED', 'UNKNOWN'],
  ON_TERMINAL: ['INPROGRESS', 'SUCCESS', 'FAILED', 'ABORTED', 'CANCELLED', 'UNKNOWN'],
  INPROGRESS: ['SUCCESS', 'FAILED', 'ABORTED', 'UNKNOWN'],
  UNKNOWN: ['ON_TERMINAL', 'INPROGRESS', 'SUCCESS', 'FAILED', 'ABORTED', 'CANCELLED'],
  CANCELLED: ['PENDING', 'SUCCESS'],
  FAILED: ['PENDING'],
  ABORTED: ['PENDING'],
  SUCCESS: ['SALE_CANCEL_PENDING'],
  SALE_CANCEL_PENDING: ['SALE_CANCEL_ON_TERMINAL', 'SALE_CANCELLED', 'SALE_CANCEL_FAILED'],
  SALE_CANCEL_ON_TERMINAL: ['SALE_CANCELLED', 'SALE_CANCEL_FAILED'],
  SALE_CANCEL_FAILED: ['SALE_CANCEL_PENDING'],
  SALE_CANCELLED: ['SALE_CANCEL_SUCCESS'],
  SALE_CANCEL_SUCCESS: [],
};

export function isPosPaymentStatus(s: unknown): s is PosPaymentStatus {
  return typeof s === 'string' && (POS_PAYMENT_STATUSES as readonly string[]).includes(s);
}

export function canTransition(from: PosPaymentStatus, to: PosPaymentStatus): boolean {
  return POS_TRANSITIONS[from].includes(to);
}

/** The three user actions (PUT /pos-payments/update-status): the status each asks for. */
export const POS_USER_ACTIONS = {
  send: 'PENDING',
  giveUp: 'CANCELLED',
  cancelSale: 'SALE_CANCEL_PENDING',
} as const satisfies Record<string, PosPaymentStatus>;
export const POS_USER_TARGETS: readonly PosPaymentStatus[] = Object.values(POS_USER_ACTIONS);

/** The user actions a payment in this status offers (the /pos-payment page's buttons). */
export function userActions(status: PosPaymentStatus): (keyof typeof POS_USER_ACTIONS)[] {
  return (Object.entries(POS_USER_ACTIONS) as [keyof typeof POS_USER_ACTIONS, PosPaymentStatus][])
    .filter(([, to]) => canTransition(status, to)).map(([k]) => k);
}

/** Statuses in which the terminal still owes us an answer (the polling job looks at these). */
export const POS_OPEN_STATUSES: readonly PosPaymentStatus[] = ['PENDING', 'ON_TERMINAL', 'INPROGRESS', 'SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL'];

export const POS_PAYMENT_STATUS_LABELS: Record<PosPaymentStatus, { tr: string; en: string }> = {
  PENDING: { tr: 'Cihaza gönderildi', en: 'Sent to device' },
  ON_TERMINAL: { tr: 'Cihazda bekliyor', en: 'On terminal' },
  INPROGRESS: { tr: 'İşlemde', en: 'In progress' },
  CANCELLED: { tr: 'Vazgeçildi', en: 'Cancelled' },
  FAILED: { tr: 'Başarısız', en: 'Failed' },
  SUCCESS: { tr: 'Başarılı', en: 'Successful' },
  ABORTED: { tr: 'Cihazda iptal edildi', en: 'Aborted' },
  SALE_CANCEL_PENDING: { tr: 'İptal cihaza gönderildi', en: 'Cancellation sent' },
  SALE_CANCEL_ON_TERMINAL: { tr: 'İptal cihazda bekliyor', en: 'Cancellation on terminal' },
  SALE_CANCEL_FAILED: { tr: 'İptal başarısız (satış geçerli)', en: 'Cancellation failed (sale stands)' },
  SALE_CANCELLED: { tr: 'Satış iptal edildi', en: 'Sale cancelled' },
  SALE_CANCEL_SUCCESS: { tr: 'Satış iptali tamamlandı', en: 'Sale cancellation completed' },
  UNKNOWN: { tr: 'Bilinmiyor', en: 'Unknown' },
};

/** What a POS payment is for: an invoice's payment, a sale without prescription, a collection from a current's open account. */
export const POS_PAYMENT_KINDS = ['INVOICE', 'NON_PRESCRIPTION', 'OPEN_ACCOUNT'] as const;
export type PosPaymentKind = (typeof POS_PAYMENT_KINDS)[number];

/** Card types (seeds 001 §3). */
export const POS_CARD_TYPES = ['DEBIT', 'CREDIT'] as const;
export type PosCardType = (typeof POS_CARD_TYPES)[number];
export const POS_CARD_TYPE_LABELS: Record<PosCardType, { tr: string; en: string }> = {
  DEBIT: { tr: 'Banka kartı', en: 'Debit card' },
  CREDIT: { tr: 'Kredi kartı', en: 'Credit card' },
};

/** The payment-method labels (seeds 001 §9), with the POS plugin's own 'pos.device' method. */
export const PAYMENT_METHOD_LABELS = {
  CREDIT_CARD: { tr: 'Kredi kartı', en: 'Credit card' },
  CASH: { tr: 'Nakit', en: 'Cash' },
  PORTAL_CASH: { tr: 'Portal nakit', en: 'Portal cash' },
  FREE: { tr: 'Ücretsiz', en: 'Free' },
  OPEN_ACCOUNT: { tr: 'Açık hesap', en: 'Open account' },
  'pos.device': { tr: 'POS cihazı', en: 'POS device' },
} as const;

/** The payment method the POS plugin contributes to invoices (accounting.invoice.paymentMethods). */
export const POS_DEVICE_METHOD = 'pos.device';
