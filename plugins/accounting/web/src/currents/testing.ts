import { within } from '@testing-library/react';
import { json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import type { Current } from './model';

/** Test data and routes for the currents screens: the lookups a form needs, and a stored record. */
export const TURKEY = { id: 223, code: 'TR', alpha3: 'TUR', numericCode: '792', name: 'Türkiye', nameEn: 'Türkiye', currencyCode: 'TRY', phoneCode: '90' };
export const CITIES = [
  { id: 6, countryId: 223, plateCode: '06', name: 'Ankara', metropolitan: true },
  { id: 34, countryId: 223, plateCode: '34', name: 'İstanbul', metropolitan: true },
];
export const DISTRICTS: Record<string, { id: number; cityId: number; name: string }[]> = {
  6: [{ id: 70, cityId: 6, name: 'Çankaya' }, { id: 76, cityId: 6, name: 'Mamak' }],
  34: [{ id: 400, cityId: 34, name: 'Beşiktaş' }, { id: 410, cityId: 34, name: 'Kadıköy' }],
};
export const TAX_OFFICES: Record<string, { id: number; code: string; name: string; cityId: number; citySubdivisionId: null; district: string }[]> = {
  6: [{ id: 101, code: '6257', name: 'Çankaya Vergi Dairesi Müdürlüğü', cityId: 6, citySubdivisionId: null, district: 'Merkez' }],
  34: [{ id: 301, code: '34251', name: 'Beşiktaş Vergi Dairesi Müdürlüğü', cityId: 34, citySubdivisionId: null, district: 'Merkez' }],
};

export const TAGS = [{ id: 1, name: 'Önemli', color: 'red' }, { id: 2, name: 'VIP', color: 'gold' }, { id: 5, name: 'Takipte', color: 'orange' }];

export function withLookups(server: FakeServer): FakeServer {
  server.on('GET /services/onmuhasebe/api/tags', () => json(TAGS, { total: TAGS.length }));
  const q = (req: Request, k: string) => new URL(req.url).searchParams.get(k) ?? '';
  server.on('GET /services/onmuhasebe/api/countries', () => json([TURKEY, { ...TURKEY, id: 80, code: 'DE', name: 'Almanya', nameEn: 'Germany' }], { total: 2 }));
  server.on('GET /services/onmuhasebe/api/cities', () => json(CITIES, { total: CITIES.length }));
  server.on('GET /services/onmuhasebe/api/city-subdivisions', (req) => json(DISTRICTS[q(req, 'cityId')] ?? [], { total: 2 }));
  server.on('GET /services/onmuhasebe/api/tax-offices', (req) => json(TAX_OFFICES[q(req, 'cityId')] ?? [], { total: 1 }));
  return server;
}

export const AYSE: Current = {
  id: 7, companyId: 2, currentAccountType: 'CUSTOMER', name: 'Ayşe', lastName: 'Yılmaz', title: null, gender: 'FEMALE', birthday: '1958-04-12',
  currencyId: 1, currencyCode: 'TL', phone: '5321112233', fax: null, email: 'ayse@example.com', webAddress: null, contactPerson: null,
  address: 'Kızılay Mah. 21/4', countryId: 223, countryName: 'Türkiye', cityId: 6, cityName: 'Ankara', citySubdivisionId: 70,
  citySubdivisionName: 'Çankaya', postcode: '06420', taxNumber: '38472615972', taxOfficeId: 101, taxOfficeName: 'Çankaya Vergi Dairesi Müdürlüğü',
  taxOfficeCityId: 6, iban: 'TR570001004839201746583920', accountGroupCode: '120', patientType: 'BY_SALARY', partnerType: null, sharePercentage: null,
  capital: null, active: true, tags: [{ id: 5, name: 'Takipte', color: 'orange' }], createdDate: '2026-01-05T09:00:00.000Z', lastModifiedDate: null,
};

/** A form's control by its label ("İl" and not "İlçe"; the required mark does not count). */
export function control(form: HTMLElement, label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(form).getByLabelText(new RegExp(`^${escaped}\\s*\\*?$`));
}
