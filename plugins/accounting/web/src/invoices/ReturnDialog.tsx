import { useRef, useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QUANTITY_DECIMALS, parseTurkishDecimal, type WorkbenchHost } from '@tezgah/core';
import { idempotencyKey } from '@tezgah/sdk';
import { DateInput, Field, LineGrid, isRefusal, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { MoneyAccountSelect, refKey } from '../finance/parts';
import { isDay, today } from '../ledger/model';
import { quantity as showQuantity, thousandths } from '../products/model';
import { INVOICE_RETURNS, baseOf, type Invoice } from './model';
import { useMoneyChoices } from './parts';

/** What is left to return of a line: its quantity less what returns took (in thousandths, exact). */
export const leftOf = (l: Invoice['products'][number]) => Math.max(0, thousandths(l.quantity) - thousandths(l.returned)) / 1000;

/** The contract's quantity: 12 digits, at most three decimals. */
const QUANTITY_TEXT = new RegExp(`^\\d{1,12}(\\.\\d{1,${QUANTITY_DECIMALS}})?$`);

/** A quantity typed the Turkish way, as the invoice form reads it (1,5; 2,125), or null. */
function readQuantity(s: string): string | null {
  const v = parseTurkishDecimal(s);
  return v !== null && QUANTITY_TEXT.test(v) ? v : null;
}

/**
 * Iade al / İade et on a posted invoice: the lines with what is left to return, a quantity for
 * each (all that is left by default), the date, for a sales return the buyer's document number,
 * and whether the money goes back at once (cash, card or bank) or stays on the current's account.
 * The server computes and posts the return; its view opens after.
 */
export function ReturnDialog(props: { host: WorkbenchHost; invoice: Invoice; onClose: () => void; onDone: (returnId: number) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const inv = props.invoice;
  const base = baseOf(inv.invoiceType);
  const title = t(`invoices.returns.title.${base}`);
  const accounts = useMoneyChoices();
  const open = inv.products.filter((l) => leftOf(l) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(() => Object.fromEntries(open.map((l) => [l.id, String(leftOf(l)).replace('.', ',')])));
  const [date, setDate] = useState(() => (today() < inv.date ? inv.date : today()));
  const [documentNo, setDocumentNo] = useState('');
  const [accountKey, setAccountKey] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // One key for this return: a retry after a lost answer gives back what the first one made.
  const saveKey = useRef(idempotencyKey());

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    const lines: { lineId: number; quantity: string }[] = [];
    for (const l of open) {
      const typed = (quantities[l.id] ?? '').trim();
      if (!typed || typed === '0') continue;
      const q = readQuantity(typed);
      if (q === null || Number(q) <= 0) found[`q${l.id}`] = t('invoices.returns.badQuantity');
      else if (Number(q) > leftOf(l)) found[`q${l.id}`] = `${t('invoices.returns.left')}: ${showQuantity(leftOf(l))}`;
      else if (Number(q) > 0) lines.push({ lineId: l.id, quantity: q });
    }
    if (!isDay(date)) found.date = t('ledger.rules.date');
    if (!lines.length && !Object.keys(found).length) found.lines = t('invoices.returns.nothing');
    setErrors(found);
    if (Object.keys(found).length) return;
    const account = (accounts ?? []).find((a) => refKey(a) === accountKey);
    const body = {
      date, lines,
      ...(base === 'SALE' && documentNo.trim() ? { documentNo: documentNo.trim() } : {}),
      refund: account ? (account.kind === 'SAFE' ? { safeId: account.id } : { bankAccountId: account.id }) : null,
    };
    setBusy(true);
    try {
      const made = await shell.api.request('POST', INVOICE_RETURNS, { params: { path: { id: inv.id }, header: { 'Idempotency-Key': saveKey.current } }, body });
      props.host.notify.success(t('invoices.returns.done'));
      props.host.bus.emit('entity.created', { plugin: 'accounting', entity: 'invoice', id: made.id, record: made });
      props.host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'invoice', id: inv.id });
      props.onDone(made.id);
    } catch (err) {
      if (isRefusal(err)) saveKey.current = idempotencyKey();
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const [k, v] of Object.entries(all)) {
        const m = /^lines\.(\d+)\./.exec(k);
        if (m) mine[`q${lines[Number(m[1])]?.lineId}`] = v;
        else if (k === 'date' || k === 'documentNo') mine[k] = v;
        else if (k.startsWith('refund')) mine.refund = v;
      }
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  const right = { textAlign: 'right' } as const;
  return (
    <Dialog isOpen onClose={props.onClose} title={title} icon="undo" style={{ width: 'min(720px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={title}>
        <DialogBody>
          <p>{t(`invoices.returns.intro.${base}`)}</p>
          {open.length === 0 ? <Callout intent="primary">{t('invoices.returns.noneLeft')}</Callout> : (
            <LineGrid>
              <HTMLTable compact aria-label={t('invoices.detail.lines')} style={{ width: '100%' }}>
                <thead><tr>
                  <th>{t('invoices.returns.product')}</th><th style={right}>{t(`invoices.returns.sold.${base}`)}</th>
                  <th style={right}>{t('invoices.returns.left')}</th><th>{t('invoices.returns.quantity')}</th>
                </tr></thead>
                <tbody>
                  {open.map((l) => (
                    <tr key={l.id}>
                      <td>{`${l.lineNo}. ${l.productName}`}</td>
                      <td style={right}>{showQuantity(l.quantity)}</td>
                      <td style={right}>{showQuantity(leftOf(l))}</td>
                      <td>
                        <Field id={`return-q-${l.id}`} label={null} error={errors[`q${l.id}`]}>
                          <InputGroup
                            id={`return-q-${l.id}`} inputMode="decimal" style={{ width: 110 }} value={quantities[l.id] ?? ''}
                            aria-label={t('invoices.returns.quantityOf', { product: l.productName })}
                            onValueChange={(v) => setQuantities((q) => ({ ...q, [l.id]: v }))}
                          />
                        </Field>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </LineGrid>
          )}
          {errors.lines && <Callout intent="danger" role="alert">{errors.lines}</Callout>}
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 8 }}>
            <Field id="return-date" label={t('invoices.returns.date')} error={errors.date} required>
              <DateInput id="return-date" value={date} onValueChange={setDate} />
            </Field>
            {base === 'SALE' && (
              <Field id="return-document" label={t('invoices.returns.documentNo')} hint={t('invoices.returns.documentNoHint')} error={errors.documentNo}>
                <InputGroup id="return-document" value={documentNo} onValueChange={setDocumentNo} maxLength={32} />
              </Field>
            )}
          </div>
          <Field id="return-refund" label={t('invoices.returns.refund')} error={errors.refund}>
            <MoneyAccountSelect
              id="return-refund" accounts={accounts} currencyId={inv.currencyId} value={accountKey} emptyLabel={t('invoices.returns.onAccount')}
              onChange={(k) => setAccountKey(k)}
            />
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('invoices.returns.cancel')} onClick={props.onClose} disabled={busy} />
          <Button type="submit" intent="primary" icon="undo" loading={busy} disabled={open.length === 0} text={t('invoices.returns.save')} />
        </>} />
      </form>
    </Dialog>
  );
}
