import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { Db } from '../lookups/lookups.repository';
import { loadRuleContext } from './context';
import { insertCurrents } from './currents.repository';
import { checkCurrent, complete, type CurrentInput } from './rules';

/**
 * Demo current accounts: patients and suppliers of the pharmacy (Ankara), customers, suppliers,
 * personnel and partners of the general company (İstanbul). The ID numbers, tax numbers and IBANs
 * are made up but pass their check digits; every record goes through the same rules as a request.
 */
type DemoCurrent = Partial<CurrentInput> & Pick<CurrentInput, 'currentAccountType' | 'name'> & {
  /** City plate, district name and tax office code, resolved to ids. */
  plate?: number;
  district?: string;
  taxOfficeCode?: string;
  /** Also stored as this type (the form's 'also add as customer or supplier'). */
  alsoAs?: 'CUSTOMER' | 'SUPPLIER';
  /** Names of the company's tags (every company starts with Önemli, VIP, Toptan, Perakende, Takipte). */
  tagNames?: string[];
};

export const PHARMACY_CURRENTS: DemoCurrent[] = [
  { currentAccountType: 'CUSTOMER', name: 'Ayşe', lastName: 'Yılmaz', gender: 'FEMALE', birthday: '1958-04-12', taxNumber: '38472615972', phone: '5321112233', patientType: 'BY_SALARY', plate: 6, district: 'Çankaya', taxOfficeCode: '6257', address: 'Kızılay Mah. Gazi Mustafa Kemal Blv. No: 21/4', postcode: '06420' },
  { currentAccountType: 'CUSTOMER', name: 'Mehmet', lastName: 'Demir', gender: 'MALE', birthday: '1949-11-03', taxNumber: '52916384750', phone: '5334445566', patientType: 'BY_HAND', tagNames: ['Takipte'], plate: 6, district: 'Keçiören', taxOfficeCode: '6278', address: 'Etlik Mah. Aşağı Eğlence Cad. No: 7', postcode: '06010' },
  { currentAccountType: 'CUSTOMER', name: 'Fatma', lastName: 'Kaya', gender: 'FEMALE', birthday: '1965-07-21', taxNumber: '61729483550', phone: '5427778899', patientType: 'BY_SALARY', plate: 6, district: 'Yenimahalle', taxOfficeCode: '6255' },
  { currentAccountType: 'SUPPLIER', name: 'Başkent Ecza Deposu', title: 'Başkent Ecza Deposu Tic. A.Ş.', taxNumber: '7345128907', iban: 'TR570001004839201746583920', phone: '3124441010', email: 'siparis@baskentecza.example', contactPerson: 'Kemal Aydın', tagNames: ['Toptan'], plate: 6, district: 'Yenimahalle', taxOfficeCode: '6271', address: 'Ostim OSB Mah. 1234. Cad. No: 5' },
  { currentAccountType: 'SUPPLIER', name: 'Anadolu Medikal', title: 'Anadolu Medikal Ürünler Ltd. Şti.', taxNumber: '4812367058', iban: 'TR430006404839201754503237', phone: '3124252627', webAddress: 'https://anadolumedikal.example', plate: 6, district: 'Çankaya', taxOfficeCode: '6254' },
  { currentAccountType: 'PERSONNEL', name: 'Zeynep', lastName: 'Arslan', title: 'Eczane teknisyeni', currencyId: 1, taxNumber: '24581396772', email: 'zeynep.arslan@demo.tezgah.local', phone: '5051234567', iban: 'TR610006204839201762422554', plate: 6, district: 'Çankaya', taxOfficeCode: '6257' },
];

