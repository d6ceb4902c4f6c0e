import { useEffect, useState, type MouseEvent } from 'react';
import { Button, Callout, Checkbox, H2, HTMLSelect, HTMLTable, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTexts } from './texts';
import { DATE_FORMATS, formatDate, formatMoney, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, PagedTable, reportFailure, useApiData, useShell, type RowAction } from '@tezgah/workbench/ui';
import type { EDocumentCategory } from '@tezgah/edocument-common';
import { PATHS, downloadDocument, downloadZip, type EDocument } from './api';
import { LIST_STATUSES, NO_FILTERS, TABS, TAB_IDS, isDay, listQuery, zipName, type ListFilters, type TabId } from './lists';
import { StatusTag } from './StatusTag';
import { ViewDialog } from './ViewDialog';
import { ImportDialog } from './ImportDialog';
import { AnswerDialog } from './AnswerDialog';

/** Table2 would take the mousedown of a box in its body (see PagedTable); it is stopped first. */
function keepClicks(el: HTMLElement | null) {
  if (!el) return;
  el.addEventListener('mousedown', (e) => e.stopPropagation());
}

function Go(props: { host: WorkbenchHost; to: string; children: string }) {
  return <a href={props.to} onClick={(e: MouseEvent) => { e.preventDefault(); props.host.navigate(props.to); }}>{props.children}</a>;
}

