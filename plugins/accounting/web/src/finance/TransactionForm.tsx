import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { isDay, money, today } from '../ledger/model';
import { CurrentSuggest, MoneyAccountSelect, MoneyInput, refKey, useMoneyAccounts, useMoneyWrite, type MoneyAccountChoice } from './parts';
import { TL, TRANSACTIONS, currencyCode, mayRecord, moneyChanged, readMoney, readRate, type Current, type MoneyTransaction, type TransactionType } from './model';

export const TYPES: readonly TransactionType[] = ['TRANSFER', 'COLLECTION', 'PAYMENT'];

/**
 * Records a money transaction (seeds 000 §3 transaction kinds; §5 "transfer: date, amount,
 * currency required"):
 * - Virman (TRANSFER): from one safe or bank account to another; the amount is in the giving
 *   account's currency. When the two currencies differ the receiving side's rate (toRate) is asked
 *   (empty: TCMB's rate of the day), and the giving side's rate when it is not the lira.
 * - Tahsilat (COLLECTION): from a current into a safe or bank account (the amount in its currency).
 * - Ödeme (PAYMENT): from a safe or bank account to a current.
 * The rules are checked at the fields, and the server's answers (no rate stored for the day, a
 * date outside every fiscal year, an unknown current) land at theirs.
 */
