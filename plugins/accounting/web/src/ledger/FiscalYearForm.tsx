import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, InputGroup, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DateInput, Field, fieldErrorsFor, reportFailure, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { FISCAL_YEARS, isDay, type FiscalYear } from './model';

/**
 * A fiscal year's fields (seeds 000 §3: name, start date, end date, active) with the rules at each
 * field: name required, whole DD/MM/YYYY dates, the end not before the start. The server's answers
 * (an overlap with another year at the start date, a taken name, more than two years) land at
 * their fields too. The dates of a year with entries cannot change.
 */
export function FiscalYearDialog(props: { year: FiscalYear | null; onClose: () => void; onSaved: (y: FiscalYear, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const y = props.year;
  const [name, setName] = useState(y?.name ?? '');
  const [startDate, setStart] = useState(y?.startDate ?? '');
  const [endDate, setEnd] = useState(y?.endDate ?? '');
  const [active, setActive] = useState(y?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const datesFixed = (y?.entryCount ?? 0) > 0;
  const label = y ? t('ledger.fiscalYears.edit') : t('ledger.fiscalYears.add');

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('ledger.fiscalYears.rules.nameRequired');
    if (!startDate) found.startDate = t('ledger.rules.required');
    else if (!isDay(startDate)) found.startDate = t('ledger.rules.date');
    if (!endDate) found.endDate = t('ledger.rules.required');
    else if (!isDay(endDate)) found.endDate = t('ledger.rules.date');
    else if (isDay(startDate) && endDate < startDate) found.endDate = t('ledger.rules.endBeforeStart');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), startDate, endDate, active };
      const saved = y
        ? await shell.api.request('PUT', FISCAL_YEARS, { body: { ...body, id: y.id } })
        : await shell.api.request('POST', FISCAL_YEARS, { body });
      props.onSaved(saved, !y);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['name', 'startDate', 'endDate', 'active'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="fy-name" label={t('ledger.fiscalYears.name')} error={errors.name} hint={t('ledger.fiscalYears.hints.name')} required>
            <InputGroup id="fy-name" value={name} onValueChange={setName} maxLength={100} autoFocus />
          </Field>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="fy-start" label={t('ledger.common.startDate')} error={errors.startDate} hint={datesFixed ? t('ledger.fiscalYears.hints.datesFixed') : undefined} required>
              <DateInput id="fy-start" value={startDate} onValueChange={setStart} disabled={datesFixed} />
            </Field>
            <Field id="fy-end" label={t('ledger.common.endDate')} error={errors.endDate} hint={datesFixed ? undefined : t('ledger.fiscalYears.hints.range')} required>
              <DateInput id="fy-end" value={endDate} onValueChange={setEnd} disabled={datesFixed} />
            </Field>
          </div>
          <Field id="fy-active" label="" error={errors.active} hint={t('ledger.fiscalYears.hints.active')}>
            <Switch id="fy-active" label={t('ledger.fiscalYears.active')} checked={active} onChange={(ev) => setActive(ev.currentTarget.checked)} />
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
