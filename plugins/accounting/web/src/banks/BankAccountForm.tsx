import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { electronicFormatIBAN } from 'ibantools';
import { useTranslation } from 'react-i18next';
import { formatDecimalInput } from '@tezgah/core';
import { useApiData, DateInput, Field, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { formatIban } from '../currents/model';
import { AccountSuggest } from '../ledger/parts';
import { isDay, today, type LedgerAccount } from '../ledger/model';
import { CurrencySelect, MoneyInput } from '../finance/parts';
import { TL, currencyCode, readOpening, readRate } from '../finance/model';
import { ACCOUNT_TYPES, BANK_ACCOUNTS, BRANCHES, compactIban, ibanBankCode, ibanProblem, type Bank, type BankAccount, type BankAccountType, type BankBranch } from './model';

const FIELDS = ['name', 'bankId', 'branchId', 'accountType', 'iban', 'accountNo', 'currencyId', 'openingBalance', 'openingDate', 'openingRate', 'openingAccount', 'explanation'] as const;

/** A bank's branches (null while loading, [] without a bank). */
export function useBranches(bankId: string): BankBranch[] | null {
  const q = useApiData(
    ['GET', BRANCHES, { bankId, size: 1000 }, 'page'],
    (api) => api.list(BRANCHES, { params: { query: { bankId: Number(bankId), page: 0, size: 1000, sort: ['name,asc'] } } }).then((p) => p.items),
    { enabled: !!bankId },
  );
  if (!bankId) return [];
  return q.data ?? (q.isError ? [] : null);
}

/**
 * A bank account's fields (seeds 000 §3: name, bank, branch, account type, IBAN, currency, opening
 * balance, explanation): the IBAN typed in groups of four (TR33 0006 1005 …) and checked at once
 * (TR, 26 characters, check digits, the chosen bank's code; a valid IBAN picks its bank when none
 * is chosen); the opening balance may be minus (an account that opens owing), with its date, its
 * rate for a foreign currency and the account it is posted against.
 */
export function BankAccountDialog(props: { banks: readonly Bank[] | null; account: BankAccount | null; onClose: () => void; onSaved: (a: BankAccount, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const a = props.account;
  const [name, setName] = useState(a?.name ?? '');
  const [bankId, setBankId] = useState(a ? String(a.bankId) : '');
  const [branchId, setBranchId] = useState(a?.branchId ? String(a.branchId) : '');
  const [accountType, setAccountType] = useState<BankAccountType>(a?.accountType ?? 'TRADING');
  const [iban, setIban] = useState(a?.iban ? formatIban(a.iban) : '');
  const [accountNo, setAccountNo] = useState(a?.accountNo ?? '');
  const [currencyId, setCurrencyId] = useState(String(a?.currencyId ?? TL));
  const [opening, setOpening] = useState(a && a.openingBalance ? formatDecimalInput(a.openingBalance) : '');
  const [openingDate, setOpeningDate] = useState(a?.openingDate ?? today());
  const [openingRate, setOpeningRate] = useState(a?.openingRate ? formatDecimalInput(a.openingRate, 2, 6) : '');
  const [openingAccount, setOpeningAccount] = useState(a?.openingAccount ?? '');
  const [openingAccountObj, setOpeningAccountObj] = useState<LedgerAccount | null>(null);
  const [explanation, setExplanation] = useState(a?.explanation ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const branches = useBranches(bankId);
  const label = t(a ? 'banks.accounts.edit' : 'banks.accounts.add');
  const bank = (props.banks ?? []).find((b) => String(b.id) === bankId) ?? null;
  const foreign = Number(currencyId) !== TL;
  const typed = readOpening(opening, true);
  const hasOpening = !!typed && 'value' in typed && typed.value !== '0.00';
  const typedRate = foreign && hasOpening ? readRate(openingRate) : null;
  const ibanIssue = ibanProblem(iban, bank);
  // A complete IBAN says so at once; a partial one only when saving.
  const ibanNow = compactIban(iban).length >= 26 && ibanIssue ? ibanIssue : null;
  const ibanText = (p: string) => t(`banks.rules.${p}`, { bank: bank?.name ?? '', code: ibanBankCode(iban) });

  function typeIban(v: string) {
    const next = formatIban(v);
    setIban(next);
    // A valid IBAN names its bank: picked when none is chosen yet.
    if (!bankId && !ibanProblem(next)) {
      const named = (props.banks ?? []).find((b) => (b.ibanCode ?? (b.eftCode ? `0${b.eftCode}` : '')) === ibanBankCode(next));
      if (named) { setBankId(String(named.id)); setBranchId(''); }
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('banks.rules.accountNameRequired');
    if (!bankId && !compactIban(iban)) found.bankId = t('banks.rules.bankRequired');
    if (ibanIssue) found.iban = ibanText(ibanIssue);
    if (typed && 'error' in typed) found.openingBalance = t(`ledger.rules.${typed.error}`);
    if (hasOpening) {
      if (!openingDate) found.openingDate = t('ledger.rules.required');
      else if (!isDay(openingDate)) found.openingDate = t('ledger.rules.date');
    }
    if (typedRate && 'error' in typedRate) found.openingRate = t('finance.rules.rate');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        name: name.trim(), bankId: bankId ? Number(bankId) : null, branchId: branchId ? Number(branchId) : null, accountType,
        iban: compactIban(iban) ? electronicFormatIBAN(iban) : null, accountNo: accountNo.trim() || null, currencyId: Number(currencyId),
        openingBalance: typed && 'value' in typed ? typed.value : '0.00',
        openingDate: hasOpening ? openingDate : null,
        ...(typedRate && 'value' in typedRate ? { openingRate: typedRate.value } : {}),
        ...(hasOpening && openingAccount ? { openingAccount } : {}),
        explanation: explanation.trim() || null,
      };
      const saved = a
        ? await shell.api.request('PUT', BANK_ACCOUNTS, { body: { ...body, id: a.id } })
        : await shell.api.request('POST', BANK_ACCOUNTS, { body });
      props.onSaved(saved, !a);
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

  const code = currencyCode(Number(currencyId));
  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(720px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="ba-name" label={t('banks.accounts.fields.name')} error={errors.name} hint={t('banks.accounts.hints.name')} required>
            <InputGroup id="ba-name" value={name} onValueChange={setName} maxLength={100} autoFocus />
          </Field>
          <Field id="ba-iban" label={t('banks.accounts.fields.iban')} error={(ibanNow ? ibanText(ibanNow) : undefined) ?? errors.iban} hint={t('banks.accounts.hints.iban')}>
            <InputGroup id="ba-iban" value={iban} onValueChange={typeIban} maxLength={42} placeholder="TR00 0000 0000 0000 0000 0000 00" />
          </Field>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="ba-bank" label={t('banks.accounts.fields.bank')} error={errors.bankId} hint={t('banks.accounts.hints.bank')}>
              <HTMLSelect id="ba-bank" value={bankId} disabled={props.banks === null} onChange={(e) => { setBankId(e.currentTarget.value); setBranchId(''); }}>
                <option value="">{t('banks.choose')}</option>
                {(props.banks ?? []).map((b) => <option key={b.id} value={String(b.id)}>{b.eftCode ? `${b.name} (${b.eftCode})` : b.name}</option>)}
              </HTMLSelect>
            </Field>
            <Field id="ba-branch" label={t('banks.accounts.fields.branch')} error={errors.branchId}>
              <HTMLSelect id="ba-branch" value={branchId} disabled={!bankId || branches === null} onChange={(e) => setBranchId(e.currentTarget.value)}>
                <option value="">{bankId ? t('banks.noBranch') : t('banks.bankFirst')}</option>
                {(branches ?? []).map((b) => <option key={b.id} value={String(b.id)}>{b.code ? `${b.name} (${b.code})` : b.name}</option>)}
              </HTMLSelect>
            </Field>
          </div>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="ba-type" label={t('banks.accounts.fields.accountType')} error={errors.accountType} required>
              <HTMLSelect id="ba-type" value={accountType} onChange={(e) => setAccountType(e.currentTarget.value as BankAccountType)}>
                {ACCOUNT_TYPES.map((ty) => <option key={ty} value={ty}>{t(`banks.types.${ty}`)}</option>)}
              </HTMLSelect>
            </Field>
            <Field id="ba-no" label={t('banks.accounts.fields.accountNo')} error={errors.accountNo}>
              <InputGroup id="ba-no" value={accountNo} onValueChange={setAccountNo} maxLength={40} />
            </Field>
            <Field id="ba-currency" label={t('banks.accounts.fields.currencyId')} error={errors.currencyId} hint={a ? t('banks.accounts.hints.currency') : undefined} required>
              <CurrencySelect id="ba-currency" value={currencyId} onChange={setCurrencyId} />
            </Field>
          </div>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="ba-opening" label={t('banks.accounts.fields.openingBalance', { currency: code })} error={errors.openingBalance} hint={t('banks.accounts.hints.opening')}>
              <MoneyInput id="ba-opening" value={opening} onValueChange={setOpening} />
            </Field>
            <Field id="ba-opening-date" label={t('banks.accounts.fields.openingDate')} error={errors.openingDate} required={hasOpening}>
              <DateInput id="ba-opening-date" value={openingDate} onValueChange={setOpeningDate} />
            </Field>
          </div>
          {foreign && hasOpening && (
            <Field id="ba-opening-rate" label={t('banks.accounts.fields.openingRate', { currency: code })} error={errors.openingRate} hint={t('finance.form.rateHint')}>
              <MoneyInput id="ba-opening-rate" value={openingRate} onValueChange={setOpeningRate} decimals={[2, 6]} placeholder="0,0000" />
            </Field>
          )}
          {hasOpening && (
            <Field id="ba-opening-account" label={t('banks.accounts.fields.openingAccount')} error={errors.openingAccount} hint={t('banks.accounts.hints.openingAccount')}>
              <AccountSuggest id="ba-opening-account" value={openingAccount} account={openingAccountObj} postable onChange={(c, x) => { setOpeningAccount(c); setOpeningAccountObj(x); }} />
            </Field>
          )}
          <Field id="ba-explanation" label={t('banks.accounts.fields.explanation')} error={errors.explanation}>
            <TextArea id="ba-explanation" value={explanation} onChange={(e) => setExplanation(e.currentTarget.value)} maxLength={500} fill />
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
