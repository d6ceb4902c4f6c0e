import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDecimalInput, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { TagChecks, canSeeTags, useCompanyTags } from '../currents/CurrentTags';
import { AccountSuggest } from '../ledger/parts';
import { isDay, today, type LedgerAccount } from '../ledger/model';
import { CurrencySelect, MoneyInput } from '../finance/parts';
import { SAFES, TL, currencyCode, readOpening, readRate, type Safe } from '../finance/model';

const FIELDS = ['name', 'currencyId', 'openingBalance', 'openingDate', 'openingRate', 'openingAccount', 'explanation', 'tagIds'] as const;

/**
 * A safe's fields (seeds 000 §3 safe: name, currency, opening balance, explanation, tags; §5
 * "name and currency required, maximum length message"): the opening balance with its date, the
 * opening rate only for a foreign currency (empty: TCMB's rate of the day) and the account it is
 * posted against (empty: 570 Geçmiş Yıllar Kârları). Rules at each field; the server's answers
 * (a name taken, no rate stored for the day, a currency that cannot change) at theirs.
 */
export function SafeDialog(props: { host: WorkbenchHost; safe: Safe | null; onClose: () => void; onSaved: (s: Safe, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const s = props.safe;
  const tags = useCompanyTags(props.host);
  const [name, setName] = useState(s?.name ?? '');
  const [currencyId, setCurrencyId] = useState(String(s?.currencyId ?? TL));
  const [opening, setOpening] = useState(s ? formatDecimalInput(s.openingBalance) : '');
  const [openingDate, setOpeningDate] = useState(s?.openingDate ?? today());
  const [openingRate, setOpeningRate] = useState('');
  const [openingAccount, setOpeningAccount] = useState('');
  const [openingAccountObj, setOpeningAccountObj] = useState<LedgerAccount | null>(null);
  const [explanation, setExplanation] = useState(s?.explanation ?? '');
  const [tagIds, setTagIds] = useState<number[]>(s?.tagIds ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(s ? 'safes.edit' : 'safes.add');
  const foreign = Number(currencyId) !== TL;
  const typed = readOpening(opening);
  const typedRate = foreign ? readRate(openingRate) : null;
  const hasOpening = !!typed && 'value' in typed && typed.value !== '0.00';

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('safes.rules.nameRequired');
    else if (name.trim().length > 100) found.name = t('safes.rules.nameLength');
    if (!currencyId) found.currencyId = t('safes.rules.currencyRequired');
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
        name: name.trim(), currencyId: Number(currencyId),
        openingBalance: typed && 'value' in typed ? typed.value : '0.00',
        ...(isDay(openingDate) ? { openingDate } : {}),
        ...(hasOpening && typedRate && 'value' in typedRate ? { openingRate: typedRate.value } : {}),
        ...(hasOpening && openingAccount ? { openingAccount } : {}),
        explanation: explanation.trim() || null,
        tagIds,
      };
      const saved = s
        ? await shell.api.request('PUT', SAFES, { body: { ...body, id: s.id } })
        : await shell.api.request('POST', SAFES, { body });
      props.onSaved(saved, !s);
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
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(640px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="safe-name" label={t('safes.fields.name')} error={errors.name} hint={t('safes.hints.name')} required>
            <InputGroup id="safe-name" value={name} onValueChange={setName} maxLength={100} autoFocus />
          </Field>
          <Field id="safe-currency" label={t('safes.fields.currencyId')} error={errors.currencyId} hint={s ? t('safes.hints.currency') : undefined} required>
            <CurrencySelect id="safe-currency" value={currencyId} onChange={setCurrencyId} />
          </Field>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="safe-opening" label={t('safes.fields.openingBalance', { currency: currencyCode(Number(currencyId)) })} error={errors.openingBalance} hint={t('safes.hints.opening')}>
              <MoneyInput id="safe-opening" value={opening} onValueChange={setOpening} />
            </Field>
            <Field id="safe-opening-date" label={t('safes.fields.openingDate')} error={errors.openingDate} required={hasOpening}>
              <DateInput id="safe-opening-date" value={openingDate} onValueChange={setOpeningDate} />
            </Field>
          </div>
          {foreign && (
            <Field id="safe-opening-rate" label={t('safes.fields.openingRate', { currency: currencyCode(Number(currencyId)) })} error={errors.openingRate} hint={t('finance.form.rateHint')}>
              <MoneyInput id="safe-opening-rate" value={openingRate} onValueChange={setOpeningRate} decimals={[2, 6]} placeholder="0,0000" />
            </Field>
          )}
          {hasOpening && (
            <Field id="safe-opening-account" label={t('safes.fields.openingAccount')} error={errors.openingAccount} hint={t('safes.hints.openingAccount')}>
              <AccountSuggest id="safe-opening-account" value={openingAccount} account={openingAccountObj} postable onChange={(c, a) => { setOpeningAccount(c); setOpeningAccountObj(a); }} />
            </Field>
          )}
          <Field id="safe-explanation" label={t('safes.fields.explanation')} error={errors.explanation}>
            <TextArea id="safe-explanation" value={explanation} onChange={(e) => setExplanation(e.currentTarget.value)} maxLength={500} fill />
          </Field>
          {canSeeTags(props.host) && (tags?.length ?? 0) > 0 && (
            <Field id="safe-tags" label={t('safes.fields.tagIds')} error={errors.tagIds} describeChild={false}>
              <TagChecks tags={tags ?? []} value={tagIds} onChange={setTagIds} />
            </Field>
          )}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
