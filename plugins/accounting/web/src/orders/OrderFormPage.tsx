import { useRef } from 'react';
import { Button, Callout, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps, WorkbenchHost } from '@tezgah/core';
import { useApiData } from '@tezgah/workbench/ui';
import { today } from '../ledger/model';
import { TL } from '../finance/model';
import { PRODUCTS, blankLine, type Product } from '../invoices/model';
import { OrderForm } from './OrderForm';
import { LIST_OF, ORDER, anyInvoiced, draftOfOrder, pageOf, type Order, type OrderDirection, type OrderDraft } from './model';

/** An empty order: today, normal, in lira, one blank line. */
export const emptyOrder = (): OrderDraft => ({
  current: null, orderDate: today(), orderKind: 'NORMAL', currencyId: TL, explanation: '', tagIds: [], lines: [blankLine(0)],
});

/** Saved: says so, tells the other screens, opens the order. */
function useSaved(host: WorkbenchHost, created: boolean) {
  const { t } = useTranslation('accounting');
  return (saved: Order) => {
    host.notify.success(t(created ? 'orders.form.saved.created' : 'orders.form.saved.updated'));
    host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'order', id: saved.id, record: saved });
    host.navigate(pageOf(saved.id));
  };
}

function NewOrderPage(props: { host: WorkbenchHost; direction: OrderDirection }) {
  const { t } = useTranslation('accounting');
  const onSaved = useSaved(props.host, true);
  const title = t(`orders.form.newTitle.${props.direction}`);
  return (
    <section aria-label={title}>
      <H2>{title}</H2>
      <OrderForm host={props.host} direction={props.direction} initial={emptyOrder()} order={null} onSaved={onSaved} onCancel={() => props.host.navigate(LIST_OF[props.direction])} />
    </section>
  );
}

/** /order/in/new: a new order received. */
export function NewReceivedOrderPage({ host }: ContributionProps) {
  return <NewOrderPage host={host} direction="IN" />;
}

/** /order/out/new: a new order given. */
export function NewGivenOrderPage({ host }: ContributionProps) {
  return <NewOrderPage host={host} direction="OUT" />;
}

/**
 * /order/:id/edit: an order's form with its content (its products read again for their prices).
 * Once something is invoiced from it the order is not changed (the server answers 409
 * ORDER_INVOICED): a notice instead of the form.
 */
export default function EditOrderPage({ host, params }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  const onSaved = useSaved(host, false);

  // The order and its draft, read again on every visit: a form starts from what the server holds.
  const q = useApiData(
    // Not the detail page's read of the order alone (same operation, another answer).
    ['GET', ORDER, { params: { path: { id } } }, 'form'],
    async (api): Promise<{ order: Order; draft: OrderDraft }> => {
      const order = await api.request('GET', ORDER, { params: { path: { id } } });
      const ids = [...new Set(order.products.map((l) => l.productId))];
      const products = new Map<number, Product>();
      if (ids.length) {
        const page = await api.list(PRODUCTS, { params: { query: { id: ids, size: Math.max(10, ids.length) } } }).catch(() => ({ items: [] as Product[] }));
        for (const p of page.items) products.set(p.id, p);
      }
      return { order, draft: draftOfOrder(order, products) };
    },
    { enabled: valid, refetchOnEveryMount: true },
  );
  const loaded = q.data ?? null;
  // The form starts over when the read brings another order than the one shown (the cache keeps
  // the same object while nothing changed).
  const shown = useRef<{ data: unknown; version: number }>({ data: undefined, version: 0 });
  if (shown.current.data !== loaded) shown.current = { data: loaded, version: shown.current.version + 1 };

  if ((q.isError && !loaded) || !valid) return <NonIdealState icon="search" title={t('orders.notFound')} />;
  if (!loaded) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const o = loaded.order;
  const title = t(`orders.form.editTitle.${o.direction}`);
  return (
    <section aria-label={title}>
      <H2>{`${title} — #${o.id}`}</H2>
      {anyInvoiced(o) ? (
        <Callout intent="warning" icon="lock" role="alert">
          <p>{t('orders.form.invoiced')}</p>
          <Button icon="arrow-left" text={t('orders.menu.order')} onClick={() => host.navigate(pageOf(o.id))} />
        </Callout>
      ) : (
        <OrderForm key={shown.current.version} host={host} direction={o.direction} initial={loaded.draft} order={o} onSaved={onSaved} onCancel={() => host.navigate(pageOf(o.id))} />
      )}
    </section>
  );
}
