/**
 * Prescriptions (seeds 001 §3 prescription type, version and colour; §4 prescription payment
 * statuses and the Medula progress steps).
 */
export const RECETE_TYPES = ['EPrescription', 'PreparedPrescription', 'NonPrescription', 'ManualPrescription'] as const;
export type ReceteType = (typeof RECETE_TYPES)[number];
export const RECETE_TYPE_LABELS: Record<ReceteType, { tr: string; en: string }> = {
  EPrescription: { tr: 'E-reçete', en: 'E-prescription' },
  PreparedPrescription: { tr: 'Hazır reçete', en: 'Prepared prescription' },
  NonPrescription: { tr: 'Reçetesiz', en: 'Without prescription' },
  ManualPrescription: { tr: 'Manuel reçete', en: 'Manual prescription' },
};

export const RECETE_VERSIONS = ['ORJ', 'FINAL'] as const;
export type ReceteVersion = (typeof RECETE_VERSIONS)[number];

/**
 * Prescription colours (seeds 001 §3): white (normal), without prescription, red, green, purple,
 * orange, intermediate product, controlled, restricted variants, normal, mandatory follow-up.
 * The SKRS e-prescription list names the colours Normal, Kırmızı, Yeşil, Mor, Turuncu.
 */
export const RECETE_COLORS = [
  'NORMAL', 'WHITE', 'NON_PRESCRIPTION', 'RED', 'GREEN', 'PURPLE', 'ORANGE', 'INTERMEDIATE_PRODUCT',
  'CONTROLLED', 'RESTRICTED_RED', 'RESTRICTED_GREEN', 'MANDATORY_FOLLOW_UP',
] as const;
export type ReceteColor = (typeof RECETE_COLORS)[number];
export const RECETE_COLOR_LABELS: Record<ReceteColor, { tr: string; en: string }> = {
  NORMAL: { tr: 'Normal', en: 'Normal' },
  WHITE: { tr: 'Beyaz', en: 'White' },
  NON_PRESCRIPTION: { tr: 'Reçetesiz', en: 'Without prescription' },
  RED: { tr: 'Kırmızı', en: 'Red' },
  GREEN: { tr: 'Yeşil', en: 'Green' },
  PURPLE: { tr: 'Mor', en: 'Purple' },
  ORANGE: { tr: 'Turuncu', en: 'Orange' },
  INTERMEDIATE_PRODUCT: { tr: 'Ara ürün', en: 'Intermediate product' },
  CONTROLLED: { tr: 'Kontrole tabi', en: 'Controlled' },
  RESTRICTED_RED: { tr: 'Kısıtlı kırmızı', en: 'Restricted red' },
  RESTRICTED_GREEN: { tr: 'Kısıtlı yeşil', en: 'Restricted green' },
  MANDATORY_FOLLOW_UP: { tr: 'Takibi zorunlu', en: 'Mandatory follow-up' },
};
/** The SKRS list's reçete türü → our colour. */
export const SKRS_COLOR: Record<string, ReceteColor> = { Normal: 'NORMAL', Kırmızı: 'RED', Yeşil: 'GREEN', Mor: 'PURPLE', Turuncu: 'ORANGE' };

export const PAYMENT_STATUSES = ['ON_CREDIT', 'COMPLETED', 'CANCEL', 'PENDING'] as const;
export type RecetePaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How the counter takes the patient's share (seeds 001 §7 unlink-invoice/{id}/{paymentType}). */
export const SALE_PAYMENT_TYPES = ['CASH', 'CREDIT_CARD', 'OPEN_ACCOUNT'] as const;
export type SalePaymentType = (typeof SALE_PAYMENT_TYPES)[number];

/** Patient share: by salary (the rules) or by hand (seeds 001 §3). */
export const SHARE_MODES = ['SALARY', 'MANUAL'] as const;
export type ShareMode = (typeof SHARE_MODES)[number];

/** Medula progress steps (seeds 001 §4), reported to the screen while a call runs. */
export const MEDULA_STEPS = {
  '0.1': { tr: 'Bağlanılıyor', en: 'Connecting' },
  '0.2': { tr: 'Reçete aranıyor', en: 'Searching prescription' },
  '0.3': { tr: 'Reçete getiriliyor', en: 'Fetching prescription' },
  '0.4': { tr: 'Reçete kaydediliyor', en: 'Saving prescription' },
  '0.5': { tr: 'Reçeteler listeleniyor', en: 'Listing prescriptions' },
  '0.6': { tr: 'Reçeteler hazırlanıyor', en: 'Preparing prescriptions' },
  '0.7': { tr: 'Giriş yapılıyor', en: 'Logging in' },
  '0.8': { tr: 'Raporlara ulaşılıyor', en: 'Reaching reports' },
  '0.9': { tr: 'Raporlar getiriliyor', en: 'Fetching reports' },
  '1': { tr: 'Bağlantı kontrol ediliyor', en: 'Checking connection' },
  '1.1': { tr: 'Reçete siliniyor', en: 'Deleting prescription' },
} as const;
export type MedulaStep = keyof typeof MEDULA_STEPS;

/** Medula login state (seeds 001 §4). */
export const LOGIN_STATES = ['LOGGED', 'NOT_LOGGED', 'ERROR'] as const;
export type MedulaLoginState = (typeof LOGIN_STATES)[number];
