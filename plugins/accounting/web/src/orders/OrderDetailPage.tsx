import { useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Callout, Card, Classes, Dialog, DialogBody, DialogFooter, H2, H4, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, reportFailure, useApiData, useApiQuery, useConfirm, useInvalidate, useShell, visuallyHidden, type FieldErrors } from '@tezgah/workbench/ui';
import { TagChips } from '../currents/CurrentTags';
import { Go } from '../warehouses/StockTables';
import { currencyCode } from '../finance/model';
import { isDay, money, today } from '../ledger/model';
import { price, quantity } from '../products/model';
import { fieldErrorList } from '../invoices/InvoiceForm';
import { StatusTag, useLookup } from '../invoices/parts';
import { INVOICE, INVOICES, type Invoice } from '../invoices/model';
import { CompletionTag } from './OrdersPage';
import {
  LIST_OF, ORDER, ORDER_TO_INVOICE, TO_INVOICE, anyInvoiced, editOf, invoiceLineDrafts, mayOrder, toInvoiceBody,
  type InvoiceLineDraft, type Order, type OrderLine,
} from './model';

const right = { textAlign: 'right' } as const;
const NO_INVOICES: ReadonlyMap<number, Invoice | null> = new Map();

/** A line discount as the page shows it (%10, 29,99). */
function discountText(l: OrderLine): string {
  const d = l.discounts[0];
  if (!d) return '';
  return d.type === 'PERCENTAGE' ? `%${String(d.percentage ?? '').replace('.', ',')}` : money(Number(d.amount ?? 0));
}

/**
 * One order (/order/:id): its header, its lines with what was ordered, invoiced and remains, the
 * invoices made from it (links to their pages); Düzenle and Sil while nothing is invoiced,
 * "Faturaya dönüştür" (action 23) while something remains — each for a user who may do it on the
 * order's direction.
 */
