import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inTenant } from '@tezgah/server';
import { engines } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { defaultPrefix, nextNumber, onCompanyCreatedSettings } from './index';
import { startSettingsServer } from './testing';

const P = `${ONMUHASEBE}/e-invoice-prefixes`;
const codeOf = (r: { body: any }) => r.body.fieldErrors?.[0]?.code ?? r.body.code;
const brief = (xs: any[]) => xs.map((x) => `${x.kind}:${x.prefix}${x.isDefault ? '*' : ''}${x.active ? '' : '(pasif)'}${x.used ? '(kullanıldı)' : ''}`);

describe.each(engines('one'))('e-document series on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startSettingsServer>>;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  const list = async (query = 'size=100') => api.call('GET', `${P}?${query}`, { token: owner });
  const give = (prefix: string, date: string) => inTenant(t.server.database.db, cid, (trx) => nextNumber(trx, cid, prefix, date));

  beforeAll(async () => {
    t = await startSettingsServer(engine);
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = t.demo.general;
  });
  afterAll(async () => { await t?.close(); });

  it('gives a company EFA, EAR and EIR, each the default of its kind, and a settings row that sends nothing yet', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('3');
    // The demo's sent e-Arşiv took EAR's first number.
    expect(brief(r.body)).toEqual(['EINVOICE:EFA*', 'EARCHIVE:EAR*(kullanıldı)', 'EDESPATCH:EIR*']);
    expect(r.body[0]).toMatchObject({ used: false, lastNo: null });
    // A new company (the hook the kernel runs), here the management company.
    const m = t.demo.management;
    await inTenant(t.server.database.db, m, async (trx) => {
      await onCompanyCreatedSettings(trx, m);
      await onCompanyCreatedSettings(trx, m); // twice changes nothing
      const rows = await sql<{ kind: string; prefix: string; is_default: boolean }>`select kind, prefix, is_default from edoc_prefixes where company_id = ${m} order by id`.execute(trx);
      expect(rows.rows.map((x) => `${x.kind}:${x.prefix}:${x.is_default}`)).toEqual(['EINVOICE:EFA:true', 'EARCHIVE:EAR:true', 'EDESPATCH:EIR:true']);
      const s = await sql<{ enabled: boolean; mode: string }>`select enabled, mode from edoc_settings where company_id = ${m}`.execute(trx);
      expect(s.rows).toEqual([{ enabled: false, mode: 'sandbox' }]);
      expect(await defaultPrefix(trx, m, 'EDESPATCH')).toBe('EIR');
    });
  });

  it('adds, changes and removes a series; refuses the same letters twice (409, Turkish) and letters the contract pattern refuses (400)', async () => {
    const abc = await api.call('POST', P, { token: owner, body: { prefix: 'AB1', kind: 'EINVOICE' } });
    expect(abc.status, JSON.stringify(abc.body)).toBe(201);
    expect(abc.body).toMatchObject({ prefix: 'AB1', kind: 'EINVOICE', isDefault: false, active: true, used: false, lastNo: null });
    const twice = await api.call('POST', P, { token: owner, body: { prefix: 'AB1', kind: 'EINVOICE' } });
    expect(twice.status).toBe(409);
    expect(codeOf(twice)).toBe('EDOC_PREFIX_EXISTS');
    expect(twice.body.detail).toBe('AB1 serisi e-Fatura için zaten tanımlı.');
    const otherKind = await api.call('POST', P, { token: owner, body: { prefix: 'AB1', kind: 'EDESPATCH' } });
    expect(otherKind.status).toBe(409);
    expect(otherKind.body.detail).toContain('e-Fatura serisi olarak kullanılıyor');
    for (const bad of ['abc', 'ÇAY', 'AB', 'ABCD', 'A B']) {
      const r = await api.call('POST', P, { token: owner, body: { prefix: bad, kind: 'EARCHIVE' } });
      expect(r.status, bad).toBe(400);
      expect(r.body.fieldErrors[0].field).toBe('prefix');
    }
    // The new one becomes the default: EFA is no longer.
    const made = await api.call('PUT', P, { token: owner, body: { id: abc.body.id, prefix: 'AB1', kind: 'EINVOICE', isDefault: true } });
    expect(made.status).toBe(200);
    expect(made.body.isDefault).toBe(true);
    expect(brief((await api.call('GET', `${ONMUHASEBE}/e-invoice/prefix-list`, { token: owner })).body)).toEqual(['EINVOICE:AB1*', 'EINVOICE:EFA']);
    // Made passive, the default goes back to EFA.
    const passive = await api.call('PUT', P, { token: owner, body: { id: abc.body.id, prefix: 'AB1', kind: 'EINVOICE', active: false } });
    expect(passive.body).toMatchObject({ isDefault: false, active: false });
    expect(brief((await api.call('GET', `${ONMUHASEBE}/e-invoice/prefix-list`, { token: owner })).body)).toEqual(['EINVOICE:EFA*']);
    const defaultPassive = await api.call('PUT', P, { token: owner, body: { id: abc.body.id, prefix: 'AB1', kind: 'EINVOICE', isDefault: true, active: false } });
    expect(defaultPassive.status).toBe(400);
    expect(defaultPassive.body.fieldErrors[0].message).toBe('Varsayılan seri pasif olamaz.');
    // Unused: its letters may change, and it may go.
    const renamed = await api.call('PUT', P, { token: owner, body: { id: abc.body.id, prefix: 'AB2', kind: 'EINVOICE', active: false } });
    expect(renamed.body.prefix).toBe('AB2');
    expect((await api.call('GET', `${P}/${abc.body.id}`, { token: owner })).body.prefix).toBe('AB2');
    expect((await api.call('DELETE', `${P}/${abc.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${P}/${abc.body.id}`, { token: owner })).status).toBe(404);
    // Paging, sorting and the kind filter.
    const page = await list('size=2&page=0&sort=prefix,desc');
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(page.body.map((x: any) => x.prefix)).toEqual(['EIR', 'EFA']);
    expect((await list('kind=EARCHIVE')).body.map((x: any) => x.prefix)).toEqual(['EAR']);
  });

  it('keeps a used series: no deletion, no new letters, and its last number shown', async () => {
    const efa = (await list()).body.find((x: any) => x.prefix === 'EFA');
    expect(await give('EFA', '2026-11-20')).toBe('EFA2026000000001');
    const used = await api.call('GET', `${P}/${efa.id}`, { token: owner });
    expect(used.body).toMatchObject({ used: true, lastNo: 'EFA2026000000001' });
    const del = await api.call('DELETE', `${P}/${efa.id}`, { token: owner });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('EDOC_PREFIX_USED');
    expect(del.body.detail).toContain('silinemez');
    const rename = await api.call('PUT', P, { token: owner, body: { id: efa.id, prefix: 'EFB', kind: 'EINVOICE' } });
    expect(rename.status).toBe(409);
    expect(codeOf(rename)).toBe('EDOC_PREFIX_USED');
    // A passive series gives no number.
    const eir = (await list()).body.find((x: any) => x.prefix === 'EIR');
    await api.call('PUT', P, { token: owner, body: { id: eir.id, prefix: 'EIR', kind: 'EDESPATCH', active: false } });
    await expect(give('EIR', '2026-11-20')).rejects.toMatchObject({ status: 409, code: 'EDOC_PREFIX_PASSIVE' });
    await expect(give('XYZ', '2026-11-20')).rejects.toMatchObject({ status: 409, code: 'EDOC_PREFIX_UNKNOWN' });
    await api.call('PUT', P, { token: owner, body: { id: eir.id, prefix: 'EIR', kind: 'EDESPATCH', isDefault: true, active: true } });
  });

  it('saves the whole list at once and says what changed', async () => {
    // EFA is used (above), EAR by the demo's sent e-Arşiv, EIR not.
    const r = await api.call('PUT', `${ONMUHASEBE}/e-invoice-prefixes-list`, { token: owner, body: [
      { prefix: 'DMT', kind: 'EINVOICE', isDefault: true },
      { prefix: 'DMA', kind: 'EARCHIVE' },
      { prefix: 'EAR', kind: 'EARCHIVE', active: false },
      { prefix: 'DMI', kind: 'EDESPATCH' },
    ] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(brief(r.body.prefixes)).toEqual(['EINVOICE:DMT*', 'EINVOICE:EFA(pasif)(kullanıldı)', 'EARCHIVE:DMA*', 'EARCHIVE:EAR(pasif)(kullanıldı)', 'EDESPATCH:DMI*']);
    expect(r.body.description).toBe('e-Belge serileri kaydedildi: 3 seri eklendi (DMT, DMA, DMI); 1 seri silindi (EIR); '
      + '1 seri numara verildiği için silinmedi, pasif yapıldı (EFA); 1 seri pasif yapıldı (EAR); '
      + 'varsayılan seri: e-Fatura: DMT; e-Arşiv: DMA; e-İrsaliye: DMI.');
    const same = await api.call('PUT', `${ONMUHASEBE}/e-invoice-prefixes-list`, { token: owner, body: [
      { prefix: 'DMT', kind: 'EINVOICE', isDefault: true }, { prefix: 'DMA', kind: 'EARCHIVE' }, { prefix: 'EAR', kind: 'EARCHIVE', active: false }, { prefix: 'DMI', kind: 'EDESPATCH' },
    ] });
    expect(same.body.description).toBe('e-Belge serileri kaydedildi; değişiklik yok.');
    expect(await defaultPrefix(t.server.database.db, cid, 'EARCHIVE')).toBe('DMA');
    expect(brief((await api.call('GET', `${ONMUHASEBE}/e-archive/prefix-list`, { token: owner })).body)).toEqual(['EARCHIVE:DMA*']);
    expect(brief((await api.call('GET', `${ONMUHASEBE}/e-despatch/prefix-list`, { token: owner })).body)).toEqual(['EDESPATCH:DMI*']);
    // Refused lists change nothing: an empty list (it would remove or passivate every series),
    // one that leaves a kind without an active series, two defaults, letters used by another kind.
    for (const body of [[], [{ prefix: 'DMT', kind: 'EINVOICE', isDefault: true }, { prefix: 'DMA', kind: 'EARCHIVE' }]]) {
      const left = await api.call('PUT', `${ONMUHASEBE}/e-invoice-prefixes-list`, { token: owner, body });
      expect([left.status, codeOf(left)], JSON.stringify(left.body)).toEqual([409, 'LAST_SERIES']);
    }
    expect(brief((await api.call('GET', `${ONMUHASEBE}/e-despatch/prefix-list`, { token: owner })).body)).toEqual(['EDESPATCH:DMI*']);
    const two = await api.call('PUT', `${ONMUHASEBE}/e-invoice-prefixes-list`, { token: owner, body: [{ prefix: 'DMT', kind: 'EINVOICE', isDefault: true }, { prefix: 'DM2', kind: 'EINVOICE', isDefault: true }] });
    expect(two.status).toBe(400);
    expect(codeOf(two)).toBe('TWO_DEFAULTS');
    const cross = await api.call('PUT', `${ONMUHASEBE}/e-invoice-prefixes-list`, { token: owner, body: [{ prefix: 'EFA', kind: 'EARCHIVE' }] });
    expect(cross.status).toBe(409);
    expect(cross.body.detail).toContain('EFA harfleri e-Fatura serisi olarak kullanıldı');
    const dup = await api.call('PUT', `${ONMUHASEBE}/e-invoice-prefixes-list`, { token: owner, body: [{ prefix: 'DMT', kind: 'EINVOICE' }, { prefix: 'DMT', kind: 'EINVOICE' }] });
    expect(dup.status).toBe(400);
    expect((await list()).headers.get('x-total-count')).toBe('5');
    // A used series listed again comes back active.
    const back = await api.call('PUT', `${ONMUHASEBE}/e-invoice-prefixes-list`, { token: owner, body: [
      { prefix: 'DMT', kind: 'EINVOICE' }, { prefix: 'EFA', kind: 'EINVOICE', isDefault: true }, { prefix: 'DMA', kind: 'EARCHIVE' }, { prefix: 'DMI', kind: 'EDESPATCH' },
    ] });
    // EAR, used, is not deleted when left out: it stays passive.
    expect(back.body.description).toBe('e-Belge serileri kaydedildi: 1 seri aktif yapıldı (EFA); varsayılan seri: e-Fatura: EFA.');
    expect(brief(back.body.prefixes)).toEqual(['EINVOICE:EFA*(kullanıldı)', 'EINVOICE:DMT', 'EARCHIVE:DMA*', 'EARCHIVE:EAR(pasif)(kullanıldı)', 'EDESPATCH:DMI*']);
  });

  it('refuses the series pages to a user without the company-settings authority', async () => {
    const mali = await api.signIn('mali', 'demo1234');
    expect((await api.call('GET', P, { token: mali })).status).toBe(403);
    expect((await api.call('POST', P, { token: mali, body: { prefix: 'ZZZ', kind: 'EINVOICE' } })).status).toBe(403);
    expect((await api.call('PUT', `${ONMUHASEBE}/e-invoice-prefixes-list`, { token: mali, body: [] })).status).toBe(403);
  });
});