export const GENERAL_CURRENTS: DemoCurrent[] = [
  { currentAccountType: 'CUSTOMER', name: 'Marmara Yapı Market', title: 'Marmara Yapı Market Ltd. Şti.', taxNumber: '9023746158', iban: 'TR870004604839201770341871', phone: '2163334455', email: 'muhasebe@marmarayapi.example', tagNames: ['Toptan'], plate: 34, district: 'Kadıköy', taxOfficeCode: '34272', address: 'Caferağa Mah. Moda Cad. No: 88', postcode: '34710' },
  { currentAccountType: 'CUSTOMER', name: 'Boğaziçi Otel İşletmeleri', title: 'Boğaziçi Otel İşletmeleri A.Ş.', taxNumber: '3561902849', phone: '2122223344', email: 'muhasebe@bogaziciotel.example', contactPerson: 'Selin Koç', tagNames: ['VIP', 'Önemli'], plate: 34, district: 'Beşiktaş', taxOfficeCode: '34251' },
  { currentAccountType: 'CUSTOMER', name: 'Ali', lastName: 'Öztürk', gender: 'MALE', taxNumber: '73615294850', phone: '5306667788', plate: 34, district: 'Üsküdar', taxOfficeCode: '34277' },
  { currentAccountType: 'SUPPLIER', name: 'Ege Kırtasiye', title: 'Ege Kırtasiye San. ve Tic. A.Ş.', taxNumber: '6182457398', iban: 'TR540001204839201778261188', currencyId: 1, phone: '2324445566', plate: 35, district: 'Bornova', taxOfficeCode: '35264' },
  { currentAccountType: 'SUPPLIER', name: 'Trakya Gıda', title: 'Trakya Gıda Ltd. Şti.', taxNumber: '2704591634', iban: 'TR830001504839201786180505', phone: '2127778899', plate: 34, district: 'Şişli', taxOfficeCode: '34276', alsoAs: 'CUSTOMER' },
  { currentAccountType: 'SUPPLIER', name: 'Global Lojistik', title: 'Global Lojistik Hizmetleri A.Ş.', taxNumber: '1936508426', currencyId: 3, accountGroupCode: '320', phone: '2128889900', plate: 34, district: 'Şişli', taxOfficeCode: '34274' },
  { currentAccountType: 'PERSONNEL', name: 'Can', lastName: 'Yıldız', title: 'Satış sorumlusu', currencyId: 1, taxNumber: '45837192672', email: 'can.yildiz@demo.tezgah.local', iban: 'TR840006704839201794099822', plate: 34, district: 'Beşiktaş' },
  { currentAccountType: 'PARTNER', name: 'Murat', lastName: 'Muhasebeci', partnerType: 'INDIVIDUAL', sharePercentage: 60, capital: 600000, taxNumber: '19384756250', plate: 34, district: 'Beşiktaş' },
  { currentAccountType: 'PARTNER', name: 'Demo Holding', title: 'Demo Holding A.Ş.', partnerType: 'CORPORATE', sharePercentage: 40, capital: 400000, taxNumber: '8451273068', iban: 'TR480011104839201802019139', plate: 34, district: 'Şişli', taxOfficeCode: '34230' },
];

async function resolve(db: Db, companyId: number, d: DemoCurrent): Promise<CurrentInput[]> {
  const { plate, district, taxOfficeCode, alsoAs, tagNames, ...fields } = d;
  const input = complete(fields);
  if (tagNames?.length) {
    const tags = await db.selectFrom('tags').select('id').where('company_id', '=', companyId).where('name', 'in', tagNames).execute();
    input.tagIds = tags.map((t) => t.id);
  }
  if (plate) input.cityId = plate;
  if (plate && district) {
    input.citySubdivisionId = (await db.selectFrom('city_subdivisions').select('id').where('city_id', '=', plate).where('name', '=', district).executeTakeFirstOrThrow()).id;
  }
  if (taxOfficeCode) input.taxOfficeId = (await db.selectFrom('tax_offices').select('id').where('code', '=', taxOfficeCode).executeTakeFirstOrThrow()).id;
  return alsoAs ? [input, { ...input, currentAccountType: alsoAs, accountGroupCode: null }] : [input];
}

/** Stores one company's demo currents; a record the rules refuse stops the seeding loudly. */
export async function seedCompanyCurrents(db: Db, companyId: number, list: DemoCurrent[], today: string): Promise<number[]> {
  const inputs = (await Promise.all(list.map((d) => resolve(db, companyId, d)))).flat();
  const rc = await loadRuleContext(db, companyId, inputs, today);
  const values = inputs.map((i) => {
    const { value, problems } = checkCurrent(i, rc);
    if (problems.length) throw new Error(`demo current ${i.name}: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
    return value;
  });
  return insertCurrents(db, companyId, values);
}

export async function seedDemoCurrents(trx: Trx, demo: DemoTenant): Promise<void> {
  const db = trx as unknown as Db;
  const today = new Date().toISOString().slice(0, 10);
  await setTenant(trx, demo.companies.pharmacy);
  await seedCompanyCurrents(db, demo.companies.pharmacy, PHARMACY_CURRENTS, today);
  await setTenant(trx, demo.companies.general);
  await seedCompanyCurrents(db, demo.companies.general, GENERAL_CURRENTS, today);
}
