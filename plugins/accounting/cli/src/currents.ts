/**
 * Current accounts (cari hesaplar) for import and export: customers, suppliers, personnel and
 * partners. A row is found again by its type and tax / national ID (the server's own match in
 * POST /currentsList). A row without one is added as a new record, unless a record without one
 * has all its values already (so a file imported twice, or an exported file, adds nothing).
 */
import { CURRENCIES, DEFAULT_CURRENCY_ID, isValidEmail, isValidTcknOrVkn } from '@tezgah/core';
import type { Lang } from '@tezgah/cli';
import type { components } from '@tezgah/sdk';
import type { Choice, ColumnSpec, RowError } from './columns';
import type { Entity } from './entity';
import { readAll } from './paging';

type Current = components['schemas']['Current'];
type CurrentFields = components['schemas']['CurrentFields'];

const API = '/services/onmuhasebe/api';

const MESSAGES = {
  tr: {
    taxNumber: 'geçerli bir vergi numarası (VKN) ya da T.C. kimlik numarası (TCKN) değil',
    email: 'Hatalı e-posta biçimi',
    iban: 'geçerli bir IBAN değil (TR ve 24 karakter, kontrol haneleri)',
    partnerRequired: 'ortak için zorunlu',
    partnersOnly: 'yalnız ortaklarda olur',
    customersOnly: 'yalnız müşterilerde olur',
    customerRequired: 'müşteri için zorunlu',
    personnelRequired: 'personel için zorunlu',
    needsCity: 'il de gerekli',
    future: 'ileri bir tarih',
  },
  en: {
    taxNumber: 'not a valid tax number (VKN) or national ID (TCKN)',
    email: 'Wrong e-mail format',
    iban: 'not a valid IBAN (TR and 24 characters, checksum)',
    partnerRequired: 'required for a partner',
    partnersOnly: 'only partners have it',
    customersOnly: 'only customers have it',
    customerRequired: 'required for a customer',
    personnelRequired: 'required for personnel',
    needsCity: 'needs the city (İl) too',
    future: 'is in the future',
  },
} satisfies Record<Lang, unknown>;

/** The currency column's choices: the code ('TL' also as TRY), the Turkish name, the symbol. */
export const CURRENCY_CHOICES: readonly Choice[] = CURRENCIES.map((c) => ({
  value: c.id,
  labels: [c.code, ...(c.code === 'TL' ? ['TRY', 'Türk Lirası', '₺'] : [c.name, c.symbol])],
}));

const TYPE_CHOICES: readonly Choice[] = [
  { value: 'CUSTOMER', labels: ['Müşteri', 'Hasta', 'Alıcı', 'Customer', 'Buyer'] },
  { value: 'SUPPLIER', labels: ['Tedarikçi', 'Satıcı', 'Supplier', 'Seller'] },
  { value: 'PERSONNEL', labels: ['Personel', 'Çalışan', 'Personnel'] },
  { value: 'PARTNER', labels: ['Ortak', 'Partner'] },
];

