import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inTenant } from '@tezgah/server';
import { engines } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { nextNumber } from './index';
import { startSettingsServer } from './testing';

/** Staggers the racing transactions and holds a row lock a moment (the race is the test); no wait for a result. */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(engines('both'))('gapless numbering on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startSettingsServer>>;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  const give = (prefix: string, date: string) => inTenant(t.server.database.db, cid, (trx) => nextNumber(trx, cid, prefix, date));

  beforeAll(async () => {
    t = await startSettingsServer(engine);
    api = http(t.url);
    owner = await api.signIn('eczaci');
    cid = t.demo.pharmacy;
  });
  afterAll(async () => { await t?.close(); });

  it('gives 20 parallel transactions the numbers 1..20 exactly once', async () => {
    const numbers = await Promise.all(Array.from({ length: 20 }, (_, i) => inTenant(t.server.database.db, cid, async (trx) => {
      await pause(i % 3);
      const no = await nextNumber(trx, cid, 'EAR', '2026-11-24');
      // Hold the row lock a moment: the others queue on it.
      await pause(5 + (i % 4) * 3);
      return no;
    })));
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `EAR2026${String(i + 1).padStart(9, '0')}`));
    const row = await sql<{ last_no: number; last_date: string }>`select last_no, last_date from edoc_series where company_id = ${cid} and prefix = 'EAR' and year = 2026`.execute(t.server.database.db);
    expect(row.rows.map((r) => [Number(r.last_no), String(r.last_date)])).toEqual([[20, '2026-11-24']]);
  });

  it('gives a number back when its transaction rolls back', async () => {
    await expect(inTenant(t.server.database.db, cid, async (trx) => {
      expect(await nextNumber(trx, cid, 'EAR', '2026-11-24')).toBe('EAR2026000000021');
      throw new Error('the send failed');
    })).rejects.toThrow('the send failed');
    expect(await give('EAR', '2026-11-25')).toBe('EAR2026000000021');
  });

  it('refuses a date earlier than the last number of the series, in Turkish, and gives no number for it', async () => {
    const err = await give('EAR', '2026-11-24').then(() => null, (e) => e);
    expect(err).toMatchObject({ status: 409, code: 'EDOC_DATE_BEFORE_LAST' });
    expect(err.detail).toContain('EAR serisinde son numara EAR2026000000021 25.11.2026 tarihli');
    expect(err.detail).toContain('GİB: numaralar tarih sırasını izler');
    expect(await give('EAR', '2026-11-25')).toBe('EAR2026000000022');
    // Another year is another sequence; another series its own.
    expect(await give('EAR', '2027-01-02')).toBe('EAR2027000000001');
    expect(await give('EFA', '2026-11-01')).toBe('EFA2026000000001');
    await expect(give('EAR', '2026-02-30')).rejects.toMatchObject({ status: 400 });
    await expect(give('ear', '2026-11-30')).rejects.toMatchObject({ status: 400 });
  });

  it('answers the last number and date of a series: this year, else the latest year; nulls when none', async () => {
    const last = (path: string, prefix: string) => api.call('GET', `${ONMUHASEBE}/${path}?prefix=${prefix}`, { token: owner });
    // The server's clock is in 2026: this year's row, not 2027's.
    const ear = await last('e-archive/last-invoice-id-and-date', 'EAR');
    expect(ear.status, JSON.stringify(ear.body)).toBe(200);
    expect(ear.body).toEqual({ documentNo: 'EAR2026000000022', issueDate: '2026-11-25' });
    expect((await last('e-query-invoice/last-invoice-id-and-date', 'EFA')).body).toEqual({ documentNo: 'EFA2026000000001', issueDate: '2026-11-01' });
    expect((await last('e-query-despatch/last-despatch-id-and-date', 'EIR')).body).toEqual({ documentNo: null, issueDate: null });
    // Only a past year's numbers: the latest of them.
    await give('EIR', '2025-12-30');
    expect((await last('e-query-despatch/last-despatch-id-and-date', 'EIR')).body).toEqual({ documentNo: 'EIR2025000000001', issueDate: '2025-12-30' });
    // Another company's series stay its own: Demo Ticaret's holds only its demo e-Arşiv invoice.
    const other = await api.signIn('muhasebe');
    expect((await api.call('GET', `${ONMUHASEBE}/e-archive/last-invoice-id-and-date?prefix=EAR`, { token: other })).body).toEqual({ documentNo: 'EAR2026000000001', issueDate: '2026-11-05' });
  });
});
