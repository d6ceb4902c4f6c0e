import { useEffect, useState } from 'react';
import { Button, Callout, Checkbox, H2, HTMLSelect, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, PagedTable, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { isDay } from '../ledger/model';
import { ToInvoiceDialog } from './ToInvoiceDialog';
import {
  DESPATCHES, INVOICINGS, NEW_OF, STATUSES, invoiceable, mayDespatch, mayToInvoice, pageOf,
  type Despatch, type DespatchDirection, type DespatchInvoicing, type DespatchStatus,
} from './model';

const INVOICING_INTENT: Record<DespatchInvoicing, Intent> = { NOT_INVOICED: 'warning', PARTLY: 'primary', INVOICED: 'success' };

/** Faturalanmadı orange, Kısmen faturalandı blue, Faturalandı green. */
export function InvoicingTag(props: { invoicing: DespatchInvoicing }) {
  const { t } = useTranslation('accounting');
  return <Tag intent={INVOICING_INTENT[props.invoicing]}>{t(`despatches.invoicings.${props.invoicing}`)}</Tag>;
}

/** Geçerli green, İptal red. */
export function DespatchStatusTag(props: { status: DespatchStatus }) {
  const { t } = useTranslation('accounting');
  return <Tag minimal intent={props.status === 'ACTIVE' ? 'success' : 'danger'}>{t(`despatches.statuses.${props.status}`)}</Tag>;
}

/**
 * Table2 starts a selection on a native mousedown in its body and re-renders the cell, so a box
 * there would not get its click (as the table's own row buttons, see PagedTable): the mousedown
 * is stopped before it reaches the table.
 */
function keepClicks(el: HTMLElement | null) {
  if (!el) return;
  el.addEventListener('mousedown', (e) => e.stopPropagation());
}

/**
 * The despatches of one direction (/incoming-despatch, /outgoing-despatch), newest first:
 * İrsaliye no, Cilt no, İrsaliye tarihi, Sevk tarihi, Cari, Açıklama, Faturalanma, Durum, Ek;
 * filters by dates, invoicing, status and a search; "İrsaliye ekle" for who may write. Who may
 * invoice them selects despatches of one current that are not fully invoiced and turns them into
 * one invoice ("Faturalaştır").
 */
export function DespatchesList(props: { host: WorkbenchHost; direction: DespatchDirection }) {
  const { host, direction } = props;
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [invoicing, setInvoicing] = useState<'' | DespatchInvoicing>('');
  const [status, setStatus] = useState<'' | DespatchStatus>('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [selected, setSelected] = useState<ReadonlyMap<number, Despatch>>(new Map());
  const [converting, setConverting] = useState(false);
  const [version, setVersion] = useState(0);
  const filter = {
    direction,
    ...(invoicing ? { invoicing } : {}),
    ...(status ? { status } : {}),
    ...(isDay(startDate) ? { startDate } : {}),
    ...(isDay(endDate) ? { endDate } : {}),
  };
  const title = t(`despatches.title.${direction}`);
  const id = `despatch-${direction.toLowerCase()}`;
  const selecting = mayToInvoice(host, direction);
  const chosen = [...selected.values()];
  const currentId = chosen[0]?.currentId ?? null;

  // Another direction's page starts with nothing selected.
  useEffect(() => { setSelected(new Map()); }, [direction]);
  // A despatch changed elsewhere (cancelled, invoiced) is read again.
  useEffect(() => {
    const again = (e: { plugin: string; entity: string }) => { if (e.plugin === 'accounting' && e.entity === 'despatch') setVersion((v) => v + 1); };
    host.bus.on('entity.updated', again);
    return () => host.bus.off('entity.updated', again);
  }, [host.bus]);

  const why = (d: Despatch): string | null => {
    if (!invoiceable(d)) return t('despatches.select.notInvoiceable');
    if (currentId !== null && d.currentId !== currentId) return t('despatches.select.otherCurrent');
    return null;
  };
  const toggle = (d: Despatch, on: boolean) => setSelected((m) => {
    const next = new Map(m);
    if (on) next.set(d.id, d); else next.delete(d.id);
    return next;
  });
  const number = (d: Despatch) => d.waybillNo ?? t('despatches.noNumber', { id: d.id });

  return (
    <section aria-label={title}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{title}</H2>
        {mayDespatch(host, Action.CREATE) && (
          <Button style={{ marginLeft: 'auto' }} icon="add" intent="primary" text={t('despatches.add')} onClick={() => host.navigate(NEW_OF[direction])} />
        )}
      </div>
      {selecting && (
        <Callout intent={chosen.length ? 'primary' : 'none'} icon="document-share" style={{ margin: '12px 0' }} role="group" aria-label={t('despatches.actions.toInvoice')}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
            <span role="status">
              {chosen.length ? t('despatches.select.chosen', { count: chosen.length, current: chosen[0]!.currentName }) : t('despatches.select.hint')}
            </span>
            <Button icon="document-share" intent="primary" text={t('despatches.actions.toInvoice')} disabled={!chosen.length} onClick={() => setConverting(true)} />
            {chosen.length > 0 && <Button variant="minimal" text={t('despatches.select.clear')} onClick={() => setSelected(new Map())} />}
          </div>
        </Callout>
      )}
      <PagedTable<Despatch>
        label={title}
        reloadKey={`${JSON.stringify(filter)}:${version}`}
        searchable
        searchPlaceholder={t('despatches.searchHint')}
        defaultSort="despatchDate,desc"
        cellDependencies={[selected]}
        toolbar={<>
          <HTMLSelect aria-label={t('despatches.columns.invoicing')} value={invoicing} onChange={(e) => setInvoicing(e.currentTarget.value as typeof invoicing)}>
            <option value="">{t('despatches.allInvoicings')}</option>
            {INVOICINGS.map((x) => <option key={x} value={x}>{t(`despatches.invoicings.${x}`)}</option>)}
          </HTMLSelect>
          <HTMLSelect aria-label={t('despatches.columns.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
            <option value="">{t('despatches.allStatuses')}</option>
            {STATUSES.map((x) => <option key={x} value={x}>{t(`despatches.statuses.${x}`)}</option>)}
          </HTMLSelect>
          <Field id={`${id}-start`} label={t('despatches.startDate')} inline>
            <DateInput id={`${id}-start`} value={startDate} onValueChange={setStartDate} />
          </Field>
          <Field id={`${id}-end`} label={t('despatches.endDate')} inline>
            <DateInput id={`${id}-end`} value={endDate} onValueChange={setEndDate} />
          </Field>
        </>}
        columns={[
          ...(selecting ? [{
            key: 'select', title: t('despatches.columns.select'), width: 56,
            render: (d: Despatch) => {
              const reason = selected.has(d.id) ? null : why(d);
              return (
                <span ref={keepClicks} title={reason ?? undefined}>
                  <Checkbox
                    style={{ margin: 0 }} checked={selected.has(d.id)} disabled={reason !== null}
                    aria-label={t('despatches.select.of', { name: `${number(d)} ${d.currentName}` })}
                    onChange={(e) => toggle(d, e.currentTarget.checked)}
                  />
                </span>
              );
            },
          }] : []),
          { key: 'waybillNo', title: t('despatches.columns.waybillNo'), sortField: 'waybillNo', render: (d) => <Go host={host} to={pageOf(d.direction, d.id)}>{number(d)}</Go>, width: 170 },
          { key: 'bookletNo', title: t('despatches.columns.bookletNo'), render: (d) => d.bookletNo ?? '', width: 90 },
          { key: 'despatchDate', title: t('despatches.columns.despatchDate'), sortField: 'despatchDate', render: (d) => formatDate(d.despatchDate), width: 140 },
          { key: 'shipmentDate', title: t('despatches.columns.shipmentDate'), render: (d) => formatDate(d.shipmentDate), width: 105 },
          { key: 'current', title: t('despatches.columns.current'), render: (d) => d.currentName, width: 190 },
          { key: 'explanation', title: t('despatches.columns.explanation'), render: (d) => d.explanation ?? '', width: 150 },
          { key: 'invoicing', title: t('despatches.columns.invoicing'), render: (d) => <InvoicingTag invoicing={d.invoicing} />, width: 140 },
          { key: 'status', title: t('despatches.columns.status'), render: (d) => <DespatchStatusTag status={d.status} />, width: 80 },
          { key: 'attachments', title: t('despatches.columns.attachments'), render: (d) => (d.attachmentCount ? String(d.attachmentCount) : ''), width: 50 },
        ]}
        rowLabel={(d) => `${number(d)} ${d.currentName}`}
        rowActions={[{ key: 'open', label: t('despatches.open'), icon: 'document-open', onClick: (d) => host.navigate(pageOf(d.direction, d.id)) }]}
        fetchPage={(q) => shell.api.list(DESPATCHES, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {converting && chosen.length > 0 && (
        <ToInvoiceDialog host={host} direction={direction} despatches={chosen} onClose={() => setConverting(false)} />
      )}
    </section>
  );
}

/** /incoming-despatch: the despatches received (from suppliers). */
export function IncomingDespatchesPage({ host }: ContributionProps) {
  return <DespatchesList host={host} direction="IN" />;
}

/** /outgoing-despatch: the despatches sent (to customers). */
export function OutgoingDespatchesPage({ host }: ContributionProps) {
  return <DespatchesList host={host} direction="OUT" />;
}
