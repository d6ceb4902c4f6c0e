import { sql } from 'kysely';
import { formatMoney } from '@tezgah/core';
import { inTenant, type Services } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { addDays, istanbulDate } from '../currencies/rates/dates';
import { duesBetween, type DueItem } from './agenda.handlers';

/** The daily job: each company's collections, payments and cheques coming due, by mail through the outbox. */
export const REMINDER_JOB = 'accounting.due-reminders';
/** How many days ahead the mail looks (today included). */
export const REMINDER_DAYS = 7;

const KIND_TEXT: Record<DueItem['kind'], string> = {
  COLLECTION: 'Tahsilat', PAYMENT: 'Ödeme', CHEQUE_RECEIVED: 'Alınan çek', CHEQUE_GIVEN: 'Verilen çek',
};
const day = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** The mail's text: one line per due, collections first within a day. */
export function reminderText(companyName: string, from: string, to: string, items: DueItem[]): string {
  const lines = items.map((x) => `${day(x.date)}  ${KIND_TEXT[x.kind].padEnd(12)} ${formatMoney(x.amount, x.currencyCode).padStart(16)}  ${x.currentName ?? ''}${x.documentNo ? ` (${x.documentNo}${x.instalmentCount && x.instalmentCount > 1 ? `, ${x.periodNumber}/${x.instalmentCount}. taksit` : ''})` : ''}`);
  return [
    `${companyName} için ${day(from)} – ${day(to)} arasında vadesi gelen tahsilat ve ödemeler:`,
    '',
    ...lines,
    '',
    'Bu hatırlatmayı Ajanda > Vade hatırlatma ayarından kapatabilirsiniz.',
  ].join('\n');
}

/**
 * Writes, for every active company whose setting is on (the default) and that has something
 * coming due in the next seven days, one mail a day into the outbox, in the company's own
 * transaction (its `last_sent_on` is set in the same one, so a retried or doubled run writes it
 * once). The day is the server's (`services.now`). Returns the companies mailed.
 */
export async function sendDueReminders(services: Services): Promise<number[]> {
  const today = istanbulDate(services.now());
  const until = addDays(today, REMINDER_DAYS - 1);
  const companies = await sql<{ id: number; name: string; email: string | null; owner_email: string | null }>`
    select c.id, c.name, c.email, u.email as owner_email
      from companies c left join users u on u.id = c.owner_id
     where c.active order by c.id`.execute(services.db);
  const mailed: number[] = [];
  for (const c of companies.rows) {
    const sent = await inTenant(services.db, c.id, async (trx) => {
      const d = trx as unknown as LedgerDb;
      const s = await d.selectFrom('due_reminder_settings').select(['enabled', 'email', 'last_sent_on']).where('company_id', '=', c.id).forUpdate().executeTakeFirst();
      if (s && (!s.enabled || s.last_sent_on === today)) return false;
      const to = s?.email ?? c.email ?? c.owner_email;
      if (!to) return false;
      const items = await duesBetween(d, c.id, today, until, { sale: true, buying: true, cheques: true });
      if (!items.length) return false;
      await services.mail.enqueue(trx, { to, subject: `Vadesi yaklaşan tahsilat ve ödemeler (${day(today)})`, text: reminderText(c.name, today, until, items) });
      await d.insertInto('due_reminder_settings').values({ company_id: c.id, last_sent_on: today, updated_at: new Date() })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ last_sent_on: today, updated_at: new Date() })).execute();
      return true;
    });
    if (sent) mailed.push(c.id);
  }
  if (mailed.length) await services.mail.flush();
  return mailed;
}
