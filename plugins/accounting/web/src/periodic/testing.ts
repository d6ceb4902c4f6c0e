import { json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as periodic } from './contribution';
import { area as invoices } from '../invoices/contribution';
import { API, invoiceServer } from '../invoices/testing';
import type { PeriodicLine, PeriodicProcessDetail } from './model';

/** Test data and routes for the periodic-process screens (over the invoices' fake server). */
export { API };
export const periodicPlugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, periodic, invoices]);
/** Periodic and instalment collection (6_26, 6_27) and payment (5_29, 5_30), invoices viewed. */
export const OWNER = ['6_1', '6_26', '6_27', '5_1', '5_29', '5_30', '11_1', '12_1'];

const line = (id: number, n: number, o: Partial<PeriodicLine>): PeriodicLine => ({
  id, periodicProcessId: 7, processType: 'PERIODIC', processName: 'Aylık destek', invoiceType: 'SALE', currentName: 'Ayşe Yılmaz', periodNumber: n,
  runDate: `2026-0${n}-01`, amount: null, status: 'PENDING', invoiceId: null, invoiceDocumentNo: null, transactionId: null, dueId: null, reason: null,
  attempts: 0, processedAt: null, ...o,
});

/** Process 7: a monthly recurring sale; period 1 made invoice 21, period 2 failed (no fiscal year), period 3 waits. */
export const PROCESS_7: PeriodicProcessDetail = {
  id: 7, processType: 'PERIODIC', invoiceType: 'SALE', name: 'Aylık destek', invoiceId: 5, invoiceDocumentNo: 'DMT2026000000005', currentId: 1,
  currentName: 'Ayşe Yılmaz', startDate: '2026-01-01', period: { type: 'MONTHLY', day: 1, count: 3 }, account: null, accountName: null, status: 'ACTIVE',
  lineCount: 3, pendingCount: 1, successCount: 1, failedCount: 1, createdBy: 'muhasebe', terminatedAt: null,
  lines: [
    line(71, 1, { status: 'SUCCESS', invoiceId: 21, invoiceDocumentNo: 'DMT2026000000021', amount: 1200, attempts: 1 }),
    line(72, 2, { status: 'FAILED', reason: 'Tanımlı mali yıl bulunamadı', attempts: 1 }),
    line(73, 3, {}),
  ],
};

export function periodicServer(codes: string[] = OWNER): FakeServer {
  const s = invoiceServer(codes);
  s.on(`GET ${API}/periodic-processes`, () => json([PROCESS_7], { total: 1 }));
  s.on(`GET ${API}/periodic-processes/{id}`, (_r, p) => (p.id === '7' ? json(PROCESS_7) : json({ type: 'about:blank', title: 'Bulunamadı', status: 404 }, { status: 404 })));
  s.on(`PUT ${API}/periodic-process-lines/reProcess`, () => json({ ...PROCESS_7.lines[1], status: 'PENDING', reason: null }));
  s.on(`PUT ${API}/periodic-processes/{id}/terminate`, () => json({
    ...PROCESS_7, status: 'TERMINATED', terminatedAt: '2026-03-01T10:00:00.000Z', lines: PROCESS_7.lines.map((l) => (l.status === 'PENDING' ? { ...l, status: 'CANCELLED' } : l)),
  }));
  s.on(`PUT ${API}/periodic-processes`, () => json({ ...PROCESS_7, id: 8 }));
  return s;
}
