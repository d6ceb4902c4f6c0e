import { useRef, useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DateInput, Field, reportFailure, serverFieldErrors, useShell, visuallyHidden, type FieldErrors } from '@tezgah/workbench/ui';
import { AccountSuggest } from './parts';
import { ENTRIES, centsToDecimal, formatCents, isDay, readAmount, today, type JournalEntry, type LedgerAccount } from './model';

interface Line {
  key: number;
  account: string;
  accountObj: LedgerAccount | null;
  explanation: string;
  debit: string;
  credit: string;
}

/** The server's answers that are about the entry's date (no fiscal year, no period, a locked period). */
const DATE_PROBLEMS = new Set(['FISCAL_YEAR_NOT_FOUND', 'JOURNAL_NOT_FOUND', 'JOURNAL_LOCKED']);

type Amount = ReturnType<typeof readAmount>;
const cents = (a: Amount) => (a && 'cents' in a ? a.cents : 0n);

/**
 * A journal entry by hand (mahsup fişi): date, explanation and its lines, each an account that
 * takes postings (picked by code or name), an optional line explanation, and a debit or a credit.
 * The totals follow the typing (Borç, Alacak, Fark); an entry whose debits and credits differ
 * cannot be saved. The server's refusals come back at their fields: a date outside every fiscal
 * year or in a locked period at the date, a header or unknown account at its line.
 */
