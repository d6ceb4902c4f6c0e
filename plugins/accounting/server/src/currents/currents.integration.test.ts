import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIBAN } from 'ibantools';
import { isValidTckn, isValidVkn } from '@tezgah/core';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { userWith } from './testing';

const CURRENTS = `${ONMUHASEBE}/currents`;
const MAIN = `${ONMUHASEBE}/current-main-accounts`;
// Valid by their check digits, not used by the demo data.
const TCKN = ['11122233320', '22233344430', '33344455540', '44455566650', '55566677760', '66677788870'];
const VKN = ['1112223339', '2223334447', '3334445553', '4445556665', '5556667775', '6667778885', '7778889991', '8889991119'];
const IBAN = 'TR62 0001 0012 3456 7890 1234 56';

describe.each(engines('one'))('current accounts on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let besiktasVd: number;
  let besiktas: number;
  let mamak: number;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    besiktasVd = (await api.call('GET', `${ONMUHASEBE}/tax-offices?search=34251`, { token: owner })).body[0].id;
    besiktas = (await api.call('GET', `${ONMUHASEBE}/city-subdivisions?cityId=34&search=${encodeURIComponent('Beşiktaş')}`, { token: owner })).body[0].id;
    mamak = (await api.call('GET', `${ONMUHASEBE}/city-subdivisions?cityId=6&search=Mamak`, { token: owner })).body[0].id;
  });
  afterAll(async () => { await t?.close(); });

  const post = (body: unknown, token = owner) => api.call('POST', CURRENTS, { token, body });
  const put = (body: unknown, token = owner) => api.call('PUT', CURRENTS, { token, body });
  const customer = (extra: Record<string, unknown> = {}) => ({ currentAccountType: 'CUSTOMER', name: 'Deneme Müşteri', taxOfficeId: besiktasVd, ...extra });
  const fieldsOf = (r: { body: any }) => Object.fromEntries((r.body.fieldErrors ?? []).map((f: any) => [f.field, f.message]));
  const mainAccountsOf = async (id: number) => (await api.call('GET', `${MAIN}?currentId=${id}&size=100&sort=id,asc`, { token: owner })).body;

  it('gives both demo companies their currents, with valid IDs, tax numbers and IBANs, each with its main account', async () => {
    for (const login of ['eczaci', 'muhasebe']) {
      const r = await api.call('GET', `${CURRENTS}?size=100`, { token: await api.signIn(login) });
      expect(r.status).toBe(200);
      const list = r.body as any[];
      expect(list.length).toBeGreaterThanOrEqual(6);
      expect(new Set(list.map((c) => c.currentAccountType))).toEqual(new Set(login === 'eczaci' ? ['CUSTOMER', 'SUPPLIER', 'PERSONNEL'] : ['CUSTOMER', 'SUPPLIER', 'PERSONNEL', 'PARTNER']));
      for (const c of list) {
        expect(isValidTckn(c.taxNumber) || isValidVkn(c.taxNumber)).toBe(true);
        if (c.iban) expect(isValidIBAN(c.iban)).toBe(true);
        if (c.currentAccountType === 'CUSTOMER') expect(c.taxOfficeName).toMatch(/Vergi Dairesi/);
      }
    }
    const main = await api.call('GET', `${MAIN}?size=1`, { token: owner });
    expect(Number(main.headers.get('x-total-count'))).toBeGreaterThanOrEqual(9);
    const both = (await api.call('GET', `${CURRENTS}?search=Trakya`, { token: owner })).body;
    expect(both.map((c: any) => c.currentAccountType).sort()).toEqual(['CUSTOMER', 'SUPPLIER']);
  });

  it('adds a customer with every field, its names resolved and its main account 120 made', async () => {
    const r = await post(customer({
      name: '  Selin ', lastName: 'Koç', title: 'Koç Danışmanlık', gender: 'FEMALE', birthday: '1985-02-28', currencyId: 1, phone: '5321234567', fax: '2121234567',
      email: 'selin@koc.example', webAddress: 'https://koc.example', contactPerson: 'Selin Koç', address: 'Barbaros Blv. 1', cityId: 34, citySubdivisionId: besiktas,
      postcode: '34353', taxNumber: TCKN[0], iban: IBAN.toLowerCase(), patientType: 'BY_HAND',
    }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      currentAccountType: 'CUSTOMER', name: 'Selin', lastName: 'Koç', birthday: '1985-02-28', currencyCode: 'TL', countryName: 'Türkiye', cityName: 'İstanbul',
      citySubdivisionName: 'Beşiktaş', taxOfficeName: 'Beşiktaş Vergi Dairesi Müdürlüğü', taxOfficeCityId: 34, iban: 'TR620001001234567890123456', accountGroupCode: '120',
      patientType: 'BY_HAND', partnerType: null, active: true, alsoCreatedId: null, companyId: 3,
    });
    const got = await api.call('GET', `${CURRENTS}/${r.body.id}`, { token: owner });
    expect(got.body).toEqual(Object.fromEntries(Object.entries(r.body).filter(([k]) => k !== 'alsoCreatedId')));
    expect(await mainAccountsOf(r.body.id)).toEqual([expect.objectContaining({ currentId: r.body.id, accountCode: '120', accountName: 'Alıcılar', currencyCode: 'TL', currencySymbol: '₺', currentAccountType: 'CUSTOMER' })]);
  });

  it('needs a tax office for a customer, and checks IDs by their check digits', async () => {
    const noOffice = await post({ currentAccountType: 'CUSTOMER', name: 'Vergisiz' });
    expect(noOffice.status).toBe(400);
    expect(fieldsOf(noOffice)).toEqual({ taxOfficeId: 'Müşteri için vergi dairesi zorunludur.' });
    expect((await post({ currentAccountType: 'SUPPLIER', name: 'Vergi dairesiz tedarikçi' })).status).toBe(201);
    const cases: [string, string][] = [
      ['11122233321', 'T.C. kimlik numarası geçersiz: kontrol basamakları tutmuyor.'],
      ['1112223338', 'Vergi kimlik numarası geçersiz: kontrol basamakları tutmuyor.'],
      ['11111111111', 'T.C. kimlik numarası geçersiz: kontrol basamakları tutmuyor.'],
      ['123456789', 'T.C. kimlik numarası 11, vergi kimlik numarası 10 haneli olmalıdır.'],
      ['12345abcde', 'T.C. kimlik numarası 11, vergi kimlik numarası 10 haneli olmalıdır.'],
    ];
    for (const [n, message] of cases) {
      const r = await post(customer({ taxNumber: n }));
      expect([n, r.status, fieldsOf(r)]).toEqual([n, 400, { taxNumber: message }]);
    }
    expect((await post(customer({ name: 'Boşluklu VKN', taxNumber: ` ${VKN[0]!.slice(0, 5)} ${VKN[0]!.slice(5)} ` }))).body.taxNumber).toBe(VKN[0]);
  });

  it('takes only a Turkish IBAN of 26 characters with a valid checksum', async () => {
    const cases: [string, string][] = [
      ['DE89370400440532013000', "Yalnızca Türkiye IBAN'ı (TR) girilebilir."],
      ['12345678901234567890123456', 'IBAN ülke kodu ile (TR) başlamalıdır.'],
      ['TR62000100123456789012345', 'IBAN 26 karakter olmalıdır.'],
      ['TR630001001234567890123456', 'IBAN geçersiz: kontrol basamakları tutmuyor.'],
    ];
    for (const [iban, message] of cases) {
      const r = await post(customer({ iban }));
      expect([iban, r.status, fieldsOf(r)]).toEqual([iban, 400, { iban: message }]);
    }
  });

  it('checks e-mail, birthday, places and the main account code, naming each field', async () => {
    const r = await post(customer({ email: 'selin@', birthday: '2999-01-01', cityId: 34, citySubdivisionId: mamak, accountGroupCode: '600', countryId: 1 }));
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual({
      email: 'Hatalı e-posta biçimi',
      birthday: 'Doğum tarihi ileri bir tarih olamaz.',
      cityId: 'Seçilen il bu ülkede değil.',
      citySubdivisionId: 'Seçilen ilçe bu ilde değil.',
      accountGroupCode: 'Cari hesap kodu bir alacak ya da borç hesabı olmalıdır (12, 13, 22, 23, 32, 33, 34, 42, 43, 44 grupları; 159, 195, 196).',
    });
    const more = await post(customer({ taxOfficeId: 999999, citySubdivisionId: besiktas, accountGroupCode: '12', currencyId: 99 }));
    expect(fieldsOf(more)).toEqual({
      taxOfficeId: 'Vergi dairesi bulunamadı.', citySubdivisionId: 'İlçe için önce il seçilmelidir.',
      accountGroupCode: 'Hesap kodu kayıt atılabilir bir ana hesap olmalıdır (ör. 120, 320).', currencyId: 'Para birimi bulunamadı.',
    });
    const blank = await post(customer({ name: '   ' }));
    expect(fieldsOf(blank)).toEqual({ name: 'Ad zorunludur.' });
    const unknown = await post(customer({ nickname: 'x' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors[0]).toMatchObject({ field: 'nickname', code: 'UNKNOWN_FIELD' });
  });

  it('needs a currency for personnel and a valid e-mail; gives them 335', async () => {
    const r = await post({ currentAccountType: 'PERSONNEL', name: 'Personel', email: 'yanlis' });
    expect(fieldsOf(r)).toEqual({ currencyId: 'Personel için para birimi zorunludur.', email: 'Hatalı e-posta biçimi' });
    const ok = await post({ currentAccountType: 'PERSONNEL', name: 'Ece', lastName: 'Tan', currencyId: 2, email: 'ece@demo.example', taxNumber: TCKN[1] });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ currencyCode: 'USD', accountGroupCode: '335' });
    expect((await mainAccountsOf(ok.body.id))[0]).toMatchObject({ accountCode: '335', accountName: 'Personele Borçlar', currencyCode: 'USD', currencySymbol: '$' });
    const patient = await post({ currentAccountType: 'PERSONNEL', name: 'Hasta değil', currencyId: 1, patientType: 'BY_SALARY' });
    expect(fieldsOf(patient)).toEqual({ patientType: 'Hasta tipi yalnızca müşteri (hasta) kayıtlarında girilir.' });
  });

  it('needs a partner\'s type, share (0 to 100) and capital; keeps them from other types', async () => {
    const missing = await post({ currentAccountType: 'PARTNER', name: 'Ortak' });
    expect(fieldsOf(missing)).toEqual({ partnerType: 'Ortak tipi zorunludur: şahıs veya kurumsal.', sharePercentage: 'Hisse oranı zorunludur.', capital: 'Sermaye zorunludur.' });
    const range = await post({ currentAccountType: 'PARTNER', name: 'Ortak', partnerType: 'CORPORATE', sharePercentage: 100.5, capital: -1 });
    expect(fieldsOf(range)).toEqual({ sharePercentage: 'Hisse oranı 0 ile 100 arasında, en çok iki ondalıklı olmalıdır.', capital: 'Sermaye negatif olamaz.' });
    const cents = await post({ currentAccountType: 'PARTNER', name: 'Ortak', partnerType: 'CORPORATE', sharePercentage: 12.345, capital: 10.001 });
    expect(Object.keys(fieldsOf(cents))).toEqual(['sharePercentage', 'capital']);
    const badType = await post({ currentAccountType: 'PARTNER', name: 'Ortak', partnerType: 'COMPANY', sharePercentage: 10, capital: 1 });
    expect(badType.status).toBe(400);
    expect(badType.body.fieldErrors[0].field).toBe('partnerType');
    // The demo partners hold 100 %: an active partner with a share does not fit, a passive one does.
    const full = await post({ currentAccountType: 'PARTNER', name: 'Yeni Ortak', partnerType: 'INDIVIDUAL', sharePercentage: 12.5, capital: 125000.75, taxNumber: TCKN[2] });
    expect(full.body.fieldErrors?.[0]?.code).toBe('SHARE_TOTAL_EXCEEDED');
    const ok = await post({ currentAccountType: 'PARTNER', name: 'Yeni Ortak', partnerType: 'INDIVIDUAL', sharePercentage: 12.5, capital: 125000.75, taxNumber: TCKN[2], active: false });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ partnerType: 'INDIVIDUAL', sharePercentage: 12.5, capital: 125000.75, accountGroupCode: '331' });
    const notPartner = await post(customer({ sharePercentage: 10, capital: 5 }));
    expect(fieldsOf(notPartner)).toEqual({ sharePercentage: 'Yalnızca ortak kayıtlarında girilir.', capital: 'Yalnızca ortak kayıtlarında girilir.' });
  });

  it('also adds a supplier as a customer (and checks the customer\'s rules for it)', async () => {
    const noOffice = await post({ currentAccountType: 'SUPPLIER', name: 'İkili', taxNumber: VKN[1], alsoAs: 'CUSTOMER' });
    expect(fieldsOf(noOffice)).toEqual({ taxOfficeId: 'Müşteri için vergi dairesi zorunludur.' });
    const r = await post({ currentAccountType: 'SUPPLIER', name: 'İkili', taxNumber: VKN[1], taxOfficeId: besiktasVd, alsoAs: 'CUSTOMER' });
    expect(r.status).toBe(201);
    expect(r.body.accountGroupCode).toBe('320');
    const twin = await api.call('GET', `${CURRENTS}/${r.body.alsoCreatedId}`, { token: owner });
    expect(twin.body).toMatchObject({ currentAccountType: 'CUSTOMER', name: 'İkili', taxNumber: VKN[1], accountGroupCode: '120' });
    expect((await mainAccountsOf(twin.body.id))[0].accountCode).toBe('120');
    const same = await post({ currentAccountType: 'SUPPLIER', name: 'Aynı', alsoAs: 'SUPPLIER' });
    expect(fieldsOf(same)).toEqual({ alsoAs: 'Kayıt zaten tedarikçi.' });
    const personnel = await post({ currentAccountType: 'PERSONNEL', name: 'P', currencyId: 1, alsoAs: 'CUSTOMER' });
    expect(fieldsOf(personnel)).toEqual({ alsoAs: 'Yalnızca müşteri ya da tedarikçi kaydı diğer tür olarak da eklenebilir.' });
    const taken = await post({ currentAccountType: 'CUSTOMER', name: 'Tekrar', taxNumber: VKN[1], taxOfficeId: besiktasVd });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CURRENT_TAX_NUMBER_TAKEN', fieldErrors: [{ field: 'taxNumber' }] });
    expect(taken.body.detail).toContain('müşteri');
    expect((await post({ currentAccountType: 'PERSONNEL', name: 'Aynı numara, başka tür', currencyId: 1, taxNumber: VKN[1] })).status).toBe(201);
  });

  it('updates: keeps what the request leaves out, clears what it sets null, never changes the type; the main account follows', async () => {
    const c = (await post(customer({ name: 'Güncel', iban: IBAN, phone: '5000000000', taxNumber: VKN[2] }))).body;
    const u = await put({ id: c.id, currentAccountType: 'CUSTOMER', name: 'Güncellendi', phone: null, currencyId: 3, accountGroupCode: '127' });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ name: 'Güncellendi', iban: 'TR620001001234567890123456', phone: null, taxNumber: VKN[2], currencyCode: 'EUR', accountGroupCode: '127' });
    expect(u.body.lastModifiedDate).not.toBeNull();
    expect((await mainAccountsOf(c.id)).map((m: any) => [m.accountCode, m.currencyCode])).toEqual([['127', 'EUR']]);
    const type = await put({ id: c.id, currentAccountType: 'SUPPLIER', name: 'Güncellendi' });
    expect(fieldsOf(type)).toEqual({ currentAccountType: 'Cari hesabın türü değiştirilemez; kayıt müşteri. Diğer tür için yeni kayıt ekleyin.' });
    const clearOffice = await put({ id: c.id, currentAccountType: 'CUSTOMER', name: 'Güncellendi', taxOfficeId: null });
    expect(fieldsOf(clearOffice)).toEqual({ taxOfficeId: 'Müşteri için vergi dairesi zorunludur.' });
    const other = (await post(customer({ name: 'Diğer', taxNumber: VKN[3] }))).body;
    const clash = await put({ id: other.id, currentAccountType: 'CUSTOMER', name: 'Diğer', taxNumber: VKN[2] });
    expect(clash.status).toBe(409);
    expect((await put({ id: 987654321, currentAccountType: 'CUSTOMER', name: 'Yok' })).status).toBe(404);
  });

  it('deletes a current with its main accounts', async () => {
    const c = (await post(customer({ name: 'Silinecek' }))).body;
    const [m] = await mainAccountsOf(c.id);
    expect((await api.call('DELETE', `${CURRENTS}/${c.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${CURRENTS}/${c.id}`, { token: owner })).status).toBe(404);
    const gone = await api.call('GET', `${MAIN}/${m.id}`, { token: owner });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('Cari ana hesap bulunamadı.');
  });

  it('lists with type, search (Turkish letters any way), active filter, sort and paging', async () => {
    const eczaci = await api.signIn('eczaci');
    const found = await api.call('GET', `${CURRENTS}?search=ayse`, { token: eczaci });
    expect(found.body.map((c: any) => `${c.name} ${c.lastName}`)).toEqual(['Ayşe Yılmaz']);
    const byId = await api.call('GET', `${CURRENTS}?search=52916384750`, { token: eczaci });
    expect(byId.body.map((c: any) => c.name)).toEqual(['Mehmet']);
    const suppliers = await api.call('GET', `${CURRENTS}?currentAccountType=SUPPLIER&sort=name,asc&size=100`, { token: eczaci });
    expect(suppliers.body.map((c: any) => c.name)).toEqual(['Anadolu Medikal', 'Başkent Ecza Deposu']);
    expect(suppliers.headers.get('x-total-count')).toBe('2');
    const page = await api.call('GET', `${CURRENTS}?size=2&page=1&sort=id,asc`, { token: eczaci });
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(6);
    const passive = (await post(customer({ name: 'Pasif', active: false }))).body;
    const act = (await api.call('GET', `${CURRENTS}?active=false&currentAccountType=CUSTOMER&size=100`, { token: owner })).body;
    expect(act.map((c: any) => c.id)).toEqual([passive.id]);
    // The other company's currents are not there.
    expect((await api.call('GET', `${CURRENTS}/${passive.id}`, { token: eczaci })).status).toBe(404);
  });

  it('checks the type\'s own module: a customer-only user sees and adds customers, nothing else', async () => {
    const supplier = (await api.call('GET', `${CURRENTS}?currentAccountType=SUPPLIER&size=1`, { token: owner })).body[0];
    const clerk = await userWith(api, owner, 'musterici', ['6_1', '6_2', '6_3']);
    const list = await api.call('GET', `${CURRENTS}?size=100`, { token: clerk });
    expect(list.status).toBe(200);
    expect(new Set(list.body.map((c: any) => c.currentAccountType))).toEqual(new Set(['CUSTOMER']));
    const refused = [
      await api.call('GET', `${CURRENTS}?currentAccountType=SUPPLIER`, { token: clerk }),
      await api.call('GET', `${CURRENTS}/${supplier.id}`, { token: clerk }),
      await post({ currentAccountType: 'SUPPLIER', name: 'Olmaz' }, clerk),
      await put({ id: supplier.id, currentAccountType: 'SUPPLIER', name: 'Olmaz' }, clerk),
      await api.call('DELETE', `${CURRENTS}/${list.body[0].id}`, { token: clerk }),
      await post(customer({ name: 'Tedarikçi de olsun', alsoAs: 'SUPPLIER' }), clerk),
      await api.call('POST', `${ONMUHASEBE}/currentsList`, { token: clerk, body: [{ currentAccountType: 'SUPPLIER', name: 'Toplu' }] }),
    ];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body.title).toBe('Yetki Hatası');
    }
    expect(refused[2]!.body.detail).toMatch(/^tedarikçi kayıtlarında ekleme yetkiniz yok/);
    expect(refused[5]!.body.detail).toMatch(/tedarikçi olarak ekleme yetkiniz yok/);
    expect((await post(customer({ name: 'Yetkili ekleme' }), clerk)).status).toBe(201);
    const mains = await api.call('GET', `${MAIN}?size=100`, { token: clerk });
    expect(new Set(mains.body.map((m: any) => m.currentAccountType))).toEqual(new Set(['CUSTOMER']));
  });

  it('tags currents with the company\'s tags, filters by tag, and refuses a tag that is not the company\'s', async () => {
    const tags = (await api.call('GET', `${ONMUHASEBE}/tags?size=100`, { token: owner })).body as { id: number; name: string }[];
    const vip = tags.find((x) => x.name === 'VIP')!;
    const toptan = tags.find((x) => x.name === 'Toptan')!;
    const demo = (await api.call('GET', `${CURRENTS}?tagId=${vip.id}`, { token: owner })).body;
    expect(demo.map((c: any) => c.name)).toEqual(['Boğaziçi Otel İşletmeleri']);
    expect(demo[0].tags.map((x: any) => x.name)).toEqual(['Önemli', 'VIP']);
    const c = await post(customer({ name: 'Etiketli', tagIds: [toptan.id, vip.id] }));
    expect(c.status).toBe(201);
    expect(c.body.tags.map((x: any) => [x.name, x.color])).toEqual([['Toptan', 'blue'], ['VIP', 'gold']]);
    // An update without tagIds keeps them; with tagIds it replaces them.
    expect((await put({ id: c.body.id, currentAccountType: 'CUSTOMER', name: 'Etiketli 2' })).body.tags).toHaveLength(2);
    expect((await put({ id: c.body.id, currentAccountType: 'CUSTOMER', name: 'Etiketli 2', tagIds: [] })).body.tags).toEqual([]);
    const foreignTag = (await api.call('GET', `${ONMUHASEBE}/tags?size=1`, { token: await api.signIn('eczaci') })).body[0];
    const refused = await post(customer({ name: 'Yabancı etiket', tagIds: [foreignTag.id] }));
    expect(fieldsOf(refused)).toEqual({ tagIds: 'Etiket bulunamadı.' });
    const dup = await post(customer({ name: 'Çift etiket', tagIds: [vip.id, vip.id] }));
    expect(dup.status).toBe(400);
    expect(dup.body.fieldErrors[0].field).toBe('tagIds');
  });

  describe('bulk (/currentsList)', () => {
    const BULK = `${ONMUHASEBE}/currentsList`;
    const count = async () => Number((await api.call('GET', `${CURRENTS}?size=1`, { token: owner })).headers.get('x-total-count'));

    it('creates, then updates the same records when sent again (matched by type and tax number)', async () => {
      const before = await count();
      const items = [
        customer({ name: 'Toplu A', taxNumber: VKN[4], phone: '1' }),
        { currentAccountType: 'SUPPLIER', name: 'Toplu B', taxNumber: VKN[4], iban: IBAN },
        { currentAccountType: 'PERSONNEL', name: 'Toplu C', currencyId: 1 },
      ];
      const first = await api.call('POST', BULK, { token: owner, body: items });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ created: 3, updated: 0 });
      expect(first.body.items.map((i: any) => [i.index, i.action])).toEqual([[0, 'CREATED'], [1, 'CREATED'], [2, 'CREATED']]);
      expect(await count()).toBe(before + 3);
      const a = await api.call('GET', `${CURRENTS}/${first.body.items[0].id}`, { token: owner });
      expect(a.body).toMatchObject({ name: 'Toplu A', accountGroupCode: '120', taxOfficeId: besiktasVd });
      expect((await mainAccountsOf(first.body.items[1].id))[0].accountCode).toBe('320');

      const again = await api.call('POST', BULK, { token: owner, body: [{ currentAccountType: 'CUSTOMER', name: 'Toplu A (yeni ad)', taxNumber: VKN[4] }, items[1]] });
      expect(again.body).toMatchObject({ created: 0, updated: 2 });
      expect(again.body.items.map((i: any) => i.id)).toEqual([first.body.items[0].id, first.body.items[1].id]);
      expect(await count()).toBe(before + 3);
      const a2 = await api.call('GET', `${CURRENTS}/${first.body.items[0].id}`, { token: owner });
      // Fields the item leaves out are kept (the tax office, the phone).
      expect(a2.body).toMatchObject({ name: 'Toplu A (yeni ad)', taxOfficeId: besiktasVd, phone: '1' });
    });

    it('writes nothing when any item is bad, and names each bad item and field', async () => {
      const before = await count();
      const r = await api.call('POST', BULK, {
        token: owner,
        body: [
          customer({ name: 'İyi', taxNumber: VKN[5] }),
          customer({ name: 'Kötü numara', taxNumber: '1234567891' }),
          { currentAccountType: 'CUSTOMER', name: 'Vergi dairesiz' },
          customer({ name: 'Çift', taxNumber: VKN[5] }),
          { currentAccountType: 'SUPPLIER', name: 'Kötü IBAN', iban: 'TR00' },
        ],
      });
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('4 kayıtta hata var; hiçbir kayıt yazılmadı.');
      expect(fieldsOf(r)).toEqual({
        '1.taxNumber': 'Vergi kimlik numarası geçersiz: kontrol basamakları tutmuyor.',
        '2.taxOfficeId': 'Müşteri için vergi dairesi zorunludur.',
        '3.taxNumber': 'Bu T.C. kimlik / vergi numarası listede 0 numaralı kayıtta da var.',
        '4.iban': 'IBAN 26 karakter olmalıdır.',
      });
      expect(await count()).toBe(before);
      const schema = await api.call('POST', BULK, { token: owner, body: [customer(), { currentAccountType: 'CUSTOMER' }] });
      expect(schema.status).toBe(400);
      expect(schema.body.fieldErrors[0]).toMatchObject({ field: '1.name', code: 'REQUIRED' });
      expect((await api.call('POST', BULK, { token: owner, body: [] })).status).toBe(400);
    });

    it('takes at most 1000 items, and 1000 at once', async () => {
      const many = Array.from({ length: 1001 }, (_, i) => ({ currentAccountType: 'SUPPLIER', name: `Tedarikçi ${i}` }));
      const tooMany = await api.call('POST', BULK, { token: owner, body: many });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.detail).toBe('Bir seferde en fazla 1000 kayıt gönderilebilir; 1001 kayıt geldi.');
      const started = Date.now();
      const ok = await api.call('POST', BULK, { token: owner, body: many.slice(0, 1000) });
      expect(ok.status).toBe(200);
      expect(ok.body.created).toBe(1000);
      expect(new Set(ok.body.items.map((i: any) => i.id)).size).toBe(1000);
      expect(Date.now() - started).toBeLessThan(20_000);
      const last = await api.call('GET', `${CURRENTS}/${ok.body.items[999].id}`, { token: owner });
      expect(last.body.name).toBe('Tedarikçi 999');
    });
  });

  describe('main accounts (/current-main-accounts)', () => {
    it('adds another account (code or currency), refuses a duplicate or a non-current code, never deletes the last', async () => {
      const c = (await post(customer({ name: 'Çok hesaplı' }))).body;
      const [first] = await mainAccountsOf(c.id);
      const usd = await api.call('POST', MAIN, { token: owner, body: { currentId: c.id, accountCode: '120', currencyId: 2 } });
      expect(usd.status).toBe(201);
      expect(usd.body).toMatchObject({ currentId: c.id, currentName: 'Çok hesaplı', accountCode: '120', currencyCode: 'USD', companyId: 3 });
      const deposit = await api.call('POST', MAIN, { token: owner, body: { currentId: c.id, accountCode: '340' } });
      expect(deposit.body).toMatchObject({ accountCode: '340', accountName: 'Alınan Sipariş Avansları', currencyCode: 'TL' });
      const dup = await api.call('POST', MAIN, { token: owner, body: { currentId: c.id, accountCode: '120', currencyId: 2 } });
      expect(dup.status).toBe(409);
      expect(dup.body.code).toBe('MAIN_ACCOUNT_EXISTS');
      const bad = await api.call('POST', MAIN, { token: owner, body: { currentId: c.id, accountCode: '100', currencyId: 42 } });
      expect(bad.status).toBe(400);
      expect(Object.keys(fieldsOf(bad))).toEqual(['accountCode', 'currencyId']);
      const foreign = (await api.call('GET', `${CURRENTS}?size=1`, { token: await api.signIn('eczaci') })).body[0];
      expect((await api.call('POST', MAIN, { token: owner, body: { currentId: foreign.id, accountCode: '120' } })).status).toBe(404);
      expect((await api.call('GET', `${MAIN}?currentId=${c.id}&accountCode=340`, { token: owner })).body).toHaveLength(1);
      for (const m of [first, usd.body]) expect((await api.call('DELETE', `${MAIN}/${m.id}`, { token: owner })).status).toBe(204);
      const last = await api.call('DELETE', `${MAIN}/${deposit.body.id}`, { token: owner });
      expect(last.status).toBe(409);
      expect(last.body).toMatchObject({ code: 'LAST_MAIN_ACCOUNT', detail: 'Carinin son ana hesabı silinemez.' });
      expect((await api.call('GET', `${MAIN}/${deposit.body.id}`, { token: owner })).body.accountCode).toBe('340');
    });
  });
});
