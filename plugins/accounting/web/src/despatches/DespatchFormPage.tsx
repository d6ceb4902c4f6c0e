import { Button, Callout, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps, WorkbenchHost } from '@tezgah/core';
import { useApiData } from '@tezgah/workbench/ui';
import { today } from '../ledger/model';
import { PRODUCTS, type Product } from '../invoices/model';
import { DespatchForm } from './DespatchForm';
import { DESPATCH, LIST_OF, blankDespatchLine, draftOfDespatch, lockOf, pageOf, type Despatch, type DespatchDirection, type DespatchDraft } from './model';

/** An empty despatch: today, one blank line. */
export const emptyDespatch = (): DespatchDraft => ({
  current: null, despatchDate: today(), shipmentDate: '', waybillNo: '', bookletNo: '', deliveryAddress: '', explanation: '', lines: [blankDespatchLine(0)],
});

/** Saved: says so, tells the other screens, opens the despatch. */
function useSaved(host: WorkbenchHost, created: boolean) {
  const { t } = useTranslation('accounting');
  return (saved: Despatch) => {
    host.notify.success(t(created ? 'despatches.form.saved.created' : 'despatches.form.saved.updated'));
    host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'despatch', id: saved.id, record: saved });
    host.navigate(pageOf(saved.direction, saved.id));
  };
}

function NewDespatchPage(props: { host: WorkbenchHost; direction: DespatchDirection }) {
  const { t } = useTranslation('accounting');
  const onSaved = useSaved(props.host, true);
  const title = t(`despatches.form.newTitle.${props.direction}`);
  return (
    <section aria-label={title}>
      <H2>{title}</H2>
      <DespatchForm
        host={props.host} direction={props.direction} initial={emptyDespatch()} despatch={null} onSaved={onSaved}
        onCancel={() => props.host.navigate(LIST_OF[props.direction])}
      />
    </section>
  );
}

/** /incoming-despatch/new: a despatch received from a supplier. */
export function NewIncomingDespatchPage({ host }: ContributionProps) {
  return <NewDespatchPage host={host} direction="IN" />;
}

/** /outgoing-despatch/new: a despatch sent to a customer. */
export function NewOutgoingDespatchPage({ host }: ContributionProps) {
  return <NewDespatchPage host={host} direction="OUT" />;
}

/**
 * /incoming-despatch/:id/edit, /outgoing-despatch/:id/edit: a despatch's form with its content
 * (its products read again for their warehouses and stock). A cancelled despatch, or one
 * something is invoiced from, is not changed (the server answers 409 DESPATCH_INVOICED): a notice
 * instead of the form.
 */
export default function EditDespatchPage({ host, params }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  const onSaved = useSaved(host, false);
  // The despatch as a draft for the form, with its products. Read on every visit, and the form
  // opens on what this visit read: a draft the person starts typing into must not be an old one.
  const read = useApiData(['GET', DESPATCH, { id }, 'form'], async (api) => {
    const despatch = await api.request('GET', DESPATCH, { params: { path: { id } } });
    const ids = [...new Set(despatch.products.map((l) => l.productId))];
    const products = new Map<number, Product>();
    if (ids.length) {
      const page = await api.list(PRODUCTS, { params: { query: { id: ids, size: Math.max(10, ids.length) } } }).catch(() => ({ items: [] as Product[] }));
      for (const p of page.items) products.set(p.id, p);
    }
    return { despatch, draft: draftOfDespatch(despatch, products) };
  }, { enabled: valid, refetchOnEveryMount: true });

  if (read.isError || !valid) return <NonIdealState icon="search" title={t('despatches.notFound')} />;
  if (!read.data || !read.isFetchedAfterMount) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const loaded = read.data;
  const d = loaded.despatch;
  const title = t(`despatches.form.editTitle.${d.direction}`);
  const lock = lockOf(d);
  return (
    <section aria-label={title}>
      <H2>{`${title} — ${d.waybillNo ?? t('despatches.noNumber', { id: d.id })}`}</H2>
      {lock ? (
        <Callout intent="warning" icon="lock" role="alert">
          <p>{t(`despatches.locked.${lock}`)}</p>
          <Button icon="arrow-left" text={t(d.direction === 'IN' ? 'despatches.menu.despatchIn' : 'despatches.menu.despatchOut')} onClick={() => host.navigate(pageOf(d.direction, d.id))} />
        </Callout>
      ) : (
        <DespatchForm host={host} direction={d.direction} initial={loaded.draft} despatch={d} onSaved={onSaved} onCancel={() => host.navigate(pageOf(d.direction, d.id))} />
      )}
    </section>
  );
}
