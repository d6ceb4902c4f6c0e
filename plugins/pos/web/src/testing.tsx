import { account, fakeServer, json, type FakeServer } from '../../../../packages/workbench/test/fake-server';
import type { PosPayment, PosStatus } from './api';

/** Test helpers of the POS screens: an account with the POS modules, payments, a payments server. */
export const API = '/services/onmuhasebe/api';

/** The owner of 'Demo Ticaret A.Ş.' as far as POS goes: devices 27, assistant 28, POS payment 30, connector 32, current POS payment 34. */
export const POS_OWNER = [
  '27_1', '27_2', '27_3', '27_4', '28_1', '28_2', '28_3', '28_4', '30_1', '30_2', '30_3', '30_4', '30_5',
  '32_1', '32_2', '32_3', '32_4', '34_1', '34_2', '34_3', '34_4', '3_1', '6_1',
];

export function server(codes: string[] = POS_OWNER): FakeServer {
  const s = fakeServer();
  const a = account({ codes, login: 'muhasebe', firstName: 'Mert', lastName: 'Muhasebe' });
  s.setAccount({ ...a, company: { ...a.company, name: 'Demo Ticaret A.Ş.', sectorKey: 'GEN', companyProfile: { ...a.company.companyProfile, erpType: 'NONE' } } });
  return s;
}

export function payment(o: Partial<PosPayment> = {}): PosPayment {
  return {
    id: 1, status: 'PENDING', statusReason: null, terminalSerialNo: 'SIM0000001', updateDate: '2026-11-24T09:00:00Z', total: '150.00',
    customerName: 'Ayşe Yılmaz', currentId: 5, invoiceId: 77, dueDate: null, kind: 'INVOICE', deviceId: 4, deviceName: 'Kasa 1', cardType: null, maskedPan: null, ...o,
  };
}

/**
 * A payments server: GET pos-payments-to-portal answers the payments (filtered by the status
 * query, one or many), PUT update-status moves one (recorded), `advance` moves a payment as its
 * terminal would.
 */
export function paymentsServer(list: PosPayment[], codes?: string[]) {
  const s = server(codes);
  const state = { list: list.map((p) => ({ ...p })), updates: [] as { id: number; status: PosStatus }[] };
  s.on(`GET ${API}/pos-payments-to-portal`, (req) => {
    const q = new URL(req.url).searchParams;
    const wanted = q.getAll('status').flatMap((x) => x.split(',')).filter(Boolean);
    const invoiceId = q.get('invoiceId');
    const items = state.list.filter((p) => (wanted.length === 0 || wanted.includes(p.status)) && (!invoiceId || p.invoiceId === Number(invoiceId))).sort((a, b) => b.id - a.id);
    return json(items, { total: items.length });
  });
  s.on(`PUT ${API}/pos-payments/update-status`, async (req) => {
    const b = await req.json() as { id: number; status: PosStatus };
    state.updates.push(b);
    const p = state.list.find((x) => x.id === b.id)!;
    p.status = b.status;
    return json(p);
  });
  return {
    server: s,
    state,
    advance(id: number, status: PosStatus, statusReason: string | null = null) {
      const p = state.list.find((x) => x.id === id)!;
      p.status = status;
      p.statusReason = statusReason;
    },
  };
}
