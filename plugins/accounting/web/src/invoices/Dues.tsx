import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, H4, HTMLTable, InputGroup, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, formatDecimalInput, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useConfirm, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { MoneyAccountSelect, MoneyInput, refKey } from '../finance/parts';
import { TL, moneyChanged, readMoney, readRate } from '../finance/model';
import { isDay, money, today } from '../ledger/model';
import { AUTO_SHARE, DUE, PAYMENT_LINE, baseOf, mayInvoice, mayTakeBack, type Due, type InstalmentPlan, type Invoice, type InvoicePaymentLine } from './model';
import { useMoneyChoices } from './parts';

/** A plan as words: "Aylık, ayın 15. günü, 3 taksit". */
export function usePlanText() {
  const { t } = useTranslation('accounting');
  return (p: InstalmentPlan) => t(`invoices.detail.planOf.${p.type}`, { day: p.day, count: p.count, weekday: t(`invoices.weekdays.${p.day}`) });
}

const right = { textAlign: 'right' } as const;

/** A due's state: paid green, partly paid orange, open red. */
function DueTag(props: { due: Due }) {
  const { t } = useTranslation('accounting');
  const d = props.due;
  const state = d.remaining <= 0 ? 'PAID' : d.paid > 0 ? 'PARTIAL' : 'UNPAID';
  const intent: Intent = state === 'PAID' ? 'success' : state === 'PARTIAL' ? 'warning' : 'danger';
  return <Tag minimal intent={intent}>{t(`invoices.paymentStatuses.${state}`)}</Tag>;
}

/**
 * Vadeler of a posted invoice: its dues by period (due date, amount, paid, remaining) with
 * "Taksidi sil" on an unpaid one while there are several (its amount joins the next due), and the
 * payment lines that reached them (date, due, amount) with "Geri al" (the due reopens; the money
 * stays on the current as an advance). Both ask first; `onChanged` reads the invoice again.
 */
