import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, H5, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, fieldErrorsFor, reportFailure, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { CitySelect, CountrySelect, DistrictSelect, TaxOfficeSelect, useCountries } from './PlacePickers';
import { TagChecks, canSeeTags, useCompanyTags } from './CurrentTags';
import {
  ACCOUNT_CHOICES, CURRENTS, FORM_FIELDS, alsoAsOf, bodyOf, draftOf, formatIban, isPharmacy, may, typeKey, validateCurrent,
  type Current, type CurrentDraft, type CurrentType,
} from './model';

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '0 16px' } as const;

export interface CurrentFormProps {
  host: WorkbenchHost;
  type: CurrentType;
  /** The record to edit; absent for a new one. */
  current?: Current | null;
  onClose: () => void;
  /** Called with the saved record (and the twin's id when one was added too). */
  onSaved: (saved: Current, alsoCreatedId?: number | null) => void;
}

/**
 * The current account form (seeds 000 §3 fields) in a dialog: identity, contact, address with the
 * city / district / tax office pickers fed by the lookups, tax and bank (IBAN in groups of four),
 * accounting, and the partner's share. The seeds' rules show at their fields before anything is
 * sent; the server's field messages land on the same fields.
 */
export function CurrentForm(props: CurrentFormProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const pharmacy = isPharmacy(props.host);
  const isNew = !props.current;
  const type = props.current?.currentAccountType ?? props.type;
  const countries = useCountries();
  const turkey = countries?.find((c) => c.code === 'TR');
  const [d, setD] = useState<CurrentDraft>(() => draftOf(type, props.current));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const twin = alsoAsOf(type);
  const canTwin = isNew && twin !== null && may(props.host, type, twin.action);
  const withTags = canSeeTags(props.host);
  const tags = useCompanyTags(props.host);

  // A new record is in Türkiye until told otherwise.
  useEffect(() => {
    if (isNew && turkey) setD((x) => (x.countryId ? x : { ...x, countryId: String(turkey.id) }));
  }, [isNew, turkey]);

  const set = <K extends keyof CurrentDraft>(k: K) => (v: CurrentDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const word = t(typeKey(type, pharmacy));
  const title = isNew ? t('currents.add', { type: word }) : t('currents.edit', { type: word });
  const id = (f: string) => `current-${f}`;
  const label = (f: string) => t(`currents.fields.${f}`);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = validateCurrent(d, (k) => t(k));
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = bodyOf(d, withTags);
      if (isNew) {
        const created = await shell.api.request('POST', CURRENTS, { body: { ...body, ...(d.alsoAs && twin ? { alsoAs: twin.twin as 'CUSTOMER' | 'SUPPLIER' } : {}) } });
        shell.notify.success(t('notify.added', { ns: 'kernel' }));
        if (created.alsoCreatedId) shell.notify.success(t('currents.alsoCreated', { type: t(typeKey(twin!.twin, pharmacy)) }));
        props.host.bus.emit('entity.created', { plugin: 'accounting', entity: 'current', id: created.id, record: created });
        props.onSaved(created, created.alsoCreatedId);
      } else {
        const updated = await shell.api.request('PUT', CURRENTS, { body: { ...body, id: props.current!.id } });
        shell.notify.success(t('notify.updated', { ns: 'kernel' }));
        props.host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'current', id: updated.id, record: updated });
        props.onSaved(updated);
      }
    } catch (err) {
      setErrors(fieldErrorsFor(err, FORM_FIELDS, (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  const text = (f: keyof CurrentDraft & string, opts: { required?: boolean; hint?: ReactNode; max?: number; type?: string } = {}) => (
    <Field id={id(f)} label={label(f)} error={errors[f]} required={opts.required ?? false} hint={opts.hint}>
      {opts.type === 'date'
        ? <DateInput id={id(f)} value={d[f] as string} onValueChange={set(f) as (v: string) => void} />
        : <InputGroup id={id(f)} type={opts.type ?? 'text'} value={d[f] as string} onValueChange={set(f) as (v: string) => void} maxLength={opts.max ?? 100} />}
    </Field>
  );
  const choice = (f: keyof CurrentDraft & string, options: [string, string][], opts: { required?: boolean } = {}) => (
    <Field id={id(f)} label={label(f)} error={errors[f]} required={opts.required ?? false}>
      <HTMLSelect id={id(f)} fill value={d[f] as string} onChange={(e) => set(f)(e.currentTarget.value as never)}>
        {!opts.required && <option value="">{t('currents.none')}</option>}
        {opts.required && !d[f] && <option value="">{t('currents.choose')}</option>}
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </HTMLSelect>
    </Field>
  );
  const accountCodes = ACCOUNT_CHOICES[type].includes(d.accountGroupCode) || !d.accountGroupCode ? ACCOUNT_CHOICES[type] : [d.accountGroupCode, ...ACCOUNT_CHOICES[type]];

  return (
    <Dialog isOpen onClose={props.onClose} title={title} style={{ width: 820, maxWidth: '95vw' }}>
      <form onSubmit={save} noValidate aria-label={title}>
        <DialogBody>
          <H5>{t('currents.sections.identity')}</H5>
          <div style={grid}>
            {text('name', { required: true })}
            {type !== 'PARTNER' || d.partnerType !== 'CORPORATE' ? text('lastName') : null}
            {text('title', { max: 250 })}
            {choice('gender', [['FEMALE', t('currents.gender.FEMALE')], ['MALE', t('currents.gender.MALE')]])}
            {text('birthday', { type: 'date', max: 10 })}
            {choice('currencyId', CURRENCIES.map((c) => [String(c.id), `${c.code} — ${c.name}`]), { required: type === 'PERSONNEL' })}
            {type === 'CUSTOMER' && choice('patientType', [['BY_SALARY', t('currents.patientType.BY_SALARY')], ['BY_HAND', t('currents.patientType.BY_HAND')]])}
          </div>
          {type === 'PARTNER' && (
            <>
              <H5>{t('currents.sections.partner')}</H5>
              <div style={grid}>
                {choice('partnerType', [['INDIVIDUAL', t('currents.partnerType.INDIVIDUAL')], ['CORPORATE', t('currents.partnerType.CORPORATE')]], { required: true })}
                {text('sharePercentage', { required: true, hint: t('currents.hints.share'), max: 6 })}
                {text('capital', { required: true, hint: t('currents.hints.capital'), max: 20 })}
              </div>
            </>
          )}
          <H5>{t('currents.sections.contact')}</H5>
          <div style={grid}>
            {text('phone', { type: 'tel', max: 30 })}
            {text('fax', { type: 'tel', max: 30 })}
            {text('email', { type: 'email', max: 254 })}
            {text('webAddress', { max: 250 })}
            {text('contactPerson')}
          </div>
          <H5>{t('currents.sections.address')}</H5>
          <div style={grid}>
            <Field id={id('countryId')} label={label('countryId')} error={errors.countryId}>
              <CountrySelect id={id('countryId')} value={d.countryId} onChange={(v) => setD((x) => ({ ...x, countryId: v, cityId: '', citySubdivisionId: '' }))} />
            </Field>
            <Field id={id('cityId')} label={label('cityId')} error={errors.cityId}>
              <CitySelect id={id('cityId')} countryId={d.countryId} value={d.cityId}
                onChange={(v) => setD((x) => ({ ...x, cityId: v, citySubdivisionId: '', ...(!x.taxOfficeId ? { taxOfficeCityId: v } : {}) }))} />
            </Field>
            <Field id={id('citySubdivisionId')} label={label('citySubdivisionId')} error={errors.citySubdivisionId}>
              <DistrictSelect id={id('citySubdivisionId')} cityId={d.cityId} value={d.citySubdivisionId} onChange={set('citySubdivisionId')} />
            </Field>
            {text('postcode', { max: 10 })}
          </div>
          <Field id={id('address')} label={label('address')} error={errors.address}>
            <TextArea id={id('address')} fill value={d.address} onChange={(e) => set('address')(e.currentTarget.value)} maxLength={500} />
          </Field>
          <H5>{t('currents.sections.tax')}</H5>
          <div style={grid}>
            {text('taxNumber', { hint: t('currents.hints.taxNumber'), max: 11 })}
            <Field id={id('taxOfficeCityId')} label={label('taxOfficeCityId')}>
              <CitySelect id={id('taxOfficeCityId')} countryId={turkey ? String(turkey.id) : ''} value={d.taxOfficeCityId}
                onChange={(v) => setD((x) => ({ ...x, taxOfficeCityId: v, taxOfficeId: '' }))} />
            </Field>
            <Field id={id('taxOfficeId')} label={label('taxOfficeId')} error={errors.taxOfficeId} required={type === 'CUSTOMER' || (d.alsoAs && type === 'SUPPLIER')}>
              <TaxOfficeSelect id={id('taxOfficeId')} cityId={d.taxOfficeCityId} value={d.taxOfficeId} onChange={set('taxOfficeId')} />
            </Field>
            <Field id={id('iban')} label={label('iban')} error={errors.iban} hint={t('currents.hints.iban')}>
              <InputGroup id={id('iban')} value={d.iban} onValueChange={(v) => set('iban')(formatIban(v))} maxLength={42} placeholder="TR00 0000 0000 0000 0000 0000 00" />
            </Field>
          </div>
          <H5>{t('currents.sections.accounting')}</H5>
          <div style={grid}>
            {choice('accountGroupCode', accountCodes.map((c) => [c, `${c} ${t(`currents.accounts.${c}`, { defaultValue: '' })}`.trim()]), { required: true })}
            <Field id={id('active')} label={label('active')} describeChild={false}>
              <Switch id={id('active')} checked={d.active} onChange={(e) => set('active')(e.currentTarget.checked)} label={t(d.active ? 'currents.filter.active' : 'currents.filter.passive')} />
            </Field>
          </div>
          {withTags && tags !== null && tags.length > 0 && (
            <Field id={id('tagIds')} label={label('tagIds')} error={errors.tagIds} describeChild={false}>
              <TagChecks tags={tags} value={d.tagIds} onChange={set('tagIds')} />
            </Field>
          )}
          {canTwin && (
            <Field id={id('alsoAs')} label="" error={errors.alsoAs} describeChild={false}>
              <Checkbox id={id('alsoAs')} checked={d.alsoAs} onChange={(e) => set('alsoAs')(e.currentTarget.checked)}
                label={t('currents.alsoAs', { type: t(typeKey(twin!.twin, pharmacy)) })} />
            </Field>
          )}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
