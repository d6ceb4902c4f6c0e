import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, InputGroup, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDecimalInput, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { isDay, today } from '../ledger/model';
import { CurrencySelect, CurrentSuggest, MoneyAccountSelect, MoneyInput, refKey, useBankAccounts } from '../finance/parts';
import { TL, currencyCode, readMoney, readRate, type Current } from '../finance/model';
import { CHECKS, visibleDirections, type Cheque, type ChequeDirection } from './model';

const FIELDS = ['direction', 'number', 'code', 'amount', 'currencyId', 'rate', 'date', 'issueDate', 'dueDate', 'bankName', 'branchName', 'drawer', 'explanation', 'currentId', 'bankAccountId'] as const;

/**
 * A cheque's fields (seeds 000 §3 cheque: number, code, amount, issue or received date, due date,
 * bank, branch, explanation, direction IN or OUT): received (alınan: from a customer, into the
 * portfolio) or given (verilen: to a supplier, drawn on one of our bank accounts). Number, amount,
 * date, due date and current are required; the due date is not before the cheque's date.
 */
export function ChequeDialog(props: { host: WorkbenchHost; cheque: Cheque | null; onClose: () => void; onSaved: (c: Cheque, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const c = props.cheque;
  const directions = visibleDirections(props.host);
  const bankAccounts = useBankAccounts();
  const [direction, setDirection] = useState<ChequeDirection>(c?.direction ?? directions[0] ?? 'IN');
  const [number, setNumber] = useState(c?.number ?? '');
  const [code, setCode] = useState(c?.code ?? '');
  const [amount, setAmount] = useState(c ? formatDecimalInput(c.amount) : '');
  const [currencyId, setCurrencyId] = useState(String(c?.currencyId ?? TL));
  const [rate, setRate] = useState(c?.rate ? formatDecimalInput(c.rate, 2, 6) : '');
  const [date, setDate] = useState(c?.date ?? today());
  const [issueDate, setIssueDate] = useState(c?.issueDate ?? '');
  const [dueDate, setDueDate] = useState(c?.dueDate ?? '');
  const [current, setCurrent] = useState<Pick<Current, 'id' | 'name' | 'lastName'> | null>(c ? { id: c.currentId, name: c.currentName, lastName: null } : null);
  const [bankName, setBankName] = useState(c?.bankName ?? '');
  const [branchName, setBranchName] = useState(c?.branchName ?? '');
  const [drawer, setDrawer] = useState(c?.drawer ?? '');
  const [bankAccount, setBankAccount] = useState(c?.bankAccountId ? refKey({ kind: 'BANK_ACCOUNT', id: c.bankAccountId }) : '');
  const [explanation, setExplanation] = useState(c?.explanation ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(c ? 'cheques.edit' : 'cheques.add');
  const foreign = Number(currencyId) !== TL;
  const typedAmount = readMoney(amount);
  const typedRate = foreign ? readRate(rate) : null;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!number.trim()) found.number = t('cheques.rules.numberRequired');
    if (!typedAmount) found.amount = t('cheques.rules.amountRequired');
    else if ('error' in typedAmount) found.amount = t(`ledger.rules.${typedAmount.error}`);
    if (typedRate && 'error' in typedRate) found.rate = t('finance.rules.rate');
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    if (issueDate && !isDay(issueDate)) found.issueDate = t('ledger.rules.date');
    if (!dueDate) found.dueDate = t('cheques.rules.dueRequired');
    else if (!isDay(dueDate)) found.dueDate = t('ledger.rules.date');
    else if (isDay(date) && dueDate < date) found.dueDate = t('cheques.rules.dueBeforeDate');
    if (!current) found.currentId = t('cheques.rules.currentRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        direction, number: number.trim(), code: code.trim() || null, amount: (typedAmount as { value: string }).value, currencyId: Number(currencyId),
        ...(typedRate && 'value' in typedRate ? { rate: typedRate.value } : {}),
        date, issueDate: issueDate || null, dueDate, bankName: bankName.trim() || null, branchName: branchName.trim() || null,
        drawer: drawer.trim() || null, explanation: explanation.trim() || null, currentId: current!.id,
        bankAccountId: direction === 'OUT' && bankAccount ? Number(bankAccount.split(':')[1]) : null,
      };
      const saved = c ? await shell.api.request('PUT', CHECKS, { body: { ...body, id: c.id } }) : await shell.api.request('POST', CHECKS, { body });
      props.onSaved(saved, !c);
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of FIELDS) if (all[f]) mine[f] = all[f];
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(720px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <RadioGroup inline label={t('cheques.fields.direction')} selectedValue={direction} disabled={!!c} onChange={(e) => setDirection(e.currentTarget.value as ChequeDirection)}>
            {(['IN', 'OUT'] as const).filter((d) => directions.includes(d) || c?.direction === d).map((d) => <Radio key={d} value={d} label={t(`cheques.directions.${d}`)} />)}
          </RadioGroup>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="cheque-number" label={t('cheques.fields.number')} error={errors.number} required>
              <InputGroup id="cheque-number" value={number} onValueChange={setNumber} maxLength={50} autoFocus />
            </Field>
            <Field id="cheque-code" label={t('cheques.fields.code')} error={errors.code}>
              <InputGroup id="cheque-code" value={code} onValueChange={setCode} maxLength={50} />
            </Field>
          </div>
          <Field id="cheque-current" label={t(direction === 'IN' ? 'cheques.fields.currentIn' : 'cheques.fields.currentOut')} error={errors.currentId} required>
            <CurrentSuggest id="cheque-current" host={props.host} value={current} onChange={setCurrent} />
          </Field>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="cheque-amount" label={t('cheques.fields.amount', { currency: currencyCode(Number(currencyId)) })} error={errors.amount} required>
              <MoneyInput id="cheque-amount" value={amount} onValueChange={setAmount} />
            </Field>
            <Field id="cheque-currency" label={t('cheques.fields.currencyId')} error={errors.currencyId}>
              <CurrencySelect id="cheque-currency" value={currencyId} onChange={setCurrencyId} />
            </Field>
            {foreign && (
              <Field id="cheque-rate" label={t('cheques.fields.rate', { currency: currencyCode(Number(currencyId)) })} error={errors.rate} hint={t('finance.form.rateHint')}>
                <MoneyInput id="cheque-rate" value={rate} onValueChange={setRate} decimals={[2, 6]} placeholder="0,0000" />
              </Field>
            )}
          </div>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="cheque-date" label={t(direction === 'IN' ? 'cheques.fields.dateIn' : 'cheques.fields.dateOut')} error={errors.date} required>
              <DateInput id="cheque-date" value={date} onValueChange={setDate} />
            </Field>
            <Field id="cheque-issue" label={t('cheques.fields.issueDate')} error={errors.issueDate}>
              <DateInput id="cheque-issue" value={issueDate} onValueChange={setIssueDate} />
            </Field>
            <Field id="cheque-due" label={t('cheques.fields.dueDate')} error={errors.dueDate} required>
              <DateInput id="cheque-due" value={dueDate} onValueChange={setDueDate} />
            </Field>
          </div>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="cheque-bank" label={t('cheques.fields.bankName')} error={errors.bankName}>
              <InputGroup id="cheque-bank" value={bankName} onValueChange={setBankName} maxLength={100} />
            </Field>
            <Field id="cheque-branch" label={t('cheques.fields.branchName')} error={errors.branchName}>
              <InputGroup id="cheque-branch" value={branchName} onValueChange={setBranchName} maxLength={100} />
            </Field>
            <Field id="cheque-drawer" label={t('cheques.fields.drawer')} error={errors.drawer} hint={t('cheques.hints.drawer')}>
              <InputGroup id="cheque-drawer" value={drawer} onValueChange={setDrawer} maxLength={200} />
            </Field>
          </div>
          {direction === 'OUT' && (
            <Field id="cheque-bank-account" label={t('cheques.fields.bankAccountId')} error={errors.bankAccountId} hint={t('cheques.hints.bankAccount')}>
              <MoneyAccountSelect id="cheque-bank-account" accounts={bankAccounts} kinds={['BANK_ACCOUNT']} currencyId={Number(currencyId)} value={bankAccount} onChange={(k) => setBankAccount(k)} emptyLabel={t('cheques.noBankAccount')} />
            </Field>
          )}
          <Field id="cheque-explanation" label={t('cheques.fields.explanation')} error={errors.explanation}>
            <TextArea id="cheque-explanation" value={explanation} onChange={(e) => setExplanation(e.currentTarget.value)} maxLength={500} fill />
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
