import { Fragment, useRef, useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QUANTITY_DECIMALS, parseTurkishDecimal, type WorkbenchHost } from '@tezgah/core';
import { idempotencyKey } from '@tezgah/sdk';
import { DateInput, Field, LineGrid, Slot, isRefusal, reportFailure, serverFieldErrors, useShell, useSlotFilled, type FieldErrors } from '@tezgah/workbench/ui';
import { MoneyAccountSelect, refKey } from '../finance/parts';
import { isDay, today } from '../ledger/model';
import { quantity as showQuantity, thousandths } from '../products/model';
import { INVOICE_RETURNS, baseOf, type Invoice } from './model';
import { useMoneyChoices } from './parts';
import { INVOICE_RETURN_LINE_SLOT } from './slots';

/** What is left to return of a line: its quantity less what returns took (in thousandths, exact). */
export const leftOf = (l: Invoice['products'][number]) => Math.max(0, thousandths(l.quantity) - thousandths(l.returned)) / 1000;

/** The contract's quantity: 12 digits, at most three decimals. */
const QUANTITY_TEXT = new RegExp(`^\\d{1,12}(\\.\\d{1,${QUANTITY_DECIMALS}})?$`);

/** A quantity typed the Turkish way, as the invoice form reads it (1,5; 2,125), or null. */
function readQuantity(s: string): string | null {
  const v = parseTurkishDecimal(s);
  return v !== null && QUANTITY_TEXT.test(v) ? v : null;
}

/** A box a line names, as the return-line slot's fills hand it (GTIN-14 and serial, the contract's patterns). */
export interface NamedBox { gtin: string; sn: string }

/** What a fill handed `onValue`, kept only as far as it is a list of boxes the contract takes. */
export function boxesOf(value: unknown): NamedBox[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((b: unknown) => {
    const { gtin, sn } = (b ?? {}) as Record<string, unknown>;
    return typeof gtin === 'string' && /^\d{14}$/.test(gtin) && typeof sn === 'string' && /^[A-Za-z0-9]{1,20}$/.test(sn) ? [{ gtin, sn }] : [];
  });
}

/** The problem's field errors as the server named them, indexes kept (`lines.0.boxes.1`). */
function indexedFieldErrors(error: unknown): { field: string; message: string }[] {
  const e = (error ?? {}) as { fieldErrors?: unknown; problem?: { fieldErrors?: unknown } };
  const list = Array.isArray(e.fieldErrors) ? e.fieldErrors : Array.isArray(e.problem?.fieldErrors) ? e.problem.fieldErrors : [];
  return (list as { field?: unknown; message?: unknown }[]).flatMap((f) => (f && typeof f.field === 'string' && typeof f.message === 'string' ? [{ field: f.field, message: f.message }] : []));
}

/**
 * Iade al / İade et on a posted invoice: the lines with what is left to return, a quantity for
 * each (all that is left by default), the date, for a sales return the buyer's document number,
 * and whether the money goes back at once (cash, card or bank) or stays on the current's account.
 * Under each line, the slot `accounting.invoice.returnLine` lets a plugin name the pieces that come
 * back (the pharmacy: the drug boxes scanned); they go with the line as its `boxes`.
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
  const [boxes, setBoxes] = useState<Record<number, NamedBox[]>>({});
  const perLine = useSlotFilled(INVOICE_RETURN_LINE_SLOT);
  // One handler per line, kept across renders, for the slot's fills.
  const handlers = useRef(new Map<number, (value: unknown) => void>());
  const boxesHandler = (lineId: number) => {
    let h = handlers.current.get(lineId);
    if (!h) {
      h = (value: unknown) => setBoxes((all) => ({ ...all, [lineId]: boxesOf(value) }));
      handlers.current.set(lineId, h);
    }
    return h;
  };
  const [busy, setBusy] = useState(false);
  // One key for this return: a retry after a lost answer gives back what the first one made.
  const saveKey = useRef(idempotencyKey());

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    const lines: { lineId: number; quantity: string; boxes?: NamedBox[] }[] = [];
    for (const l of open) {
      const typed = (quantities[l.id] ?? '').trim();
      if (!typed || typed === '0') continue;
      const q = readQuantity(typed);
      if (q === null || Number(q) <= 0) found[`q${l.id}`] = t('invoices.returns.badQuantity');
      else if (Number(q) > leftOf(l)) found[`q${l.id}`] = `${t('invoices.returns.left')}: ${showQuantity(leftOf(l))}`;
      else if (Number(q) > 0) lines.push({ lineId: l.id, quantity: q, ...(boxes[l.id]?.length ? { boxes: boxes[l.id] } : {}) });
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
      const mine: FieldErrors = {};
      // A line's field errors by the line they name (`lines.<i>.quantity`, `lines.<i>.boxes.<j>`):
      // read from the problem's own list, whose indexes serverFieldErrors leaves out.
      for (const { field, message } of indexedFieldErrors(err)) {
        const m = /^lines[./](\d+)(?:[./](boxes)(?:[./](\d+))?)?/.exec(field);
        if (!m) continue;
        const sent = lines[Number(m[1])];
        if (!sent) continue;
        if (m[2]) {
          // A refused box: named by its serial, under the line's boxes.
          const box = m[3] !== undefined ? sent.boxes?.[Number(m[3])] : undefined;
          const text = box ? `${box.sn}: ${message}` : message;
          const key = `b${sent.lineId}`;
          mine[key] = mine[key] ? `${mine[key]} ${text}` : text;
        } else mine[`q${sent.lineId}`] ??= message;
      }
      for (const [k, v] of Object.entries(serverFieldErrors(err))) {
        if (k === 'date' || k === 'documentNo') mine[k] = v;
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
                    <Fragment key={l.id}>
                      <tr>
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
                      {perLine && (
                        <tr>
                          <td colSpan={4} style={{ boxShadow: 'none', paddingTop: 0 }}>
                            <Slot
                              name={INVOICE_RETURN_LINE_SLOT} onValue={boxesHandler(l.id)}
                              params={{
                                invoiceId: String(inv.id), invoiceType: base, lineId: String(l.id), productId: String(l.productId ?? ''),
                                productName: l.productName, barcode: l.barcode ?? '', quantity: readQuantity((quantities[l.id] ?? '').trim()) ?? '',
                              }}
                            />
                            {errors[`b${l.id}`] && <Callout intent="danger" role="alert" compact>{errors[`b${l.id}`]}</Callout>}
                          </td>
                        </tr>
                      )}
                    </Fragment>
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
