/**
 * Drug tracking (İTS, İlaç Takip Sistemi) and medical-device tracking (ÜTS, Ürün Takip Sistemi)
 * as the server and the workbench share them (issue 12; seeds 001 §3 drug-tracking item, §7
 * gateway and drug-tracking payloads, §8 texts).
 *
 * İTS answers every product of a notification with a 5-digit result code `uc`; '00000' is
 * success. The Turkish messages below are İTS's own wording as public client code carries it
 * (the error-code dictionary of a Logo ITS plugin, ../shared/research/outside-systems.md "ITS
 * notes"), with the Turkish letters restored.
 */

/** İTS result codes (uc) and İTS's Turkish messages. */
export const ITS_UC_MESSAGES: Record<string, string> = {
  '00000': 'Ürün üzerinde gerçekleştirilen işlem başarılıdır.',
  '10007': 'Bu sıra numarası zaten kayıtlı!',
  '10201': 'Belirtilen ürün sistemimizde kayıtlı değildir.',
  '10202': 'Ürünün son kullanma tarihi geçmiştir. (Hastaya verilemez.)',
  '10203': 'Ürün bilgileri tutarsız.',
  '10204': 'Belirtilen ürün önceden satılmıştır.',
  '10205': 'Bu ürünün satışı yasaklanmıştır.',
  '10207': 'Bu ürün önceden ihraç edilmiştir.',
  '10209': 'Ürün şu anda başka bir eczane stokunda görünüyor.',
  '10210': 'Ürün stokunuzda görünüyor.',
  '10211': 'Ürün stokunuzda görünmüyor!',
  '10219': 'Belirtilen ürün tarafınızdan satılmamıştır.',
  '10221': 'Ürünün satışı iptal edilemez.',
  '10222': 'Ürün üzerinize kayıtlı değil.',
  '10223': 'Ürün üzerinize kayıtlı görünüyor.',
  '10303': 'Belirtilen ürün üzerinize kayıtlıdır.',
  '10305': 'Belirtilen ürün başka bir paydaş üzerine kayıtlıdır.',
  '10308': 'Belirtilen ürün başka bir eczane üzerine kayıtlıdır.',
  '11021': 'Bildirim türü yanlış.',
  '11027': 'Bu reçete kayıt numarası zaten kayıtlı.',
  '11030': 'Belirtilen reçete kayıt numarasına satış bildirimi yapılmamıştır.',
  '11035': 'Ürüne ait son kullanım tarihi (XD) formatı uyumsuz.',
  '11037': 'Ürüne ait GTIN numarası formatı uyumsuz.',
  '11039': 'Kullanıcı adının ilk 13 hanesi GLN ile aynı olmalıdır.',
  '11040': '(PRODUCTS) içerisinde (PRODUCT) bilgileri girilmemiş.',
  '40004': 'Ürün tarafınızdan satılmıştır.',
  '40006': 'Ürünün son kullanma tarihi geçmiştir.',
};

export const ITS_UC = {
  SUCCESS: '00000',
  NOT_REGISTERED: '10201',
  ALREADY_SOLD: '10204',
  IN_ANOTHER_PHARMACY: '10209',
  IN_YOUR_STOCK: '10210',
  NOT_IN_YOUR_STOCK: '10211',
  NOT_SOLD_BY_YOU: '10219',
  PRESCRIPTION_REGISTERED: '11027',
  SOLD_BY_YOU: '40004',
} as const;

/** İTS's message for a result code (the code itself when İTS's dictionary does not name it). */
export function itsUcMessage(uc: string | null | undefined): string | null {
  if (!uc) return null;
  return ITS_UC_MESSAGES[uc] ?? `İTS sonuç kodu ${uc}`;
}

/** The retail buyer's GLN on an İTS sale: 13 zeros (a sale to the consumer, elden satış). */
export const ITS_CONSUMER_GLN = '0000000000000';

/**
 * The gateway's targets (seeds 001 §7: POST its/request {path, data}) and the İTS REST paths they
 * go to (İTS's "RESTAPI servis adres listesi", as client code shows it).
 */
export const ITS_TARGETS = {
  pharmacysale: '/prescription/app/pharmacysale',
  pharmacysalecancel: '/prescription/app/pharmacysalecancel',
  accept: '/common/app/accept',
  check_status: '/reference/app/check_status',
  verification: '/reference/app/verification',
  errorcode: '/reference/app/errorcode',
} as const;
export type ItsTarget = keyof typeof ITS_TARGETS;

