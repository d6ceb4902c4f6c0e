import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, H2, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, parseTurkishDecimal, todayInTurkey, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, PagedTable, reportFailure, serverFieldErrors, useConfirm, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { centsToDecimal, formatCents, isDay, money, readAmount } from '../ledger/model';
import { MoneyInput } from '../finance/parts';
import { moneyChanged, useMoneyVersion } from '../finance/model';
import { usePersonnel } from './PaymentForm';
import { ACCRUALS, EXPENSE_ACCOUNTS, mayPayment, type PayrollAccrual } from './model';

/** The payroll's figures in the order of the payroll (bordro): the gross, the worker's deductions, the employer's shares, the advance deducted. */
const FIELDS = ['gross', 'workerSgk', 'workerUnemployment', 'incomeTax', 'stampTax', 'advanceDeduction', 'employerSgk', 'employerUnemployment'] as const;
type AmountField = typeof FIELDS[number];
/** What comes off the gross before the personnel is paid. */
const DEDUCTIONS: readonly AmountField[] = ['workerSgk', 'workerUnemployment', 'incomeTax', 'stampTax', 'advanceDeduction'];
const PERIOD = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

/**
 * A payroll figure typed the Turkish way as kuruş: empty is zero for all but the gross; zero
 * allowed for the deductions and the employer's shares, never below zero, two decimals at most.
 */
function readFigure(text: string, field: AmountField): { cents: bigint } | { error: string } | null {
  if (!text.trim()) return field === 'gross' ? null : { cents: 0n };
  if (field !== 'gross') {
    const d = parseTurkishDecimal(text);
    if (d !== null && /^0*(\.0*)?$/.test(d)) return { cents: 0n };
  }
  return readAmount(text);
}

/** This month in Türkiye, YYYY-MM. */
const thisMonth = () => todayInTurkey().slice(0, 7);

/**
 * A payroll accrual (bordro tahakkuku, createPayrollAccrual): the month's payroll figures of one
 * personnel as its payroll gives them; the form shows, as they are typed, the net wage (gross less
 * the worker's SGK and unemployment premiums, the income tax, the stamp tax and the advance
 * deducted) and the employer's cost (gross plus the employer's shares), and refuses a net that is
 * not above zero before anything is sent. The server posts Dr 7xx / Cr 335, 360, 361, 196.
 */
