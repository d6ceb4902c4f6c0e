import { setTenant } from '@tezgah/server';
import type { AccountingArea } from '../area';
import type { LedgerDb } from '../ledger/accounts';
import { agendaHandlers } from './agenda.handlers';
import { REMINDER_JOB, sendDueReminders } from './reminders';

export { REMINDER_JOB } from './reminders';

/**
 * The agenda (issue 10): notes on a calendar, the calendar's feeds of dues and periodic runs, and
 * the daily due-reminder mail (every morning at 08:00 in Türkiye, on the kernel's job queue).
 */
export const area: AccountingArea = {
  handlers: agendaHandlers,
  /** Demo Ticaret A.Ş.'s calendar: the month's tax and bank appointments (December 2026). */
  async seedDemo(trx, demo) {
    const companyId = demo.companies.general;
    const userId = demo.users.muhasebe;
    if (userId === undefined) return;
    await setTenant(trx, companyId);
    await (trx as unknown as LedgerDb).insertInto('agenda_notes').values([
      { company_id: companyId, note_date: '2026-12-02', title: 'Garanti BBVA ile kredi limiti görüşmesi', start_at: '2026-12-02T07:00:00Z', end_at: '2026-12-02T08:00:00Z', user_id: userId, user_login: 'muhasebe' },
      { company_id: companyId, note_date: '2026-12-26', title: 'Kasım KDV beyannamesi son gün', description: 'KDV1 beyannamesi ve ödemesi.', user_id: userId, user_login: 'muhasebe' },
    ]).execute();
  },
  jobs: {
    [REMINDER_JOB]: { cron: '0 8 * * *', retryLimit: 3, retryDelaySeconds: 60, async handler(job) { await sendDueReminders(job.services); } },
  },
};
