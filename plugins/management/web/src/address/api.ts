/** The address lookup calls (openapi/accounting/lookups.yaml): countries, cities, city subdivisions. */
export const API = '/services/onmuhasebe/api';
export const ADDRESS_PATHS = {
  countries: `${API}/countries`,
  country: `${API}/countries/{id}`,
  cities: `${API}/cities`,
  city: `${API}/cities/{id}`,
  subdivisions: `${API}/city-subdivisions`,
  subdivision: `${API}/city-subdivisions/{id}`,
} as const;

export interface Country { id: number; code: string; alpha3: string | null; numericCode: string | null; name: string; nameEn: string; currencyCode: string | null; phoneCode: string | null }
export interface City { id: number; countryId: number; plateCode: string; name: string; metropolitan: boolean }
export interface CitySubdivision { id: number; cityId: number; name: string }

export type Kind = 'country' | 'city' | 'subdivision';

/** A form's values, all as typed (strings, and the büyükşehir switch). */
export interface AddressDraft {
  id?: number;
  code: string; alpha3: string; name: string; nameEn: string; currencyCode: string; phoneCode: string;
  countryId: string; plateCode: string; metropolitan: boolean; cityId: string;
}
export const emptyDraft = (over: Partial<AddressDraft> = {}): AddressDraft => ({
  code: '', alpha3: '', name: '', nameEn: '', currencyCode: '', phoneCode: '', countryId: '', plateCode: '', metropolitan: false, cityId: '', ...over,
});
export const countryDraft = (c: Country): AddressDraft => emptyDraft({
  id: c.id, code: c.code, alpha3: c.alpha3 ?? '', name: c.name, nameEn: c.nameEn, currencyCode: c.currencyCode ?? '', phoneCode: c.phoneCode ?? '',
});
export const cityDraft = (c: City): AddressDraft => emptyDraft({ id: c.id, countryId: String(c.countryId), plateCode: c.plateCode, name: c.name, metropolitan: c.metropolitan });
export const subdivisionDraft = (d: CitySubdivision): AddressDraft => emptyDraft({ id: d.id, cityId: String(d.cityId), name: d.name });

const nullable = (s: string) => (s.trim() === '' ? null : s.trim());

/** The body of POST / PUT for this kind, or the key (address.errors.*) of what is wrong. */
export function addressBody(kind: Kind, d: AddressDraft): { body: Record<string, unknown> } | { error: string } {
  const id = d.id ? { id: d.id } : {};
  const name = d.name.trim();
  if (!name) return { error: 'nameNeeded' };
  if (kind === 'country') {
    if (!/^[A-Za-z]{2}$/.test(d.code.trim())) return { error: 'codeNeeded' };
    if (!d.nameEn.trim()) return { error: 'nameEnNeeded' };
    if (d.alpha3.trim() && !/^[A-Za-z]{3}$/.test(d.alpha3.trim())) return { error: 'alpha3Invalid' };
    return { body: { ...id, code: d.code.trim().toUpperCase(), alpha3: nullable(d.alpha3)?.toUpperCase() ?? null, name, nameEn: d.nameEn.trim(), currencyCode: nullable(d.currencyCode)?.toUpperCase() ?? null, phoneCode: nullable(d.phoneCode) } };
  }
  if (kind === 'city') {
    if (!d.countryId) return { error: 'countryNeeded' };
    if (!/^[0-9A-Za-z]{1,4}$/.test(d.plateCode.trim())) return { error: 'plateNeeded' };
    return { body: { ...id, countryId: Number(d.countryId), plateCode: d.plateCode.trim(), name, metropolitan: d.metropolitan } };
  }
  if (!d.cityId) return { error: 'cityNeeded' };
  return { body: { ...id, cityId: Number(d.cityId), name } };
}
