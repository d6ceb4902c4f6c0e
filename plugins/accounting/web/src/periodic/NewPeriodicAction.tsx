import { useMemo, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, RadioGroup, Radio } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useApiQuery, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { today } from '../ledger/model';
import { BANK_ACCOUNTS, SAFES } from '../finance/model';
import { PROCESSES, mayRun, newProcessBody, pageOf, type PeriodPlan, type PeriodicType } from './model';

type Props = ContributionProps & { params?: Record<string, string> };

/**
 * "Periyodik işlem" on a posted invoice's page (the invoice actions slot): a dialog that makes a
 * recurring invoice from it (every month on a day, every week on a weekday, or every N days, for
 * a number of periods) or collects / pays its open instalments on their due dates from a safe or
 * bank account; then opens the new process's page.
 */
export default function NewPeriodicAction({ host, params }: Props) {
  const { t } = useTranslation('accounting');
  const [open, setOpen] = useState(false);
  const invoiceId = Number(params?.invoiceId);
  const invoiceType = params?.invoiceType === 'BUYING' ? 'BUYING' : 'SALE';
  const types = (['PERIODIC', 'INSTALMENT'] as const).filter((x) => mayRun(host, invoiceType, x));
  if (params?.status !== 'POSTED' || !types.length || !Number.isInteger(invoiceId)) return null;
  return (
    <>
      <Button icon="automatic-updates" onClick={() => setOpen(true)}>{t('periodic.actions.create')}</Button>
      {open && <NewPeriodicDialog host={host} invoiceId={invoiceId} invoiceType={invoiceType} types={types} onClose={() => setOpen(false)} />}
    </>
  );
}

function NewPeriodicDialog(props: { host: ContributionProps['host']; invoiceId: number; invoiceType: 'SALE' | 'BUYING'; types: PeriodicType[]; onClose(): void }) {
  const { host, invoiceId, invoiceType } = props;
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [processType, setProcessType] = useState<PeriodicType>(props.types[0]!);
  const [periodType, setPeriodType] = useState<PeriodPlan['type']>('MONTHLY');
  const [day, setDay] = useState('1');
  const [count, setCount] = useState('12');
  const [startDate, setStartDate] = useState(today());
  const [name, setName] = useState('');
  const [account, setAccount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const title = t('periodic.dialog.title');

  // The safes and bank accounts an instalment plan may use (one that fails to load offers none, silently).
  const instalment = processType === 'INSTALMENT';
  const safes = useApiQuery(SAFES, { params: { query: { size: 1000 } } }, { enabled: instalment, report: false }).data;
  const banks = useApiQuery(BANK_ACCOUNTS, { params: { query: { size: 1000 } } }, { enabled: instalment, report: false }).data;
  const accounts = useMemo(() => [
    ...(safes ?? []).map((s) => ({ value: `SAFE:${s.id}`, label: t('periodic.dialog.safe', { name: s.name }) })),
    ...(banks ?? []).map((b) => ({ value: `BANK_ACCOUNT:${b.id}`, label: t('periodic.dialog.bank', { name: b.name }) })),
  ], [safes, banks, t]);

  async function submit() {
    const read = newProcessBody(invoiceId, { processType, periodType, day, count, startDate, account, name });
    if ('error' in read) {
      setErrors({ [read.field]: t(`periodic.errors.${read.error}`) });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const p = await shell.api.request('PUT', PROCESSES, { body: read.body as never });
      host.notify.success(t('periodic.dialog.created'));
      host.navigate(pageOf(p.id));
    } catch (e) {
      const mine = serverFieldErrors(e);
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={title} icon="automatic-updates" style={{ width: 520, maxWidth: '95vw' }}>
      <form noValidate aria-label={title} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <DialogBody>
          {props.types.length > 1 && (
            <RadioGroup label={t('periodic.dialog.type')} selectedValue={processType} onChange={(e) => setProcessType(e.currentTarget.value as PeriodicType)}>
              {props.types.map((x) => <Radio key={x} value={x} label={t(`periodic.typeOf.${invoiceType}.${x}`)} />)}
            </RadioGroup>
          )}
          <Field id="periodic-name" label={t('periodic.dialog.name')} error={errors.name}>
            <InputGroup id="periodic-name" value={name} onValueChange={setName} maxLength={200} />
          </Field>
          {processType === 'PERIODIC' ? (
            <>
              <Field id="periodic-type" label={t('periodic.dialog.periodType')}>
                <HTMLSelect id="periodic-type" value={periodType} onChange={(e) => setPeriodType(e.currentTarget.value as PeriodPlan['type'])}
                  options={(['MONTHLY', 'WEEKLY', 'DAYS'] as const).map((x) => ({ value: x, label: t(`periodic.periodTypes.${x}`) }))} />
              </Field>
              <Field id="periodic-day" label={t(`periodic.dialog.day.${periodType}`)} error={errors.day ?? errors['period.day']} required>
                <InputGroup id="periodic-day" value={day} onValueChange={setDay} inputMode="numeric" />
              </Field>
              <Field id="periodic-count" label={t('periodic.dialog.count')} error={errors.count ?? errors['period.count']} required>
                <InputGroup id="periodic-count" value={count} onValueChange={setCount} inputMode="numeric" />
              </Field>
              <Field id="periodic-start" label={t('periodic.dialog.startDate')} error={errors.startDate} required>
                <DateInput id="periodic-start" value={startDate} onValueChange={setStartDate} />
              </Field>
            </>
          ) : (
            <>
              <p>{t('periodic.dialog.instalmentHint')}</p>
              <Field id="periodic-account" label={t(`periodic.dialog.account.${invoiceType}`)} error={errors.account ?? errors['account.id']} required>
                <HTMLSelect id="periodic-account" value={account} onChange={(e) => setAccount(e.currentTarget.value)}
                  options={[{ value: '', label: t('periodic.dialog.choose') }, ...accounts]} />
              </Field>
            </>
          )}
        </DialogBody>
        <DialogFooter actions={<>
          <Button onClick={props.onClose}>{t('periodic.dialog.cancel')}</Button>
          <Button type="submit" intent="primary" loading={busy}>{t('periodic.dialog.save')}</Button>
        </>} />
      </form>
    </Dialog>
  );
}