/** The filters above a list: dates, the simplified status, the category (invoice tabs). */
export function ListFiltersBar(props: { id: string; tab: TabId; value: ListFilters; onChange: (f: ListFilters) => void }) {
  const { t } = useTexts();
  const { value: f, onChange } = props;
  const cats = TABS[props.tab].categories as readonly EDocumentCategory[];
  return (
    <>
      <Field id={`${props.id}-start`} label={t('list.startDate')} inline>
        <DateInput id={`${props.id}-start`} value={f.startDate} onValueChange={(v) => onChange({ ...f, startDate: v })} />
      </Field>
      <Field id={`${props.id}-end`} label={t('list.endDate')} inline>
        <DateInput id={`${props.id}-end`} value={f.endDate} onValueChange={(v) => onChange({ ...f, endDate: v })} />
      </Field>
      <HTMLSelect aria-label={t('list.statusFilter')} value={f.status} onChange={(e) => onChange({ ...f, status: e.currentTarget.value as ListFilters['status'] })}>
        <option value="">{t('list.allStatuses')}</option>
        {LIST_STATUSES.map((s) => <option key={s} value={s}>{t(`list.listStatuses.${s}`)}</option>)}
      </HTMLSelect>
      {cats.length > 0 && (
        <HTMLSelect aria-label={t('list.categoryFilter')} value={f.category} onChange={(e) => onChange({ ...f, category: e.currentTarget.value as ListFilters['category'] })}>
          <option value="">{t('list.allCategories')}</option>
          {cats.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
        </HTMLSelect>
      )}
    </>
  );
}

type Totals = { direction: 'OUTGOING' | 'INCOMING'; category: EDocumentCategory; count: number; totalTry: number }[];

/** Tümü: the date range's counts and lira totals per direction and category. */
function RangeTotals(props: { filters: ListFilters; version: number }) {
  const shell = useShell();
  const { t } = useTexts();
  const { startDate, endDate } = props.filters;
  const ready = isDay(startDate) && isDay(endDate);
  // `version` moves after a change on the page: the totals are read again.
  const totals: Totals | null = useApiData(
    ['GET', PATHS.totals, { startDate, endDate, version: props.version }],
    (api) => api.request('GET', PATHS.totals, { params: { query: { startDate, endDate } } }) as Promise<Totals>,
    { enabled: ready },
  ).data ?? null;
  if (!ready) return <p className="bp6-text-muted" style={{ marginTop: 8 }}>{t('list.totalsNeedRange')}</p>;
  if (!totals) return null;
  const right = { textAlign: 'right' } as const;
  return (
    <HTMLTable compact striped aria-label={t('list.totals')} style={{ marginTop: 12 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600 }}>{t('list.totals')}</caption>
      <thead><tr><th>{t('list.columns.direction')}</th><th>{t('list.columns.type')}</th><th style={right}>{t('list.count')}</th><th style={right}>{t('list.totalTry')}</th></tr></thead>
      <tbody>
        {totals.length === 0 && <tr><td colSpan={4}>{t('list.noTotals')}</td></tr>}
        {totals.map((x) => (
          <tr key={`${x.direction}-${x.category}`}>
            <td>{t(`directions.${x.direction}`)}</td><td>{t(`categories.${x.category}`)}</td><td style={right}>{x.count}</td><td style={right}>{formatMoney(x.totalTry)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * One tab of /e-documents: the e-document list item's columns (seeds 001 §3), filters, row actions
 * (view GİB's display, XML, PDF; on incoming invoices "Alış faturası oluştur" and, for an
 * unanswered TICARIFATURA, Kabul / Red) and the selection's "Zip indir".
 */
export function EDocumentList(props: { host: WorkbenchHost; tab: TabId; version: number }) {
  const { host, tab } = props;
  const cfg = TABS[tab];
  const shell = useShell();
  const { t } = useTexts();
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlyMap<string, EDocument>>(new Map());
  const [viewing, setViewing] = useState<EDocument | null>(null);
  const [answering, setAnswering] = useState<{ doc: EDocument; answer: 'KABUL' | 'RED' } | null>(null);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const title = t(`list.tabs.${tab}`);
  const id = `edoc-${tab}`;
  const selecting = host.can({ codes: [...cfg.zipCodes] });
  const mayConvert = cfg.incoming && !cfg.despatch && host.can({ codes: ['12_2'] });
  const mayAnswer = cfg.incoming && !cfg.despatch && host.can({ codes: ['12_3'] });
  const showDirection = tab === 'all';

  useEffect(() => { setSelected(new Map()); }, [tab, filters]);

  const toggle = (d: EDocument, on: boolean) => setSelected((m) => {
    const next = new Map(m);
    if (on) next.set(d.uuid, d); else next.delete(d.uuid);
    return next;
  });
  const no = (d: EDocument) => d.documentNo ?? d.uuid;

  async function zip() {
    setBusy(true);
    try {
      const name = await downloadZip(shell.api, cfg.zip, [...selected.keys()], zipName(tab, selected.size));
      shell.notify.success(t('list.downloaded', { name }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }
  async function file(d: EDocument, kind: 'xml' | 'pdf') {
    try {
      const name = await downloadDocument(shell.api, d, kind);
      shell.notify.success(t('list.downloaded', { name }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }
  async function toPurchase(d: EDocument) {
    try {
      const x = await shell.api.request('POST', PATHS.toPurchase, { params: { path: { id: d.id } } });
      shell.notify.success(t('list.converted'));
      if (x.purchaseInvoiceId) host.navigate(`/invoice/${x.purchaseInvoiceId}`);
      else setVersion((v) => v + 1);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const actions: RowAction<EDocument>[] = [
    { key: 'view', label: t('list.view'), icon: 'eye-open', onClick: (d) => setViewing(d) },
    { key: 'xml', label: t('list.xml'), icon: 'code', onClick: (d) => { void file(d, 'xml'); } },
    { key: 'pdf', label: t('list.pdf'), icon: 'document', onClick: (d) => { void file(d, 'pdf'); } },
    ...(mayConvert ? [
      { key: 'to-purchase', label: t('list.toPurchase'), icon: 'add-to-artifact' as const, intent: 'primary' as const, hidden: (d: EDocument) => d.purchaseInvoiceId != null, onClick: (d: EDocument) => { void toPurchase(d); } },
      { key: 'open-purchase', label: t('list.openPurchase'), icon: 'document-open' as const, hidden: (d: EDocument) => d.purchaseInvoiceId == null, onClick: (d: EDocument) => host.navigate(`/invoice/${d.purchaseInvoiceId}`) },
    ] : []),
    ...(mayAnswer ? [
      { key: 'accept', label: t('list.accept'), icon: 'tick' as const, intent: 'success' as const, hidden: (d: EDocument) => !d.answerRequired, onClick: (d: EDocument) => setAnswering({ doc: d, answer: 'KABUL' }) },
      { key: 'reject', label: t('list.reject'), icon: 'cross' as const, intent: 'danger' as const, hidden: (d: EDocument) => !d.answerRequired, onClick: (d: EDocument) => setAnswering({ doc: d, answer: 'RED' }) },
    ] : []),
  ];
  const linkOf = (d: EDocument) => (d.invoiceId ? `/invoice/${d.invoiceId}` : d.despatchId ? `/outgoing-despatch/${d.despatchId}` : d.purchaseInvoiceId ? `/invoice/${d.purchaseInvoiceId}` : null);

  return (
    <section aria-label={title}>
      {selecting && (
        <Callout intent={selected.size ? 'primary' : 'none'} icon="compressed" style={{ margin: '8px 0' }} role="group" aria-label={t('list.zip')}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
            <span role="status">{t('list.selected', { count: selected.size })}</span>
            <Button icon="compressed" intent="primary" text={t('list.zip')} disabled={!selected.size} loading={busy} onClick={() => { void zip(); }} />
            {selected.size > 0 && <Button variant="minimal" text={t('list.clear')} onClick={() => setSelected(new Map())} />}
          </div>
        </Callout>
      )}
      <PagedTable<EDocument>
        label={title}
        reloadKey={`${JSON.stringify(filters)}:${version}:${props.version}`}
        searchable
        searchPlaceholder={t('list.searchHint')}
        defaultSort="createdDate,desc"
        cellDependencies={[selected]}
        toolbar={<ListFiltersBar id={id} tab={tab} value={filters} onChange={setFilters} />}
        columns={[
          ...(selecting ? [{
            key: 'select', title: t('list.columns.select'), width: 56,
            render: (d: EDocument) => (
              <span ref={keepClicks}>
                <Checkbox style={{ margin: 0 }} checked={selected.has(d.uuid)} aria-label={t('list.selectOf', { name: no(d) })} onChange={(e) => toggle(d, e.currentTarget.checked)} />
              </span>
            ),
          }] : []),
          { key: 'documentNo', title: t('list.columns.documentNo'), render: (d) => { const to = linkOf(d); return to ? <Go host={host} to={to}>{no(d)}</Go> : no(d); }, width: 160 },
          { key: 'uuid', title: t('list.columns.uuid'), render: (d) => d.uuid, width: 280 },
          ...(showDirection ? [{ key: 'direction', title: t('list.columns.direction'), render: (d: EDocument) => <Tag minimal intent={d.direction === 'OUTGOING' ? 'success' : 'primary'}>{t(`directions.${d.direction}`)}</Tag>, width: 80 }] : []),
          { key: 'type', title: t('list.columns.type'), render: (d) => t(`categories.${d.type}`), width: 90 },
          { key: 'profile', title: t('list.columns.profile'), render: (d) => { const p = d.profile ?? d.scenarioType; return p ? t(`profiles.${p}`, { defaultValue: p }) : ''; }, width: 130 },
          { key: 'invoiceType', title: t('list.columns.invoiceType'), render: (d) => (d.invoiceTypeCode ? t(`types.${d.invoiceTypeCode}`, { defaultValue: d.invoiceTypeCode }) : ''), width: 100 },
          { key: 'issueDate', title: t('list.columns.issueDate'), sortField: 'issueDate', render: (d) => formatDate(d.issueDate), width: 110 },
          { key: 'createdDate', title: t('list.columns.createdDate'), sortField: 'createdDate', render: (d) => formatDate(d.createdDate, DATE_FORMATS.DASHED_TIME), width: 140 },
          { key: 'party', title: t('list.columns.party'), render: (d) => d.partyTitle ?? '', width: 200 },
          { key: 'partyId', title: t('list.columns.partyId'), render: (d) => d.partyIdentifier ?? '', width: 110 },
          { key: 'total', title: t('list.columns.total'), sortField: 'total', render: (d) => (d.total == null ? '' : formatMoney(d.total, d.currency ?? 'TL')), width: 130 },
          {
            key: 'status', title: t('list.columns.status'), width: 120,
            render: (d) => <span title={d.statusReason ?? undefined}><StatusTag status={d.status} simple />{d.answerRequired ? <> <Tag minimal intent="warning">{t('list.waitingAnswer')}</Tag></> : d.answer ? <> <Tag minimal>{t(`list.answers.${d.answer}`)}</Tag></> : null}</span>,
          },
          { key: 'integrator', title: t('list.columns.integrator'), render: (d) => d.integrator ?? '', width: 100 },
          { key: 'receiverTag', title: t('list.columns.receiverTag'), render: (d) => d.receiverTag ?? '', width: 180 },
          { key: 'senderTag', title: t('list.columns.senderTag'), render: (d) => d.senderTag ?? '', width: 180 },
          { key: 'prefix', title: t('list.columns.prefix'), render: (d) => d.prefix ?? '', width: 60 },
        ]}
        rowKey={(d) => d.uuid}
        rowLabel={(d) => `${no(d)} ${d.partyTitle ?? ''}`.trim()}
        rowActions={actions}
        fetchPage={(q) => (shell.api.list as unknown as (p: string, i: object) => Promise<{ items: EDocument[]; total: number }>)(cfg.path, { params: { query: listQuery(tab, filters, q) } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {tab === 'all' && <RangeTotals filters={filters} version={version + props.version} />}
      {viewing && <ViewDialog doc={viewing} onClose={() => setViewing(null)} />}
      {answering && <AnswerDialog doc={answering.doc} answer={answering.answer} onClose={(d) => { setAnswering(null); if (d) setVersion((v) => v + 1); }} />}
    </section>
  );
}

/**
 * /e-documents ("e-Belgeler"): the tabs Gelen e-Fatura, Giden e-Fatura / e-Arşiv, Tümü, Gelen and
 * Giden e-İrsaliye (each shown to who may see it), with "Gelen kutusunu yenile" and "İçe aktar"
 * above them. /e-documents/<tab> opens on a tab (the home widget's links).
 */
export default function EDocumentsPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const tabs = TAB_IDS.filter((x) => host.can({ codes: [...TABS[x].view] }));
  const wanted = params?.tab as TabId | undefined;
  const [tab, setTab] = useState<TabId>(wanted && tabs.includes(wanted) ? wanted : tabs[0] ?? 'outgoing');
  const [version, setVersion] = useState(0);
  const [pulling, setPulling] = useState(false);
  const [importing, setImporting] = useState(false);
  const mayPull = host.can({ codes: ['12_1', '26_1'] });
  const mayImport = host.can({ codes: ['12_6'] });

  async function pull() {
    setPulling(true);
    try {
      const r = await shell.api.request('POST', PATHS.pull);
      shell.notify.success(t('list.pulled', { received: r.received, skipped: r.skipped }));
      setVersion((v) => v + 1);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setPulling(false);
    }
  }

  return (
    <section aria-label={t('list.title')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{t('list.title')}</H2>
        <div style={{ marginLeft: 'auto', display: 'flex', gap: 8 }}>
          {mayPull && <Button icon="refresh" text={t('list.pull')} loading={pulling} onClick={() => { void pull(); }} />}
          {mayImport && <Button icon="import" text={t('list.import')} onClick={() => setImporting(true)} />}
        </div>
      </div>
      <Tabs id="edocument-tabs" selectedTabId={tab} onChange={(x) => setTab(x as TabId)} renderActiveTabPanelOnly large={false}>
        {tabs.map((x) => <Tab key={x} id={x} title={t(`list.tabs.${x}`)} panel={<EDocumentList host={host} tab={x} version={version} />} />)}
      </Tabs>
      {importing && <ImportDialog onClose={(imported) => { setImporting(false); if (imported) setVersion((v) => v + 1); }} />}
    </section>
  );
}
