import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, ButtonGroup, Callout, Card, H2, H4, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, CURRENCIES, formatAmount, formatDate, formatPhone, type ContributionProps } from '@tezgah/core';
import { Field, fieldErrorsFor, reportFailure, useApiData, useConfirm, useInvalidate, useQueryClient, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { CurrentStatement } from '../books/CurrentStatement';
import { PaymentsPanel } from '../personnel/PaymentsPage';
import { PersonnelStatementView } from '../personnel/PersonnelStatement';
import { mayPaymentsView, mayStatement } from '../personnel/model';
import { MissingInvoicesPanel, mayMissingInvoices } from '../missing-invoices/MissingInvoicesPanel';
import { CurrentForm } from './CurrentForm';
import { TagChips } from './CurrentTags';
import { ACCOUNT_CHOICES, CURRENTS, MAIN_ACCOUNTS, TYPES, formatIban, isPharmacy, may, typeKey, type Current, type MainAccount } from './model';

const CURRENT = `${CURRENTS}/{id}` as const;

/**
 * One current account (/customer/:id, /supplier/:id, /personnel/:id, /partner/:id): its fields,
 * its main accounts in the chart (add another code or currency, remove one but the last), edit
 * and delete; with the type's extract view (8), its "Hesap Ekstresi" (the ledger of its own
 * account with the running balance, as Excel or PDF too); a personnel's page adds its payments
 * (payment view 16) and its personnel statement (the personnel area).
 */
export default function CurrentDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const pharmacy = isPharmacy(host);
  const id = Number(params?.id);
  const key = ['GET', CURRENT, { id }];
  const read = useApiData(key, (api) => api.request('GET', CURRENT, { params: { path: { id } } }), { enabled: Number.isInteger(id) });
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState('info');

  if (read.isError || !Number.isInteger(id)) return <NonIdealState icon="search" title={t('currents.detail.notFound')} />;
  if (!read.data) return <div role="status"><Spinner size={20} /> {t('currents.loading')}</div>;
  const current: Current = read.data;

  const type = current.currentAccountType;
  const word = t(typeKey(type, pharmacy));
  const fullName = [current.name, current.lastName].filter(Boolean).join(' ');
  const rows: [string, string | null | undefined][] = [
    ['title', current.title],
    ['taxNumber', current.taxNumber],
    ['taxOfficeId', current.taxOfficeName],
    ['iban', current.iban ? formatIban(current.iban) : null],
    ['currencyId', current.currencyCode],
    ['phone', current.phone ? formatPhone(current.phone) : null],
    ['fax', current.fax ? formatPhone(current.fax) : null],
    ['email', current.email],
    ['webAddress', current.webAddress],
    ['contactPerson', current.contactPerson],
    ['address', [current.address, current.postcode, current.citySubdivisionName, current.cityName, current.countryName].filter(Boolean).join(', ')],
    ['gender', current.gender ? t(`currents.gender.${current.gender}`) : null],
    ['birthday', current.birthday ? formatDate(current.birthday) : null],
    ['patientType', current.patientType ? t(`currents.patientType.${current.patientType}`) : null],
    ['partnerType', current.partnerType ? t(`currents.partnerType.${current.partnerType}`) : null],
    ['sharePercentage', current.sharePercentage === null || current.sharePercentage === undefined ? null : `%${formatAmount(current.sharePercentage)}`],
    ['capital', current.capital === null || current.capital === undefined ? null : `${formatAmount(current.capital)} ${current.currencyCode}`],
    ['accountGroupCode', current.accountGroupCode],
  ];

  async function remove() {
    if (!(await confirm({ message: fullName }))) return;
    try {
      await shell.api.request('DELETE', CURRENT, { params: { path: { id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'current', id });
      // The write marked this read stale; it is gone, so its refresh is not awaited (nor its 404 reported).
      void client.cancelQueries({ queryKey: key, exact: true });
      host.navigate(TYPES[type].route);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <section aria-label={fullName}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{fullName}</H2>
        <Tag intent="primary" minimal>{word}</Tag>
        <Tag minimal intent={current.active ? 'success' : 'none'}>{t(current.active ? 'currents.filter.active' : 'currents.filter.passive')}</Tag>
        <ButtonGroup style={{ marginLeft: 'auto' }}>
          <Button icon="arrow-left" text={t('currents.detail.back')} onClick={() => host.navigate(TYPES[type].route)} />
          {may(host, type, Action.UPDATE) && <Button icon="edit" text={t('currents.edit', { type: word })} onClick={() => setEditing(true)} />}
          {may(host, type, Action.DELETE) && <Button icon="trash" intent="danger" text={t('currents.delete')} onClick={remove} />}
        </ButtonGroup>
      </div>
      <Tabs id="current-tabs" selectedTabId={tab} onChange={(x) => setTab(String(x))} renderActiveTabPanelOnly>
        <Tab id="info" title={t('currents.detail.fields')} panel={<>
          <Card style={{ marginTop: 12 }}>
            <HTMLTable compact aria-label={t('currents.detail.fields')}>
              <tbody>
                {rows.filter(([, v]) => v).map(([f, v]) => (
                  <tr key={f}><th scope="row">{t(`currents.fields.${f}`)}</th><td>{v}</td></tr>
                ))}
                {current.tags.length > 0 && <tr><th scope="row">{t('currents.fields.tagIds')}</th><td><TagChips tags={current.tags} /></td></tr>}
                <tr><th scope="row">{t('currents.detail.created')}</th><td>{formatDate(current.createdDate)}</td></tr>
              </tbody>
            </HTMLTable>
          </Card>
          <MainAccounts host={host} current={current} />
        </>} />
        {may(host, type, Action.EXTRACT_VIEW) && (
          <Tab id="statement" title={t('books.statement.tab')} panel={
            <Card style={{ marginTop: 12 }}><CurrentStatement host={host} current={current} /></Card>
          } />
        )}
        {type === 'CUSTOMER' && mayMissingInvoices(host) && (
          <Tab id="missing-invoices" title={t('missingInvoices.tab')} panel={
            <Card style={{ marginTop: 12 }}><MissingInvoicesPanel host={host} currentId={current.id} /></Card>
          } />
        )}
        {type === 'PERSONNEL' && mayPaymentsView(host) && (
          <Tab id="payments" title={t('personnel.tabs.payments')} panel={
            <Card style={{ marginTop: 12 }}><PaymentsPanel host={host} label={t('personnel.tabs.payments')} personnelId={current.id} /></Card>
          } />
        )}
        {type === 'PERSONNEL' && mayStatement(host) && (
          <Tab id="personnel-statement" title={t('personnel.tabs.statement')} panel={
            <Card style={{ marginTop: 12 }}><PersonnelStatementView host={host} personnelId={current.id} /></Card>
          } />
        )}
      </Tabs>
      {editing && (
        <CurrentForm host={host} type={type} current={current} onClose={() => setEditing(false)}
          onSaved={(saved) => { setEditing(false); client.setQueryData(key, saved); }} />
      )}
      {confirmDialog}
    </section>
  );
}

function MainAccounts({ host, current }: ContributionProps & { current: Current }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [code, setCode] = useState(current.accountGroupCode);
  const [currency, setCurrency] = useState(String(current.currencyId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const type = current.currentAccountType;
  const query = { currentId: current.id, size: 100, sort: ['id,asc'] };
  const read = useApiData(['GET', MAIN_ACCOUNTS, query, 'page'], (api) => api.list(MAIN_ACCOUNTS, { params: { query } }));
  const list: readonly MainAccount[] | null = read.isError ? [] : (read.data?.items ?? null);
  const invalidate = useInvalidate();
  const load = () => invalidate(MAIN_ACCOUNTS);
  // Editing the current may change its main accounts (its group code or currency): read them again then.
  const seen = useRef(`${current.accountGroupCode}/${current.currencyId}`);
  useEffect(() => {
    const now = `${current.accountGroupCode}/${current.currencyId}`;
    if (seen.current === now) return;
    seen.current = now;
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current.accountGroupCode, current.currencyId]);

  async function add(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await shell.api.request('POST', MAIN_ACCOUNTS, { body: { currentId: current.id, accountCode: code, currencyId: Number(currency) } });
      host.notify.success(t('notify.added', { ns: 'kernel' }));
      setErrors({});
      await load();
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['accountCode', 'currencyId'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  async function remove(m: MainAccount) {
    try {
      await shell.api.request('DELETE', `${MAIN_ACCOUNTS}/{id}`, { params: { path: { id: m.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      await load();
    } catch (err) {
      reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    }
  }

  const canAdd = may(host, type, Action.CREATE);
  const canDelete = may(host, type, Action.DELETE);
  return (
    <Card style={{ marginTop: 12 }}>
      <H4>{t('currents.detail.mainAccounts')}</H4>
      {list === null ? <Spinner size={16} /> : list.length === 0 ? <Callout>{t('currents.detail.noMainAccount')}</Callout> : (
        <div className="tz-table-scroll"><HTMLTable compact striped aria-label={t('currents.detail.mainAccounts')}>
          <thead><tr><th>{t('currents.fields.accountGroupCode')}</th><th>{t('currents.detail.accountName')}</th><th>{t('currents.fields.currencyId')}</th><th /></tr></thead>
          <tbody>
            {list.map((m) => (
              <tr key={m.id}>
                <td>{m.accountCode}</td><td>{m.accountName}</td><td>{m.currencyCode} {m.currencySymbol}</td>
                <td>{canDelete && list.length > 1 && (
                  <Button variant="minimal" size="small" icon="trash" intent="danger" aria-label={`${t('currents.delete')}: ${m.accountCode} ${m.currencyCode}`} onClick={() => remove(m)} />
                )}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable></div>
      )}
      {canAdd && (
        <form onSubmit={add} aria-label={t('currents.detail.addMainAccount')} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', marginTop: 12, flexWrap: 'wrap' }}>
          <Field id="main-account-code" label={t('currents.fields.accountGroupCode')} error={errors.accountCode}>
            <HTMLSelect id="main-account-code" value={code} onChange={(e) => setCode(e.currentTarget.value)}>
              {ACCOUNT_CHOICES[type].map((c) => <option key={c} value={c}>{`${c} ${t(`currents.accounts.${c}`, { defaultValue: '' })}`.trim()}</option>)}
            </HTMLSelect>
          </Field>
          <Field id="main-account-currency" label={t('currents.fields.currencyId')} error={errors.currencyId}>
            <HTMLSelect id="main-account-currency" value={currency} onChange={(e) => setCurrency(e.currentTarget.value)}>
              {CURRENCIES.map((c) => <option key={c.id} value={String(c.id)}>{c.code}</option>)}
            </HTMLSelect>
          </Field>
          <Button type="submit" icon="plus" loading={busy} text={t('currents.detail.addMainAccount')} style={{ marginTop: 22 }} />
        </form>
      )}
    </Card>
  );
}
