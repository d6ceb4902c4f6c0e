import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, InputGroup, Spinner, type IconName, type Intent } from '@blueprintjs/core';
import { useTexts } from './texts';
import { DATE_FORMATS, formatDate, type WorkbenchHost } from '@tezgah/core';
import { collectionOf, reportFailure, useApiData, useConfirm, useInvalidate, useQueryClient, useShell } from '@tezgah/workbench/ui';
import {
  API, PATHS, cancelDocument, documentHtml, familyOf, getDocument, prefixList, receiverAliases, sendDocument, updateDocument,
  type EDocument, type EDocumentOptions, type EInvoicePrefix, type GibAlias, type Profile, type TypeCode, type ValidationProblem,
} from './api';
import {
  POLL_MS, actionsOf, cleanOptions, codeOf, editNeedsConfirm, groupProblems, lateEArchiveCancel, optionsOf, profilesFor, stepOf, typesFor, withProfile,
  type DialogAction, type ProblemGroup, type Source,
} from './steps';
import { StatusTag } from './StatusTag';

export interface CheckDialogProps {
  host: WorkbenchHost;
  source: Source;
  /** The invoice's or the despatch's id. */
  sourceId: number;
  /** Its number as shown in the title. */
  label: string;
  /** The e-document as last read (null: none yet). */
  document: EDocument | null;
  /** The returned document replaces the shown one; the page's button follows. */
  onChange: (doc: EDocument | null) => void;
  /** After "take back to edit": the page opens its edit screen. */
  onEdit?: () => void;
  onClose: () => void;
}

const ACTION_ICON: Record<DialogAction, IconName> = {
  check: 'search-template', approve: 'tick', send: 'send-message', resend: 'repeat', refresh: 'refresh', cancel: 'disable', edit: 'edit',
};
const ACTION_INTENT: Partial<Record<DialogAction, Intent>> = { approve: 'primary', send: 'success', resend: 'warning', cancel: 'danger' };

/** The authorities each action needs (the calls' x-authority). */
function gateOf(source: Source, a: DialogAction): string[] {
  if (source === 'despatch') return a === 'cancel' ? ['26_4'] : ['26_3'];
  return a === 'cancel' ? ['11_46'] : ['11_3'];
}

/**
 * The invoice (or despatch) check dialog (seeds 001 §2, §4): three steps — Kontrol (CHECK builds
 * and validates the UBL-TR document; its problems are listed by where to fix them, with the
 * sending options: scenario and invoice type, receiver tag from the buyer's GİB mailboxes, series,
 * e-Arşiv e-mail), Önizleme (after APPROVE, GİB's display in a frame that runs no script) and
 * Durum (SENDING is asked again every 2 s until it leaves SENDING; SUCCESS, FAILURE, UNKNOWN,
 * CANCEL with colour, label and reason). Each action's answer replaces the shown document.
 */
