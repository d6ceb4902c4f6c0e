import { useEffect, useState } from 'react';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Switch, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import { useApiData, PagedTable, reportFailure, useAddRequest, useConfirm, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { call, page } from '../announcements/api';
import {
  addressBody, ADDRESS_PATHS, cityDraft, countryDraft, emptyDraft, subdivisionDraft,
  type AddressDraft, type City, type CitySubdivision, type Country, type Kind,
} from '../address/api';

const COLLECTION: Record<Kind, string> = { country: ADDRESS_PATHS.countries, city: ADDRESS_PATHS.cities, subdivision: ADDRESS_PATHS.subdivisions };
const ONE: Record<Kind, string> = { country: ADDRESS_PATHS.country, city: ADDRESS_PATHS.city, subdivision: ADDRESS_PATHS.subdivision };
const TURKIYE = 'TR';

/** Every country (about 250), by name, for the country choosers. */
function useCountries(version: number): Country[] {
  return useApiData(
    ['GET', ADDRESS_PATHS.countries, { size: 1000, version }, 'page'],
    (api) => page(api)(ADDRESS_PATHS.countries, { params: { query: { page: 0, size: 1000, sort: ['name,asc'] } } }).then((r) => r.items as Country[]),
    { keepPrevious: true, report: false },
  ).data ?? [];
}

/** The cities of a country, by plate code, for the city chooser. */
function useCities(countryId: string, version: number): City[] {
  const cities = useApiData(
    ['GET', ADDRESS_PATHS.cities, { countryId, size: 1000, version }, 'page'],
    (api) => page(api)(ADDRESS_PATHS.cities, { params: { query: { page: 0, size: 1000, countryId: Number(countryId), sort: ['plateCode,asc'] } } }).then((r) => r.items as City[]),
    { enabled: !!countryId, report: false },
  ).data;
  return countryId ? (cities ?? []) : [];
}

function AddressDialog(props: { kind: Kind; draft: AddressDraft; countries: Country[]; cities: City[]; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const { kind } = props;
  const [d, setD] = useState(props.draft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    const r = addressBody(kind, d);
    if ('error' in r) { setError(t(`address.errors.${r.error}`)); return; }
    setError(null);
    setBusy(true);
    try {
      await call(shell.api)(d.id ? 'PUT' : 'POST', COLLECTION[kind], { body: r.body });
      shell.notify.success(t(`address.${kind}.${d.id ? 'updated' : 'added'}`));
      props.onSaved();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    } finally {
      setBusy(false);
    }
  }
  const text = (field: 'code' | 'alpha3' | 'name' | 'nameEn' | 'currencyCode' | 'phoneCode' | 'plateCode', max: number) => (
    <FormGroup label={t(`address.fields.${field}`)} labelFor={`addr-${field}`}>
      <InputGroup id={`addr-${field}`} value={d[field]} maxLength={max} onChange={(e) => setD({ ...d, [field]: e.currentTarget.value })} />
    </FormGroup>
  );
  return (
    <Dialog isOpen title={t(`address.${kind}.${d.id ? 'edit' : 'add'}`)} icon="map-marker" onClose={props.onClose}>
      <DialogBody>
        {kind === 'country' ? (
          <>
            {text('code', 2)}
            {text('name', 100)}
            {text('nameEn', 100)}
            {text('alpha3', 3)}
            {text('currencyCode', 40)}
            {text('phoneCode', 9)}
          </>
        ) : null}
        {kind === 'city' ? (
          <>
            <FormGroup label={t('address.fields.country')} labelFor="addr-country">
              <HTMLSelect id="addr-country" fill value={d.countryId} onChange={(e) => setD({ ...d, countryId: e.currentTarget.value })}>
                <option value="">—</option>
                {props.countries.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
              </HTMLSelect>
            </FormGroup>
            {text('plateCode', 4)}
            {text('name', 100)}
            <Switch label={t('address.fields.metropolitan')} checked={d.metropolitan} onChange={(e) => setD({ ...d, metropolitan: e.currentTarget.checked })} />
          </>
        ) : null}
        {kind === 'subdivision' ? (
          <>
            <FormGroup label={t('address.fields.city')} labelFor="addr-city">
              <HTMLSelect id="addr-city" fill value={d.cityId} onChange={(e) => setD({ ...d, cityId: e.currentTarget.value })}>
                <option value="">—</option>
                {props.cities.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
              </HTMLSelect>
            </FormGroup>
            {text('name', 100)}
          </>
        ) : null}
        {error ? <Callout intent="danger" role="alert">{error}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text={k('common.cancel')} onClick={props.onClose} /><Button intent="primary" text={k('common.save')} loading={busy} onClick={() => { void save(); }} /></>} />
    </Dialog>
  );
}

/**
 * /address-settings (seeds 001 §2 management settings, §7 standard CRUD for countries, cities and
 * city subdivisions, §8 success notices): management staff keep the address lists every company's
 * address fields choose from. Three tabs, each a paged, searchable list with add, change and
 * delete ('Ülke eklendi.', 'İl güncellendi.', 'İlçe silindi.' ...); a row in use cannot be deleted
 * and the server's reason is shown.
 */
export default function AddressSettings(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const [addRequested, addHandled] = useAddRequest();
  const [tab, setTab] = useState<Kind>('country');
  const [version, setVersion] = useState(0);
  const countries = useCountries(version);
  const [countryId, setCountryId] = useState('');
  const [cityId, setCityId] = useState('');
  const cities = useCities(countryId, version);
  const [editing, setEditing] = useState<{ kind: Kind; draft: AddressDraft } | null>(null);

  // Türkiye is chosen first for the city and district tabs once the countries are known.
  useEffect(() => {
    if (!countryId && countries.length) setCountryId(String(countries.find((c) => c.code === TURKIYE)?.id ?? countries[0]!.id));
  }, [countries, countryId]);

  const add = (kind: Kind) => setEditing({ kind, draft: emptyDraft(kind === 'city' ? { countryId } : kind === 'subdivision' ? { cityId } : {}) });
  useEffect(() => {
    if (addRequested) { add(tab); addHandled(); }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addRequested, addHandled]);

  const changed = () => { setEditing(null); setVersion((v) => v + 1); };
  async function remove(kind: Kind, id: number, name: string) {
    if (!(await confirm({ detail: t(`address.${kind}.removeDetail`, { name }) }))) return;
    try {
      await call(shell.api)('DELETE', ONE[kind], { params: { path: { id } } });
      shell.notify.success(t(`address.${kind}.removed`));
      changed();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    }
  }
  const actions = <T extends { id: number; name: string }>(kind: Kind, draft: (row: T) => AddressDraft): RowAction<T>[] => [
    { key: 'edit', label: k('common.edit'), icon: 'edit', onClick: (row) => setEditing({ kind, draft: draft(row) }) },
    { key: 'remove', label: t('address.remove'), icon: 'trash', intent: 'danger', onClick: (row) => void remove(kind, row.id, row.name) },
  ];
  const query = (q: { page: number; size: number; sort: string; search?: string }, extra: Record<string, unknown> = {}) =>
    ({ params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...extra } } });

  const countryColumns: PagedTableColumn<Country>[] = [
    { key: 'code', title: t('address.fields.code'), render: (c) => c.code, sortField: 'code', width: 80 },
    { key: 'name', title: t('address.fields.name'), render: (c) => c.name, sortField: 'name', width: 220 },
    { key: 'nameEn', title: t('address.fields.nameEn'), render: (c) => c.nameEn, width: 200 },
    { key: 'currencyCode', title: t('address.fields.currencyCode'), render: (c) => c.currencyCode ?? '', width: 100 },
    { key: 'phoneCode', title: t('address.fields.phoneCode'), render: (c) => (c.phoneCode ? `+${c.phoneCode}` : ''), width: 100 },
  ];
  const cityColumns: PagedTableColumn<City>[] = [
    { key: 'plateCode', title: t('address.fields.plateCode'), render: (c) => c.plateCode, sortField: 'plateCode', width: 90 },
    { key: 'name', title: t('address.fields.name'), render: (c) => c.name, sortField: 'name', width: 220 },
    { key: 'metropolitan', title: t('address.fields.metropolitan'), render: (c) => (c.metropolitan ? <Tag minimal intent="primary">{t('address.yes')}</Tag> : ''), width: 120 },
  ];
  const subdivisionColumns: PagedTableColumn<CitySubdivision>[] = [
    { key: 'name', title: t('address.fields.name'), render: (d) => d.name, sortField: 'name', width: 260 },
  ];
  const countryChooser = (
    <HTMLSelect aria-label={t('address.fields.country')} value={countryId} onChange={(e) => { setCountryId(e.currentTarget.value); setCityId(''); }}>
      {countries.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
    </HTMLSelect>
  );
  const addButton = (kind: Kind) => <Button icon="add" text={t(`address.${kind}.add`)} onClick={() => add(kind)} />;

  return (
    <section aria-labelledby="address-title">
      <h2 id="address-title" className={Classes.HEADING}>{t('address.title')}</h2>
      <Tabs id="address-tabs" selectedTabId={tab} onChange={(id) => setTab(id as Kind)} renderActiveTabPanelOnly>
        <Tab id="country" title={t('address.country.tab')} panel={(
          <PagedTable<Country>
            key={`country-${version}`}
            label={t('address.country.list')}
            columns={countryColumns}
            searchable
            rowActions={actions<Country>('country', countryDraft)}
            rowLabel={(c) => c.name}
            defaultPageSize={10}
            onError={shell.notify.failure}
            toolbar={addButton('country')}
            fetchPage={(q) => page(shell.api)(ADDRESS_PATHS.countries, query(q)) as Promise<{ items: Country[]; total: number }>}
          />
        )} />
        <Tab id="city" title={t('address.city.tab')} panel={(
          <PagedTable<City>
            key={`city-${countryId}-${version}`}
            label={t('address.city.list')}
            columns={cityColumns}
            searchable
            rowActions={actions<City>('city', cityDraft)}
            rowLabel={(c) => c.name}
            defaultPageSize={10}
            onError={shell.notify.failure}
            toolbar={<>{countryChooser}{addButton('city')}</>}
            fetchPage={(q) => (countryId
              ? page(shell.api)(ADDRESS_PATHS.cities, query(q, { countryId: Number(countryId) })) as Promise<{ items: City[]; total: number }>
              : Promise.resolve({ items: [], total: 0 }))}
          />
        )} />
        <Tab id="subdivision" title={t('address.subdivision.tab')} panel={(
          <PagedTable<CitySubdivision>
            key={`subdivision-${cityId}-${version}`}
            label={t('address.subdivision.list')}
            columns={subdivisionColumns}
            searchable
            rowActions={actions<CitySubdivision>('subdivision', subdivisionDraft)}
            rowLabel={(d) => d.name}
            defaultPageSize={10}
            onError={shell.notify.failure}
            toolbar={(
              <>
                {countryChooser}
                <HTMLSelect aria-label={t('address.fields.city')} value={cityId} onChange={(e) => setCityId(e.currentTarget.value)}>
                  <option value="">{t('address.chooseCity')}</option>
                  {cities.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
                </HTMLSelect>
                {addButton('subdivision')}
              </>
            )}
            fetchPage={(q) => (cityId
              ? page(shell.api)(ADDRESS_PATHS.subdivisions, query(q, { cityId: Number(cityId) })) as Promise<{ items: CitySubdivision[]; total: number }>
              : Promise.resolve({ items: [], total: 0 }))}
          />
        )} />
      </Tabs>
      {editing ? <AddressDialog kind={editing.kind} draft={editing.draft} countries={countries} cities={cities} onClose={() => setEditing(null)} onSaved={changed} /> : null}
      {dialog}
    </section>
  );
}
