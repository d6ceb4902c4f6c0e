import { useEffect, useState } from 'react';
import { Button, H2, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { isDay, money } from '../ledger/model';
import { MoneyAccountSelect, useMoneyAccounts } from '../finance/parts';
import { TL, moneyChanged, useMoneyVersion } from '../finance/model';
import { PaymentDialog } from './PaymentForm';
import { PAYMENTS, PAYMENT_TYPES, mayPayment, type PaymentType, type PersonnelPayment } from './model';

/**
 * Payments to personnel (listPayments, newest first) with the type, account and date filters, or
 * one personnel's (`personnelId`, its page's tab): edit and delete (after the confirmation: its
 * entry is reversed) by the payment authorities; "Ödeme ekle" records one.
 */
export function PaymentsPanel(props: { host: WorkbenchHost; label: string; personnelId?: number }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const version = useMoneyVersion(props.host);
  const filters = props.personnelId === undefined;
  const accounts = useMoneyAccounts(0, filters);
  const [type, setType] = useState<'' | PaymentType>('');
  const [account, setAccount] = useState('');
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [editing, setEditing] = useState<PersonnelPayment | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  const canAdd = mayPayment(props.host, Action.PAYMENT_CREATE);
  useEffect(() => {
    if (filters && addRequested) { if (canAdd) setEditing('new'); addDone(); }
  }, [filters, addRequested, addDone, canAdd]);
  const canEdit = mayPayment(props.host, Action.PAYMENT_UPDATE);
  const canDelete = mayPayment(props.host, Action.PAYMENT_DELETE);
  const [kind, id] = account ? account.split(':') : [undefined, undefined];
  const filter = {
    ...(props.personnelId ? { personnelId: props.personnelId } : {}),
    ...(type ? { type } : {}),
    ...(kind && id ? { accountKind: kind as 'SAFE' | 'BANK_ACCOUNT', accountId: Number(id) } : {}),
    ...(isDay(startDate) ? { startDate } : {}),
    ...(isDay(endDate) ? { endDate } : {}),
  };

  async function remove(x: PersonnelPayment) {
    if (!(await confirm({
      message: t('personnel.list.deleteConfirm', { date: formatDate(x.date), name: x.personnelName, amount: money(x.amount), currency: x.currencyCode }),
      detail: t('personnel.list.deleteDetail'),
    }))) return;
    try {
      await shell.api.request('DELETE', `${PAYMENTS}/{id}`, { params: { path: { id: x.id } } });
      props.host.notify.success(t('personnel.list.deleted'));
      moneyChanged(props.host, 'deleted', 'personnelPayment', x.id);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <>
      <PagedTable<PersonnelPayment>
        label={props.label}
        reloadKey={`${version}/${JSON.stringify(filter)}`}
        defaultSort="date,desc"
        emptyText={t('personnel.list.empty')}
        toolbar={<>
          {canAdd && <Button icon="add" intent="primary" text={t('personnel.form.add')} onClick={() => setEditing('new')} />}
          {filters && <Button icon="document" text={t('personnel.accruals.open')} onClick={() => props.host.navigate('/personnel-accruals')} />}
          {filters && <>
            <HTMLSelect aria-label={t('personnel.list.type')} value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)}>
              <option value="">{t('personnel.list.allTypes')}</option>
              {PAYMENT_TYPES.map((ty) => <option key={ty} value={ty}>{t(`personnel.types.${ty}`)}</option>)}
            </HTMLSelect>
            <MoneyAccountSelect id="payment-filter-account" aria-label={t('personnel.list.account')} accounts={accounts} value={account} onChange={(k) => setAccount(k)} emptyLabel={t('personnel.list.allAccounts')} />
            <Field id="payment-filter-start" label={t('ledger.common.startDate')} inline>
              <DateInput id="payment-filter-start" value={startDate} onValueChange={setStart} />
            </Field>
            <Field id="payment-filter-end" label={t('ledger.common.endDate')} inline>
              <DateInput id="payment-filter-end" value={endDate} onValueChange={setEnd} />
            </Field>
          </>}
        </>}
        columns={[
          { key: 'date', title: t('personnel.list.date'), sortField: 'date', render: (x) => formatDate(x.date), width: 110 },
          ...(filters ? [{ key: 'personnel', title: t('personnel.list.personnel'), render: (x: PersonnelPayment) => <Go host={props.host} to={`/personnel/${x.personnelId}`}>{x.personnelName}</Go>, width: 200 }] : []),
          { key: 'purpose', title: t('personnel.list.purpose'), render: (x) => t(`personnel.purposes.${x.purpose}`, { defaultValue: x.purpose }), width: 80 },
          { key: 'type', title: t('personnel.list.type'), render: (x) => t(`personnel.types.${x.type}`, { defaultValue: x.type }), width: 110 },
          { key: 'account', title: t('personnel.list.account'), render: (x) => x.account.name, width: 190 },
          { key: 'amount', title: t('personnel.list.amount'), sortField: 'amount', render: (x) => `${money(x.amount)} ${x.currencyCode}`, width: 140 },
          { key: 'lira', title: t('personnel.list.lira'), render: (x) => (x.currencyId === TL ? '' : money(x.liraAmount)), width: 120 },
          { key: 'explanation', title: t('personnel.list.explanation'), render: (x) => x.explanation ?? '', width: 220 },
          { key: 'entryNo', title: t('personnel.list.entryNo'), render: (x) => x.entryNo, width: 70 },
        ]}
        rowLabel={(x) => `${formatDate(x.date)} ${x.personnelName}`}
        rowActions={[
          { key: 'edit', label: t('personnel.list.edit'), icon: 'edit', hidden: () => !canEdit, onClick: (x) => setEditing(x) },
          { key: 'delete', label: t('personnel.list.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete, onClick: (x) => { void remove(x); } },
        ]}
        fetchPage={(q) => shell.api.list(PAYMENTS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <PaymentDialog
          payment={editing === 'new' ? null : editing}
          {...(props.personnelId ? { personnelId: props.personnelId } : {})}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            props.host.notify.success(t(created ? 'personnel.form.saved' : 'personnel.form.updated', { no: saved.entryNo }));
            moneyChanged(props.host, created ? 'created' : 'updated', 'personnelPayment', saved.id, saved);
          }}
        />
      )}
      {dialog}
    </>
  );
}

/** /personnel-payments (Personel Ödemeleri): every payment to personnel, with its filters. */
export default function PaymentsPage({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  return (
    <section aria-label={t('personnel.title')}>
      <H2>{t('personnel.title')}</H2>
      <PaymentsPanel host={host} label={t('personnel.title')} />
    </section>
  );
}
