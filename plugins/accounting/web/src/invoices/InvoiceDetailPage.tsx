import { useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Callout, Card, Checkbox, Classes, Dialog, DialogBody, DialogFooter, H2, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, formatDecimalInput, type ContributionProps } from '@tezgah/core';
import { PAYMENT_TYPE_LABELS_TR } from '@tezgah/core/invoice';
import { Slot, reportFailure, useApiData, useConfirm, useInvalidate, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { TagChips } from '../currents/CurrentTags';
import { MONEY_READS } from '../finance/model';
import { useMoneyWrite } from '../finance/parts';
import { money } from '../ledger/model';
import { price, quantity } from '../products/model';
import { CANCEL, INVOICE, INVOICE_CANCEL, LIST_OF, PAYMENT_LINES, baseOf, isReturnKind, mayCollect, mayInvoice, type Invoice, type InvoicePaymentLine } from './model';
import { ReturnDialog, leftOf } from './ReturnDialog';
import { PaymentStatusTag, StatusTag, downloadInvoicePdf } from './parts';
import { CollectDialog, DuesPanel, usePlanText } from './Dues';
import { INVOICE_ACTIONS_SLOT } from './slots';

/**
 * The cancel question (seeds 000 §4 cancel): 'Emin misiniz?', whether the drug-tracking (ITS)
 * notification is cancelled with it, the e-archive warning, Evet / Hayır.
 */
export function CancelDialog(props: { busy: boolean; onYes: (itsCancel: boolean) => void; onNo: () => void }) {
  const { t } = useTranslation('accounting');
  const [its, setIts] = useState(false);
  return (
    <Dialog isOpen onClose={props.onNo} title={t('invoices.cancelDialog.title')} icon="warning-sign" aria-label={t('invoices.cancelDialog.title')}>
      <DialogBody>
        <p><strong>{t('invoices.cancelDialog.title')}</strong></p>
        <Checkbox checked={its} label={t('invoices.cancelDialog.its')} onChange={(e) => setIts(e.currentTarget.checked)} />
        <Callout intent="warning" icon="issue">{t('invoices.cancelDialog.warning')}</Callout>
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('invoices.cancelDialog.no')} onClick={props.onNo} disabled={props.busy} />
        <Button intent="danger" text={t('invoices.cancelDialog.yes')} loading={props.busy} onClick={() => props.onYes(its)} />
      </>} />
    </Dialog>
  );
}

/**
 * One invoice (/invoice/:id): its header, lines with their figures, tax summary, payments and
 * totals, and once posted its Vadeler (dues and the payment lines that reached them); Düzenle
 * (not once cancelled), PDF, Sil (drafts), İptal et (posted), Tahsilat al / Ödeme yap (posted,
 * something remaining), each for a user who may do it on the invoice's direction.
 */
