import { useState } from 'react';
import { Button, ButtonGroup, Card, H2, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, formatPhone, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useApiQuery, useConfirm, useInvalidate, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { money } from '../ledger/model';
import { moneyChanged, useMoneyVersion } from '../finance/model';
import { CapitalDialog } from './CapitalForm';
import { PartnerDialog } from './PartnerForm';
import { share } from './PartnersPage';
import { CAPITALS, PARTNERS, mayCapitalCreate, mayCapitalDelete, mayPartner, partnerName, type Capital, type CapitalKind, type Partner } from './model';

/**
 * One partner (/partner/:id): its share and capital with what the ledger says of it (committed,
 * paid, unpaid), edit and delete, and its capital records (newest first): commit capital, record a
 * payment into a lira safe or bank account, delete a record (its entry is reversed; the server
 * keeps a commitment that has payments and says so). Every capital change reads the partner again
 * and tells the money screens (the bus).
 */
export default function PartnerDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const version = useMoneyVersion(host);
  const id = Number(params?.id);
  const [editing, setEditing] = useState(false);
  const [recording, setRecording] = useState<CapitalKind | null>(null);
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const valid = Number.isInteger(id) && id > 0;
  const init = { params: { path: { id } } };
  const partnerQuery = useApiQuery(`${PARTNERS}/{id}`, init, { enabled: valid });
  const partner: Partner | null = partnerQuery.data ?? null;
  const missing = partnerQuery.isError && !partner;

  if (missing || !Number.isInteger(id) || id < 1) return <NonIdealState icon="search" title={t('partners.notFound')} />;
  if (!partner) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const p = partner;
  const name = partnerName(p);
  const kindOf = (c: Capital) => t(`partners.capital.kinds.${c.kind}`, { defaultValue: c.kind });

  async function remove() {
    if (!(await confirm({ message: name, detail: t('partners.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${PARTNERS}/{id}`, { params: { path: { id: p.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      moneyChanged(host, 'deleted', 'current', p.id);
      host.navigate('/partner');
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  async function removeCapital(c: Capital) {
    if (!(await confirm({
      message: t('partners.capital.deleteConfirm', { date: formatDate(c.date), kind: kindOf(c), amount: money(c.amount) }),
      detail: t('partners.capital.deleteDetail'),
    }))) return;
    try {
      await shell.api.request('DELETE', `${CAPITALS}/{id}`, { params: { path: { id: c.id } } });
      host.notify.success(t('partners.capital.deleted'));
      // The write refreshed the capital records; the partner's committed and paid capital changed too.
      void invalidate(PARTNERS);
      moneyChanged(host, 'deleted', 'capital', c.id);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const rows: [string, string | null][] = [
    [t('partners.fields.partnerType'), p.partnerType ? t(`partners.types.${p.partnerType}`, { defaultValue: p.partnerType }) : null],
    [t('partners.fields.title'), p.title],
    [t('partners.fields.sharePercentage'), share(p.sharePercentage)],
    [t('partners.fields.capital'), money(p.capital)],
    [t('partners.fields.committedCapital'), money(p.committedCapital)],
    [t('partners.fields.paidCapital'), money(p.paidCapital)],
    [t('partners.fields.remaining'), money(p.remaining)],
    [t('partners.fields.capitalAccountCode'), p.capitalAccountCode],
    [t('partners.fields.unpaidCapitalAccountCode'), p.unpaidCapitalAccountCode],
    [t('partners.fields.taxNumber'), p.taxNumber],
    [t('partners.fields.phone'), p.phone ? formatPhone(p.phone) : null],
    [t('partners.fields.email'), p.email],
    [t('partners.fields.address'), p.address],
  ];
  const canCommit = mayCapitalCreate(host);

  return (
    <section aria-label={name}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{name}</H2>
        <Tag minimal intent="primary">{share(p.sharePercentage)}</Tag>
        <Tag minimal intent={p.active ? 'success' : 'none'}>{t(p.active ? 'partners.filter.active' : 'partners.filter.passive')}</Tag>
        <Tag minimal large aria-label={t('partners.fields.remaining')}>{`${money(p.remaining)} TL`}</Tag>
        <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
          <Button icon="arrow-left" text={t('partners.back')} onClick={() => host.navigate('/partner')} />
          {canCommit && <>
            <Button icon="endorsed" text={t('partners.capital.commit')} onClick={() => setRecording('UNPAID_CAPITAL')} />
            <Button icon="import" text={t('partners.capital.pay')} onClick={() => setRecording('CAPITAL')} />
          </>}
          {mayPartner(host, Action.UPDATE) && <Button icon="edit" text={t('partners.edit')} onClick={() => setEditing(true)} />}
          {mayPartner(host, Action.DELETE) && <Button icon="trash" intent="danger" text={t('partners.delete')} onClick={remove} />}
        </ButtonGroup>
      </div>
      <Card style={{ marginTop: 12 }}>
        <HTMLTable compact aria-label={t('partners.one')}>
          <tbody>
            {rows.filter(([, v]) => v).map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}
          </tbody>
        </HTMLTable>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <H4>{t('partners.capital.title')}</H4>
        <PagedTable<Capital>
          label={t('partners.capital.title')}
          queryKey={['GET', CAPITALS, { partnerId: p.id }]}
          reloadKey={version}
          defaultSort="date,desc"
          emptyText={t('partners.capital.empty')}
          columns={[
            { key: 'date', title: t('partners.capital.date'), sortField: 'date', render: (c) => formatDate(c.date), width: 110 },
            { key: 'kind', title: t('partners.capital.kind'), render: kindOf, width: 100 },
            { key: 'amount', title: t('partners.capital.amount'), sortField: 'amount', render: (c) => money(c.amount), width: 130 },
            { key: 'account', title: t('partners.capital.account'), render: (c) => (c.account ? `${c.account.name} (${c.account.accountCode})` : ''), width: 200 },
            { key: 'paid', title: t('partners.capital.paid'), render: (c) => (c.paidAmount === null ? '' : money(c.paidAmount)), width: 120 },
            { key: 'unpaid', title: t('partners.capital.unpaid'), render: (c) => (c.unpaidAmount === null ? '' : money(c.unpaidAmount)), width: 120 },
            { key: 'explanation', title: t('partners.capital.explanation'), render: (c) => c.explanation ?? '', width: 220 },
            { key: 'entryNo', title: t('partners.capital.entryNo'), render: (c) => c.entryNo, width: 70 },
          ]}
          rowLabel={(c) => `${formatDate(c.date)} ${kindOf(c)}`}
          rowActions={[
            { key: 'delete', label: t('partners.capital.delete'), icon: 'trash', intent: 'danger', hidden: () => !mayCapitalDelete(host), onClick: (c) => { void removeCapital(c); } },
          ]}
          fetchPage={(q) => shell.api.list(CAPITALS, { params: { query: { partnerId: p.id, page: q.page, size: q.size, sort: [q.sort] } } })}
          onError={(e) => shell.notify.failure(e)}
        />
      </Card>
      {editing && (
        <PartnerDialog partner={p} onClose={() => setEditing(false)} onSaved={(saved) => {
          setEditing(false);
          // The saved partner is the partner as it is now: it replaces the read the write started.
          const key = ['GET', `${PARTNERS}/{id}`, init];
          void client.cancelQueries({ queryKey: key, exact: true }).then(() => client.setQueryData(key, saved));
          host.notify.success(t('notify.updated', { ns: 'kernel' }));
          moneyChanged(host, 'updated', 'current', saved.id);
        }} />
      )}
      {recording && (
        <CapitalDialog partner={p} kind={recording} onClose={() => setRecording(null)} onSaved={(c) => {
          setRecording(null);
          host.notify.success(t(`partners.capital.saved.${c.kind}`, { no: c.entryNo }));
          void invalidate(PARTNERS);
          moneyChanged(host, 'created', 'capital', c.id, c);
        }} />
      )}
      {dialog}
    </section>
  );
}
