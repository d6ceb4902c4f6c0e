import { Action } from '@tezgah/core';
import { mayIn, problems, requireAuth, type Auth, type RequestContext } from '@tezgah/server';
import { isDay } from '../ledger/posting';
import { CURRENT_TYPES, TYPE_MODULE, TYPE_NAME, type CurrentType } from '../currents/rules';

/**
 * The checks of the book reports' inputs, each a 400 naming its field in Turkish. The contract
 * gives these parameters as plain strings on purpose: the schema validator's own messages are
 * English, and these are what a person reads.
 */

export type FileFormat = 'xlsx' | 'pdf';

const DAY_NAMES: Record<string, string> = { startDate: 'başlangıç tarihi', endDate: 'bitiş tarihi', date: 'tarih' };

export function day(field: string, v: unknown): string {
  if (typeof v !== 'string' || !isDay(v)) {
    throw problems.invalidField(field, `Geçerli bir ${DAY_NAMES[field] ?? 'tarih'} girin (YYYY-AA-GG, örneğin 2026-01-31).`, 'DATE');
  }
  return v;
}

export function optionalDay(field: string, v: unknown): string | undefined {
  return v === undefined || v === '' ? undefined : day(field, v);
}

/** A period: both days valid, the end not before the start. */
export function range(start: string, end: string): { start: string; end: string } {
  if (end < start) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıç tarihinden önce olamaz.', 'DATE_RANGE');
  return { start, end };
}

export function period(q: { startDate?: unknown; endDate?: unknown }): { start: string; end: string } {
  return range(day('startDate', q.startDate), day('endDate', q.endDate));
}

export function fileFormat(v: unknown): FileFormat {
  if (v === 'xlsx' || v === 'pdf') return v;
  throw problems.invalidField('format', "Dosya biçimi 'xlsx' (Excel) ya da 'pdf' olmalı.", 'FORMAT');
}

export function level(v: unknown): number {
  if (v === undefined) return 3;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 9) {
    throw problems.invalidField('level', 'Mizan düzeyi 1 ile 9 arasında olmalı (1 sınıf, 2 grup, 3 hesap, 4 ve üstü alt hesaplar).', 'LEVEL');
  }
  return v;
}

const ACCOUNT = /^[1-9][0-9]{0,2}(-[0-9]{3})?(\.[0-9]{1,6})*$/;

export function accountCode(v: unknown): string {
  if (typeof v !== 'string' || v.length > 40 || !ACCOUNT.test(v)) {
    throw problems.invalidField('account', 'Geçerli bir hesap kodu girin (örneğin 100, 102.01, 120.001).', 'ACCOUNT_CODE');
  }
  return v;
}

export function currentType(v: unknown): CurrentType | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v === 'string' && (CURRENT_TYPES as readonly string[]).includes(v)) return v as CurrentType;
  throw problems.invalidField('type', 'Cari türü CUSTOMER (müşteri), SUPPLIER (tedarikçi), PERSONNEL (personel) ya da PARTNER (ortak) olmalı.', 'CURRENT_TYPE');
}

const VERB: Record<number, string> = { [Action.EXTRACT_VIEW]: 'ekstre görüntüleme', [Action.EXPORT]: 'dışa aktarma' };

const may = (auth: Auth, type: CurrentType, action: number) => mayIn(auth, TYPE_MODULE[type], action, auth.companyId);

/** The contract lets in a holder of any type's authority; this checks the current's own type. */
export function requireType(ctx: RequestContext, type: CurrentType, action: number): void {
  const auth = requireAuth(ctx);
  if (!may(auth, type, action)) {
    throw problems.forbidden(`${TYPE_NAME[type]} kayıtlarında ${VERB[action] ?? 'bu işlem için'} yetkiniz yok. Yetkiniz olduğunu düşünüyorsanız tekrar giriş yapın.`, 'MISSING_AUTHORITY');
  }
}

/** The types asked for (one, checked) or every type whose extract the caller may view. */
export function typesFor(ctx: RequestContext, type: CurrentType | undefined): CurrentType[] {
  if (type) {
    requireType(ctx, type, Action.EXTRACT_VIEW);
    return [type];
  }
  const auth = requireAuth(ctx);
  return CURRENT_TYPES.filter((t) => may(auth, t, Action.EXTRACT_VIEW));
}