export default function OrderDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const id = Number(params?.id);
  const taxes = useLookup('taxes');
  const [converting, setConverting] = useState(false);
  const valid = Number.isInteger(id) && id > 0;
  // What is invoiced of it moves with the invoices (written under other paths): each visit asks again.
  const orderQuery = useApiQuery(ORDER, { params: { path: { id } } }, { enabled: valid, refetchOnEveryMount: true });
  const order: Order | null = orderQuery.data ?? null;
  const missing = orderQuery.isError && !order;
  // The invoices' numbers and states; a user who may not read invoices sees their ids.
  const invoiceIds = order?.invoiceIds ?? [];
  const invoices: ReadonlyMap<number, Invoice | null> = useApiData(
    ['GET', INVOICE, { ids: invoiceIds }],
    (api) => Promise.all(invoiceIds.map((x) => api.request('GET', INVOICE, { params: { path: { id: x } } }).catch(() => null)))
      .then((read) => new Map(invoiceIds.map((x, i) => [x, read[i] ?? null]))),
    { enabled: invoiceIds.length > 0, report: false },
  ).data ?? NO_INVOICES;

  if (missing || !Number.isInteger(id) || id < 1) return <NonIdealState icon="search" title={t('orders.notFound')} />;
  if (!order) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const o = order;
  const d = o.direction;
  const cur = currencyCode(o.currencyId);
  const title = t(`orders.titleOf.${d}`, { id: o.id });
  const locked = anyInvoiced(o);
  const remains = o.products.some((l) => l.remaining > 0);
  const taxText = (taxId: number | null) => {
    const x = taxes?.find((tx) => tx.id === taxId);
    return x ? `${x.taxType} %${String(x.percentage).replace('.', ',')}` : '';
  };

  async function remove() {
    if (!(await confirm({ detail: t('orders.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', ORDER, { params: { path: { id: o.id } } });
      host.notify.success(t('orders.deleted'));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'order', id: o.id });
      host.navigate(LIST_OF[d]);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const details: [string, ReactNode][] = [
    [t('orders.detail.current'), o.currentName],
    [t('orders.detail.direction'), t(`orders.directions.${d}`)],
    [t('orders.detail.kind'), t(`orders.kinds.${o.orderKind}`)],
    [t('orders.detail.orderDate'), formatDate(o.orderDate)],
    [t('orders.detail.createdDate'), formatDate(o.createdDate)],
    [t('orders.detail.currency'), o.currencyId === 1 ? null : cur],
    [t('orders.detail.explanation'), o.explanation],
    [t('orders.detail.tags'), o.tags.length ? <TagChips tags={o.tags} /> : null],
    [t('orders.detail.completion'), <CompletionTag completion={o.completion} />],
    [t('orders.detail.total'), `${money(o.total)} ${cur}`],
  ];

  return (
    <section aria-label={title}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{title}</H2>
        <Tag minimal intent="primary">{t(`orders.kinds.${o.orderKind}`)}</Tag>
        <CompletionTag completion={o.completion} />
        <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
          <Button icon="arrow-left" text={t('orders.back')} onClick={() => host.navigate(LIST_OF[d])} />
          {!locked && mayOrder(host, d, Action.UPDATE) && <Button icon="edit" text={t('orders.actions.edit')} onClick={() => host.navigate(editOf(o.id))} />}
          {remains && mayOrder(host, d, TO_INVOICE) && (
            <Button icon="document-share" intent="primary" text={t('orders.actions.toInvoice')} onClick={() => setConverting(true)} />
          )}
          {!locked && mayOrder(host, d, Action.DELETE) && <Button icon="trash" intent="danger" text={t('orders.actions.delete')} onClick={() => { void remove(); }} />}
        </ButtonGroup>
      </div>
      <Card style={{ marginTop: 12 }}>
        <HTMLTable compact aria-label={t('orders.detail.details')}>
          <tbody>{details.filter(([, v]) => v).map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}</tbody>
        </HTMLTable>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <H4>{t('orders.detail.lines')}</H4>
        <div className="tz-table-scroll">
          <HTMLTable compact striped aria-label={t('orders.detail.lines')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>#</th><th>{t('orders.detail.product')}</th><th style={right}>{t('orders.detail.ordered')}</th><th style={right}>{t('orders.detail.invoiced')}</th>
                <th style={right}>{t('orders.detail.remaining')}</th><th style={right}>{t('orders.detail.unitPrice')}</th><th style={right}>{t('orders.detail.discount')}</th>
                <th>{t('orders.detail.tax')}</th><th style={right}>{t('orders.detail.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {o.products.map((l) => (
                <tr key={l.id}>
                  <td>{l.lineNo}</td>
                  <td>{l.productName}</td>
                  <td style={right}>{quantity(l.quantity)}</td>
                  <td style={right}>{quantity(l.invoiced)}</td>
                  <td style={right}>{quantity(l.remaining)}</td>
                  <td style={right}>{price(l.unitPrice)}</td>
                  <td style={right}>{discountText(l)}</td>
                  <td>{taxText(l.taxId)}</td>
                  <td style={right}>{money(l.total)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <H4>{t('orders.detail.invoices')}</H4>
        {o.invoiceIds.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('orders.detail.noInvoices')}</p> : (
          <ul aria-label={t('orders.detail.invoices')} style={{ margin: 0, paddingLeft: 20 }}>
            {o.invoiceIds.map((x) => {
              const inv = invoices.get(x);
              return (
                <li key={x} style={{ marginBottom: 4 }}>
                  <Go host={host} to={`/invoice/${x}`}>{inv?.documentNo ?? t('orders.detail.invoice', { id: x })}</Go>
                  {inv && <>
                    {' '}<span className={Classes.TEXT_MUTED}>{t('orders.detail.invoiceDate', { date: formatDate(inv.date), total: `${money(inv.totalAmount)} ${inv.currencyCode}` })}</span>
                    {' '}<StatusTag status={inv.status} />
                  </>}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {converting && <ToInvoiceDialog host={host} order={o} onClose={() => setConverting(false)} />}
      {dialog}
    </section>
  );
}

/**
 * "Faturaya dönüştür": the invoice date (today), a given order's supplier number, and per line
 * with something left the quantity to invoice (its remaining; 0 leaves it out). POST
 * /orders/{id}/to-invoice, then the new invoice's page.
 */
export function ToInvoiceDialog(props: { host: WorkbenchHost; order: Order; onClose: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const invalidate = useInvalidate();
  const { host, order } = props;
  const d = order.direction;
  const [date, setDate] = useState(today());
  const [documentNo, setDocumentNo] = useState('');
  const [lines, setLines] = useState<InvoiceLineDraft[]>(() => invoiceLineDrafts(order));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const title = t('orders.toInvoice.title');

  async function submit() {
    const found: FieldErrors = {};
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    const read = toInvoiceBody(d, date, documentNo, lines);
    if ('errors' in read) {
      for (const [i, problem] of read.errors) found[`line:${i}`] = t(`orders.toInvoice.errors.${problem}`);
      if (read.nothing) found.lines = t('orders.toInvoice.errors.nothing');
    }
    setErrors(found);
    if (Object.keys(found).length || 'errors' in read) return;
    setBusy(true);
    try {
      const inv = await shell.api.request('POST', ORDER_TO_INVOICE, { params: { path: { id: order.id } }, body: read.body });
      host.notify.success(inv.documentNo ? t('orders.toInvoice.done', { no: inv.documentNo }) : t('orders.toInvoice.doneDraft'));
      host.bus.emit('entity.created', { plugin: 'accounting', entity: 'invoice', id: inv.id, record: inv });
      host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'order', id: order.id });
      // The write refreshed the orders; the new invoice is in the invoice lists too.
      void invalidate(INVOICES);
      host.navigate(`/invoice/${inv.id}`);
    } catch (e) {
      const mine: FieldErrors = {};
      for (const f of fieldErrorList(e)) {
        const [head, index] = f.field.split(/[./[\]]/).filter(Boolean);
        if (head === 'lines' && index !== undefined && /^\d+$/.test(index)) {
          const line = read.sent[Number(index)];
          const at = line ? lines.findIndex((l) => l.line.id === line.id) : -1;
          if (at >= 0) mine[`line:${at}`] ??= f.message;
        } else if (head === 'date' || head === 'documentNo') {
          mine[head] ??= f.message;
        }
      }
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={title} icon="document-share" aria-label={title} style={{ width: 640, maxWidth: '95vw' }}>
      <form noValidate aria-label={title} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <DialogBody>
          <p>{t(`orders.toInvoice.kind.${d}`)}</p>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="toinv-date" label={t('orders.toInvoice.date')} error={errors.date} required>
              <DateInput id="toinv-date" value={date} onValueChange={setDate} />
            </Field>
            {d === 'OUT' && (
              <Field id="toinv-document-no" label={t('orders.toInvoice.documentNo')} error={errors.documentNo} hint={t('orders.toInvoice.documentNoHint')}>
                <InputGroup id="toinv-document-no" value={documentNo} onValueChange={setDocumentNo} maxLength={32} />
              </Field>
            )}
          </div>
          <p className={Classes.TEXT_MUTED}>{t('orders.toInvoice.hint')}</p>
          <HTMLTable compact aria-label={t('orders.toInvoice.lines')} style={{ width: '100%' }}>
            <thead>
              <tr><th>{t('orders.toInvoice.product')}</th><th style={right}>{t('orders.toInvoice.remaining')}</th><th>{t('orders.toInvoice.quantity')}</th></tr>
            </thead>
            <tbody>
              {lines.map((l, i) => (
                <tr key={l.line.id}>
                  <td>{l.line.productName}</td>
                  <td style={right}>{quantity(l.line.remaining)}</td>
                  <td style={{ width: 170 }}>
                    <Field id={`toinv-line-${l.line.id}`} label={<span style={visuallyHidden}>{t('orders.toInvoice.quantityOf', { product: l.line.productName })}</span>} error={errors[`line:${i}`]}>
                      <InputGroup
                        id={`toinv-line-${l.line.id}`} value={l.quantity} inputMode="decimal"
                        onValueChange={(v) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, quantity: v } : x)))}
                      />
                    </Field>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {errors.lines && <Callout intent="danger" style={{ marginTop: 8 }}>{errors.lines}</Callout>}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('orders.toInvoice.cancel')} onClick={props.onClose} disabled={busy} />
          <Button type="submit" intent="primary" icon="tick" text={t('orders.toInvoice.save')} loading={busy} />
        </>} />
      </form>
    </Dialog>
  );
}
