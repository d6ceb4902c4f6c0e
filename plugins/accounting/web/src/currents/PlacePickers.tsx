import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { components } from '@tezgah/sdk';
import { useApiData, type Shell } from '@tezgah/workbench/ui';

type Country = components['schemas']['Country'];
type City = components['schemas']['City'];
type District = components['schemas']['CitySubdivision'];
type TaxOffice = components['schemas']['TaxOffice'];

const BASE = '/services/onmuhasebe/api';

/**
 * A reference list through the data layer: it does not change while the workbench runs, so it is
 * asked for once per session (the cache is emptied at a sign-out or a company switch). Null while
 * it loads; empty without a parent choice (`key` null) or when it failed (the failure notified).
 */
function useList<T>(key: string | null, run: (shell: Pick<Shell, 'api'>) => Promise<{ items: readonly T[] }>): readonly T[] | null {
  const q = useApiData(['GET', `${BASE}/${key ?? ''}`, 'reference'], (api) => run({ api }).then((r) => r.items), { enabled: key !== null, staleTime: Infinity });
  if (key === null || q.isError) return [];
  return q.data ?? null;
}

export function useCountries() {
  return useList<Country>('countries', (shell) => shell.api.list(`${BASE}/countries`, { params: { query: { size: 1000, sort: ['name,asc'] } } }));
}

export function useCities(countryId: string) {
  return useList<City>(countryId ? `cities/${countryId}` : null, (shell) => shell.api.list(`${BASE}/cities`, { params: { query: { countryId: Number(countryId), size: 1000, sort: ['id,asc'] } } }));
}

export function useDistricts(cityId: string) {
  return useList<District>(cityId ? `districts/${cityId}` : null, (shell) => shell.api.list(`${BASE}/city-subdivisions`, { params: { query: { cityId: Number(cityId), size: 1000, sort: ['name,asc'] } } }));
}

export function useTaxOffices(cityId: string) {
  return useList<TaxOffice>(cityId ? `tax-offices/${cityId}` : null, (shell) => shell.api.list(`${BASE}/tax-offices`, { params: { query: { cityId: Number(cityId), size: 1000, sort: ['name,asc'] } } }));
}

interface SelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

function Options(props: SelectProps & { items: readonly { id: number; label: string }[] | null; empty: string }) {
  const { t } = useTranslation('accounting');
  const { items, empty, ...rest } = props;
  return (
    <HTMLSelect
      id={rest.id}
      fill
      value={rest.value}
      disabled={rest.disabled || items === null}
      onChange={(e) => rest.onChange(e.currentTarget.value)}
      // Field passes aria-* props to its child; HTMLSelect hands them on to the <select>.
      {...Object.fromEntries(Object.entries(props).filter(([k]) => k.startsWith('aria-')))}
    >
      <option value="">{items === null ? t('currents.loading') : empty}</option>
      {(items ?? []).map((i) => <option key={i.id} value={String(i.id)}>{i.label}</option>)}
    </HTMLSelect>
  );
}

export function CountrySelect(props: SelectProps) {
  const { t } = useTranslation('accounting');
  const list = useCountries();
  return <Options {...props} empty={t('currents.choose')} items={list && list.map((c) => ({ id: c.id, label: c.name }))} />;
}

export function CitySelect(props: SelectProps & { countryId: string }) {
  const { t } = useTranslation('accounting');
  const list = useCities(props.countryId);
  const { countryId, ...rest } = props;
  return <Options {...rest} disabled={!countryId || props.disabled} empty={t('currents.choose')} items={list && list.map((c) => ({ id: c.id, label: `${c.plateCode} ${c.name}` }))} />;
}

export function DistrictSelect(props: SelectProps & { cityId: string }) {
  const { t } = useTranslation('accounting');
  const list = useDistricts(props.cityId);
  const { cityId, ...rest } = props;
  return <Options {...rest} disabled={!cityId || props.disabled} empty={cityId ? t('currents.choose') : t('currents.cityFirst')} items={list && list.map((d) => ({ id: d.id, label: d.name }))} />;
}

export function TaxOfficeSelect(props: SelectProps & { cityId: string }) {
  const { t } = useTranslation('accounting');
  const list = useTaxOffices(props.cityId);
  const { cityId, ...rest } = props;
  return <Options {...rest} disabled={!cityId || props.disabled} empty={cityId ? t('currents.choose') : t('currents.cityFirst')} items={list && list.map((o) => ({ id: o.id, label: o.name }))} />;
}
