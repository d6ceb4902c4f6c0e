import { useState, type FormEvent } from 'react';
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, CURRENCIES, type ContributionProps } from '@tezgah/core';
import { Field, fieldErrorsFor, reportFailure, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { CitySelect, TaxOfficeSelect, useCountries } from './PlacePickers';
import { ACCOUNT_CHOICES, CURRENTS, TYPES, TYPE_ORDER, bodyOf, draftOf, isPharmacy, may, typeKey, validateCurrent, type CurrentDraft, type CurrentType } from './model';

/**
 * The quick-add dialogs' forms (seeds 000 §2 "quick-add dialogs (account, customer, ...)", §5
 * "Quick-add forms: names, currency ... required. Account name and code required."): a few fields,
 * the same rules, a success notice; the form empties for the next one.
 */
function QuickForm(props: ContributionProps & { types: readonly CurrentType[]; withTax: boolean; idPrefix: string; label: string }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const pharmacy = isPharmacy(props.host);
  const countries = useCountries();
  const turkeyId = String(countries?.find((c) => c.code === 'TR')?.id ?? '');
  const [d, setD] = useState<CurrentDraft>(() => draftOf(props.types[0] ?? 'CUSTOMER'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const id = (f: string) => `${props.idPrefix}-${f}`;
  const set = <K extends keyof CurrentDraft>(k: K) => (v: CurrentDraft[K]) => setD((x) => ({ ...x, [k]: v }));

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = validateCurrent(d, (k) => t(k));
    if (!d.currencyId) found.currencyId = t('currents.rules.currencyRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const created = await shell.api.request('POST', CURRENTS, { body: bodyOf(d) });
      props.host.notify.success(t('notify.added', { ns: 'kernel' }));
      props.host.bus.emit('entity.created', { plugin: 'accounting', entity: 'current', id: created.id, record: created });
      setD(draftOf(d.currentAccountType));
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['name', 'taxNumber', 'taxOfficeId', 'currencyId', 'accountGroupCode', 'currentAccountType'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  const type = d.currentAccountType;
  return (
    <form onSubmit={save} noValidate aria-label={props.label}>
      {props.types.length > 1 && (
        <Field id={id('type')} label={t('currents.quick.type')} required>
          <HTMLSelect id={id('type')} fill value={type} onChange={(e) => {
            const next = e.currentTarget.value as CurrentType;
            setD((x) => ({ ...x, currentAccountType: next, accountGroupCode: TYPES[next].account, currencyId: x.currencyId || '1' }));
          }}>
            {props.types.map((ty) => <option key={ty} value={ty}>{t(typeKey(ty, pharmacy))}</option>)}
          </HTMLSelect>
        </Field>
      )}
      <Field id={id('name')} label={t('currents.fields.name')} error={errors.name} required>
        <InputGroup id={id('name')} value={d.name} onValueChange={set('name')} maxLength={100} autoFocus />
      </Field>
      {!props.withTax && (
        <Field id={id('code')} label={t('currents.fields.accountGroupCode')} error={errors.accountGroupCode} required>
          <HTMLSelect id={id('code')} fill value={d.accountGroupCode} onChange={(e) => set('accountGroupCode')(e.currentTarget.value)}>
            {ACCOUNT_CHOICES[type].map((c) => <option key={c} value={c}>{`${c} ${t(`currents.accounts.${c}`, { defaultValue: '' })}`.trim()}</option>)}
          </HTMLSelect>
        </Field>
      )}
      <Field id={id('currency')} label={t('currents.fields.currencyId')} error={errors.currencyId} required>
        <HTMLSelect id={id('currency')} fill value={d.currencyId} onChange={(e) => set('currencyId')(e.currentTarget.value)}>
          {!d.currencyId && <option value="">{t('currents.choose')}</option>}
          {CURRENCIES.map((c) => <option key={c.id} value={String(c.id)}>{`${c.code} — ${c.name}`}</option>)}
        </HTMLSelect>
      </Field>
      {props.withTax && (
        <>
          <Field id={id('taxNumber')} label={t('currents.fields.taxNumber')} error={errors.taxNumber} hint={t('currents.hints.taxNumber')}>
            <InputGroup id={id('taxNumber')} value={d.taxNumber} onValueChange={set('taxNumber')} maxLength={11} />
          </Field>
          <Field id={id('taxOfficeCity')} label={t('currents.fields.taxOfficeCityId')}>
            <CitySelect id={id('taxOfficeCity')} countryId={turkeyId} value={d.taxOfficeCityId} onChange={(v) => setD((x) => ({ ...x, taxOfficeCityId: v, taxOfficeId: '' }))} />
          </Field>
          <Field id={id('taxOffice')} label={t('currents.fields.taxOfficeId')} error={errors.taxOfficeId} required>
            <TaxOfficeSelect id={id('taxOffice')} cityId={d.taxOfficeCityId} value={d.taxOfficeId} onChange={set('taxOfficeId')} />
          </Field>
          <Field id={id('phone')} label={t('currents.fields.phone')}>
            <InputGroup id={id('phone')} type="tel" value={d.phone} onValueChange={set('phone')} maxLength={30} />
          </Field>
        </>
      )}
      <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
    </form>
  );
}

/** Quick add "account": a current account of any type the user may add, by name, account code and currency. */
export function QuickAccount(props: ContributionProps) {
  const { t } = useTranslation('accounting');
  const types = TYPE_ORDER.filter((ty) => may(props.host, ty, Action.CREATE));
  return <QuickForm {...props} types={types} withTax={false} idPrefix="quick-account" label={t('currents.quick.account')} />;
}

/** Quick add "customer" (a patient in a pharmacy): name, currency, ID and the tax office a customer needs. */
export function QuickCustomer(props: ContributionProps) {
  const { t } = useTranslation('accounting');
  return <QuickForm {...props} types={['CUSTOMER']} withTax idPrefix="quick-customer" label={t(isPharmacy(props.host) ? 'currents.quick.patient' : 'currents.quick.customer')} />;
}
