import { useMemo, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useApiList, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { isDay, money, today } from '../ledger/model';
import { MoneyAccountSelect, MoneyInput, refKey, useMoneyAccounts } from '../finance/parts';
import { TL, readMoney } from '../finance/model';
import { CAPITALS, partnerName, type Capital, type CapitalKind, type Partner } from './model';

/**
 * Records a partner's capital (seeds 000 §3 transaction kinds UNPAID_CAPITAL and CAPITAL; §5
 * partner: amount and currency required): a commitment (Sermaye taahhüdü) or a payment of
 * committed capital (Sermaye ödemesi) into a lira safe or bank account, against a chosen
 * commitment or the oldest unpaid one. Capital is in lira: the account picker offers lira accounts
 * only. The server's refusals (more than the capital, more than the commitment waits for, a date
 * before it) land at their fields.
 */
export function CapitalDialog(props: { partner: Partner; kind: CapitalKind; onClose: () => void; onSaved: (c: Capital) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const paying = props.kind === 'CAPITAL';
  const accounts = useMoneyAccounts(0, paying);
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today());
  const [account, setAccount] = useState('');
  const [commitmentId, setCommitmentId] = useState('');
  const [explanation, setExplanation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const p = props.partner;
  const label = t(paying ? 'partners.capital.pay' : 'partners.capital.commit');

  // A payment's commitments still waiting for money, oldest first (empty when they failed to load, the failure notified).
  const commitmentsQuery = useApiList(
    CAPITALS,
    { params: { query: { partnerId: p.id, kind: 'UNPAID_CAPITAL', page: 0, size: 1000, sort: ['date,asc'] } } },
    { enabled: paying },
  );
  const commitments = useMemo(
    () => (commitmentsQuery.data ? commitmentsQuery.data.items.filter((c) => (c.unpaidAmount ?? 0) > 0) : commitmentsQuery.isError ? [] : null),
    [commitmentsQuery.data, commitmentsQuery.isError],
  );

  const typed = readMoney(amount);
  const amountError = typed && 'error' in typed ? t(`ledger.rules.${typed.error}`) : undefined;
  const room = Math.max(0, Math.round((p.capital - p.committedCapital) * 100) / 100);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!typed) found.amount = t('partners.capital.rules.amountRequired');
    else if ('error' in typed) found.amount = t(`ledger.rules.${typed.error}`);
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    const chosen = (accounts ?? []).find((a) => refKey(a) === account);
    if (paying && !chosen) found.account = t('partners.capital.rules.accountRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        partnerId: p.id, kind: props.kind, amount: (typed as { value: string }).value, currencyId: TL, date,
        ...(paying && chosen ? { account: { accountKind: chosen.kind, accountId: chosen.id } } : {}),
        ...(paying && commitmentId ? { commitmentId: Number(commitmentId) } : {}),
        ...(explanation.trim() ? { explanation: explanation.trim() } : {}),
      };
      props.onSaved(await shell.api.request('POST', CAPITALS, { body }));
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      const pick = (field: string, ...keys: string[]) => { for (const k of keys) if (all[k]) { mine[field] = all[k]; return; } };
      pick('amount', 'amount', 'currencyId');
      pick('date', 'date');
      if (paying) {
        pick('account', 'account.accountId', 'account.accountKind', 'account', 'accountId');
        pick('commitmentId', 'commitmentId');
      }
      pick('explanation', 'explanation');
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={`${label}: ${partnerName(p)}`} style={{ width: 'min(600px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="capital-date" label={t('partners.capital.date')} error={errors.date} required>
              <DateInput id="capital-date" value={date} onValueChange={setDate} />
            </Field>
            <Field
              id="capital-amount" label={t('partners.capital.amount')} error={amountError ?? errors.amount} required
              hint={paying ? t('partners.capital.hints.waiting', { amount: money(p.remaining) }) : t('partners.capital.hints.room', { amount: money(room) })}
            >
              <MoneyInput id="capital-amount" value={amount} onValueChange={setAmount} />
            </Field>
          </div>
          {paying ? <>
            <Field id="capital-account" label={t('partners.capital.account')} error={errors.account} hint={t('partners.capital.hints.account')} required>
              <MoneyAccountSelect id="capital-account" accounts={accounts} value={account} onChange={(k) => setAccount(k)} currencyId={TL} />
            </Field>
            <Field id="capital-commitment" label={t('partners.capital.commitment')} error={errors.commitmentId} hint={t('partners.capital.hints.commitment')}>
              <HTMLSelect id="capital-commitment" value={commitmentId} disabled={commitments === null} onChange={(e) => setCommitmentId(e.currentTarget.value)}>
                <option value="">{t('partners.capital.commitmentOldest')}</option>
                {(commitments ?? []).map((c) => (
                  <option key={c.id} value={String(c.id)}>{`${formatDate(c.date)} — ${money(c.amount)} TL (${t('partners.capital.unpaid')} ${money(c.unpaidAmount)} TL)`}</option>
                ))}
              </HTMLSelect>
            </Field>
          </> : <p className="bp6-text-muted">{t('partners.capital.hints.commit')}</p>}
          <Field id="capital-explanation" label={t('partners.capital.explanation')} error={errors.explanation}>
            <InputGroup id="capital-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
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
