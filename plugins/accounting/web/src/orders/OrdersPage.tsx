import { useState } from 'react';
import { Button, H2, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, PagedTable, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { TagChips } from '../currents/CurrentTags';
import { currencyCode } from '../finance/model';
import { isDay, money } from '../ledger/model';
import { COMPLETIONS, KINDS, NEW_OF, ORDERS, mayOrder, pageOf, type Order, type OrderCompletion, type OrderDirection, type OrderKind } from './model';

/** Tamamlanmadı orange, Tamamlandı green. */
export function CompletionTag(props: { completion: OrderCompletion }) {
  const { t } = useTranslation('accounting');
  return <Tag intent={props.completion === 'COMPLETED' ? 'success' : 'warning'}>{t(`orders.completions.${props.completion}`)}</Tag>;
}

/**
 * The orders of one direction (seeds 000 §3 order, §7 /order/in, /order/out), newest first:
 * Cari, Açıklama, Sipariş tarihi, Oluşturma tarihi, Etiketler, Toplam, Tamamlanma; filters by
 * completion, kind (Normal / Talimatlı), dates and a search; "Sipariş ekle" for who may write.
 */
export function OrdersList(props: { host: WorkbenchHost; direction: OrderDirection }) {
  const { host, direction } = props;
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [completion, setCompletion] = useState<'' | OrderCompletion>('');
  const [orderKind, setOrderKind] = useState<'' | OrderKind>('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const filter = {
    direction,
    ...(completion ? { completion } : {}),
    ...(orderKind ? { orderKind } : {}),
    ...(isDay(startDate) ? { startDate } : {}),
    ...(isDay(endDate) ? { endDate } : {}),
  };
  const title = t(`orders.title.${direction}`);
  const id = `order-${direction.toLowerCase()}`;

  return (
    <section aria-label={title}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{title}</H2>
        {mayOrder(host, direction, Action.CREATE) && (
          <Button style={{ marginLeft: 'auto' }} icon="add" intent="primary" text={t('orders.add')} onClick={() => host.navigate(NEW_OF[direction])} />
        )}
      </div>
      <PagedTable<Order>
        label={title}
        reloadKey={JSON.stringify(filter)}
        searchable
        searchPlaceholder={t('orders.searchHint')}
        defaultSort="orderDate,desc"
        toolbar={<>
          <HTMLSelect aria-label={t('orders.columns.completion')} value={completion} onChange={(e) => setCompletion(e.currentTarget.value as typeof completion)}>
            <option value="">{t('orders.allCompletions')}</option>
            {COMPLETIONS.map((c) => <option key={c} value={c}>{t(`orders.completions.${c}`)}</option>)}
          </HTMLSelect>
          <HTMLSelect aria-label={t('orders.columns.kind')} value={orderKind} onChange={(e) => setOrderKind(e.currentTarget.value as typeof orderKind)}>
            <option value="">{t('orders.allKinds')}</option>
            {KINDS.map((k) => <option key={k} value={k}>{t(`orders.kinds.${k}`)}</option>)}
          </HTMLSelect>
          <Field id={`${id}-start`} label={t('orders.startDate')} inline>
            <DateInput id={`${id}-start`} value={startDate} onValueChange={setStartDate} />
          </Field>
          <Field id={`${id}-end`} label={t('orders.endDate')} inline>
            <DateInput id={`${id}-end`} value={endDate} onValueChange={setEndDate} />
          </Field>
        </>}
        columns={[
          { key: 'current', title: t('orders.columns.current'), render: (o) => <Go host={host} to={pageOf(o.id)}>{o.currentName}</Go>, width: 200 },
          { key: 'explanation', title: t('orders.columns.explanation'), render: (o) => o.explanation ?? '', width: 200 },
          { key: 'orderDate', title: t('orders.columns.orderDate'), sortField: 'orderDate', render: (o) => formatDate(o.orderDate), width: 110 },
          { key: 'createdDate', title: t('orders.columns.createdDate'), render: (o) => formatDate(o.createdDate), width: 120 },
          { key: 'tags', title: t('orders.columns.tags'), render: (o) => <TagChips tags={o.tags} />, width: 140 },
          { key: 'total', title: t('orders.columns.total'), sortField: 'total', render: (o) => `${money(o.total)} ${currencyCode(o.currencyId)}`, width: 140 },
          { key: 'completion', title: t('orders.columns.completion'), render: (o) => <CompletionTag completion={o.completion} />, width: 120 },
        ]}
        rowLabel={(o) => `${o.currentName} #${o.id}`}
        rowActions={[{ key: 'open', label: t('orders.open'), icon: 'document-open', onClick: (o) => host.navigate(pageOf(o.id)) }]}
        fetchPage={(q) => shell.api.list(ORDERS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
    </section>
  );
}

/** /order/in: the orders received (from customers). */
export function ReceivedOrdersPage({ host }: ContributionProps) {
  return <OrdersList host={host} direction="IN" />;
}

/** /order/out: the orders given (to suppliers). */
export function GivenOrdersPage({ host }: ContributionProps) {
  return <OrdersList host={host} direction="OUT" />;
}
