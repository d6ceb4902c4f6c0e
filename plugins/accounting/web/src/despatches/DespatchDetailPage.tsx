import { useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Callout, Card, Classes, H2, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, DATE_FORMATS, formatDate, type ContributionProps } from '@tezgah/core';
import { Slot, reportFailure, useApiData, useConfirm, useInvalidate, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { money } from '../ledger/model';
import { price, quantity } from '../products/model';
import { StatusTag } from '../invoices/parts';
import { INVOICE, type Invoice } from '../invoices/model';
import { DespatchStatusTag, InvoicingTag } from './DespatchesPage';
import { ToInvoiceDialog } from './ToInvoiceDialog';
import { DespatchAttachments } from './Attachments';
import { downloadDespatchPdf } from './files';
import { DESPATCH_ACTIONS_SLOT } from './slots';
import { DESPATCH, LIST_OF, editOf, invoicePage, invoiceable, lockOf, mayDespatch, mayToInvoice, type Despatch } from './model';

const right = { textAlign: 'right' } as const;

/**
 * One despatch (/incoming-despatch/:id, /outgoing-despatch/:id): its header, its lines with the
 * quantity delivered, the quantity to be sent later, the warehouse, what is invoiced and what
 * remains, the invoices made from it (links to their pages) and its attachments. Düzenle and İptal
 * et (its stock goes back) while nothing is invoiced from it and it is not cancelled — otherwise
 * shown disabled with the reason —, PDF, and "Faturalaştır" while something is not invoiced; each
 * for a user who may do it.
 */
export default function DespatchDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  // The despatch with the invoices made from it (their numbers and states; a user who may not
  // read invoices sees their ids). Read again on every visit: an invoice's writes change it too.
  // Its own fourth part: the same path and id read alone (the e-document dialog's) is the bare despatch.
  const key = ['GET', DESPATCH, { id }, 'withInvoices'];
  const read = useApiData(key, async (api) => {
    const despatch = await api.request('GET', DESPATCH, { params: { path: { id } } });
    const found = await Promise.all(despatch.invoiceIds.map((x) => api.request('GET', INVOICE, { params: { path: { id: x } } }).catch(() => null)));
    const invoices: ReadonlyMap<number, Invoice | null> = new Map(despatch.invoiceIds.map((x, i) => [x, found[i] ?? null]));
    return { despatch, invoices };
  }, { enabled: valid, refetchOnEveryMount: true });
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const [converting, setConverting] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'pdf' | null>(null);
  const setDespatch = (change: (d: Despatch) => Despatch) =>
    client.setQueryData<{ despatch: Despatch; invoices: ReadonlyMap<number, Invoice | null> }>(key, (old) => (old ? { ...old, despatch: change(old.despatch) } : old));

  if (read.isError || !valid) return <NonIdealState icon="search" title={t('despatches.notFound')} />;
  if (!read.data) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const { despatch: d, invoices } = read.data;
  const dir = d.direction;
  const no = d.waybillNo ?? t('despatches.noNumber', { id: d.id });
  const title = t(`despatches.titleOf.${dir}`, { no });
  const lock = lockOf(d);
  const reason = lock ? t(`despatches.locked.${lock}`) : undefined;
  const reasonId = `despatch-${d.id}-lock`;

  async function cancel() {
    if (!(await confirm({ detail: t('despatches.cancelDetail') }))) return;
    setBusy('cancel');
    try {
      await shell.api.request('DELETE', DESPATCH, { params: { path: { id: d.id } } });
      host.notify.success(t('despatches.cancelledDone'));
      host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'despatch', id: d.id });
      await invalidate(DESPATCH);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  async function pdf() {
    setBusy('pdf');
    try {
      const name = await downloadDespatchPdf(shell.api, d.id, d.waybillNo);
      shell.notify.success(t('despatches.downloaded', { name }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  const details: [string, ReactNode][] = [
    [t('despatches.detail.current'), d.currentName],
    [t('despatches.detail.direction'), t(`despatches.directions.${dir}`)],
    [t('despatches.detail.waybillNo'), d.waybillNo],
    [t('despatches.detail.bookletNo'), d.bookletNo],
    [t('despatches.detail.despatchDate'), formatDate(d.despatchDate)],
    [t('despatches.detail.shipmentDate'), formatDate(d.shipmentDate)],
    [t('despatches.detail.deliveryAddress'), d.deliveryAddress],
    [t('despatches.detail.explanation'), d.explanation],
    [t('despatches.detail.invoicing'), <InvoicingTag invoicing={d.invoicing} />],
    [t('despatches.detail.status'), <DespatchStatusTag status={d.status} />],
    [t('despatches.detail.createdBy'), d.createdBy],
    [t('despatches.detail.createdDate'), formatDate(d.createdDate, DATE_FORMATS.DASHED_TIME)],
    [t('despatches.detail.cancelledAt'), d.cancelledAt ? formatDate(d.cancelledAt, DATE_FORMATS.DASHED_TIME) : null],
  ];

  return (
    <section aria-label={title}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{title}</H2>
        <Tag minimal intent="primary">{t(`despatches.directions.${dir}`)}</Tag>
        <DespatchStatusTag status={d.status} />
        <InvoicingTag invoicing={d.invoicing} />
        <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
          <Button icon="arrow-left" text={t('despatches.back')} onClick={() => host.navigate(LIST_OF[dir])} />
          {mayDespatch(host, Action.UPDATE) && (
            <Button
              icon="edit" text={t('despatches.actions.edit')} disabled={lock !== null} title={reason} aria-describedby={reason ? reasonId : undefined}
              onClick={() => host.navigate(editOf(dir, d.id))}
            />
          )}
          <Button icon="document" text={t('despatches.actions.pdf')} title={t('despatches.actions.pdfTitle')} loading={busy === 'pdf'} disabled={busy !== null} onClick={() => { void pdf(); }} />
          {invoiceable(d) && mayToInvoice(host, dir) && (
            <Button icon="document-share" intent="primary" text={t('despatches.actions.toInvoice')} onClick={() => setConverting(true)} />
          )}
          {mayDespatch(host, Action.DELETE) && (
            <Button
              icon="disable" intent="danger" text={t('despatches.actions.cancel')} disabled={lock !== null || busy !== null} loading={busy === 'cancel'}
              title={reason} aria-describedby={reason ? reasonId : undefined} onClick={() => { void cancel(); }}
            />
          )}
          {/* Other plugins' actions on this despatch (e-İrsaliye). */}
          <Slot name={DESPATCH_ACTIONS_SLOT} params={{ despatchId: String(d.id), direction: dir, status: d.status, waybillNo: d.waybillNo ?? '' }} />
        </ButtonGroup>
      </div>
      {reason && (
        <Callout intent={lock === 'cancelled' ? 'danger' : 'primary'} icon="lock" style={{ marginTop: 12 }}>
          <span id={reasonId}>{reason}</span>
        </Callout>
      )}
      <Card style={{ marginTop: 12 }}>
        <HTMLTable compact aria-label={t('despatches.detail.details')}>
          <tbody>{details.filter(([, v]) => v).map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}</tbody>
        </HTMLTable>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <H4>{t('despatches.detail.lines')}</H4>
        <div className="tz-table-scroll">
          <HTMLTable compact striped aria-label={t('despatches.detail.lines')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>#</th><th>{t('despatches.detail.product')}</th><th style={right}>{t('despatches.detail.quantity')}</th>
                <th style={right}>{t('despatches.detail.laterSent')}</th><th>{t('despatches.detail.warehouse')}</th>
                <th style={right}>{t('despatches.detail.unitPrice')}</th><th style={right}>{t('despatches.detail.invoiced')}</th>
                <th style={right}>{t('despatches.detail.remaining')}</th><th>{t('despatches.detail.lineExplanation')}</th>
              </tr>
            </thead>
            <tbody>
              {d.products.map((l) => (
                <tr key={l.id}>
                  <td>{l.lineNo}</td>
                  <td>{l.productName}</td>
                  <td style={right}>{`${quantity(l.quantity)} ${l.unitName}`.trim()}</td>
                  <td style={right}>{l.laterSentQuantity ? quantity(l.laterSentQuantity) : ''}</td>
                  <td>{l.warehouseName}</td>
                  <td style={right}>{l.unitPrice === null ? '' : price(l.unitPrice)}</td>
                  <td style={right}>{quantity(l.invoiced)}</td>
                  <td style={right}>{quantity(l.remaining)}</td>
                  <td>{l.explanation ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <H4>{t('despatches.detail.invoices')}</H4>
        {d.invoiceIds.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('despatches.detail.noInvoices')}</p> : (
          <ul aria-label={t('despatches.detail.invoices')} style={{ margin: 0, paddingLeft: 20 }}>
            {d.invoiceIds.map((x) => {
              const inv = invoices.get(x);
              return (
                <li key={x} style={{ marginBottom: 4 }}>
                  <Go host={host} to={invoicePage(x)}>{inv?.documentNo ?? t('despatches.detail.invoice', { id: x })}</Go>
                  {inv && <>
                    {' '}<span className={Classes.TEXT_MUTED}>{t('despatches.detail.invoiceDate', { date: formatDate(inv.date), total: `${money(inv.totalAmount)} ${inv.currencyCode}` })}</span>
                    {' '}<StatusTag status={inv.status} />
                  </>}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      <Card style={{ marginTop: 12 }}>
        <DespatchAttachments
          host={host} despatchId={d.id} mayChange={mayDespatch(host, Action.UPDATE)}
          onChanged={(count) => setDespatch((x) => ({ ...x, attachmentCount: count }))}
        />
      </Card>
      {converting && <ToInvoiceDialog host={host} direction={dir} despatches={[d]} onClose={() => setConverting(false)} />}
      {dialog}
    </section>
  );
}
