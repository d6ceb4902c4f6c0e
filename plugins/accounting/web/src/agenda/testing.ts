import { fakeServer, json, account, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as agenda } from './contribution';
import { area as periodic } from '../periodic/contribution';
import { today } from '../ledger/model';
import type { AgendaDue, AgendaNote, AgendaRun } from './model';

const API = '/services/onmuhasebe/api';
export { API };
export const agendaPlugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, agenda, periodic]);
/** The agenda's view, create, update and delete, and note create. */
export const OWNER = ['15_1', '15_2', '15_3', '15_4', '15_36', '6_27'];

/** A day of the month the calendar opens on (this month). */
export const day = (n: number) => `${today().slice(0, 7)}-${String(n).padStart(2, '0')}`;

export const NOTE_1: AgendaNote = { id: 1, date: day(3), title: 'Banka görüşmesi', description: 'Kredi limiti', startDate: null, endDate: null, active: true, userId: 2, userLogin: 'muhasebe', createdAt: '2026-11-01T08:00:00.000Z' };
export const NOTE_2: AgendaNote = { ...NOTE_1, id: 2, date: day(10), title: 'Eski not', active: false };
export const DUE_1: AgendaDue = { kind: 'COLLECTION', date: day(5), amount: 1200, currencyCode: 'TRY', invoiceId: 5, documentNo: 'DMT2026000000005', dueId: 9, periodNumber: 1, instalmentCount: 1, chequeId: null, currentName: 'Ayşe Yılmaz' };
export const RUN_1: AgendaRun = {
  id: 71, periodicProcessId: 7, processType: 'PERIODIC', processName: 'Aylık destek', invoiceType: 'SALE', currentName: 'Ayşe Yılmaz', periodNumber: 1,
  runDate: day(1), amount: null, status: 'PENDING', invoiceId: null, invoiceDocumentNo: null, transactionId: null, dueId: null, reason: null, attempts: 0, processedAt: null,
};

export function agendaServer(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  s.on(`GET ${API}/agenda`, () => json([NOTE_1, NOTE_2], { total: 2 }));
  s.on(`GET ${API}/agenda-transaction-payment-lines`, () => json([DUE_1]));
  s.on(`GET ${API}/agenda-periodic-process-lines`, () => json([RUN_1]));
  s.on(`GET ${API}/agenda-reminder-settings`, () => json({ enabled: true, email: null, lastSentOn: null }));
  s.on(`PUT ${API}/agenda-reminder-settings`, async (req) => json({ ...(await req.json()), email: null, lastSentOn: null }));
  s.on(`POST ${API}/agenda`, async (req) => json({ ...NOTE_1, ...(await req.json()), id: 3 }, { status: 201 }));
  s.on(`PUT ${API}/agenda`, async (req) => json({ ...NOTE_1, ...(await req.json()) }));
  s.on(`DELETE ${API}/agenda/{id}`, () => new Response(null, { status: 204 }));
  return s;
}
