/**
 * Per-serial drug stock (issue 12): a QR-tracked box's state mirrors İTS. In stock: RECEIVED,
 * ACCEPTED, SALE_CANCELLED, DEPOSITED (given on emanet, still the pharmacy's until invoiced).
 * Out of stock: SOLD, RETURNED (sent back to the supplier).
 */
export const BOX_STATES = ['RECEIVED', 'ACCEPTED', 'SOLD', 'SALE_CANCELLED', 'DEPOSITED', 'RETURNED'] as const;
export type BoxState = (typeof BOX_STATES)[number];
export const IN_STOCK_STATES: readonly BoxState[] = ['RECEIVED', 'ACCEPTED', 'SALE_CANCELLED', 'DEPOSITED'];
export const BOX_STATE_LABELS: Record<BoxState, { tr: string; en: string }> = {
  RECEIVED: { tr: 'Alındı', en: 'Received' },
  ACCEPTED: { tr: 'Kabul edildi', en: 'Accepted' },
  SOLD: { tr: 'Satıldı', en: 'Sold' },
  SALE_CANCELLED: { tr: 'Satış iptal edildi', en: 'Sale cancelled' },
  DEPOSITED: { tr: 'Emanette', en: 'Deposited' },
  RETURNED: { tr: 'İade edildi', en: 'Returned' },
};