/** A target as the client names it: the short name, or İTS's path (with or without the leading slash). */
export function itsTargetOf(path: string): ItsTarget | null {
  const p = path.trim().replace(/^\/+/, '').replace(/\/+$/, '').toLowerCase();
  for (const [name, full] of Object.entries(ITS_TARGETS) as [ItsTarget, string][]) {
    if (p === name || p === full.slice(1) || p === full.slice(1).split('/').pop()) return name;
  }
  const alias: Record<string, ItsTarget> = { 'sale': 'pharmacysale', 'sale-cancel': 'pharmacysalecancel', 'salecancel': 'pharmacysalecancel', 'check-status': 'check_status', 'checkstatus': 'check_status', 'error-code': 'errorcode' };
  return alias[p] ?? null;
}

/** The ÜTS targets of POST uts/request {path, values} (seeds 001 §7) and ÜTS's REST paths. */
export const UTS_TARGETS = {
  /** Single-product query (tekil ürün sorgulama). */
  tekilUrunSorgula: '/UTS/uh/rest/tekilUrun/sorgula',
  /** Receipt notification (alma bildirimi). */
  almaBildirimi: '/UTS/uh/rest/bildirim/alma/ekle',
  /** Hand-over-to-consumer notification (tüketiciye verme bildirimi): through the outbox. */
  tuketiciyeVermeBildirimi: '/UTS/uh/rest/bildirim/tuketiciyeVerme/ekle',
} as const;
export type UtsTarget = keyof typeof UTS_TARGETS;

export function utsTargetOf(path: string): UtsTarget | null {
  const p = path.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  const lower = p.toLowerCase();
  for (const [name, full] of Object.entries(UTS_TARGETS) as [UtsTarget, string][]) {
    const f = full.slice(1).toLowerCase();
    if (lower === name.toLowerCase() || lower === f || f.endsWith(`/${lower}`)) return name;
  }
  if (lower === 'urunsorgula' || lower.endsWith('tibbicihaz/urunsorgula')) return 'tekilUrunSorgula';
  return null;
}

/** The notifications that must not be lost, each a row of the tracking outbox. */
export const TRACKING_NOTIFICATION_KINDS = ['ITS_SALE', 'ITS_SALE_CANCEL', 'ITS_ACCEPT', 'UTS_HANDOVER'] as const;
export type TrackingNotificationKind = (typeof TRACKING_NOTIFICATION_KINDS)[number];
export const TRACKING_NOTIFICATION_LABELS: Record<TrackingNotificationKind, { tr: string; en: string }> = {
  ITS_SALE: { tr: 'İTS satış bildirimi', en: 'İTS sale notification' },
  ITS_SALE_CANCEL: { tr: 'İTS satış iptal bildirimi', en: 'İTS sale cancellation' },
  ITS_ACCEPT: { tr: 'İTS mal kabul bildirimi', en: 'İTS acceptance' },
  UTS_HANDOVER: { tr: 'ÜTS tüketiciye verme bildirimi', en: 'ÜTS hand-over to consumer' },
};

/** An outbox row's state: waiting to be delivered (also between retries), delivered, or given up / refused. */
export const OUTBOX_STATES = ['WAITING', 'SENT', 'FAILED'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const OUTBOX_STATE_LABELS: Record<OutboxState, { tr: string; en: string }> = {
  WAITING: { tr: 'Gönderilmeyi bekliyor', en: 'Waiting' },
  SENT: { tr: 'Gönderildi', en: 'Sent' },
  FAILED: { tr: 'Gönderilemedi', en: 'Failed' },
};

/** Texts of the drug-tracking screens (seeds 001 §5 rule, §8 success messages). */
export const TRACKING_TEXTS = {
  QR_REQUIRED: 'İlaç takip karekodu zorunludur.',
  QR_INVALID: 'Karekod okunamadı: 01 + 13 haneli barkod, 21 + seri no, 17 + son kullanma tarihi ve 10 + parti no içermelidir.',
  UTS_PRODUCT_RECEIVED: 'ÜTS ürün alma bildirimi yapıldı.',
  UTS_SALE_NOTIFIED: 'ÜTS satış (tüketiciye verme) bildirimi yapıldı.',
  ITS_SALE_QUEUED: 'İTS satış bildirimi sıraya alındı.',
  ITS_CANCEL_QUEUED: 'İTS satış iptal bildirimi sıraya alındı.',
  UNKNOWN_BOX_NOTE: "Tezgah'a girişi yapılmamış kutu",
} as const;
