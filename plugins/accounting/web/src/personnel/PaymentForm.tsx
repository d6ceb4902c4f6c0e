import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDecimalInput } from '@tezgah/core';
import { useApiData, DateInput, Field, fieldHelpId, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { isDay, today } from '../ledger/model';
import { CurrencySelect, MoneyAccountSelect, MoneyInput, refKey, useMoneyAccounts } from '../finance/parts';
import { CURRENTS, TL, currencyCode, readMoney, readRate, type Current } from '../finance/model';
import { PAYMENTS, PAYMENT_PURPOSES, PAYMENT_TYPES, type PaymentPurpose, type PaymentType, type PersonnelPayment } from './model';

/** The company's active personnel (PERSONNEL currents), by name; null while loading. */
export function usePersonnel(): Current[] | null {
  const q = useApiData(
    ['GET', CURRENTS, { currentAccountType: 'PERSONNEL', active: true, size: 1000 }, 'page'],
    (api) => api.list(CURRENTS, { params: { query: { currentAccountType: 'PERSONNEL', active: true, page: 0, size: 1000, sort: ['name,asc'] } } }).then((r) => r.items),
  );
  return q.data ?? (q.isError ? [] : null);
}

const personName = (c: Pick<Current, 'name' | 'lastName'>) => [c.name, c.lastName].filter(Boolean).join(' ');

/**
 * A payment to personnel (seeds 000 §3 personnel payments: amount, account, date, currency, normal
 * or instructed; §5 amount not zero, account, date and currency required). The currency follows
 * the chosen account (the money leaves it in its own currency); a foreign one asks for the rate
 * (empty: TCMB's rate of the day). An instructed (talimatlı) payment is a payment order given to
 * the bank: the form refuses it from a safe at the type field before anything is sent. Changing a
 * payment reverses its entry and posts it again (the server does it). The purpose says what is
 * paid: the wage (Maaş: what the payroll accrual owes, 335.xxx) or an advance (Avans: the
 * personnel's 196.xxx, deducted from a later wage by the accrual).
 */
export function PaymentDialog(props: { payment: PersonnelPayment | null; personnelId?: number; onClose: () => void; onSaved: (p: PersonnelPayment, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const x = props.payment;
  const accounts = useMoneyAccounts();
  const personnel = usePersonnel();
  const [personnelId, setPersonnelId] = useState(String(x?.personnelId ?? props.personnelId ?? ''));
  const [date, setDate] = useState(x?.date ?? today());
  const [account, setAccount] = useState(x ? refKey({ kind: x.account.accountKind, id: x.account.accountId }) : '');
  const [currencyId, setCurrencyId] = useState(String(x?.currencyId ?? TL));
  const [amount, setAmount] = useState(x ? formatDecimalInput(x.amount) : '');
  const [type, setType] = useState<PaymentType>(x?.type ?? 'NORMAL');
  const [purpose, setPurpose] = useState<PaymentPurpose>(x?.purpose ?? 'WAGE');
  const [rate, setRate] = useState(x?.rate ? formatDecimalInput(x.rate, 2, 6) : '');
  const [explanation, setExplanation] = useState(x?.explanation ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(x ? 'personnel.form.edit' : 'personnel.form.add');

  const chosen = (accounts ?? []).find((a) => refKey(a) === account);
  const foreign = Number(currencyId) !== TL;
  const typedAmount = readMoney(amount);
  const typedRate = foreign ? readRate(rate) : null;
  // The rules a person sees as soon as the choice is made.
  const typeError = type === 'INSTRUCTED' && chosen?.kind === 'SAFE' ? t('personnel.rules.instructedSafe') : undefined;
  const currencyError = chosen && chosen.currencyId !== Number(currencyId) ? t('personnel.rules.currency', { currency: currencyCode(chosen.currencyId) }) : undefined;
  const amountError = typedAmount && 'error' in typedAmount ? t(`ledger.rules.${typedAmount.error}`) : undefined;
  // The statement's personnel may not be in the active list (a passive one being corrected).
  const people = [...(personnel ?? [])];
  if (x && !people.some((c) => c.id === x.personnelId)) people.unshift({ id: x.personnelId, name: x.personnelName, lastName: null } as Current);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!personnelId) found.personnelId = t('personnel.rules.personnelRequired');
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    if (!chosen) found.account = t('finance.rules.accountRequired');
    if (!typedAmount) found.amount = t('personnel.rules.amountRequired');
    else if ('error' in typedAmount) found.amount = t(`ledger.rules.${typedAmount.error}`);
    if (!currencyId) found.currencyId = t('personnel.rules.currencyRequired');
    if (typedRate && 'error' in typedRate) found.rate = t('finance.rules.rate');
    setErrors(found);
    // The currency and the instructed type are said at their fields as soon as they are chosen.
    if (Object.keys(found).length || currencyError || typeError) return;
    setBusy(true);
    try {
      const body = {
        personnelId: Number(personnelId), amount: (typedAmount as { value: string }).value, currencyId: Number(currencyId), date,
        account: { accountKind: chosen!.kind, accountId: chosen!.id }, type, purpose,
        ...(typedRate && 'value' in typedRate ? { rate: typedRate.value } : {}),
        explanation: explanation.trim() || null,
      };
      const saved = x
        ? await shell.api.request('PUT', PAYMENTS, { body: { ...body, id: x.id } })
        : await shell.api.request('POST', PAYMENTS, { body });
      props.onSaved(saved, !x);
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      const pick = (field: string, ...keys: string[]) => { for (const k of keys) if (all[k]) { mine[field] = all[k]; return; } };
      pick('personnelId', 'personnelId');
      pick('date', 'date');
      pick('account', 'account.accountId', 'account.accountKind', 'account', 'accountId');
      pick('amount', 'amount');
      pick('currencyId', 'currencyId');
      pick('type', 'type');
      pick('purpose', 'purpose');
      if (foreign) pick('rate', 'rate');
      pick('explanation', 'explanation');
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(640px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="payment-personnel" label={t('personnel.form.personnel')} error={errors.personnelId} required>
            <HTMLSelect id="payment-personnel" value={personnelId} disabled={personnel === null || props.personnelId !== undefined} onChange={(e) => setPersonnelId(e.currentTarget.value)}>
              <option value="">{t('finance.common.choose')}</option>
              {people.map((c) => <option key={c.id} value={String(c.id)}>{personName(c)}</option>)}
            </HTMLSelect>
          </Field>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="payment-date" label={t('personnel.form.date')} error={errors.date} required>
              <DateInput id="payment-date" value={date} onValueChange={setDate} />
            </Field>
            <Field id="payment-account" label={t('personnel.form.account')} error={errors.account} required>
              <MoneyAccountSelect id="payment-account" accounts={accounts} value={account} onChange={(k, a) => { setAccount(k); if (a) setCurrencyId(String(a.currencyId)); }} />
            </Field>
          </div>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="payment-currency" label={t('personnel.form.currency')} error={currencyError ?? errors.currencyId} hint={t('personnel.form.currencyHint')} required>
              <CurrencySelect id="payment-currency" value={currencyId} onChange={setCurrencyId} />
            </Field>
            <Field id="payment-amount" label={t('personnel.form.amount', { currency: currencyCode(Number(currencyId)) })} error={amountError ?? errors.amount} required>
              <MoneyInput id="payment-amount" value={amount} onValueChange={setAmount} />
            </Field>
          </div>
          {foreign && (
            <Field id="payment-rate" label={t('personnel.form.rate', { currency: currencyCode(Number(currencyId)) })} error={errors.rate} hint={t('finance.form.rateHint')}>
              <MoneyInput id="payment-rate" value={rate} onValueChange={setRate} decimals={[2, 6]} placeholder="0,0000" />
            </Field>
          )}
          <Field id="payment-purpose" label={t('personnel.form.purpose')} error={errors.purpose} hint={t('personnel.form.purposeHint')} describeChild={false}>
            <RadioGroup inline selectedValue={purpose} onChange={(e) => setPurpose(e.currentTarget.value as PaymentPurpose)}>
              {PAYMENT_PURPOSES.map((pu) => (
                <Radio key={pu} value={pu} label={t(`personnel.purposes.${pu}`)} aria-describedby={fieldHelpId('payment-purpose')} aria-invalid={pu === purpose && !!errors.purpose} />
              ))}
            </RadioGroup>
          </Field>
          <Field id="payment-type" label={t('personnel.form.type')} error={typeError ?? errors.type} hint={t('personnel.form.typeHint')} describeChild={false}>
            <RadioGroup inline selectedValue={type} onChange={(e) => setType(e.currentTarget.value as PaymentType)}>
              {PAYMENT_TYPES.map((ty) => (
                <Radio key={ty} value={ty} label={t(`personnel.types.${ty}`)} aria-describedby={fieldHelpId('payment-type')} aria-invalid={ty === type && !!(typeError ?? errors.type)} />
              ))}
            </RadioGroup>
          </Field>
          <Field id="payment-explanation" label={t('personnel.form.explanation')} error={errors.explanation} hint={t('personnel.form.explanationHint')}>
            <InputGroup id="payment-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
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