export default function InvoiceDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const id = Number(params?.id);
  const planText = usePlanText();
  const valid = Number.isInteger(id) && id > 0;
  // The invoice with the payment lines of its dues (newest first; null when they cannot be read).
  // Read again on every visit: collections, dues and returns are written under other paths.
  // Its own fourth part: the same path and id read alone (the e-document dialog's) is the bare invoice.
  const key = ['GET', INVOICE, { id }, 'withPaymentLines'];
  const read = useApiData(key, async (api) => {
    const [invoice, lines] = await Promise.all([
      api.request('GET', INVOICE, { params: { path: { id } } }),
      api.list(PAYMENT_LINES, { params: { query: { invoiceId: id, page: 0, size: 100 } } }).then((p): readonly InvoicePaymentLine[] | null => p.items, () => null),
    ]);
    return { invoice, lines };
  }, { enabled: valid, refetchOnEveryMount: true });
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const moneyWrite = useMoneyWrite();
  const [cancelling, setCancelling] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const [returning, setReturning] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'pdf' | null>(null);
  // After a collection or a change of its dues: the invoice, its lines and the balances they moved.
  const load = () => invalidate(INVOICE, ...MONEY_READS);

  if (read.isError || !valid) return <NonIdealState icon="search" title={t('invoices.notFound')} />;
  if (!read.data) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const { invoice: inv, lines } = read.data;
  const kind = inv.invoiceType;
  // The direction (sales or purchases) a return belongs to: its list, its rights.
  const type = baseOf(kind);
  const aReturn = isReturnKind(kind);
  const title = inv.documentNo ? t(`invoices.titleOf.${kind}`, { no: inv.documentNo }) : t(`invoices.draftTitle.${kind}`);
  const cur = inv.currencyCode;
  const amount = (n: number) => `${money(n)} ${cur}`;

  async function remove() {
    if (!(await confirm({ detail: t('invoices.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', INVOICE, { params: { path: { id: inv.id } } });
      host.notify.success(t('invoices.deleted'));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'invoice', id: inv.id });
      // The write marked this read stale; it is gone, so its refresh is not awaited (nor its 404 reported).
      void client.cancelQueries({ queryKey: key, exact: true });
      host.navigate(LIST_OF[type]);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  async function cancel(itsCancel: boolean) {
    setBusy('cancel');
    try {
      // A cancellation takes its payments back out of the safes and banks too.
      const after = await moneyWrite((api) => api.request('POST', INVOICE_CANCEL, { params: { path: { id: inv.id, itsCancel, eInvoiceType: 'NONE' } } }));
      client.setQueryData<{ invoice: Invoice; lines: readonly InvoicePaymentLine[] | null }>(key, (old) => (old ? { ...old, invoice: after } : old));
      void invalidate(INVOICE);
      setCancelling(false);
      host.notify.success(t('invoices.cancelDialog.done'));
      host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'invoice', id: inv.id, record: after });
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  async function pdf() {
    setBusy('pdf');
    try {
      const name = await downloadInvoicePdf(shell.api, inv.id, inv.documentNo ? `fatura-${inv.documentNo.toLocaleLowerCase('tr')}.pdf` : `fatura-taslak-${inv.id}.pdf`);
      shell.notify.success(t('invoices.downloaded', { name }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  const details: [string, ReactNode][] = [
    [t('invoices.detail.current'), inv.currentName],
    [t('invoices.detail.date'), formatDate(inv.date)],
    [t('invoices.detail.dueDate'), inv.dueDate ? formatDate(inv.dueDate) : null],
    [t('invoices.detail.instalments'), inv.instalments ? planText(inv.instalments) : null],
    [t('invoices.returns.of'), inv.returnOf ? <a href={`/invoice/${inv.returnOf.id}`} onClick={(e) => { e.preventDefault(); host.navigate(`/invoice/${inv.returnOf!.id}`); }}>{`${inv.returnOf.documentNo ?? `#${inv.returnOf.id}`} (${formatDate(inv.returnOf.date)})`}</a> : null],
    [t('invoices.detail.documentNo'), inv.documentNo],
    [t('invoices.detail.series'), kind === 'SALE' || kind === 'BUYING_RETURN' ? inv.series : null],
    [t('invoices.detail.currency'), inv.currencyId === 1 ? null : `${cur} (${t('invoices.detail.rate')} ${formatDecimalInput(inv.conversionRate, 2, 6)})`],
    [t('invoices.detail.explanation'), inv.explanation],
    [t('invoices.detail.tags'), inv.tags.length ? <TagChips tags={inv.tags} /> : null],
    [t('invoices.detail.entryNo'), inv.entryNo === null ? null : String(inv.entryNo)],
    [t('invoices.detail.createdBy'), inv.createdBy],
    [t('invoices.detail.cancelledAt'), inv.cancelledAt ? formatDate(inv.cancelledAt) : null],
  ];
  const totals: [string, number, boolean?][] = [
    [t('invoices.form.subtotal'), inv.subtotal],
    [t('invoices.form.totalDiscount'), inv.totalDiscount],
    [t('invoices.form.taxBase'), inv.taxBase],
    ...inv.taxSummary.map((s): [string, number] => [t('invoices.form.taxLine', { type: s.taxType, rate: String(s.percentage).replace('.', ',') }), s.amount]),
    ...(inv.withheld > 0 ? [[t('invoices.form.withheld'), inv.withheld] as [string, number]] : []),
    [t('invoices.form.totalAmount'), inv.totalAmount, true],
    ...(inv.withheld > 0 ? [[t('invoices.form.payable'), inv.payable] as [string, number]] : []),
    [t('invoices.form.paid'), inv.paid],
    [t('invoices.form.remaining'), inv.remaining, true],
  ];
  const right = { textAlign: 'right' } as const;

  return (
    <section aria-label={title}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{title}</H2>
        <Tag minimal intent={aReturn ? 'warning' : 'primary'}>{t(`invoices.types.${kind}`)}</Tag>
        <StatusTag status={inv.status} />
        {inv.status === 'POSTED' && <PaymentStatusTag status={inv.paymentStatus} />}
        <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
          <Button icon="arrow-left" text={t('invoices.back')} onClick={() => host.navigate(LIST_OF[type])} />
          {inv.status !== 'CANCELLED' && !aReturn && mayInvoice(host, type, Action.UPDATE) && (
            <Button icon="edit" text={t('invoices.actions.edit')} onClick={() => host.navigate(`/invoice/${inv.id}/edit`)} />
          )}
          {inv.status === 'POSTED' && !aReturn && inv.products.some((l) => leftOf(l) > 0) && mayInvoice(host, type, Action.CREATE) && (
            <Button icon="undo" text={t(`invoices.actions.return.${type}`)} onClick={() => setReturning(true)} />
          )}
          {inv.status === 'POSTED' && !aReturn && inv.remaining > 0 && mayCollect(host, type) && (
            <Button icon={type === 'SALE' ? 'import' : 'export'} intent="primary" text={t(`invoices.collect.button.${type}`)} onClick={() => setCollecting(true)} />
          )}
          <Button icon="document" text={t('invoices.actions.pdf')} title={t('invoices.actions.pdfTitle')} loading={busy === 'pdf'} onClick={() => { void pdf(); }} />
          {inv.status === 'DRAFT' && mayInvoice(host, type, Action.DELETE) && (
            <Button icon="trash" intent="danger" text={t('invoices.actions.delete')} onClick={() => { void remove(); }} />
          )}
          {inv.status === 'POSTED' && mayInvoice(host, type, CANCEL, Action.DELETE) && (
            <Button icon="disable" intent="danger" text={t('invoices.actions.cancel')} onClick={() => setCancelling(true)} />
          )}
          {/* Other plugins' actions on this invoice (e-document, pharmacy, POS). */}
          <Slot name={INVOICE_ACTIONS_SLOT} params={{ invoiceId: String(inv.id), invoiceType: kind, status: inv.status, documentNo: inv.documentNo ?? '' }} />
        </ButtonGroup>
      </div>
      <Card style={{ marginTop: 12 }}>
        <HTMLTable compact aria-label={t('invoices.detail.details')}>
          <tbody>{details.filter(([, v]) => v).map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}</tbody>
        </HTMLTable>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <H4>{t('invoices.detail.lines')}</H4>
        <div className="tz-table-scroll">
          <HTMLTable compact striped aria-label={t('invoices.detail.lines')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>#</th><th>{t('invoices.detail.product')}</th><th style={right}>{t('invoices.detail.quantity')}</th><th style={right}>{t('invoices.detail.unitPrice')}</th>
                <th style={right}>{t('invoices.detail.gross')}</th><th style={right}>{t('invoices.detail.discount')}</th><th style={right}>{t('invoices.detail.documentDiscount')}</th>
                <th style={right}>{t('invoices.detail.taxBase')}</th><th style={right}>{t('invoices.detail.tax')}</th><th style={right}>{t('invoices.detail.withheld')}</th>
                <th style={right}>{t('invoices.detail.total')}</th><th>{t('invoices.detail.warehouse')}</th>
              </tr>
            </thead>
            <tbody>
              {inv.products.map((l) => (
                <tr key={l.id}>
                  <td>{l.lineNo}</td>
                  <td>{l.productName}{l.description && l.description !== l.productName ? <div className={Classes.TEXT_MUTED}>{l.description}</div> : null}</td>
                  <td style={right}>{quantity(l.quantity)}</td>
                  <td style={right}>{price(l.unitPrice)}</td>
                  <td style={right}>{money(l.gross)}</td>
                  <td style={right}>{money(l.discount)}</td>
                  <td style={right}>{money(l.documentDiscount)}</td>
                  <td style={right}>{money(l.taxBase)}</td>
                  <td style={right}>{`${money(l.tax)}${l.taxes.length ? ` (${l.taxes.map((x) => `${x.taxType} %${String(x.percentage).replace('.', ',')}`).join(', ')})` : ''}`}</td>
                  <td style={right}>{l.withholdingCode ? `${money(l.withheld)} (${l.withholdingCode} ${l.withholdingRatio ?? ''}/10)` : money(l.withheld)}</td>
                  <td style={right}>{money(l.total)}</td>
                  <td>
                    {l.stocks.map((s) => s.warehouseName).join(', ')}
                    {l.despatchLineId ? <Tag minimal intent="primary" title={t('invoices.detail.despatchedTitle')}>{t('invoices.detail.despatched')}</Tag> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </Card>
      <div style={{ display: 'flex', gap: 12, marginTop: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Card style={{ flex: '1 1 320px' }}>
          <H4>{t('invoices.detail.taxes')}</H4>
          <HTMLTable compact aria-label={t('invoices.detail.taxes')} style={{ width: '100%' }}>
            <thead><tr><th>{t('invoices.detail.taxType')}</th><th style={right}>{t('invoices.detail.percentage')}</th><th style={right}>{t('invoices.detail.base')}</th><th style={right}>{t('invoices.detail.amount')}</th></tr></thead>
            <tbody>
              {inv.taxSummary.map((s) => (
                <tr key={`${s.taxType}-${s.percentage}`}>
                  <td>{s.taxType}</td><td style={right}>{`%${String(s.percentage).replace('.', ',')}`}</td><td style={right}>{money(s.base)}</td><td style={right}>{money(s.amount)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <H4 style={{ marginTop: 16 }}>{t('invoices.detail.payments')}</H4>
          {inv.payments.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('invoices.detail.noPayments')}</p> : (
            <HTMLTable compact aria-label={t('invoices.detail.payments')} style={{ width: '100%' }}>
              <thead><tr><th>{t('invoices.detail.paymentType')}</th><th style={right}>{t('invoices.detail.amount')}</th><th>{t('invoices.detail.date')}</th><th>{t('invoices.detail.account')}</th></tr></thead>
              <tbody>
                {inv.payments.map((p) => (
                  <tr key={p.id}>
                    <td>{PAYMENT_TYPE_LABELS_TR[p.paymentType]}</td><td style={right}>{amount(p.amount)}</td><td>{formatDate(p.date)}</td><td>{p.accountName ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </Card>
        <Card style={{ flex: '1 1 300px' }}>
          <H4>{`${t('invoices.detail.totals')} (${cur})`}</H4>
          <HTMLTable compact aria-label={t('invoices.detail.totals')} style={{ width: '100%' }}>
            <tbody>
              {totals.map(([label, value, strong]) => (
                <tr key={label}>
                  <th scope="row" style={{ fontWeight: strong ? 700 : 400 }}>{label}</th>
                  <td style={{ ...right, fontWeight: strong ? 700 : 400 }}>{money(value)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      </div>
      {inv.returns.length > 0 && (
        <Card style={{ marginTop: 12 }}>
          <H4>{t('invoices.returns.list')}</H4>
          <HTMLTable compact aria-label={t('invoices.returns.list')} style={{ width: '100%' }}>
            <thead><tr><th>{t('invoices.detail.documentNo')}</th><th>{t('invoices.detail.date')}</th><th style={right}>{t('invoices.form.payable')}</th><th>{t('invoices.columns.status')}</th></tr></thead>
            <tbody>
              {inv.returns.map((r) => (
                <tr key={r.id}>
                  <td><a href={`/invoice/${r.id}`} onClick={(e) => { e.preventDefault(); host.navigate(`/invoice/${r.id}`); }}>{r.documentNo ?? `#${r.id}`}</a></td>
                  <td>{formatDate(r.date)}</td><td style={right}>{amount(r.payable)}</td><td><StatusTag status={r.status} /></td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
      {inv.status === 'POSTED' && !aReturn && (
        <Card style={{ marginTop: 12 }}>
          <DuesPanel host={host} invoice={inv} lines={lines} onChanged={() => { void load(); }} />
        </Card>
      )}
      {collecting && (
        <CollectDialog host={host} invoice={inv} onClose={() => setCollecting(false)} onDone={() => { setCollecting(false); void load(); }} />
      )}
      {returning && (
        <ReturnDialog host={host} invoice={inv} onClose={() => setReturning(false)} onDone={(rid) => { setReturning(false); host.navigate(`/invoice/${rid}`); }} />
      )}
      {cancelling && <CancelDialog busy={busy === 'cancel'} onYes={(its) => { void cancel(its); }} onNo={() => setCancelling(false)} />}
      {dialog}
    </section>
  );
}