export function JournalEntryDialog(props: { onClose: () => void; onSaved: (e: JournalEntry) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const next = useRef(2);
  const blank = (key: number): Line => ({ key, account: '', accountObj: null, explanation: '', debit: '', credit: '' });
  const [date, setDate] = useState(today());
  const [explanation, setExplanation] = useState('');
  const [lines, setLines] = useState<Line[]>([blank(0), blank(1)]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t('ledger.entries.add');

  const amounts = lines.map((l) => ({ debit: readAmount(l.debit), credit: readAmount(l.credit) }));
  const debit = amounts.reduce((s, a) => s + cents(a.debit), 0n);
  const credit = amounts.reduce((s, a) => s + cents(a.credit), 0n);
  const difference = debit - credit;
  const typedWrong = amounts.some((a) => (a.debit && 'error' in a.debit) || (a.credit && 'error' in a.credit));
  const balanced = difference === 0n && debit > 0n;

  const update = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    if (!explanation.trim()) found.explanation = t('ledger.entries.rules.explanationRequired');
    // Lines left wholly empty are dropped; the rest must each be complete.
    const used = lines.filter((l) => l.account || l.debit.trim() || l.credit.trim() || l.explanation.trim());
    lines.forEach((l, i) => {
      if (!used.includes(l)) return;
      const a = amounts[i]!;
      if (!l.account) found[`line${l.key}.account`] = t('ledger.entries.rules.accountRequired');
      if (a.debit && 'error' in a.debit) found[`line${l.key}.debit`] = t(`ledger.rules.${a.debit.error}`);
      if (a.credit && 'error' in a.credit) found[`line${l.key}.credit`] = t(`ledger.rules.${a.credit.error}`);
      if (!a.debit && !a.credit) found[`line${l.key}.debit`] = t('ledger.entries.rules.amountRequired');
      else if (a.debit && a.credit && !found[`line${l.key}.debit`] && !found[`line${l.key}.credit`]) found[`line${l.key}.credit`] = t('ledger.entries.rules.oneSide');
    });
    if (used.length < 2) found.lines = t('ledger.entries.rules.minLines');
    setErrors(found);
    if (Object.keys(found).length || !balanced) return;
    setBusy(true);
    try {
      const body = {
        date, explanation: explanation.trim(),
        lines: used.map((l) => {
          const a = amounts[lines.indexOf(l)]!;
          return {
            account: l.account,
            ...(a.debit && 'cents' in a.debit ? { debit: centsToDecimal(a.debit.cents) } : {}),
            ...(a.credit && 'cents' in a.credit ? { credit: centsToDecimal(a.credit.cents) } : {}),
            ...(l.explanation.trim() ? { explanation: l.explanation.trim() } : {}),
          };
        }),
      };
      props.onSaved(await shell.api.request('POST', ENTRIES, { body }));
    } catch (err) {
      setErrors(serverErrors(err, used));
    } finally {
      setBusy(false);
    }
  }

  /** The server's field messages on this form's fields (lines[i] is the i-th line sent); the rest as a notice. */
  function serverErrors(err: unknown, sent: Line[]): FieldErrors {
    const all = serverFieldErrors(err);
    const out: FieldErrors = {};
    if (all.date) out.date = all.date;
    if (all.explanation) out.explanation = all.explanation;
    sent.forEach((l, i) => {
      const at = (f: string) => all[`lines[${i}].${f}`];
      if (at('account')) out[`line${l.key}.account`] = at('account');
      if (at('debit')) out[`line${l.key}.debit`] = at('debit');
      if (at('credit')) out[`line${l.key}.credit`] = at('credit');
      if (all[`lines[${i}]`]) out[`line${l.key}.debit`] ??= all[`lines[${i}]`];
    });
    const problem = err as { code?: string; detail?: string };
    if (!Object.keys(out).length && problem.code && DATE_PROBLEMS.has(problem.code) && problem.detail) {
      out.date = problem.code === 'FISCAL_YEAR_NOT_FOUND' ? t('ledger.common.noFiscalYear') : problem.detail;
    }
    if (!Object.keys(out).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    return out;
  }

  // An amount typed wrong says so at once (the totals leave it out meanwhile).
  const typed = (a: Amount) => (a && 'error' in a ? t(`ledger.rules.${a.error}`) : undefined);
  const hidden = (text: string) => <span style={visuallyHidden}>{text}</span>;
  const head = { fontWeight: 600, fontSize: 12 } as const;
  const grid = { display: 'grid', gridTemplateColumns: 'minmax(220px, 2fr) minmax(140px, 1.5fr) 130px 130px 32px', gap: 8, alignItems: 'start' } as const;

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(960px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="entry-date" label={t('ledger.entries.date')} error={errors.date} required>
              <DateInput id="entry-date" value={date} onValueChange={setDate} />
            </Field>
            <Field id="entry-explanation" label={t('ledger.entries.explanation')} error={errors.explanation} className="tz-grow" required>
              <InputGroup id="entry-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} style={{ minWidth: 360 }} />
            </Field>
          </div>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 6 }}>{t('ledger.entries.form.lines')}</legend>
            <div style={grid} aria-hidden="true">
              <span style={head}>{t('ledger.entries.form.account')}</span>
              <span style={head}>{t('ledger.entries.form.lineExplanation')}</span>
              <span style={head}>{t('ledger.common.debit')}</span>
              <span style={head}>{t('ledger.common.credit')}</span>
              <span />
            </div>
            {lines.map((l, i) => {
              const n = i + 1;
              const id = `entry-line-${l.key}`;
              const name = (what: string) => `${t('ledger.entries.form.line', { n })}: ${what}`;
              return (
                <div key={l.key} role="group" aria-label={t('ledger.entries.form.line', { n })} style={grid}>
                  <Field id={`${id}-account`} label={hidden(name(t('ledger.entries.form.account')))} error={errors[`line${l.key}.account`]}>
                    <AccountSuggest id={`${id}-account`} value={l.account} account={l.accountObj} postable onChange={(code, a) => update(l.key, { account: code, accountObj: a })} />
                  </Field>
                  <Field id={`${id}-explanation`} label={hidden(name(t('ledger.entries.form.lineExplanation')))}>
                    <InputGroup id={`${id}-explanation`} value={l.explanation} maxLength={500} onValueChange={(v) => update(l.key, { explanation: v })} />
                  </Field>
                  <Field id={`${id}-debit`} label={hidden(name(t('ledger.common.debit')))} error={typed(amounts[i]!.debit) ?? errors[`line${l.key}.debit`]}>
                    <InputGroup id={`${id}-debit`} value={l.debit} inputMode="decimal" placeholder="0,00" onValueChange={(v) => update(l.key, { debit: v })} />
                  </Field>
                  <Field id={`${id}-credit`} label={hidden(name(t('ledger.common.credit')))} error={typed(amounts[i]!.credit) ?? errors[`line${l.key}.credit`]}>
                    <InputGroup id={`${id}-credit`} value={l.credit} inputMode="decimal" placeholder="0,00" onValueChange={(v) => update(l.key, { credit: v })} />
                  </Field>
                  <Button
                    icon="trash"
                    variant="minimal"
                    aria-label={t('ledger.entries.form.removeLine', { n })}
                    title={t('ledger.entries.form.removeLine', { n })}
                    disabled={lines.length <= 2}
                    onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                  />
                </div>
              );
            })}
            {errors.lines && <Callout intent="danger" style={{ marginBottom: 8 }}>{errors.lines}</Callout>}
            <Button icon="add" variant="minimal" text={t('ledger.entries.form.addLine')} onClick={() => setLines((ls) => [...ls, blank(next.current++)])} />
          </fieldset>
          <div role="status" aria-label={t('ledger.entries.form.totals')} style={{ display: 'flex', gap: 24, justifyContent: 'flex-end', marginTop: 12 }}>
            <span>{t('ledger.common.debit')}: <strong>{formatCents(debit)}</strong></span>
            <span>{t('ledger.common.credit')}: <strong>{formatCents(credit)}</strong></span>
            <span className={difference === 0n ? undefined : 'bp6-intent-danger'} style={difference === 0n ? undefined : { color: 'var(--tz-danger, #cd4246)' }}>
              {t('ledger.common.difference')}: <strong>{formatCents(difference < 0n ? -difference : difference)}</strong>
            </span>
          </div>
          {!typedWrong && debit + credit > 0n && difference !== 0n && (
            <Callout intent="danger" icon="error" style={{ marginTop: 8 }}>{t('ledger.entries.form.unbalanced')}</Callout>
          )}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} disabled={!balanced || typedWrong} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