export function TransactionDialog(props: { host: WorkbenchHost; type?: TransactionType; from?: MoneyAccountChoice; to?: MoneyAccountChoice; onClose: () => void; onSaved: (t: MoneyTransaction) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const accounts = useMoneyAccounts();
  const moneyWrite = useMoneyWrite();
  const [type, setType] = useState<TransactionType>(props.type ?? 'TRANSFER');
  const [date, setDate] = useState(today());
  const [amount, setAmount] = useState('');
  const [fromKey, setFromKey] = useState(props.from ? refKey(props.from) : '');
  const [toKey, setToKey] = useState(props.to ? refKey(props.to) : '');
  const [current, setCurrent] = useState<Current | null>(null);
  const [rate, setRate] = useState('');
  const [toRate, setToRate] = useState('');
  const [explanation, setExplanation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(`finance.form.title.${type}`);

  const find = (key: string) => (accounts ?? []).find((a) => refKey(a) === key) ?? (props.from && refKey(props.from) === key ? props.from : props.to && refKey(props.to) === key ? props.to : undefined);
  const usesFrom = type !== 'COLLECTION';
  const usesTo = type !== 'PAYMENT';
  const from = usesFrom ? find(fromKey) : undefined;
  const to = usesTo ? find(toKey) : undefined;
  // The amount is in the giving account's currency (the receiving one's for a collection).
  const base = type === 'COLLECTION' ? to : from;
  const asksRate = !!base && base.currencyId !== TL;
  const asksToRate = type === 'TRANSFER' && !!from && !!to && from.currencyId !== to.currencyId && to.currencyId !== TL;

  const typedAmount = readMoney(amount);
  const typedRate = asksRate ? readRate(rate) : null;
  const typedToRate = asksToRate ? readRate(toRate) : null;
  const amountError = typedAmount && 'error' in typedAmount ? t(`ledger.rules.${typedAmount.error}`) : undefined;
  const rateError = (r: ReturnType<typeof readRate>) => (r && 'error' in r ? t('finance.rules.rate') : undefined);

  // What the receiving side gets when the currencies differ and both rates are known.
  const preview = (() => {
    if (type !== 'TRANSFER' || !from || !to || from.currencyId === to.currencyId || !typedAmount || 'error' in typedAmount) return null;
    const r = from.currencyId === TL ? 1 : typedRate && 'value' in typedRate ? Number(typedRate.value) : null;
    const tr = to.currencyId === TL ? 1 : typedToRate && 'value' in typedToRate ? Number(typedToRate.value) : null;
    if (r === null || tr === null) return null;
    const lira = Math.round(Number(typedAmount.value) * r * 100) / 100;
    return t('finance.form.preview', { amount: money(Math.round((lira / tr) * 100) / 100), currency: currencyCode(to.currencyId), lira: money(lira) });
  })();

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    if (!typedAmount) found.amount = t('finance.rules.amountRequired');
    else if ('error' in typedAmount) found.amount = t(`ledger.rules.${typedAmount.error}`);
    if (usesFrom && !from) found.from = t(type === 'TRANSFER' ? 'finance.rules.fromRequired' : 'finance.rules.accountRequired');
    if (usesTo && !to) found.to = t(type === 'TRANSFER' ? 'finance.rules.toRequired' : 'finance.rules.accountRequired');
    if (type === 'TRANSFER' && from && to && refKey(from) === refKey(to)) found.to = t('finance.rules.sameAccount');
    if (type !== 'TRANSFER' && !current) found.currentId = t('finance.rules.currentRequired');
    if (rateError(typedRate)) found.rate = rateError(typedRate);
    if (rateError(typedToRate)) found.toRate = rateError(typedToRate);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        type, date, amount: (typedAmount as { value: string }).value,
        ...(from ? { from: { kind: from.kind, id: from.id } } : {}),
        ...(to ? { to: { kind: to.kind, id: to.id } } : {}),
        ...(type !== 'TRANSFER' && current ? { currentId: current.id } : {}),
        ...(typedRate && 'value' in typedRate ? { rate: typedRate.value } : {}),
        ...(typedToRate && 'value' in typedToRate ? { toRate: typedToRate.value } : {}),
        ...(explanation.trim() ? { explanation: explanation.trim() } : {}),
      };
      props.onSaved(await moneyWrite((api) => api.request('POST', TRANSACTIONS, { body })));
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      const pick = (field: string, ...keys: string[]) => { for (const k of keys) if (all[k]) { mine[field] = all[k]; return; } };
      pick('date', 'date');
      pick('amount', 'amount');
      pick('from', 'from.id', 'from.kind', 'from');
      pick('to', 'to.id', 'to.kind', 'to');
      pick('currentId', 'currentId');
      pick('rate', 'rate');
      pick('toRate', 'toRate');
      pick('explanation', 'explanation');
      // A message for a box this form does not show goes to the notice instead.
      if (!asksRate) delete mine.rate;
      if (!asksToRate) delete mine.toRate;
      if (!usesFrom) delete mine.from;
      if (!usesTo) delete mine.to;
      if (type === 'TRANSFER') delete mine.currentId;
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  const accountField = (which: 'from' | 'to') => {
    const key = which === 'from' ? fromKey : toKey;
    const set = which === 'from' ? setFromKey : setToKey;
    const name = type === 'TRANSFER' ? t(`finance.form.${which}`) : t(type === 'COLLECTION' ? 'finance.form.into' : 'finance.form.outOf');
    return (
      <Field id={`tx-${which}`} label={name} error={errors[which]} required>
        <MoneyAccountSelect id={`tx-${which}`} accounts={accounts} value={key} onChange={(k) => set(k)} />
      </Field>
    );
  };

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(640px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <RadioGroup inline label={t('finance.form.type')} selectedValue={type} onChange={(e) => { setType(e.currentTarget.value as TransactionType); setErrors({}); }}>
            {TYPES.map((ty) => <Radio key={ty} value={ty} label={t(`finance.types.${ty}`)} />)}
          </RadioGroup>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="tx-date" label={t('finance.form.date')} error={errors.date} required>
              <DateInput id="tx-date" value={date} onValueChange={setDate} />
            </Field>
            <Field id="tx-amount" label={base ? t('finance.form.amountIn', { currency: currencyCode(base.currencyId) }) : t('finance.form.amount')} error={amountError ?? errors.amount} required>
              <MoneyInput id="tx-amount" value={amount} onValueChange={setAmount} />
            </Field>
          </div>
          {type !== 'TRANSFER' && (
            <Field id="tx-current" label={t('finance.form.current')} error={errors.currentId} required>
              <CurrentSuggest id="tx-current" host={props.host} value={current} onChange={setCurrent} />
            </Field>
          )}
          {usesFrom && accountField('from')}
          {usesTo && accountField('to')}
          {(asksRate || asksToRate) && (
            <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
              {asksRate && (
                <Field id="tx-rate" label={t('finance.form.rate', { currency: currencyCode(base!.currencyId) })} error={rateError(typedRate) ?? errors.rate} hint={t('finance.form.rateHint')}>
                  <MoneyInput id="tx-rate" value={rate} onValueChange={setRate} decimals={[2, 6]} placeholder="0,0000" />
                </Field>
              )}
              {asksToRate && (
                <Field id="tx-to-rate" label={t('finance.form.toRate', { currency: currencyCode(to!.currencyId) })} error={rateError(typedToRate) ?? errors.toRate} hint={t('finance.form.rateHint')}>
                  <MoneyInput id="tx-to-rate" value={toRate} onValueChange={setToRate} decimals={[2, 6]} placeholder="0,0000" />
                </Field>
              )}
            </div>
          )}
          {preview && <Callout icon="swap-horizontal" style={{ marginBottom: 12 }}>{preview}</Callout>}
          <Field id="tx-explanation" label={t('finance.form.explanation')} error={errors.explanation} hint={t(`finance.form.explanationHint.${type}`)}>
            <InputGroup id="tx-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
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

/** The Virman, Tahsilat and Ödeme buttons of a money account's page (the safe's, the bank account's), for a user who may record them. */
export function RecordButtons(props: { host: WorkbenchHost; onRecord: (type: TransactionType) => void }) {
  const { t } = useTranslation('accounting');
  if (!mayRecord(props.host)) return null;
  return <>
    <Button icon="swap-horizontal" text={t('finance.types.TRANSFER')} onClick={() => props.onRecord('TRANSFER')} />
    <Button icon="import" text={t('finance.types.COLLECTION')} onClick={() => props.onRecord('COLLECTION')} />
    <Button icon="export" text={t('finance.types.PAYMENT')} onClick={() => props.onRecord('PAYMENT')} />
  </>;
}

/**
 * The dialog those buttons open: the page's account is the giving side (the receiving one for a
 * collection); once saved it closes, says so and tells the money pages (moneyChanged).
 */
export function AccountTransactionDialog(props: { host: WorkbenchHost; type: TransactionType; account: MoneyAccountChoice; onClose: () => void }) {
  const { t } = useTranslation('accounting');
  const { host } = props;
  return (
    <TransactionDialog
      host={host}
      type={props.type}
      {...(props.type === 'COLLECTION' ? { to: props.account } : { from: props.account })}
      onClose={props.onClose}
      onSaved={(x) => {
        props.onClose();
        host.notify.success(t('finance.form.saved', { type: t(`finance.types.${x.type}`), no: x.entryNo }));
        moneyChanged(host, 'created', 'moneyTransaction', x.id, x);
      }}
    />
  );
}
