import { useEffect, useState } from 'react';
import { Button, Callout, Card, Collapse, ControlGroup, FormGroup, H2, H4, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { DATE_FORMATS, formatDate, parseTurkishDecimal, type ContributionProps } from '@tezgah/core';
import type { VirtualPaymentStatus } from '@tezgah/pos-common';
import { Pager, useApiData, useInvalidate, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { call, page, PATHS, query, reportPosFailure, type BankAccount, type Current, type VirtualPayment } from '../api';
import { money } from '../ui/money';
import { useTexts } from '../texts';

const SIZE = 10;
const INTENT: Record<VirtualPaymentStatus, Intent> = { CREATED: 'warning', PAID: 'success', EXPIRED: 'none', CANCELLED: 'none' };

export interface LinkDraft { currentId: string; amount: string; description: string }

/** The body of POST /virtual-payments/create (links.yaml VirtualPaymentCreate), or what is wrong with the draft. */
export function linkBody(d: LinkDraft): { body: { currentId: number; amount: string; description: string } } | { error: 'currentNeeded' | 'amountNeeded' | 'descriptionNeeded' } {
  const currentId = Number(d.currentId);
  if (!Number.isInteger(currentId) || currentId < 1) return { error: 'currentNeeded' };
  const amount = parseTurkishDecimal(d.amount);
  if (!amount || !/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return { error: 'amountNeeded' };
  const description = d.description.trim();
  if (description.length < 4) return { error: 'descriptionNeeded' };
  return { body: { currentId, amount, description } };
}

const nameOf = (c: Current) => [c.name, c.lastName].filter(Boolean).join(' ');

/** The form that makes a link: the current (searched by name), the amount and the description; the link made is shown to copy. */
function CreateLink(props: { onCreated: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [search, setSearch] = useState('');
  const [d, setD] = useState<LinkDraft>({ currentId: '', amount: '', description: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<VirtualPayment | null>(null);

  // The currents matching what is typed, asked a moment after the typing stops.
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(search.trim().slice(0, 100)), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const matching = useApiData(
    ['GET', PATHS.currents, { search: searched, active: true }, 'page'],
    (api) => page(api)(PATHS.currents, { params: { query: query({ page: 0, size: 20, search: searched, active: true }) } }).then((r) => r.items as Current[]),
    { keepPrevious: true, report: false },
  );
  const currents: Current[] = matching.isError ? [] : matching.data ?? [];

  async function create() {
    const r = linkBody(d);
    if ('error' in r) { setError(t(`links.${r.error}`)); return; }
    setError(null);
    setBusy(true);
    try {
      setMade(await call(shell.api)('POST', PATHS.createVirtualPayment, { body: r.body }) as VirtualPayment);
      shell.notify.success(t('links.created'));
      setD({ currentId: '', amount: '', description: '' });
      props.onCreated();
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    } finally {
      setBusy(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      shell.notify.success(t('links.copied'));
    } catch {
      /* the link stays selectable on the page */
    }
  }

  return (
    <Card role="region" aria-label={t('links.create')} style={{ marginBottom: 16 }}>
      <H4>{t('links.create')}</H4>
      <FormGroup label={t('links.currentSearch')} labelFor="pos-link-search">
        <InputGroup id="pos-link-search" type="search" leftIcon="search" value={search} maxLength={100} onChange={(e) => setSearch(e.currentTarget.value)} />
      </FormGroup>
      <FormGroup label={t('links.current')} labelFor="pos-link-current">
        <HTMLSelect id="pos-link-current" fill value={d.currentId} onChange={(e) => setD({ ...d, currentId: e.currentTarget.value })}>
          <option value="">—</option>
          {currents.map((c) => <option key={c.id} value={String(c.id)}>{nameOf(c)}</option>)}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('links.amount')} labelFor="pos-link-amount">
        <InputGroup id="pos-link-amount" inputMode="decimal" value={d.amount} maxLength={20} placeholder="0,00" onChange={(e) => setD({ ...d, amount: e.currentTarget.value })} />
      </FormGroup>
      <FormGroup label={t('links.description')} labelFor="pos-link-description" helperText={t('links.descriptionHint')}>
        <InputGroup id="pos-link-description" value={d.description} maxLength={200} onChange={(e) => setD({ ...d, description: e.currentTarget.value })} />
      </FormGroup>
      {error ? <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>{error}</Callout> : null}
      <Button intent="primary" icon="link" text={t('links.create')} loading={busy} onClick={() => { void create(); }} />
      {made?.paymentUrl ? (
        <Callout intent="success" role="status" aria-label={t('links.url')} style={{ marginTop: 12 }}>
          <FormGroup label={t('links.url')} labelFor="pos-link-url">
            <ControlGroup fill>
              <InputGroup id="pos-link-url" readOnly value={made.paymentUrl} onFocus={(e) => e.currentTarget.select()} />
              <Button icon="duplicate" text={t('links.copy')} onClick={() => { void copy(made.paymentUrl!); }} />
            </ControlGroup>
          </FormGroup>
        </Callout>
      ) : null}
    </Card>
  );
}

/** The payment-page merchant account (links.yaml VirtualPaymentSettings). */
export interface LinkSettings { mode: 'sandbox' | 'live'; merchantId: string | null; merchantKeySet: boolean; merchantSaltSet: boolean; bankAccountId: number | null; maxInstallment: number }
export interface LinkSettingsDraft { mode: 'sandbox' | 'live'; merchantId: string; merchantKey: string; merchantSalt: string; bankAccountId: string; maxInstallment: string }

/** The body of PUT /virtual-payment-settings: a key or salt left empty is left out (the stored one stays), blank text as null. */
export function linkSettingsBody(d: LinkSettingsDraft) {
  return {
    mode: d.mode, merchantId: d.merchantId.trim() || null, bankAccountId: d.bankAccountId ? Number(d.bankAccountId) : null,
    maxInstallment: Math.min(12, Math.max(1, Number(d.maxInstallment) || 1)),
    ...(d.merchantKey ? { merchantKey: d.merchantKey } : {}), ...(d.merchantSalt ? { merchantSalt: d.merchantSalt } : {}),
  };
}

/** The merchant account links are made with (PayTR, or the sandbox page) and the online-payment bank account collections go to. */
function LinkSettingsCard() {
  const shell = useShell();
  const { t } = useTexts();
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  // Read once the card is opened: the settings and the online-payment bank accounts to choose from.
  const saved = useApiData(['GET', PATHS.linkSettings], (api) => call(api)('GET', PATHS.linkSettings) as Promise<LinkSettings>, {
    enabled: open, report: (e) => reportPosFailure(shell.notify, e, t),
  }).data ?? null;
  const banks: BankAccount[] = useApiData(
    ['GET', PATHS.bankAccounts, { page: 0, size: 100, accountType: 'ONLINE_PAYMENT' }, 'page'],
    (api) => page(api)(PATHS.bankAccounts, { params: { query: { page: 0, size: 100, accountType: 'ONLINE_PAYMENT' } } }).then((r) => r.items as BankAccount[]),
    { enabled: open, report: false },
  ).data ?? [];
  // The person's changes over the settings as read; none yet: the form shows what was read (secrets empty).
  const [edits, setD] = useState<LinkSettingsDraft | null>(null);
  const d: LinkSettingsDraft | null = edits ?? (saved
    ? { mode: saved.mode, merchantId: saved.merchantId ?? '', merchantKey: '', merchantSalt: '', bankAccountId: saved.bankAccountId ? String(saved.bankAccountId) : '', maxInstallment: String(saved.maxInstallment) }
    : null);
  const [busy, setBusy] = useState(false);
  const take = (x: LinkSettings) => {
    client.setQueryData(['GET', PATHS.linkSettings], x);
    setD(null);
  };
  async function save() {
    setBusy(true);
    try {
      take(await call(shell.api)('PUT', PATHS.linkSettings, { body: linkSettingsBody(d!) }) as LinkSettings);
      shell.notify.success(t('common.saved'));
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    } finally {
      setBusy(false);
    }
  }
  const secret = (k: 'merchantKey' | 'merchantSalt', isSet: boolean) => (
    <FormGroup label={t(`links.${k}`)} labelFor={`pos-link-${k}`} helperText={isSet ? t('common.keepHint') : undefined}>
      <InputGroup id={`pos-link-${k}`} type="password" autoComplete="new-password" maxLength={100} value={d![k]} placeholder={isSet ? t('common.stored') : ''} onChange={(e) => setD({ ...d!, [k]: e.currentTarget.value })} />
    </FormGroup>
  );
  return (
    <Card role="region" aria-label={t('links.settings')} style={{ marginBottom: 16 }}>
      <Button variant="minimal" icon={open ? 'chevron-down' : 'chevron-right'} text={t('links.settings')} aria-expanded={open} onClick={() => setOpen(!open)} />
      <Collapse isOpen={open}>
        {!d || !saved ? <Spinner size={20} /> : (
          <div style={{ marginTop: 8 }}>
            <FormGroup label={t('links.mode')} labelFor="pos-link-mode">
              <HTMLSelect id="pos-link-mode" value={d.mode} onChange={(e) => setD({ ...d, mode: e.currentTarget.value as 'sandbox' | 'live' })}>
                <option value="sandbox">{t('devices.modes.sandbox')}</option>
                <option value="live">{t('devices.modes.live')}</option>
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('links.merchantId')} labelFor="pos-link-merchant">
              <InputGroup id="pos-link-merchant" value={d.merchantId} maxLength={20} onChange={(e) => setD({ ...d, merchantId: e.currentTarget.value })} />
            </FormGroup>
            {secret('merchantKey', saved.merchantKeySet)}
            {secret('merchantSalt', saved.merchantSaltSet)}
            <FormGroup label={t('links.bankAccount')} labelFor="pos-link-bank">
              <HTMLSelect id="pos-link-bank" value={d.bankAccountId} onChange={(e) => setD({ ...d, bankAccountId: e.currentTarget.value })}>
                <option value="">{t('links.firstBank')}</option>
                {banks.map((b) => <option key={b.id} value={String(b.id)}>{b.name}</option>)}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('links.maxInstallment')} labelFor="pos-link-inst">
              <HTMLSelect id="pos-link-inst" value={d.maxInstallment} onChange={(e) => setD({ ...d, maxInstallment: e.currentTarget.value })}>
                {Array.from({ length: 12 }, (_, i) => <option key={i + 1} value={String(i + 1)}>{i + 1}</option>)}
              </HTMLSelect>
            </FormGroup>
            <Button intent="primary" icon="floppy-disk" text={t('common.save')} loading={busy} onClick={() => { void save(); }} />
          </div>
        )}
      </Collapse>
    </Card>
  );
}

/**
 * /virtual-payments: payment links (seeds 001 §3 virtual payment, §7 virtual-payments/create →
 * paymentUrl): made for a current and an amount, the link shown to copy and send; the list with
 * each link's status (waiting, paid, expired, cancelled).
 */
export default function LinksPage(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const canCreate = shell.host.can({ module: 34, anyActions: [2] });
  const [at, setAt] = useState(0);
  const invalidate = useInvalidate();
  // The page of links (a visit shows the last one at once and reads it again behind it).
  const q = useApiData(
    ['GET', PATHS.virtualPayments, { page: at }, 'page'],
    (api) => page(api)(PATHS.virtualPayments, { params: { query: { page: at, size: SIZE, sort: 'id,desc' } } }).then((r) => ({ items: r.items as VirtualPayment[], total: r.total })),
    { keepPrevious: true, refetchOnEveryMount: true, report: (e) => reportPosFailure(shell.notify, e, t) },
  );
  const data: { items: VirtualPayment[]; total: number } | null = q.data ?? (q.isError ? { items: [], total: 0 } : null);

  return (
    <section aria-label={t('links.title')}>
      <H2>{t('links.title')}</H2>
      {shell.host.can({ module: 34, anyActions: [3] }) ? <LinkSettingsCard /> : null}
      {canCreate ? <CreateLink onCreated={() => { setAt(0); void invalidate(PATHS.virtualPayments); }} /> : null}
      {data === null ? <Spinner size={20} /> : data.items.length === 0 ? <NonIdealState icon="link" title={t('links.none')} /> : (
        <div style={{ overflowX: 'auto' }}>
          <HTMLTable compact striped aria-label={t('links.table')} style={{ width: '100%' }}>
            <thead><tr><th>{t('links.current')}</th><th>{t('links.amount')}</th><th>{t('links.description')}</th><th>{t('links.status')}</th><th>{t('links.createdAt')}</th><th>{t('links.paidAt')}</th><th>{t('links.url')}</th></tr></thead>
            <tbody>
              {data.items.map((l) => (
                <tr key={l.id}>
                  <td>{l.currentName ?? ''}</td>
                  <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(l.amount)}</td>
                  <td>{l.description}</td>
                  <td><Tag intent={INTENT[l.status] ?? 'none'} minimal={INTENT[l.status] === 'none'} round>{t(`links.statuses.${l.status}`)}</Tag></td>
                  <td style={{ whiteSpace: 'nowrap' }}>{formatDate(l.createdAt, DATE_FORMATS.DASHED_TIME)}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{l.paidAt ? formatDate(l.paidAt, DATE_FORMATS.DASHED_TIME) : ''}</td>
                  <td>{l.paymentUrl && l.status === 'CREATED' ? <a href={l.paymentUrl} target="_blank" rel="noreferrer" aria-label={t('links.open', { id: l.id })}>{t('links.url')}</a> : ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager page={at} size={SIZE} total={data.total} onPage={setAt} />
        </div>
      )}
    </section>
  );
}