export function CheckDialog(props: CheckDialogProps) {
  const { host, source, sourceId } = props;
  const shell = useShell();
  const { t } = useTexts();
  const { confirm, dialog } = useConfirm();
  const [doc, setDocState] = useState<EDocument | null>(props.document);
  const [options, setOptions] = useState<EDocumentOptions>(() => optionsOf(props.document));
  const [busy, setBusy] = useState<DialogAction | null>(null);
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  /** A returned document replaces the shown one; after a CHECK the person's choices stay over the document's. */
  const setDoc = useCallback((d: EDocument | null, keepChoices = false) => {
    setDocState(d);
    setOptions((o) => (keepChoices ? { ...optionsOf(d), ...cleanOptions(o) } : optionsOf(d)));
    onChange.current(d);
  }, []);

  const family = familyOf(source, doc);
  const step = stepOf(doc);
  const docId = doc?.id;
  const status = doc?.status;
  const category = doc?.type ?? null;
  const party = doc?.partyIdentifier ?? null;

  // SENDING: asked again every 2 s until it leaves SENDING (only answers read while this dialog is open count).
  const sending = status === 'SENDING' && docId !== undefined;
  const polled = useApiData(['GET', PATHS.one, { id: docId }], (api) => getDocument(api, docId!), {
    enabled: sending, report: false, staleTime: 0, refetchInterval: sending ? POLL_MS : false,
  });
  const polledDoc = polled.isFetchedAfterMount ? polled.data : undefined;
  useEffect(() => {
    if (sending && polledDoc && polledDoc.id === docId && polledDoc.status !== 'SENDING') setDoc(polledDoc);
  }, [sending, polledDoc, docId, setDoc]);

  // Step 1: GİB's display, as text, into a frame without scripts.
  const preview = useApiData(['GET', PATHS.html, { id: docId }], (api) => documentHtml(api, docId!), { enabled: step === 1 && docId !== undefined });
  const html: string | 'failed' | null = step !== 1 || docId === undefined ? null : preview.data ?? (preview.isError ? 'failed' : null);

  // Step 0 with a document: the series of its family and the receiver's mailboxes.
  const checked = status === 'CONTROL';
  const prefixRead = useApiData(['GET', `${API}/${family}/prefix-list`], (api) => prefixList(api, family), { enabled: checked, report: false });
  const prefixes: EInvoicePrefix[] | null = prefixRead.data ?? (prefixRead.isError ? [] : null);
  const askAliases = checked && family !== 'e-archive' && Boolean(party);
  const aliasRead = useApiData(
    ['GET', `${API}/${family}/customer-pk-list`, { identifier: party }], (api) => receiverAliases(api, family, party!), { enabled: askAliases, report: false },
  );
  const aliases: GibAlias[] | 'failed' | null = !askAliases ? null : aliasRead.data ?? (aliasRead.isError ? 'failed' : null);

  const groups = groupProblems(doc?.problems ?? []);
  // The invoice or despatch itself: its number for the title, its current for the customer's link.
  const sourcePath = source === 'invoice' ? `${API}/invoices/{id}` : `${API}/despatches/{id}`;
  const sourceRead = useApiData(['GET', sourcePath, { id: sourceId }], (api) => {
    const get = api.request as unknown as (m: string, p: string, i: object) => Promise<{ currentId?: number; documentNo?: string | null; waybillNo?: string | null }>;
    return get('GET', sourcePath, { params: { path: { id: sourceId } } });
  }, { report: false });
  const currentId = typeof sourceRead.data?.currentId === 'number' ? sourceRead.data.currentId : null;
  const sourceNo = (source === 'invoice' ? sourceRead.data?.documentNo : sourceRead.data?.waybillNo) ?? null;

  /** After an action: what was read of this document before it is forgotten, the lists and statuses read again. */
  function refreshAfter(id: number | undefined) {
    if (id !== undefined) {
      client.removeQueries({ queryKey: ['GET', PATHS.one, { id }] });
      client.removeQueries({ queryKey: ['GET', PATHS.html, { id }] });
    }
    void invalidate(`${API}/e-documents`, collectionOf(sourcePath));
  }

  async function run(action: DialogAction) {
    const current = doc;
    if (action === 'edit' && editNeedsConfirm(current) && !(await confirm({ detail: t('dialog.editConfirm') }))) return;
    let confirmLate = false;
    if (action === 'cancel' && current) {
      confirmLate = lateEArchiveCancel(current);
      const ok = await confirm(confirmLate ? { detail: t('dialog.lateWarning') } : { detail: t('dialog.cancelConfirm') });
      if (!ok) return;
    }
    setBusy(action);
    try {
      const opts = cleanOptions(options);
      let next: EDocument | null;
      switch (action) {
        // The server decides the category on CHECK: invoices are checked through e-invoice.
        case 'check': next = await updateDocument(shell.api, source === 'invoice' ? 'e-invoice' : 'e-despatch', sourceId, 'CHECK', opts); break;
        case 'approve': next = await updateDocument(shell.api, family, sourceId, 'APPROVE'); break;
        case 'send': next = await sendDocument(shell.api, family, sourceId, opts); break;
        case 'resend': next = await updateDocument(shell.api, family, sourceId, 'RESEND'); break;
        case 'refresh': next = await updateDocument(shell.api, family, sourceId, 'REFRESH'); break;
        case 'edit': next = await updateDocument(shell.api, family, sourceId, 'EDIT'); break;
        case 'cancel': {
          try {
            next = await cancelDocument(shell.api, family, sourceId, confirmLate ? { confirmLate: true } : {});
          } catch (e) {
            // The server counts the 7 days by its own clock: past them it asks for the warning too.
            if (codeOf(e) !== 'EARCHIVE_CANCEL_LATE' || confirmLate) throw e;
            setBusy(null);
            if (!(await confirm({ detail: t('dialog.lateWarning') }))) return;
            setBusy('cancel');
            next = await cancelDocument(shell.api, family, sourceId, { confirmLate: true });
          }
          break;
        }
      }
      refreshAfter(next?.id ?? current?.id);
      setDoc(next, action === 'check');
      host.notify.success(t(`dialog.done.${action}`));
      if (action === 'edit') props.onEdit?.();
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  const actions = actionsOf(doc, source).filter((a) => host.can({ codes: gateOf(source, a) }));
  const title = t('dialog.title', { no: doc?.documentNo ?? sourceNo ?? props.label });
  const stepNames = [t('dialog.steps.0'), t('dialog.steps.1'), t('dialog.steps.2')];

  return (
    <Dialog isOpen onClose={props.onClose} title={title} icon="document-share" style={{ width: 'min(920px, 96vw)' }} aria-label={title}>
      <DialogBody>
        <ol aria-label={t('button')} style={{ display: 'flex', gap: 16, listStyle: 'none', padding: 0, margin: '0 0 12px' }}>
          {stepNames.map((name, i) => (
            <li key={name} aria-current={i === step ? 'step' : undefined} style={{ fontWeight: i === step ? 700 : 400, opacity: i > step ? 0.55 : 1 }}>
              {`${i + 1}. ${name}`}
            </li>
          ))}
        </ol>
        {doc && (
          <p style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusTag status={doc.status} />
            <span>{t(`categories.${doc.type}`)}</span>
            {doc.documentNo && <span>{t('dialog.number')}: <strong>{doc.documentNo}</strong></span>}
            {step === 2 && <span className={Classes.TEXT_MUTED}>{t('dialog.ettn')}: {doc.uuid}</span>}
          </p>
        )}
        {step === 0 && <ControlStep doc={doc} groups={groups} host={host} currentId={currentId} />}
        {step === 0 && doc && (
          <OptionsForm
            source={source} category={category} options={options} onChange={setOptions}
            aliases={aliases} prefixes={prefixes} showEmail={family === 'e-archive'} showAliases={family !== 'e-archive'}
          />
        )}
        {step === 1 && (
          html === null ? <div role="status"><Spinner size={20} /> {t('dialog.previewLoading')}</div>
            : html === 'failed' ? <Callout intent="danger">{t('dialog.previewFailed')}</Callout>
              : <iframe sandbox="" srcDoc={html} title={t('dialog.preview')} style={{ width: '100%', height: '60vh', border: '1px solid #ccc', background: '#fff' }} />
        )}
        {step === 2 && doc && <StatusStep doc={doc} />}
      </DialogBody>
      <DialogFooter actions={<>
        {actions.map((a) => (
          <Button
            key={a} icon={ACTION_ICON[a]} intent={ACTION_INTENT[a]} text={t(`dialog.actions.${a}`)} loading={busy === a} disabled={busy !== null && busy !== a}
            onClick={() => { void run(a); }}
          />
        ))}
        <Button text={t('dialog.actions.close')} onClick={props.onClose} />
      </>} />
      {dialog}
    </Dialog>
  );
}

function ControlStep(props: { doc: EDocument | null; groups: [ProblemGroup, ValidationProblem[]][]; host: WorkbenchHost; currentId: number | null }) {
  const { t } = useTexts();
  const { doc, groups, host } = props;
  if (!doc) return <Callout intent="primary" icon="info-sign">{t('dialog.notChecked')}</Callout>;
  if (groups.length === 0) return <Callout intent="success" icon="tick-circle">{t('dialog.valid')}</Callout>;
  const go = (to: string) => (e: MouseEvent) => { e.preventDefault(); host.navigate(to); };
  return (
    <Callout intent="warning" icon="warning-sign" title={t('dialog.problems')}>
      {groups.map(([g, list]) => (
        <section key={g} aria-label={t(`dialog.groups.${g}`)} style={{ marginTop: 8 }}>
          <strong>{t(`dialog.groups.${g}`)}</strong>
          {g === 'company' && (
            <p style={{ margin: '2px 0' }}>{t('dialog.companyHint')} — <a href="/company-settings" onClick={go('/company-settings')}>{t('dialog.openCompany')}</a></p>
          )}
          {g === 'customer' && props.currentId !== null && (
            <p style={{ margin: '2px 0' }}><a href={`/customer/${props.currentId}`} onClick={go(`/customer/${props.currentId}`)}>{t('dialog.openCustomer')}</a></p>
          )}
          <ul style={{ margin: '2px 0', paddingLeft: 20 }}>
            {list.map((p, i) => <li key={i}>{p.message}{p.detail ? <span className={Classes.TEXT_MUTED}> ({p.detail})</span> : null}</li>)}
          </ul>
        </section>
      ))}
    </Callout>
  );
}

/** An e-İrsaliye's carrier or driver and plate (GİB wants a carrier or a driver). */
const TRANSPORT_FIELDS = [
  ['carrierVknTckn', 11], ['carrierName', 200], ['driverFirstName', 100], ['driverFamilyName', 100], ['driverTckn', 11], ['plate', 20],
] as const;

function OptionsForm(props: {
  source: Source; category: EDocument['type'] | null; options: EDocumentOptions; onChange: (o: EDocumentOptions) => void;
  aliases: GibAlias[] | 'failed' | null; prefixes: EInvoicePrefix[] | null; showEmail: boolean; showAliases: boolean;
}) {
  const { t } = useTexts();
  const { options: o, onChange } = props;
  const profiles = profilesFor(props.source, props.category);
  const types = typesFor(o.profile ?? profiles[0]);
  const set = (patch: EDocumentOptions) => onChange({ ...o, ...patch });
  const row = (id: string, label: string, control: ReactNode) => (
    <tr key={id}><th scope="row"><label htmlFor={id}>{label}</label></th><td>{control}</td></tr>
  );
  const aliasList = Array.isArray(props.aliases) ? props.aliases : [];
  const prefixes = props.prefixes ?? [];
  return (
    <HTMLTable compact aria-label={t('dialog.options')} style={{ marginTop: 12 }}>
      <tbody>
        {row('edoc-profile', t('dialog.profile'), (
          <HTMLSelect id="edoc-profile" value={o.profile ?? ''} onChange={(e) => onChange(withProfile(o, e.currentTarget.value as Profile))}>
            <option value="" disabled>{t('dialog.choose')}</option>
            {profiles.map((p) => <option key={p} value={p}>{t(`profiles.${p}`)}</option>)}
          </HTMLSelect>
        ))}
        {row('edoc-type', props.source === 'despatch' ? t('dialog.despatchType') : t('dialog.invoiceType'), (
          <HTMLSelect id="edoc-type" value={o.invoiceTypeCode ?? ''} onChange={(e) => set({ invoiceTypeCode: e.currentTarget.value as TypeCode })}>
            <option value="" disabled>{t('dialog.choose')}</option>
            {types.map((x) => <option key={x} value={x}>{t(`types.${x}`)}</option>)}
          </HTMLSelect>
        ))}
        {props.showAliases && row('edoc-receiver', t('dialog.receiverTag'), (
          <>
            <HTMLSelect id="edoc-receiver" value={o.receiverTag ?? ''} onChange={(e) => set({ receiverTag: e.currentTarget.value || null })}>
              <option value="">{t('dialog.choose')}</option>
              {o.receiverTag && !aliasList.some((a) => a.alias === o.receiverTag) && <option value={o.receiverTag}>{o.receiverTag}</option>}
              {aliasList.map((a) => <option key={a.alias} value={a.alias}>{a.alias}</option>)}
            </HTMLSelect>
            {props.aliases === 'failed' && <div className={Classes.TEXT_MUTED}>{t('dialog.aliasesFailed')}</div>}
            {Array.isArray(props.aliases) && props.aliases.length === 0 && <div className={Classes.TEXT_MUTED}>{t('dialog.noAliases')}</div>}
          </>
        ))}
        {row('edoc-prefix', t('dialog.prefix'), (
          <HTMLSelect id="edoc-prefix" value={o.prefix ?? ''} onChange={(e) => set({ prefix: e.currentTarget.value || null })}>
            <option value="">{t('dialog.choose')}</option>
            {o.prefix && !prefixes.some((p) => p.prefix === o.prefix) && <option value={o.prefix}>{o.prefix}</option>}
            {prefixes.map((p) => <option key={p.id} value={p.prefix}>{p.prefix}{p.isDefault ? ' *' : ''}</option>)}
          </HTMLSelect>
        ))}
        {props.showEmail && row('edoc-email', t('dialog.email'), (
          <InputGroup id="edoc-email" type="email" value={o.email ?? ''} maxLength={254} onChange={(e) => set({ email: e.currentTarget.value })} />
        ))}
        {props.source === 'despatch' && TRANSPORT_FIELDS.map(([key, max]) => row(`edoc-${key}`, t(`dialog.${key}`), (
          <InputGroup id={`edoc-${key}`} value={(o[key] as string | null | undefined) ?? ''} maxLength={max} onChange={(e) => set({ [key]: e.currentTarget.value })} />
        )))}
      </tbody>
    </HTMLTable>
  );
}

function StatusStep(props: { doc: EDocument }) {
  const { t } = useTexts();
  const d = props.doc;
  return (
    <>
      {d.status === 'SENDING' && <Callout intent="warning" icon="time" role="status">{t('dialog.polling')}</Callout>}
      {d.statusReason && (
        <Callout intent={d.status === 'SUCCESS' ? 'success' : d.status === 'CANCEL' ? 'none' : 'danger'} title={t('dialog.reason')} style={{ marginTop: 8 }}>
          {d.statusReason}
        </Callout>
      )}
      <HTMLTable compact style={{ marginTop: 8 }}>
        <tbody>
          {d.sentAt && <tr><th scope="row">{t('dialog.sentAt')}</th><td>{formatDate(d.sentAt, DATE_FORMATS.DASHED_TIME)}</td></tr>}
          {d.attempts !== undefined && <tr><th scope="row">{t('dialog.attempts')}</th><td>{d.attempts}</td></tr>}
          {d.gibCode && <tr><th scope="row">{t('dialog.gibCode')}</th><td>{d.gibCode}</td></tr>}
        </tbody>
      </HTMLTable>
      {(d.history ?? []).length > 0 && (
        <HTMLTable compact striped aria-label={t('dialog.history')} style={{ marginTop: 8, width: '100%' }}>
          <tbody>
            {d.history!.map((h, i) => (
              <tr key={i}><td style={{ whiteSpace: 'nowrap' }}>{formatDate(h.at, DATE_FORMATS.DASHED_TIME)}</td><td><StatusTag status={h.status} /></td><td>{h.note ?? ''}</td></tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}
