import { describe, expect, it } from 'vitest';
import type { ServerPlugin, Trx } from '@tezgah/server';
import { POS_PAYMENTS_POINT, posPaymentSources, posPayments, type PosPaymentSource } from './pos';

const plugin = (id: string, sources: unknown[]): ServerPlugin => ({ id, handlers: {}, contributes: { [POS_PAYMENTS_POINT]: sources } });
const trx = {} as Trx;
const q = { companyId: 1, startDate: '2026-08-01', endDate: '2026-08-31' };

describe('the reports.posPayments extension point', () => {
  it('is empty without a contributor', async () => {
    expect(await posPayments({ plugins: [plugin('accounting', [])] }, trx, q)).toEqual([]);
  });

  it('gathers the rows of every contributed source, oldest first, with the source named and the query passed on', async () => {
    const asked: unknown[] = [];
    const source: PosPaymentSource = {
      id: 'pos.device-payments',
      rows: async (_t, query) => {
        asked.push(query);
        return [
          { date: '2026-08-20', currentId: 7, currentName: 'Ayşe Yılmaz', device: 'Kasa 1', documentNo: 'POS-2', amount: '150.50' },
          { date: '2026-08-02', currentId: null, currentName: null, device: 'Kasa 2', documentNo: null, amount: 99 },
        ];
      },
    };
    const rows = await posPayments({ plugins: [plugin('pos', [source])] }, trx, q);
    expect(asked).toEqual([q]);
    expect(rows.map((r) => [r.date, r.source, r.amount.toFixed(2)])).toEqual([['2026-08-02', 'pos.device-payments', '99.00'], ['2026-08-20', 'pos.device-payments', '150.50']]);
  });

  it('refuses a malformed or doubled source, naming the plugin', () => {
    const rows = async () => [];
    expect(() => posPaymentSources({ plugins: [plugin('pos', [{ id: 'payments', rows }])] })).toThrow(/pos: reports.posPayments "payments"/);
    expect(() => posPaymentSources({ plugins: [plugin('pos', [{ id: 'pos.payments' }])] })).toThrow(/rows\(trx, query\)/);
    expect(() => posPaymentSources({ plugins: [plugin('pos', [{ id: 'pos.payments', rows }]), plugin('pos2', [{ id: 'pos.payments', rows }])] })).toThrow(/contributed twice/);
  });

  it('refuses an amount with more than two decimals', async () => {
    const source: PosPaymentSource = { id: 'pos.payments', rows: async () => [{ date: '2026-08-02', currentId: null, currentName: null, device: null, documentNo: null, amount: '1.005' }] };
    await expect(posPayments({ plugins: [plugin('pos', [source])] }, trx, q)).rejects.toThrow(/more than two decimals/);
  });
});