/** An IBAN as the server keeps it: TR, 24 digits/letters, the ISO 13616 checksum right. */
export function isValidTrIban(iban: string): boolean {
  if (!/^TR\d{2}[0-9A-Z]{22}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of n) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

function uniqueFirstLabels(choices: Choice[], longer: (c: Choice) => string): Choice[] {
  const count = new Map<string, number>();
  for (const c of choices) count.set(c.labels[0]!, (count.get(c.labels[0]!) ?? 0) + 1);
  return choices.map((c) => ((count.get(c.labels[0]!) ?? 0) > 1 ? { ...c, labels: [longer(c), ...c.labels] } : c));
}

/** The columns, in the order `export` writes them. `lookups` are the reference lists. */
export function currentColumns(lookups: {
  countries: readonly { id: number; code: string; name: string; nameEn: string }[];
  cities: readonly { id: number; countryId: number; plateCode: string; name: string }[];
  subdivisions: readonly { id: number; cityId: number; name: string }[];
  taxOffices: readonly { id: number; code: string; name: string; cityId: number }[];
}): ColumnSpec[] {
  const taxOffices = uniqueFirstLabels(
    lookups.taxOffices.map((t) => ({
      value: t.id,
      scope: t.cityId,
      labels: [t.name, t.code, t.name.replace(/\s+(Vergi Dairesi( Müdürlüğü)?|Malmüdürlüğü)$/u, '')].filter((l, i, a) => l && a.indexOf(l) === i),
    })),
    (c) => `${c.labels[0]} (${c.labels[1]})`,
  );
  return [
    { field: 'currentAccountType', header: 'Tip', aliases: ['Cari Tipi', 'Cari Tip', 'Hesap Tipi', 'Tür', 'Türü', 'Type'], type: 'choice', required: true, choices: TYPE_CHOICES },
    { field: 'name', header: 'Ad', aliases: ['Adı', 'İsim', 'Cari Adı', 'Cari Ad', 'Name', 'First Name'], type: 'text', required: true, maxLength: 100 },
    { field: 'lastName', header: 'Soyad', aliases: ['Soyadı', 'Last Name', 'Surname'], type: 'text', maxLength: 100 },
    { field: 'title', header: 'Ünvan', aliases: ['Unvan', 'Ünvanı', 'Ticari Ünvan', 'Firma Ünvanı', 'Title'], type: 'text', maxLength: 250 },
    {
      field: 'taxNumber',
      header: 'Vergi No/TC Kimlik No',
      aliases: ['Vergi No', 'Vergi Numarası', 'Vergi Kimlik No', 'VKN', 'TC Kimlik No', 'T.C. Kimlik No', 'TC No', 'TCKN', 'VKN/TCKN', 'TCKN/VKN', 'Vergi/TC No', 'TC Kimlik No/Vergi No', 'Tax Number', 'Tax No'],
      type: 'digits',
      lengths: [10, 11],
      check: (v, lang) => (isValidTcknOrVkn(String(v)) ? null : MESSAGES[lang].taxNumber),
    },
    { field: 'taxOfficeId', header: 'Vergi Dairesi', aliases: ['Vergi Dairesi Adı', 'VD', 'Tax Office'], type: 'choice', choices: taxOffices, scopeField: 'cityId' },
    { field: 'phone', header: 'Telefon', aliases: ['Tel', 'Telefon No', 'Telefon Numarası', 'Cep Telefonu', 'Cep', 'GSM', 'Phone'], type: 'text', maxLength: 30 },
    { field: 'fax', header: 'Faks', aliases: ['Fax', 'Faks No'], type: 'text', maxLength: 30 },
    {
      field: 'email',
      header: 'E-posta',
      aliases: ['E-posta Adresi', 'Eposta', 'E-mail', 'Email', 'Mail'],
      type: 'text',
      maxLength: 254,
      check: (v, lang) => (isValidEmail(String(v)) ? null : MESSAGES[lang].email),
    },
    { field: 'webAddress', header: 'Web Adresi', aliases: ['Web', 'Web Sitesi', 'Website', 'Web Address'], type: 'text', maxLength: 250 },
    { field: 'contactPerson', header: 'Yetkili Kişi', aliases: ['Yetkili', 'İlgili Kişi', 'Contact Person'], type: 'text', maxLength: 100 },
    {
      field: 'iban',
      header: 'IBAN',
      aliases: ['IBAN No', 'Iban Numarası'],
      type: 'text',
      upper: true,
      compact: true,
      check: (v, lang) => (isValidTrIban(String(v)) ? null : MESSAGES[lang].iban),
    },
    { field: 'currencyId', header: 'Para Birimi', aliases: ['Döviz', 'Döviz Cinsi', 'Döviz Tipi', 'Currency'], type: 'choice', choices: CURRENCY_CHOICES },
    { field: 'address', header: 'Adres', aliases: ['Açık Adres', 'Address'], type: 'text', maxLength: 500 },
    {
      field: 'countryId',
      header: 'Ülke',
      aliases: ['Country'],
      type: 'choice',
      choices: uniqueFirstLabels(lookups.countries.map((c) => ({ value: c.id, labels: [c.name, c.code, c.nameEn] })), (c) => `${c.labels[0]} (${c.labels[1]})`),
    },
    {
      field: 'cityId',
      header: 'İl',
      aliases: ['Şehir', 'City', 'İl Adı'],
      type: 'choice',
      scopeField: 'countryId',
      choices: uniqueFirstLabels(lookups.cities.map((c) => ({ value: c.id, scope: c.countryId, labels: [c.name, c.plateCode] })), (c) => `${c.labels[0]} (${c.labels[1]})`),
    },
    {
      field: 'citySubdivisionId',
      header: 'İlçe',
      aliases: ['İlçe Adı', 'District'],
      type: 'choice',
      scopeField: 'cityId',
      strictScope: true,
      choices: lookups.subdivisions.map((s) => ({ value: s.id, scope: s.cityId, labels: [s.name] })),
    },
    { field: 'postcode', header: 'Posta Kodu', aliases: ['Posta', 'Postcode', 'Zip'], type: 'text', maxLength: 10 },
    {
      field: 'gender',
      header: 'Cinsiyet',
      aliases: ['Gender'],
      type: 'choice',
      choices: [
        { value: 'MALE', labels: ['Erkek', 'E', 'Bay', 'Male'] },
        { value: 'FEMALE', labels: ['Kadın', 'K', 'Bayan', 'Female'] },
      ],
    },
    { field: 'birthday', header: 'Doğum Tarihi', aliases: ['Doğum', 'Birthday', 'Birth Date'], type: 'date' },
    { field: 'accountGroupCode', header: 'Hesap Kodu', aliases: ['Muhasebe Kodu', 'Hesap Grubu', 'Hesap Grup Kodu', 'Account Group Code'], type: 'text', maxLength: 20 },
    {
      field: 'patientType',
      header: 'Hasta Tipi',
      aliases: ['Hasta Payı', 'Patient Type'],
      type: 'choice',
      choices: [
        { value: 'BY_SALARY', labels: ['Maaştan', 'By Salary'] },
        { value: 'BY_HAND', labels: ['Elden', 'By Hand'] },
      ],
    },
    {
      field: 'partnerType',
      header: 'Ortak Tipi',
      aliases: ['Ortaklık Tipi', 'Partner Type'],
      type: 'choice',
      choices: [
        { value: 'INDIVIDUAL', labels: ['Şahıs', 'Bireysel', 'Gerçek Kişi', 'Individual'] },
        { value: 'CORPORATE', labels: ['Tüzel', 'Kurumsal', 'Tüzel Kişi', 'Corporate'] },
      ],
    },
    { field: 'sharePercentage', header: 'Hisse Oranı', aliases: ['Hisse', 'Pay Oranı', 'Share Percentage'], type: 'number', min: 0, max: 100, decimals: 2 },
    { field: 'capital', header: 'Sermaye', aliases: ['Capital'], type: 'number', min: 0, decimals: 2 },
    { field: 'active', header: 'Aktif', aliases: ['Durum', 'Active'], type: 'boolean' },
  ];
}

const FIELDS = [
  'currentAccountType', 'name', 'lastName', 'title', 'gender', 'birthday', 'currencyId', 'phone', 'fax', 'email', 'webAddress',
  'contactPerson', 'address', 'countryId', 'cityId', 'citySubdivisionId', 'postcode', 'taxNumber', 'taxOfficeId', 'iban',
  'accountGroupCode', 'patientType', 'partnerType', 'sharePercentage', 'capital', 'active',
] as const satisfies readonly (keyof CurrentFields)[];

/** The body of one item of POST /currentsList. */
export function currentBody(values: Readonly<Record<string, unknown>>): CurrentFields {
  const body: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = values[f];
    if (v === undefined) continue;
    if (v === null && (f === 'active' || f === 'currentAccountType' || f === 'name')) continue;
    body[f] = v;
  }
  return body as unknown as CurrentFields;
}