export function DuesPanel(props: { host: WorkbenchHost; invoice: Invoice; lines: readonly InvoicePaymentLine[] | null; onChanged: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const planText = usePlanText();
  const [busy, setBusy] = useState<string | null>(null);
  const inv = props.invoice;
  const cur = inv.currencyCode;
  const dues = [...inv.dues].sort((a, b) => a.periodNo - b.periodNo);
  const mayRemove = dues.length > 1 && mayInvoice(props.host, baseOf(inv.invoiceType), Action.UPDATE);
  const mayBack = mayTakeBack(props.host, baseOf(inv.invoiceType));

  async function run(key: string, call: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await call();
      props.host.notify.success(done);
      props.host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'invoice', id: inv.id });
      props.onChanged();
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  async function removeDue(d: Due) {
    if (!(await confirm({ message: t('invoices.dues.removeConfirm', { n: d.periodNo }), detail: t('invoices.dues.removeDetail') }))) return;
    await run(`due:${d.id}`, () => shell.api.request('DELETE', DUE, { params: { path: { id: d.id } } }), t('invoices.dues.removed'));
  }

  async function takeBack(l: InvoicePaymentLine) {
    if (!(await confirm({ message: t('invoices.dues.takeBackConfirm'), detail: t('invoices.dues.takeBackDetail') }))) return;
    await run(`line:${l.id}`, () => shell.api.request('DELETE', PAYMENT_LINE, { params: { path: { id: l.id } } }), t('invoices.dues.takenBack'));
  }

  return (
    <section aria-label={t('invoices.dues.title')}>
      <H4>{t('invoices.dues.title')}</H4>
      {inv.instalments && <p>{`${t('invoices.detail.instalments')}: ${planText(inv.instalments)}`}</p>}
      {dues.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('invoices.dues.none')}</p> : (
        <div className="tz-table-scroll">
          <HTMLTable compact striped aria-label={t('invoices.dues.title')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('invoices.dues.period')}</th><th>{t('invoices.dues.dueDate')}</th><th style={right}>{t('invoices.dues.amount')}</th>
                <th style={right}>{t('invoices.dues.paid')}</th><th style={right}>{t('invoices.dues.remaining')}</th><th>{t('invoices.dues.status')}</th><th />
              </tr>
            </thead>
            <tbody>
              {dues.map((d) => (
                <tr key={d.id}>
                  <td>{t('invoices.dues.periodOf', { n: d.periodNo })}</td>
                  <td>{formatDate(d.dueDate)}</td>
                  <td style={right}>{money(d.amount)}</td>
                  <td style={right}>{money(d.paid)}</td>
                  <td style={right}>{money(d.remaining)}</td>
                  <td><DueTag due={d} /></td>
                  <td style={right}>
                    {mayRemove && d.paid <= 0 && (
                      <Button
                        size="small" variant="minimal" intent="danger" icon="trash" text={t('invoices.dues.remove')} aria-label={t('invoices.dues.removeOf', { n: d.periodNo })}
                        loading={busy === `due:${d.id}`} disabled={busy !== null} onClick={() => { void removeDue(d); }}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <H4 style={{ marginTop: 16 }}>{t('invoices.dues.lines')}</H4>
      {props.lines === null ? null : props.lines.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('invoices.dues.noLines')}</p> : (
        <div className="tz-table-scroll">
          <HTMLTable compact striped aria-label={t('invoices.dues.lines')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('invoices.dues.lineDate')}</th><th>{t('invoices.dues.lineDue')}</th><th style={right}>{t('invoices.dues.lineAmount')}</th>
                <th>{t('invoices.dues.createdBy')}</th><th />
              </tr>
            </thead>
            <tbody>
              {props.lines.map((l) => (
                <tr key={l.id}>
                  <td>{formatDate(l.date)}{l.returnInvoiceId !== null ? ` · ${t('invoices.dues.byReturn')}` : ''}</td>
                  <td>{t('invoices.dues.dueOf', { n: l.periodNo, date: formatDate(l.dueDate) })}</td>
                  <td style={right}>{`${money(l.amount)} ${cur}`}</td>
                  <td>{l.createdBy ?? ''}</td>
                  <td style={right}>
                    {mayBack && (
                      <Button
                        size="small" variant="minimal" icon="undo" text={t('invoices.dues.takeBack')}
                        aria-label={t('invoices.dues.takeBackOf', { n: l.periodNo, amount: `${money(l.amount)} ${cur}` })}
                        loading={busy === `line:${l.id}`} disabled={busy !== null} onClick={() => { void takeBack(l); }}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {dialog}
    </section>
  );
}

/** The outcome of a collection as a sentence: how many dues it reached, what stayed as an advance. */
export function useShareSummary() {
  const { t } = useTranslation('accounting');
  return (inv: Pick<Invoice, 'id' | 'invoiceType' | 'currencyCode'>, r: { lines: readonly Pick<InvoicePaymentLine, 'invoiceId'>[]; unallocated: number }) => {
    const others = r.lines.filter((l) => l.invoiceId !== inv.id).length;
    const reached = r.lines.length === 0
      ? t('invoices.collect.noDue')
      : others > 0 ? t('invoices.collect.reachedOthers', { n: r.lines.length, others }) : t('invoices.collect.reached', { n: r.lines.length });
    const advance = r.unallocated > 0 ? ` ${t('invoices.collect.advance', { amount: money(r.unallocated), currency: inv.currencyCode })}` : '';
    return `${t(`invoices.collect.done.${inv.invoiceType}`)}: ${reached}${advance}`;
  };
}

/**
 * Tahsilat al (a sale) / Ödeme yap (a purchase): the amount (the invoice's remaining to start
 * with), the date (today), the safe or bank account in the invoice's currency the money goes into
 * (comes out of), a rate for a foreign currency, an explanation. Sent to auto-share without the
 * invoice, so the money goes to the current's oldest dues first (seeds 000 §5), unless "Yalnız bu
 * faturaya" is ticked. The server's field messages land at their inputs.
 */
export function CollectDialog(props: { host: WorkbenchHost; invoice: Invoice; onClose: () => void; onDone: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const inv = props.invoice;
  const type = baseOf(inv.invoiceType);
  const title = t(`invoices.collect.button.${type}`);
  const summary = useShareSummary();
  const accounts = useMoneyChoices();
  const [amount, setAmount] = useState(inv.remaining > 0 ? formatDecimalInput(inv.remaining.toFixed(2), 2, 2) : '');
  const [date, setDate] = useState(today());
  const [accountKey, setAccountKey] = useState('');
  const [rate, setRate] = useState('');
  const [explanation, setExplanation] = useState(inv.documentNo ? t(`invoices.collect.explanationOf.${type}`, { no: inv.documentNo }) : '');
  const [onlyThis, setOnlyThis] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const foreign = inv.currencyId !== TL;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    const typed = readMoney(amount);
    if (!typed) found.amount = t('finance.rules.amountRequired');
    else if ('error' in typed) found.amount = t(`ledger.rules.${typed.error}`);
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    const account = (accounts ?? []).find((a) => refKey(a) === accountKey);
    if (!account) found.account = t(`invoices.collect.accountRequired.${type}`);
    const typedRate = foreign ? readRate(rate) : null;
    if (typedRate && 'error' in typedRate) found.rate = t('finance.rules.rate');
    setErrors(found);
    if (Object.keys(found).length || !typed || 'error' in typed || !account) return;
    const body = {
      shareableAmount: typed.value,
      currentId: inv.currentId,
      invoiceType: type,
      date,
      ...(account.kind === 'SAFE' ? { safeId: account.id } : { bankAccountId: account.id }),
      ...(typedRate && 'value' in typedRate ? { rate: typedRate.value } : {}),
      explanation: explanation.trim() || null,
      ...(onlyThis ? { invoiceId: inv.id } : {}),
    };
    setBusy(true);
    try {
      const r = await shell.api.request('POST', AUTO_SHARE, { body });
      props.host.notify.success(summary(inv, r));
      moneyChanged(props.host, 'created', 'moneyTransaction', r.transactionId);
      props.host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'invoice', id: inv.id });
      props.onDone();
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      const pick = (field: string, ...keys: string[]) => { for (const k of keys) if (all[k]) { mine[field] = all[k]; return; } };
      pick('amount', 'shareableAmount');
      pick('date', 'date');
      pick('account', 'safeId', 'bankAccountId');
      pick('explanation', 'explanation');
      pick('onlyThis', 'invoiceId');
      if (foreign) pick('rate', 'rate');
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={title} icon={type === 'SALE' ? 'import' : 'export'} style={{ width: 'min(560px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={title}>
        <DialogBody>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="collect-amount" label={t('invoices.collect.amount', { currency: inv.currencyCode })} error={errors.amount} required>
              <MoneyInput id="collect-amount" value={amount} onValueChange={setAmount} />
            </Field>
            <Field id="collect-date" label={t('invoices.collect.date')} error={errors.date} required>
              <DateInput id="collect-date" value={date} onValueChange={setDate} />
            </Field>
          </div>
          <Field id="collect-account" label={t(`invoices.collect.account.${type}`)} error={errors.account} required>
            <MoneyAccountSelect id="collect-account" accounts={accounts} currencyId={inv.currencyId} value={accountKey} onChange={(k) => setAccountKey(k)} />
          </Field>
          {foreign && (
            <Field id="collect-rate" label={t('invoices.collect.rate', { currency: inv.currencyCode })} error={errors.rate} hint={t('invoices.collect.rateHint')}>
              <MoneyInput id="collect-rate" value={rate} onValueChange={setRate} decimals={[2, 6]} placeholder="0,0000" />
            </Field>
          )}
          <Field id="collect-explanation" label={t('invoices.collect.explanation')} error={errors.explanation}>
            <InputGroup id="collect-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
          </Field>
          <Field id="collect-only" label={null} error={errors.onlyThis} hint={t(`invoices.collect.hint.${type}`)}>
            <Checkbox id="collect-only" checked={onlyThis} label={t('invoices.collect.onlyThis')} onChange={(e) => setOnlyThis(e.currentTarget.checked)} />
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('invoices.collect.cancel')} onClick={props.onClose} disabled={busy} />
          <Button type="submit" intent="primary" icon="tick" loading={busy} text={t(`invoices.collect.save.${type}`)} />
        </>} />
      </form>
    </Dialog>
  );
}