export function AccrualDialog(props: { onClose: () => void; onSaved: (a: PayrollAccrual) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const personnel = usePersonnel();
  const [personnelId, setPersonnelId] = useState('');
  const [period, setPeriod] = useState(thisMonth());
  const [date, setDate] = useState('');
  const [expenseAccount, setExpenseAccount] = useState('770');
  const [amounts, setAmounts] = useState<Record<AmountField, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<AmountField, string>);
  const [explanation, setExplanation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t('personnel.accruals.add');

  const read = Object.fromEntries(FIELDS.map((f) => [f, readFigure(amounts[f], f)])) as Record<AmountField, ReturnType<typeof readFigure>>;
  const cents = (f: AmountField) => { const r = read[f]; return r && 'cents' in r ? r.cents : 0n; };
  const fieldError = (f: AmountField) => { const r = read[f]; return r && 'error' in r ? t(`ledger.rules.${r.error}`) : undefined; };
  const net = cents('gross') - DEDUCTIONS.reduce((sum, f) => sum + cents(f), 0n);
  const cost = cents('gross') + cents('employerSgk') + cents('employerUnemployment');
  const typed = read.gross !== null;
  const netError = typed && net <= 0n ? t('personnel.accruals.netPositive') : undefined;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!personnelId) found.personnelId = t('personnel.rules.personnelRequired');
    if (!PERIOD.test(period)) found.period = t('personnel.accruals.periodFormat');
    if (date && !isDay(date)) found.date = t('ledger.rules.date');
    if (read.gross === null) found.gross = t('personnel.accruals.grossRequired');
    setErrors(found);
    if (Object.keys(found).length || FIELDS.some((f) => fieldError(f)) || netError) return;
    setBusy(true);
    try {
      const figures = Object.fromEntries(FIELDS.map((f) => [f, centsToDecimal(cents(f))])) as Record<AmountField, string>;
      const body = { personnelId: Number(personnelId), period, ...(date ? { date } : {}), expenseAccount, ...figures, explanation: explanation.trim() || null };
      props.onSaved(await shell.api.request('POST', ACCRUALS, { body }));
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of ['personnelId', 'period', 'date', 'expenseAccount', 'net', 'explanation', ...FIELDS]) if (all[f]) mine[f] = all[f]!;
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  const figure = (f: AmountField) => (
    <Field key={f} id={`accrual-${f}`} label={t(`personnel.accruals.fields.${f}`)} error={fieldError(f) ?? errors[f]} required={f === 'gross'}>
      <MoneyInput id={`accrual-${f}`} value={amounts[f]} onValueChange={(v) => setAmounts((a) => ({ ...a, [f]: v }))} />
    </Field>
  );
  const row = { display: 'flex', gap: 12, flexWrap: 'wrap' } as const;

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(720px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <div style={row}>
            <Field id="accrual-personnel" label={t('personnel.form.personnel')} error={errors.personnelId} required>
              <HTMLSelect id="accrual-personnel" value={personnelId} disabled={personnel === null} onChange={(e) => setPersonnelId(e.currentTarget.value)}>
                <option value="">{t('finance.common.choose')}</option>
                {(personnel ?? []).map((c) => <option key={c.id} value={String(c.id)}>{[c.name, c.lastName].filter(Boolean).join(' ')}</option>)}
              </HTMLSelect>
            </Field>
            <Field id="accrual-period" label={t('personnel.accruals.period')} error={errors.period} hint={t('personnel.accruals.periodHint')} required>
              <InputGroup id="accrual-period" value={period} onValueChange={setPeriod} placeholder="2026-05" maxLength={7} />
            </Field>
            <Field id="accrual-date" label={t('personnel.accruals.date')} error={errors.date} hint={t('personnel.accruals.dateHint')}>
              <DateInput id="accrual-date" value={date} onValueChange={setDate} />
            </Field>
          </div>
          <Field id="accrual-expense" label={t('personnel.accruals.expenseAccount')} error={errors.expenseAccount} hint={t('personnel.accruals.expenseHint')}>
            <HTMLSelect id="accrual-expense" value={expenseAccount} onChange={(e) => setExpenseAccount(e.currentTarget.value)}>
              {EXPENSE_ACCOUNTS.map((c) => <option key={c} value={c}>{`${c} ${t(`personnel.accruals.expenses.${c}`)}`}</option>)}
            </HTMLSelect>
          </Field>
          <div style={row}>{FIELDS.slice(0, 3).map(figure)}</div>
          <div style={row}>{FIELDS.slice(3, 6).map(figure)}</div>
          <div style={row}>{FIELDS.slice(6).map(figure)}</div>
          <div style={row}>
            <Field id="accrual-net" label={t('personnel.accruals.net')} error={netError ?? errors.net} hint={t('personnel.accruals.netHint')}>
              <output id="accrual-net" aria-live="polite" style={{ fontWeight: 600 }}>{`${formatCents(net)} TL`}</output>
            </Field>
            <Field id="accrual-cost" label={t('personnel.accruals.cost')} hint={t('personnel.accruals.costHint')}>
              <output id="accrual-cost" aria-live="polite">{`${formatCents(cost)} TL`}</output>
            </Field>
          </div>
          <Field id="accrual-explanation" label={t('personnel.form.explanation')} error={errors.explanation} hint={t('personnel.accruals.explanationHint')}>
            <InputGroup id="accrual-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
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

/** The accruals (listPayrollAccruals, newest first) with the personnel and month filters; "Tahakkuk ekle" and cancel by the payment authorities. */
export function AccrualsPanel(props: { host: WorkbenchHost; label: string }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const version = useMoneyVersion(props.host);
  const personnel = usePersonnel();
  const [personnelId, setPersonnelId] = useState('');
  const [period, setPeriod] = useState('');
  const [adding, setAdding] = useState(false);
  const canAdd = mayPayment(props.host, Action.PAYMENT_CREATE);
  const canDelete = mayPayment(props.host, Action.PAYMENT_DELETE);
  const filter = { ...(personnelId ? { personnelId: Number(personnelId) } : {}), ...(PERIOD.test(period) ? { period } : {}) };

  async function cancel(x: PayrollAccrual) {
    if (!(await confirm({
      message: t('personnel.accruals.cancelConfirm', { period: x.period, name: x.personnelName, net: money(x.net) }),
      detail: t('personnel.accruals.cancelDetail'),
    }))) return;
    try {
      await shell.api.request('DELETE', `${ACCRUALS}/{id}`, { params: { path: { id: x.id } } });
      props.host.notify.success(t('personnel.accruals.cancelled'));
      moneyChanged(props.host, 'deleted', 'payrollAccrual', x.id);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <>
      <PagedTable<PayrollAccrual>
        label={props.label}
        reloadKey={`${version}/${JSON.stringify(filter)}`}
        defaultSort="date,desc"
        emptyText={t('personnel.accruals.empty')}
        toolbar={<>
          {canAdd && <Button icon="add" intent="primary" text={t('personnel.accruals.add')} onClick={() => setAdding(true)} />}
          <HTMLSelect aria-label={t('personnel.list.personnel')} value={personnelId} onChange={(e) => setPersonnelId(e.currentTarget.value)}>
            <option value="">{t('personnel.accruals.allPersonnel')}</option>
            {(personnel ?? []).map((c) => <option key={c.id} value={String(c.id)}>{[c.name, c.lastName].filter(Boolean).join(' ')}</option>)}
          </HTMLSelect>
          <Field id="accrual-filter-period" label={t('personnel.accruals.period')} inline>
            <InputGroup id="accrual-filter-period" value={period} onValueChange={setPeriod} placeholder="2026-05" maxLength={7} />
          </Field>
        </>}
        columns={[
          { key: 'period', title: t('personnel.accruals.period'), sortField: 'period', render: (x) => x.period, width: 90 },
          { key: 'date', title: t('personnel.list.date'), sortField: 'date', render: (x) => formatDate(x.date), width: 110 },
          { key: 'personnel', title: t('personnel.list.personnel'), render: (x) => <Go host={props.host} to={`/personnel/${x.personnelId}`}>{x.personnelName}</Go>, width: 180 },
          { key: 'gross', title: t('personnel.accruals.fields.gross'), render: (x) => money(x.gross), width: 120 },
          { key: 'net', title: t('personnel.accruals.net'), sortField: 'net', render: (x) => money(x.net), width: 120 },
          { key: 'advance', title: t('personnel.accruals.fields.advanceDeduction'), render: (x) => (x.advanceDeduction ? money(x.advanceDeduction) : ''), width: 120 },
          { key: 'cost', title: t('personnel.accruals.cost'), render: (x) => money(x.employerCost), width: 130 },
          { key: 'expense', title: t('personnel.accruals.expenseAccount'), render: (x) => x.expenseAccount, width: 90 },
          { key: 'entryNo', title: t('personnel.list.entryNo'), render: (x) => x.entryNo, width: 70 },
        ]}
        rowLabel={(x) => `${x.period} ${x.personnelName}`}
        rowActions={[
          { key: 'cancel', label: t('personnel.accruals.cancel'), icon: 'trash', intent: 'danger', hidden: () => !canDelete, onClick: (x) => { void cancel(x); } },
        ]}
        fetchPage={(q) => shell.api.list(ACCRUALS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {adding && (
        <AccrualDialog
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            props.host.notify.success(t('personnel.accruals.saved', { no: saved.entryNo, net: money(saved.net) }));
            moneyChanged(props.host, 'created', 'payrollAccrual', saved.id, saved);
          }}
        />
      )}
      {dialog}
    </>
  );
}

/** /personnel-accruals (Bordro Tahakkukları), reached from the personnel payments page. */
export default function AccrualsPage({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  return (
    <section aria-label={t('personnel.accruals.title')}>
      <H2>{t('personnel.accruals.title')}</H2>
      <p>{t('personnel.accruals.intro')}</p>
      <AccrualsPanel host={host} label={t('personnel.accruals.title')} />
    </section>
  );
}
