import { problems, type RequestContext } from '@tezgah/server';

/** A calendar day (YYYY-MM-DD) that exists, or a 400 naming the field. */
export function dayOf(field: string, v: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v || Number(m[1]) < 1900 || Number(m[1]) > 2999) {
    throw problems.invalidField(field, 'Geçerli bir tarih girin (YYYY-AA-GG).', 'DATE');
  }
  return v;
}

/** Today as the server's clock has it (UTC day). */
export const todayOf = (ctx: RequestContext): string => ctx.services.now().toISOString().slice(0, 10);

/** A day moved by n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A period [startDate, endDate] from a query: both checked, in order, at most maxDays long; the default is the last `defaultDays` days. */
export function periodOf(ctx: RequestContext, q: { startDate?: string; endDate?: string }, defaultDays = 30, maxDays = 366): { startDate: string; endDate: string } {
  const endDate = q.endDate ? dayOf('endDate', q.endDate) : todayOf(ctx);
  const startDate = q.startDate ? dayOf('startDate', q.startDate) : addDays(endDate, -(defaultDays - 1));
  if (endDate < startDate) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıç tarihinden önce olamaz.', 'DATE_RANGE');
  if (addDays(startDate, maxDays - 1) < endDate) throw problems.invalidField('endDate', `Tarih aralığı en çok ${maxDays} gün olabilir.`, 'DATE_RANGE_TOO_LONG');
  return { startDate, endDate };
}
