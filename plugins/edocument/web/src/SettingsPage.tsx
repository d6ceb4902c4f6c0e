import { useState } from 'react';
import { Button, Callout, Card, Checkbox, FormGroup, H2, H4, HTMLSelect, HTMLTable, InputGroup, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useTexts } from './texts';
import type { ContributionProps } from '@tezgah/core';
import { apiKey, reportFailure, useApiList, useApiQuery, useInvalidate, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { PREFIX_PATTERN, type EDocumentCategory } from '@tezgah/edocument-common';
import { API, PATHS, type EDocumentSettings, type EDocumentSettingsFields, type EInvoicePrefix, type EInvoicePrefixFields } from './api';

const INTEGRATORS = ['KOLAYSOFT', 'FARMAKOM', 'DIGER', 'SECINIZ'] as const;
const URLS = ['eInvoiceUrl', 'eQueryInvoiceUrl', 'eArchiveInvoiceUrl', 'eDespatchUrl', 'eQueryDespatchUrl'] as const;
const KINDS: EDocumentCategory[] = ['EINVOICE', 'EARCHIVE', 'EDESPATCH'];

type Draft = EDocumentSettingsFields & { eInvoicePassword: string; eInvoicePasswordSecondary: string };

/** The body of PUT /e-document-settings: the fields as edited; a password left empty is left out (the stored one stays). */
export function settingsBody(d: Draft): EDocumentSettingsFields {
  const out: Record<string, unknown> = {};
  const keys: (keyof EDocumentSettingsFields)[] = [
    'enabled', 'integrator', 'mode', ...URLS, 'authUrl', ...URLS.map((u) => `${u}Secondary` as const), 'entegratorSecondary',
    'eInvoiceUsername', 'eInvoiceUsernameSecondary', 'senderTag', 'despatchSenderTag', 'earchiveSendType', 'autoSendCashSales',
  ];
  for (const k of keys) {
    const v = d[k];
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
  }
  if (d.eInvoicePassword) out.eInvoicePassword = d.eInvoicePassword;
  if (d.eInvoicePasswordSecondary) out.eInvoicePasswordSecondary = d.eInvoicePasswordSecondary;
  return out as EDocumentSettingsFields;
}

function IntegratorSettings() {
  const shell = useShell();
  const { t } = useTexts();
  const client = useQueryClient();
  const saved = useApiQuery(PATHS.settings).data ?? null;
  // The person's changes over the settings as read; none yet: the form shows what was read.
  const [edits, setD] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const d: Draft | null = edits ?? (saved ? { ...saved, eInvoicePassword: '', eInvoicePasswordSecondary: '' } : null);
  const take = (s: EDocumentSettings) => {
    client.setQueryData(apiKey('GET', PATHS.settings), s);
    setD(null);
  };
  if (!d || !saved) return <div role="status"><Spinner size={20} /></div>;
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  const text = (k: keyof Draft, label: string, type = 'text') => (
    <FormGroup key={k} label={label} labelFor={`edoc-set-${k}`} inline>
      <InputGroup id={`edoc-set-${k}`} type={type} value={String(d[k] ?? '')} maxLength={k.toLowerCase().includes('password') ? 200 : 500} onChange={(e) => set({ [k]: e.currentTarget.value } as Partial<Draft>)} />
    </FormGroup>
  );
  async function save() {
    setBusy(true);
    try {
      take(await shell.api.request('PUT', PATHS.settings, { body: settingsBody(d!) }));
      shell.notify.success(t('settings.saved'));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <H4>{t('settings.integrator')}</H4>
      <p><Tag intent={saved.registered ? 'success' : 'warning'} minimal>{saved.registered ? t('settings.registered') : t('settings.notRegistered')}</Tag></p>
      {(saved.companyProblems ?? []).length > 0 && (
        <Callout intent="warning" title={t('settings.problems')} style={{ marginBottom: 12 }}>
          <p>{t('dialog.companyHint')} — <a href="/company-settings" onClick={(e) => { e.preventDefault(); shell.host.navigate('/company-settings'); }}>{t('dialog.openCompany')}</a></p>
          <ul style={{ margin: 0, paddingLeft: 20 }}>{saved.companyProblems!.map((p, i) => <li key={i}>{p.message}</li>)}</ul>
        </Callout>
      )}
      <Switch checked={Boolean(d.enabled)} label={t('settings.enabled')} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
      <FormGroup label={t('settings.integratorName')} labelFor="edoc-set-integrator" inline>
        <HTMLSelect id="edoc-set-integrator" value={d.integrator ?? ''} onChange={(e) => set({ integrator: e.currentTarget.value as Draft['integrator'] })}>
          <option value="" disabled>{t('dialog.choose')}</option>
          {INTEGRATORS.map((x) => <option key={x} value={x}>{x}</option>)}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('settings.mode')} labelFor="edoc-set-mode" inline>
        <HTMLSelect id="edoc-set-mode" value={d.mode ?? 'sandbox'} onChange={(e) => set({ mode: e.currentTarget.value as Draft['mode'] })}>
          {(['sandbox', 'live'] as const).map((x) => <option key={x} value={x}>{t(`settings.modes.${x}`)}</option>)}
        </HTMLSelect>
      </FormGroup>
      {text('eInvoiceUsername', t('settings.username'))}
      <FormGroup label={t('settings.password')} labelFor="edoc-set-eInvoicePassword" inline helperText={t('settings.passwordHint')}>
        <InputGroup
          id="edoc-set-eInvoicePassword" type="password" autoComplete="new-password" maxLength={200} value={d.eInvoicePassword}
          placeholder={saved.passwordSet ? t('settings.passwordSet') : ''} onChange={(e) => set({ eInvoicePassword: e.currentTarget.value })}
          rightElement={saved.passwordSet ? <Tag minimal intent="success">{t('settings.passwordSet')}</Tag> : undefined}
        />
      </FormGroup>
      {text('senderTag', t('settings.senderTag'))}
      {text('despatchSenderTag', t('settings.despatchSenderTag'))}
      <FormGroup label={t('settings.earchiveSendType')} labelFor="edoc-set-earchiveSendType" inline>
        <HTMLSelect id="edoc-set-earchiveSendType" value={d.earchiveSendType ?? 'ELEKTRONIK'} onChange={(e) => set({ earchiveSendType: e.currentTarget.value as Draft['earchiveSendType'] })}>
          {(['ELEKTRONIK', 'KAGIT'] as const).map((x) => <option key={x} value={x}>{t(`settings.sendTypes.${x}`)}</option>)}
        </HTMLSelect>
      </FormGroup>
      <Checkbox checked={Boolean(d.autoSendCashSales)} label={t('settings.autoSendCashSales')} onChange={(e) => set({ autoSendCashSales: e.currentTarget.checked })} />
      <H4 style={{ marginTop: 16 }}>{t('settings.urls')} · {t('settings.primary')}</H4>
      {URLS.map((u) => text(u, t(`settings.${u}`), 'url'))}
      {text('authUrl', t('settings.authUrl'), 'url')}
      <H4 style={{ marginTop: 16 }}>{t('settings.urls')} · {t('settings.secondary')}</H4>
      <FormGroup label={t('settings.integratorSecondary')} labelFor="edoc-set-entegratorSecondary" inline>
        <HTMLSelect id="edoc-set-entegratorSecondary" value={d.entegratorSecondary ?? ''} onChange={(e) => set({ entegratorSecondary: (e.currentTarget.value || null) as Draft['entegratorSecondary'] })}>
          <option value="">{t('settings.none')}</option>
          {INTEGRATORS.map((x) => <option key={x} value={x}>{x}</option>)}
        </HTMLSelect>
      </FormGroup>
      {URLS.map((u) => text(`${u}Secondary`, `${t(`settings.${u}`)} (${t('settings.secondary')})`, 'url'))}
      {text('eInvoiceUsernameSecondary', `${t('settings.username')} (${t('settings.secondary')})`)}
      <FormGroup label={`${t('settings.password')} (${t('settings.secondary')})`} labelFor="edoc-set-eInvoicePasswordSecondary" inline helperText={t('settings.passwordHint')}>
        <InputGroup
          id="edoc-set-eInvoicePasswordSecondary" type="password" autoComplete="new-password" maxLength={200} value={d.eInvoicePasswordSecondary}
          placeholder={saved.passwordSecondarySet ? t('settings.passwordSet') : ''} onChange={(e) => set({ eInvoicePasswordSecondary: e.currentTarget.value })}
          rightElement={saved.passwordSecondarySet ? <Tag minimal intent="success">{t('settings.passwordSet')}</Tag> : undefined}
        />
      </FormGroup>
      <Button intent="primary" icon="floppy-disk" text={t('settings.save')} loading={busy} onClick={() => { void save(); }} />
    </Card>
  );
}

type Row = EInvoicePrefixFields & { key: number; id?: number; used?: boolean; lastNo?: string | null };

/** The company's series, edited as one list and saved with PUT /e-invoice-prefixes-list; its description is the outcome. */
function Prefixes() {
  const shell = useShell();
  const { t } = useTexts();
  const invalidate = useInvalidate();
  const read = useApiList(PATHS.prefixes, { params: { query: { page: 0, size: 100 } } });
  // The list as edited; none yet: the series as read.
  const [edited, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const toRows = (list: EInvoicePrefix[]): Row[] => list.map((p, i) => ({ ...p, key: i + 1 }));
  const rows: Row[] | null = edited ?? (read.data ? toRows(read.data.items) : null);
  if (!rows) return <div role="status"><Spinner size={20} /></div>;
  const change = (key: number, patch: Partial<Row>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const bad = rows.some((r) => !PREFIX_PATTERN.test(r.prefix));
  async function save() {
    setBusy(true);
    try {
      const r = await shell.api.request('PUT', PATHS.prefixesList, { body: rows!.map((x) => ({ prefix: x.prefix, kind: x.kind, isDefault: Boolean(x.isDefault), active: x.active !== false })) });
      setRows(toRows(r.prefixes));
      // The series as read elsewhere (this list, the check dialog's choice of series) are read again.
      void invalidate(PATHS.prefixes, `${API}/e-invoice/prefix-list`, `${API}/e-archive/prefix-list`, `${API}/e-despatch/prefix-list`);
      setOutcome({ ok: true, text: r.description });
      shell.notify.success(r.description);
    } catch (e) {
      const x = e as { detail?: string; title?: string };
      setOutcome({ ok: false, text: x.detail ?? x.title ?? '' });
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card style={{ marginTop: 12 }}>
      <H4>{t('settings.prefixes')}</H4>
      <p className="bp6-text-muted">{t('settings.prefixRule')}</p>
      {outcome && <Callout intent={outcome.ok ? 'success' : 'danger'} role="status" style={{ marginBottom: 8 }}>{outcome.text}</Callout>}
      {rows.length === 0 ? <p>{t('settings.noPrefixes')}</p> : (
        <HTMLTable compact striped aria-label={t('settings.prefixes')}>
          <thead><tr><th>{t('settings.prefix')}</th><th>{t('settings.kind')}</th><th>{t('settings.isDefault')}</th><th>{t('settings.active')}</th><th>{t('settings.lastNo')}</th><th /></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <td>
                  <InputGroup
                    aria-label={t('settings.prefix')} value={r.prefix} maxLength={3} disabled={r.used} intent={PREFIX_PATTERN.test(r.prefix) ? 'none' : 'danger'} style={{ width: 70 }}
                    onChange={(e) => change(r.key, { prefix: e.currentTarget.value.toUpperCase() })}
                  />
                </td>
                <td>
                  <HTMLSelect aria-label={t('settings.kind')} value={r.kind} disabled={r.used} onChange={(e) => change(r.key, { kind: e.currentTarget.value as EDocumentCategory })}>
                    {KINDS.map((k) => <option key={k} value={k}>{t(`categories.${k}`)}</option>)}
                  </HTMLSelect>
                </td>
                <td><Checkbox aria-label={t('settings.isDefault')} checked={Boolean(r.isDefault)} onChange={(e) => change(r.key, { isDefault: e.currentTarget.checked })} /></td>
                <td><Checkbox aria-label={t('settings.active')} checked={r.active !== false} onChange={(e) => change(r.key, { active: e.currentTarget.checked })} /></td>
                <td>{r.lastNo ?? ''}{r.used ? <> <Tag minimal>{t('settings.used')}</Tag></> : null}</td>
                <td><Button variant="minimal" icon="trash" aria-label={t('settings.removePrefix', { prefix: r.prefix })} onClick={() => setRows(rows.filter((x) => x.key !== r.key))} /></td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
        <Button icon="add" text={t('settings.addPrefix')} onClick={() => setRows([...rows, { key: Math.max(0, ...rows.map((r) => r.key)) + 1, prefix: '', kind: 'EINVOICE', isDefault: false, active: true }])} />
        <Button intent="primary" icon="floppy-disk" text={t('settings.savePrefixes')} disabled={bad} loading={busy} onClick={() => { void save(); }} />
      </div>
    </Card>
  );
}

/** /e-document-settings: the integrator settings and the series (company module, 21). */
export default function SettingsPage(_props: ContributionProps) {
  const { t } = useTexts();
  return (
    <section aria-label={t('settings.title')}>
      <H2>{t('settings.title')}</H2>
      <IntegratorSettings />
      <Prefixes />
    </section>
  );
}
