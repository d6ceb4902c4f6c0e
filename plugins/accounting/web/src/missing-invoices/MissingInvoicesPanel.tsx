import { useState } from 'react';
import { Button, Callout, Classes, H4, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, formatAmount, formatDate, type ContributionProps } from '@tezgah/core';
import { reportFailure, useApiData, useInvalidate, useShell } from '@tezgah/workbench/ui';
import { CURRENTS } from '../currents/model';
import { INVOICES } from '../invoices/model';

const LIST = '/services/onmuhasebe/api/missing-invoices';
const CREATE = '/services/onmuhasebe/api/create-missing-invoice';

export interface MissingInvoice {
  companyId: number; source: string; sourceLabel: { tr: string; en: string }; documentNo: string; date: string; currentId: number; currentName: string;
  amount: number | null; currencyId: number; currencyCode: string; explanation: string | null;
}
interface Result { status: 'CREATED' | 'ALREADY_CREATED' | 'FAILED'; invoiceId: number | null; invoiceNo: string | null; problem: { title: string; detail: string | null } | null }

/** May the person see / create the missing invoices of their company (sales view 11_1 / create 11_2)? */
export const mayMissingInvoices = (host: ContributionProps['host']) => host.can({ module: Module.SALES, anyActions: [Action.VIEW] });
const mayCreate = (host: ContributionProps['host']) => host.can({ module: Module.SALES, anyActions: [Action.CREATE] });

/**
 * The customer's missing invoices (sales recorded without an invoice, from every source) with
 * "Fatura oluştur" on each row and "Tümünü oluştur": one request per sale, so a refusal of one
 * (a price that is not known) is reported and the others are created. The list is read again
 * afterwards: a created one is gone from it.
 */
export function MissingInvoicesPanel({ host, currentId }: ContributionProps & { currentId: number }) {
  const shell = useShell();
  const { t, i18n } = useTranslation('accounting');
  const [busy, setBusy] = useState<string | null>(null);
  const en = i18n.language?.startsWith('en');

  // The list (empty when it failed to load, the failure notified), asked again on every visit: the
  // sales come from every source.
  const q = useApiData(
    ['GET', LIST, { currentId, size: 1000 }, 'page'],
    (api) => (api as unknown as { list(p: string, i: object): Promise<{ items: MissingInvoice[] }> })
      .list(LIST, { params: { query: { currentId, size: 1000 } } }).then((r): readonly MissingInvoice[] => r.items),
    { refetchOnEveryMount: true },
  );
  const list = q.data ?? (q.isError ? [] : null);
  // Creating one (or failing to) is followed by the list read again; a created invoice is in the
  // invoice lists and the customer's balance too.
  const invalidate = useInvalidate();
  const load = () => invalidate(LIST, INVOICES, CURRENTS);

  const create = (m: MissingInvoice) => (shell.api as unknown as { request(m: string, p: string, i: object): Promise<Result> })
    .request('POST', CREATE, { params: { query: { documentNo: m.documentNo, source: m.source } } });

  async function createOne(m: MissingInvoice) {
    setBusy(m.documentNo);
    try {
      const r = await create(m);
      host.notify.success(r.status === 'CREATED' ? t('missingInvoices.created', { no: m.documentNo, invoice: r.invoiceNo ?? '' }) : t('missingInvoices.already', { no: m.documentNo }));
      if (r.invoiceId !== null) host.bus.emit('entity.created', { plugin: 'accounting', entity: 'invoice', id: r.invoiceId });
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
      await load();
    }
  }

  async function createAll() {
    if (!list) return;
    setBusy('*');
    let created = 0;
    const failures: string[] = [];
    for (const m of list) {
      try {
        const r = await create(m);
        if (r.status === 'CREATED') created++;
        if (r.invoiceId !== null) host.bus.emit('entity.created', { plugin: 'accounting', entity: 'invoice', id: r.invoiceId });
      } catch (e) {
        const p = e as { title?: string; detail?: string };
        failures.push(`${m.documentNo}: ${p.detail ?? p.title ?? String(e)}`);
      }
    }
    if (created) host.notify.success(t('missingInvoices.createdAll', { created }));
    if (failures.length) host.notify.error(t('missingInvoices.failedAll', { failed: failures.length, reason: failures.join('; ') }));
    setBusy(null);
    await load();
  }

  if (list === null) return <div role="status"><Spinner size={16} /> {t('missingInvoices.loading')}</div>;
  const canCreate = mayCreate(host);
  return (
    <section aria-label={t('missingInvoices.title')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H4 style={{ margin: 0 }}>{t('missingInvoices.title')}</H4>
        {canCreate && list.length > 0 && (
          <Button style={{ marginLeft: 'auto' }} icon="add-to-artifact" intent="primary" loading={busy === '*'} disabled={busy !== null && busy !== '*'}
            text={t('missingInvoices.createAll')} onClick={createAll} />
        )}
      </div>
      <p className={Classes.TEXT_MUTED}>{t('missingInvoices.hint')}</p>
      {list.length === 0 ? <Callout intent="success">{t('missingInvoices.none')}</Callout> : (
        <div className="tz-table-scroll"><HTMLTable compact striped aria-label={t('missingInvoices.title')}>
          <thead><tr>
            <th>{t('missingInvoices.columns.source')}</th><th>{t('missingInvoices.columns.documentNo')}</th><th>{t('missingInvoices.columns.date')}</th>
            <th style={{ textAlign: 'right' }}>{t('missingInvoices.columns.amount')}</th><th>{t('missingInvoices.columns.explanation')}</th><th />
          </tr></thead>
          <tbody>
            {list.map((m) => (
              <tr key={`${m.source} ${m.documentNo}`}>
                <td>{en ? m.sourceLabel.en : m.sourceLabel.tr}</td><td>{m.documentNo}</td><td>{formatDate(m.date)}</td>
                <td style={{ textAlign: 'right' }}>{m.amount === null ? t('missingInvoices.unknownAmount') : `${formatAmount(m.amount)} ${m.currencyCode}`}</td>
                <td>{m.explanation ?? ''}</td>
                <td>{canCreate && (
                  <Button size="small" icon="document" loading={busy === m.documentNo} disabled={busy !== null && busy !== m.documentNo}
                    aria-label={t('missingInvoices.createOf', { no: m.documentNo })} text={t('missingInvoices.create')} onClick={() => createOne(m)} />
                )}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable></div>
      )}
    </section>
  );
}
