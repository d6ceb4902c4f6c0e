import type { OutgoingState } from './types';

/**
 * izibiz's status codes and how they read as the port's states. The codes (STATUS_CODE, or a
 * numeric STATUS) and substatus names (STATUS 'SEND - SUCCEED' / 'SEND_SUCCEED') come from
 * izibiz's documentation (GetInvoiceStatus "Giden/Gelen Fatura Durumları", GetEArchiveStatus
 * "E-Arşiv Durumları", GetDespatchAdviceStatus "E-İrsaliye Durumları"); GİB's envelope codes
 * (GIB_STATUS_CODE 1000…1300) from the same pages.
 */

/** Outgoing e-Fatura / e-İrsaliye statuses: code → [substatus, description]. */
export const OUT_STATUSES: Record<string, [string, string]> = {
  '100': ['LOAD_SUCCEED', 'DURUM HENÜZ GÜNCELLENMEDİ'],
  '101': ['LOAD_SUCCEED', 'KUYRUĞA EKLENDİ'],
  '102': ['LOAD_PROCESSING', 'TASLAK İŞLENİYOR'],
  '103': ['PACKAGE_PROCESSING', 'PAKETLENİYOR'],
  '104': ['PACKAGE_SUCCEED', 'PAKETLENDİ'],
  '105': ['PACKAGE_FAILED', 'PAKETLEME HATASI'],
  '106': ['SIGN_PROCESSING', 'İMZALANIYOR'],
  '107': ['SIGN_SUCCEED', 'İMZALANDI'],
  '109': ['SEND_WAIT_GIB_RESPONSE', "GİB'DEN YANIT BEKLİYOR"],
  '110': ['SEND_WAIT_SYSTEM_RESPONSE', 'ALICIDAN YANIT BEKLİYOR'],
  '111': ['SEND_WAIT_APPLICATION_RESPONSE', 'ALICIDAN ONAY BEKLİYOR'],
  '112': ['ACCEPTED_SUCCEED', 'KABUL EDİLDİ'],
  '117': ['REJECTED_WAIT_SYSTEM_RESPONSE', 'RET EDİLDİ'],
  '120': ['REJECTED_SUCCEED', 'RET EDİLDİ'],
  '134': ['SEND_TIMEOUT', 'ZAMAN AŞIMI OLUŞTU'],
  '135': ['SEND_PROCESSING', 'GÖNDERİLİYOR'],
  '136': ['SEND_FAILED', 'GÖNDERME İŞLEMİ BAŞARISIZ'],
  '137': ['SEND_SUCCEED', 'GÖNDERİLDİ'],
  '139': ['AUTO_FAILED', 'OTOMATİK GÖNDERİM HATASI'],
  '140': ['LOAD_ID_ASSIGNED', 'FATURA NUMARASI ATANDI'],
  '141': ['LOAD_WAIT_ID_ASSIGNED', 'FATURA NUMARASI ATANMA BEKLENİYOR'],
};

/** Incoming e-Fatura statuses. */
export const IN_STATUSES: Record<string, [string, string]> = {
  '122': ['ACCEPTED_SUCCEED', 'KABUL EDİLDİ'],
  '123': ['ACCEPTED_PROCESSING', 'KABUL İŞLENİYOR'],
  '124': ['ACCEPT_GIB_RESPONSE', 'KABUL GİBDEN YANIT BEKLİYOR'],
  '125': ['ACCEPT_WAIT_SYSTEM_RESPONSE', 'KABUL ALICIDAN YANIT BEKLİYOR'],
  '126': ['ACCEPT_FAILED', 'KABUL İŞLEMİ BAŞARISIZ'],
  '127': ['REJECT_WAIT_SYSTEM_RESPONSE', 'RED ALICIDAN YANIT BEKLİYOR'],
  '128': ['REJECT_WAIT_GIB_RESPONSE', 'RED GİBDE YANIT BEKLİYOR'],
  '129': ['REJECT_PROCESSING', 'RED İŞLENİYOR'],
  '130': ['REJECT_SUCCEED', 'REDDEDİLDİ'],
  '131': ['REJECT_FAILED', 'RED İŞLEMİ BAŞARISIZ'],
  '132': ['RECEIVE_WAIT_APPLICATION_RESPONSE', 'ALINDI'],
  '133': ['RECEIVE_SUCCEED', 'ALINDI'],
  '134': ['RECEIVE_TIMEOUT', 'ZAMAN AŞIMI OLUŞTU'],
};

export const EARCHIVE_STATUSES: Record<string, string> = {
  '100': 'KUYRUĞA EKLENDİ',
  '105': 'TASLAK OLARAK EKLENDİ',
  '110': 'İŞLENİYOR',
  '120': 'RAPORLANACAK',
  '130': 'RAPORLANDI',
  '150': 'RAPORLANMADAN İPTAL EDİLDİ. RAPORLANMAYACAK.',
  '200': 'FATURA ID BULUNAMADI',
};