/** Today as YYYY-MM-DD in local time, worked out once a second (not once a row). */
let today = { at: 0, iso: '' };
function todayIso(): string {
  const now = Date.now();
  if (now - today.at > 1000) {
    const d = new Date(now);
    today = { at: now, iso: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` };
  }
  return today.iso;
}

/** The rules the server applies to the row as a whole, checked here so a dry run finds them. */
export function checkCurrentRow(values: Readonly<Record<string, unknown>>, row: number, column: (field: string) => string, lang: Lang = 'en'): RowError[] {
  const m = MESSAGES[lang];
  const errors: RowError[] = [];
  const type = values.currentAccountType;
  if (type === 'PARTNER') {
    for (const f of ['partnerType', 'sharePercentage', 'capital'] as const) {
      if (values[f] === null || values[f] === undefined) errors.push({ row, column: column(f), reason: m.partnerRequired });
    }
  } else {
    for (const f of ['partnerType', 'sharePercentage', 'capital'] as const) {
      if (values[f] !== null && values[f] !== undefined) errors.push({ row, column: column(f), reason: m.partnersOnly });
    }
  }
  if (type !== 'CUSTOMER' && values.patientType !== null && values.patientType !== undefined) {
    errors.push({ row, column: column('patientType'), reason: m.customersOnly });
  }
  if (type === 'CUSTOMER' && (values.taxOfficeId === null || values.taxOfficeId === undefined)) {
    errors.push({ row, column: column('taxOfficeId'), reason: m.customerRequired });
  }
  if (type === 'PERSONNEL' && values.currencyId === null) errors.push({ row, column: column('currencyId'), reason: m.personnelRequired });
  if (values.citySubdivisionId !== null && values.citySubdivisionId !== undefined && (values.cityId === null || values.cityId === undefined)) {
    errors.push({ row, column: column('citySubdivisionId'), reason: m.needsCity });
  }
  if (typeof values.birthday === 'string' && values.birthday > todayIso()) errors.push({ row, column: column('birthday'), reason: m.future });
  return errors;
}

export const currents: Entity<Current> = {
  name: 'currents',
  noun: 'current account',
  nouns: { tr: ['cari hesap', 'cari hesaplar'], en: ['current account', 'current accounts'] },
  key: 'taxNumber',
  keyOf: (v) => (v.taxNumber && v.currentAccountType ? `${String(v.currentAccountType)}:${String(v.taxNumber)}` : null),
  keyless: true,
  async columns(api) {
    const query = (page: number, size: number) => ({ params: { query: { page, size, sort: ['id,asc'] } } });
    const [countries, cities, subdivisions, taxOffices] = await Promise.all([
      readAll((p, s) => api.list(`${API}/countries`, query(p, s))),
      readAll((p, s) => api.list(`${API}/cities`, query(p, s))),
      readAll((p, s) => api.list(`${API}/city-subdivisions`, query(p, s))),
      readAll((p, s) => api.list(`${API}/tax-offices`, query(p, s))),
    ]);
    return currentColumns({ countries, cities, subdivisions, taxOffices });
  },
  existing(api, onPage) {
    return readAll((page, size) => api.list(`${API}/currents`, { params: { query: { page, size, sort: ['id,asc'] } } }), onPage);
  },
  fields(c) {
    const values: Record<string, unknown> = {};
    for (const f of FIELDS) values[f] = (c as unknown as Record<string, unknown>)[f] ?? null;
    return values;
  },
  defaults: () => ({ currencyId: DEFAULT_CURRENCY_ID }),
  checkRow: checkCurrentRow,
  async write(api, batch, options) {
    await api.request('POST', `${API}/currentsList`, {
      body: batch.map((i) => currentBody(i.values)),
      ...(options?.idempotencyKey ? { params: { header: { 'Idempotency-Key': options.idempotencyKey } } } : {}),
    });
  },
};
