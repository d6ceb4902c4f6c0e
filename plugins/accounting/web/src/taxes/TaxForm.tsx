import { useState, type FormEvent } from 'react';
import { Button, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { components } from '@tezgah/sdk';
import { Field, fieldErrorsFor, reportFailure, useApiList, useShell, type FieldErrors } from '@tezgah/workbench/ui';

export type Tax = components['schemas']['Tax'];
export type TaxType = components['schemas']['TaxType'];
type ExceptionType = components['schemas']['TaxExceptionType'];

export const TAXES_PATH = '/services/onmuhasebe/api/taxes';
/** The tax types, in the order the form offers them (the contract's TaxType). */
export const TAX_TYPES: readonly TaxType[] = ['KDV', 'ÖTV-I', 'ÖTV-III', 'ÖTV-IV', 'ÖİV', 'KKDF', 'BSMV', 'KONAKLAMA', 'DAMGA', 'ETV'];
const PERCENT = /^\d{1,3}([.,]\d{1,2})?$/;

/** "20", "0,5" or "0.5" as a number; null when it is not a percentage with at most two decimals. */
export function parsePercentage(text: string): number | null {
  const s = text.trim();
  return PERCENT.test(s) ? Number(s.replace(',', '.')) : null;
}

/** 20 → "20", 0.5 → "0,5" (Turkish decimal comma). */
export function formatPercentage(p: number): string {
  return String(p).replace('.', ',');
}

const NO_EXCEPTIONS: readonly ExceptionType[] = [];

const maxFor = (type: string) => (type.startsWith('ÖTV') ? 999.99 : 100);

/**
 * A tax's fields with the seeds' rules at each (type and percentage required, a percentage with
 * at most two decimals, at most 100 except ÖTV, an exemption code only on 0 % KDV) and the
 * server's answers ('Same tax percentage already exists', 'You made no changes!') at the field
 * they concern. Used by the tax settings dialog and the quick-add.
 */
export function TaxForm(props: { tax?: Partial<Tax>; label: string; onSaved: (tax: Tax, created: boolean) => void; onCancel?: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const tax = props.tax ?? {};
  const isNew = tax.id === undefined;
  const [taxType, setTaxType] = useState<TaxType | ''>(tax.taxType ?? (isNew ? 'KDV' : ''));
  const [percentage, setPercentage] = useState(tax.percentage === undefined ? '' : formatPercentage(tax.percentage));
  const [name, setName] = useState(tax.name ?? '');
  const [abbreviation, setAbbreviation] = useState(tax.abbreviation ?? '');
  const [exceptionCode, setExceptionCode] = useState(tax.exceptionCode ?? '');
  const [active, setActive] = useState(tax.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const zeroKdv = taxType === 'KDV' && parsePercentage(percentage) === 0;
  // The exemption codes, asked for once a 0 % KDV needs them (kept when the percentage changes again).
  const exceptions: readonly ExceptionType[] = useApiList(
    '/services/onmuhasebe/api/tax-exception-types',
    { params: { query: { size: 100, sort: ['code,asc'] } } },
    { enabled: zeroKdv },
  ).data?.items ?? NO_EXCEPTIONS;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!taxType) found.taxType = t('common.required', { ns: 'kernel' });
    const p = parsePercentage(percentage);
    if (!percentage.trim()) found.percentage = t('common.required', { ns: 'kernel' });
    else if (p === null) found.percentage = t('taxes.percentageFormat');
    else if (taxType && p > maxFor(taxType)) found.percentage = t('taxes.percentageRange', { max: maxFor(taxType) });
    if (exceptionCode && !zeroKdv) found.exceptionCode = t('taxes.exceptionOnlyZero');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        taxType: taxType as TaxType, percentage: p!, active,
        ...(name.trim() ? { name: name.trim() } : {}),
        abbreviation: abbreviation.trim() || null,
        exceptionCode: zeroKdv && exceptionCode ? exceptionCode : null,
      };
      const saved = isNew
        ? await shell.api.request('POST', TAXES_PATH, { body })
        : await shell.api.request('PUT', TAXES_PATH, { body: { ...body, id: tax.id! } });
      props.onSaved(saved as Tax, isNew);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['taxType', 'percentage', 'name', 'abbreviation', 'exceptionCode'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate aria-label={props.label}>
      <Field id="tax-type" label={t('taxes.type')} error={errors.taxType} required>
        <HTMLSelect id="tax-type" value={taxType} onChange={(e) => setTaxType(e.currentTarget.value as TaxType)} fill>
          {!taxType && <option value="">{t('taxes.chooseType')}</option>}
          {TAX_TYPES.map((ty) => <option key={ty} value={ty}>{t(`taxes.types.${ty}`)}</option>)}
        </HTMLSelect>
      </Field>
      <Field id="tax-percentage" label={t('taxes.percentage')} error={errors.percentage} hint={t('taxes.percentageHint')} required>
        <InputGroup id="tax-percentage" value={percentage} onValueChange={setPercentage} inputMode="decimal" leftElement={<span className="bp6-text-muted" style={{ padding: '0 6px', lineHeight: '30px' }}>%</span>} autoFocus />
      </Field>
      <Field id="tax-name" label={t('taxes.name')} error={errors.name} hint={t('taxes.nameHint')}>
        <InputGroup id="tax-name" value={name} onValueChange={setName} maxLength={50} />
      </Field>
      <Field id="tax-abbreviation" label={t('taxes.abbreviation')} error={errors.abbreviation}>
        <InputGroup id="tax-abbreviation" value={abbreviation} onValueChange={setAbbreviation} maxLength={20} />
      </Field>
      {zeroKdv && (
        <Field id="tax-exception" label={t('taxes.exceptionCode')} error={errors.exceptionCode} hint={t('taxes.exceptionHint')}>
          <HTMLSelect id="tax-exception" value={exceptionCode} onChange={(e) => setExceptionCode(e.currentTarget.value)} fill>
            <option value="">{t('taxes.noException')}</option>
            {exceptionCode && !exceptions.some((x) => x.code === exceptionCode) && <option value={exceptionCode}>{exceptionCode}</option>}
            {exceptions.map((x) => <option key={x.code} value={x.code}>{`${x.code} — ${x.name}`}</option>)}
          </HTMLSelect>
        </Field>
      )}
      <Switch label={t('taxes.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        {props.onCancel && <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onCancel} />}
        <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
      </div>
    </form>
  );
}