export const GIB_CODES: Record<string, string> = {
  '1000': 'ZARF KUYRUĞA EKLENDİ',
  '1100': 'ZARF İŞLENİYOR',
  '1150': 'SCHEMATRON KONTROL SONUCU HATALI',
  '1160': 'XML SEMA KONTROLÜNDEN GEÇEMEDİ',
  '1163': 'GÖNDERİLEN ZARF SİSTEMDE DAHA ÖNCE KAYITLI OLAN BİR FATURAYI İÇERMEKTEDİR',
  '1181': 'ADRES BULUNAMADI',
  '1200': 'ZARF BAŞARIYLA İŞLENDİ',
  '1220': 'HEDEFTEN SİSTEM YANITI GELMEDİ',
  '1300': 'BAŞARIYLA TAMAMLANDI',
};

const BY_SUBSTATUS_OUT = new Map(Object.entries(OUT_STATUSES).map(([code, [sub]]) => [sub, code] as const).reverse());
const BY_SUBSTATUS_IN = new Map(Object.entries(IN_STATUSES).map(([code, [sub]]) => [sub, code] as const));

/**
 * The numeric status code of an INVOICE_STATUS / header: STATUS_CODE when numeric, else a numeric
 * STATUS, else the code of STATUS read as a substatus name ('SEND - SUCCEED' → 137).
 */
export function statusCodeOf(statusCode: string | null, status: string | null, direction: 'IN' | 'OUT' = 'OUT'): string | null {
  if (statusCode && /^\d+$/.test(statusCode.trim())) return statusCode.trim();
  if (!status) return null;
  const s = status.trim();
  if (/^\d+$/.test(s)) return s;
  const name = s.toUpperCase().replace(/\s*-\s*/g, '_').replace(/\s+/g, '_');
  return (direction === 'IN' ? BY_SUBSTATUS_IN.get(name) ?? BY_SUBSTATUS_OUT.get(name) : BY_SUBSTATUS_OUT.get(name) ?? BY_SUBSTATUS_IN.get(name)) ?? null;
}

/** GİB codes after which the envelope is dead (the document must be sent again). */
export function gibFailed(gibCode: string | null): boolean {
  if (!gibCode || !/^\d+$/.test(gibCode)) return false;
  const n = Number(gibCode);
  return (n >= 1110 && n <= 1199) || n === 1215 || n === 1230;
}

/**
 * An e-Fatura's state. Outgoing: 112 ACCEPTED; 117/120 REJECTED; 111 WAITING_ANSWER (a
 * TICARIFATURA waiting for the buyer); 136/139 or a failed GİB code (1110…1199, 1215, 1230)
 * FAILURE; 137 SEND_SUCCEED or GİB 1300 SUCCESS; anything else (100…110, 134, 135, 140, 141,
 * GİB 1000/1100/1200/1210/1220) PROCESSING. Incoming: 122 ACCEPTED, 130 REJECTED, 133 SUCCESS,
 * 132 and 123…131 WAITING_ANSWER.
 */
export function invoiceState(code: string | null, gibCode: string | null, direction: 'IN' | 'OUT' = 'OUT'): OutgoingState {
  if (direction === 'IN') {
    if (code === '122') return 'ACCEPTED';
    if (code === '130') return 'REJECTED';
    if (code === '133') return 'SUCCESS';
    if (code && /^(12[3-9]|13[12])$/.test(code)) return 'WAITING_ANSWER';
    return 'PROCESSING';
  }
  if (code === '112') return 'ACCEPTED';
  if (code === '117' || code === '120') return 'REJECTED';
  if (code === '111') return 'WAITING_ANSWER';
  if (code === '136' || code === '139' || gibFailed(gibCode)) return 'FAILURE';
  if (code === '137' || gibCode === '1300') return 'SUCCESS';
  return 'PROCESSING';
}

/** An e-İrsaliye's state: 136 or a failed GİB code FAILURE; 137, 133 or GİB 1300 SUCCESS; else PROCESSING. */
export function despatchState(code: string | null, gibCode: string | null): OutgoingState {
  if (code === '136' || gibFailed(gibCode)) return 'FAILURE';
  if (code === '137' || code === '133' || gibCode === '1300') return 'SUCCESS';
  return 'PROCESSING';
}

/**
 * An e-Arşiv invoice's state (GetEArchiveStatus): 100/105/110 PROCESSING; 120 (to be reported)
 * and 130 (reported) SUCCESS; 150 CANCELLED; 200 (no such invoice) null.
 */
export function earchiveState(code: string | null): OutgoingState | null {
  switch (code) {
    case '120': case '130': return 'SUCCESS';
    case '150': return 'CANCELLED';
    case '200': return null;
    default: return 'PROCESSING';
  }
}
