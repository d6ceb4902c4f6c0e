/**
 * Payment links (virtual payments; issue 13 "Payment links"; seeds 001 §3 virtual payment, §7
 * POST virtual-payments/create → paymentUrl). Shared by the server and the workbench.
 */

/** A link's life: made at the provider, paid (its collection posted once), expired unpaid, deleted. */
export const VIRTUAL_PAYMENT_STATUSES = ['CREATED', 'PAID', 'EXPIRED', 'CANCELLED'] as const;
export type VirtualPaymentStatus = (typeof VIRTUAL_PAYMENT_STATUSES)[number];

export const VIRTUAL_PAYMENT_STATUS_LABELS_TR: Record<VirtualPaymentStatus, string> = {
  CREATED: 'Ödeme bekleniyor',
  PAID: 'Ödendi',
  EXPIRED: 'Süresi doldu',
  CANCELLED: 'İptal edildi',
};

/** Where the payment page is served: the sandbox of this server, or the live provider (PayTR). */
export const LINK_MODES = ['sandbox', 'live'] as const;
export type LinkMode = (typeof LINK_MODES)[number];

/** How long a link stays open when the person gives no expiry (our decision: 7 days). */
export const DEFAULT_LINK_DAYS = 7;

/** PayTR's limits on a link: name 4–200 characters, 1–12 installments (research "PayTR Link API"). */
export const LINK_NAME_MIN = 4;
export const LINK_NAME_MAX = 200;
export const LINK_MAX_INSTALLMENT = 12;

export const LINK_TEXTS_TR = {
  created: 'Ödeme linki oluşturuldu',
  noSettings: 'Ödeme linki için sanal POS (PayTR) üye işyeri bilgileri tanımlı değil.',
  noBankAccount: 'Online ödemelerin aktarılacağı banka hesabı (online ödeme hesabı) tanımlı değil.',
  providerDown: 'Ödeme sağlayıcısına ulaşılamadı; biraz sonra yeniden deneyin.',
  paidNoChange: 'Ödenmiş bir ödeme linki değiştirilemez ya da silinemez.',
} as const;
