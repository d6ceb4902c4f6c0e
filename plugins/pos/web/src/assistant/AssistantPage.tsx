import { useState } from 'react';
import { Button, ButtonGroup, Callout, Card, Dialog, DialogBody, DialogFooter, FormGroup, H2, H4, HTMLSelect, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { DATE_FORMATS, formatDate, type ContributionProps } from '@tezgah/core';
import { DATABASE_TYPES, PHARMACY_SOFTWARE, type DatabaseType } from '@tezgah/pos-common';
import { useApiData, useConfirm, useInvalidate, useShell } from '@tezgah/workbench/ui';
import { call, page, PATHS, reportPosFailure, type AssistantCheck, type ConnectorSetting, type KolayAsistan, type LastVersion } from '../api';
import { useTexts } from '../texts';

/** a < b for dotted versions ('2.3.9' < '2.4.0'). */
export function olderThan(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}

export interface ConnectorDraft {
  id?: number; assistantId: string; vendor: string; databaseType: DatabaseType; host: string; port: string; databaseName: string; username: string; password: string; passwordSet: boolean;
}
const EMPTY: ConnectorDraft = { assistantId: '', vendor: PHARMACY_SOFTWARE[0].code, databaseType: PHARMACY_SOFTWARE[0].databaseType, host: '', port: String(PHARMACY_SOFTWARE[0].port), databaseName: '', username: '', password: '', passwordSet: false };

export function connectorDraft(c: ConnectorSetting): ConnectorDraft {
  return { id: c.id, assistantId: c.assistantId ? String(c.assistantId) : '', vendor: c.vendor, databaseType: c.databaseType, host: c.host, port: String(c.port), databaseName: c.databaseName, username: c.username, password: '', passwordSet: c.passwordSet };
}

/** The body of POST / PUT connector-settings (assistant.yaml ConnectorSettingInput / Change): a password left empty keeps the stored one. */
export function connectorBody(d: ConnectorDraft) {
  return {
    ...(d.id ? { id: d.id } : {}),
    assistantId: d.assistantId ? Number(d.assistantId) : null,
    vendor: d.vendor, databaseType: d.databaseType, host: d.host.trim(), port: Number(d.port), databaseName: d.databaseName.trim(), username: d.username.trim(),
    ...(d.password ? { password: d.password } : {}),
  };
}

function ConnectorDialog(props: { draft: ConnectorDraft; assistants: KolayAsistan[]; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [d, setD] = useState(props.draft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    if (!/^[0-9A-Za-z_.:-]{1,100}$/.test(d.host.trim())) { setError(t('assistant.hostNeeded')); return; }
    if (!d.databaseName.trim() || !d.username.trim() || !(Number(d.port) >= 1 && Number(d.port) <= 65535)) { setError(t('assistant.fieldsNeeded')); return; }
    setBusy(true);
    try {
      await call(shell.api)(d.id ? 'PUT' : 'POST', PATHS.connectors, { body: connectorBody(d) });
      shell.notify.success(t('assistant.saved'));
      props.onSaved();
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    } finally {
      setBusy(false);
    }
  }
  const field = (k: 'host' | 'port' | 'databaseName' | 'username', max: number) => (
    <FormGroup label={t(`assistant.${k}`)} labelFor={`pos-conn-${k}`}>
      <InputGroup id={`pos-conn-${k}`} value={d[k]} maxLength={max} inputMode={k === 'port' ? 'numeric' : undefined} onChange={(e) => setD({ ...d, [k]: e.currentTarget.value })} />
    </FormGroup>
  );
  return (
    <Dialog isOpen title={t('assistant.dialogConnector')} onClose={props.onClose}>
      <DialogBody>
        <FormGroup label={t('assistant.device')} labelFor="pos-conn-assistant">
          <HTMLSelect id="pos-conn-assistant" fill value={d.assistantId} onChange={(e) => setD({ ...d, assistantId: e.currentTarget.value })}>
            <option value="">{t('assistant.noDevice')}</option>
            {props.assistants.map((a) => <option key={a.id} value={String(a.id)}>{a.name}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('assistant.vendor')} labelFor="pos-conn-vendor">
          <HTMLSelect
            id="pos-conn-vendor" fill value={d.vendor}
            onChange={(e) => {
              const v = PHARMACY_SOFTWARE.find((s) => s.code === e.currentTarget.value);
              setD(v && !d.id ? { ...d, vendor: v.code, databaseType: v.databaseType, port: String(v.port) } : { ...d, vendor: e.currentTarget.value });
            }}
          >
            {PHARMACY_SOFTWARE.map((s) => <option key={s.code} value={s.code}>{s.name}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('assistant.databaseType')} labelFor="pos-conn-dbtype">
          <HTMLSelect id="pos-conn-dbtype" fill value={d.databaseType} onChange={(e) => setD({ ...d, databaseType: e.currentTarget.value as DatabaseType })}>
            {DATABASE_TYPES.map((x) => <option key={x} value={x}>{x}</option>)}
          </HTMLSelect>
        </FormGroup>
        {field('host', 100)}
        {field('port', 5)}
        {field('databaseName', 128)}
        {field('username', 128)}
        <FormGroup label={t('assistant.password')} labelFor="pos-conn-password" helperText={d.passwordSet ? t('common.keepHint') : undefined}>
          <InputGroup id="pos-conn-password" type="password" autoComplete="new-password" maxLength={200} value={d.password} placeholder={d.passwordSet ? t('common.stored') : ''} onChange={(e) => setD({ ...d, password: e.currentTarget.value })} />
        </FormGroup>
        {error ? <Callout intent="danger" role="alert">{error}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text={t('common.cancel')} onClick={props.onClose} /><Button intent="primary" text={t('common.save')} loading={busy} onClick={() => { void save(); }} /></>} />
    </Dialog>
  );
}

function AssistantDialog(props: { onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [name, setName] = useState('');
  const [deviceId, setDeviceId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    if (!name.trim() || !/^[0-9A-Za-z_.:-]{1,64}$/.test(deviceId.trim())) { setError(t('assistant.nameNeeded')); return; }
    setBusy(true);
    try {
      await call(shell.api)('POST', PATHS.assistants, { body: { name: name.trim(), deviceId: deviceId.trim() } });
      shell.notify.success(t('assistant.saved'));
      props.onSaved();
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog isOpen title={t('assistant.dialogDevice')} onClose={props.onClose}>
      <DialogBody>
        <FormGroup label={t('assistant.name')} labelFor="pos-asst-name"><InputGroup id="pos-asst-name" value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} /></FormGroup>
        <FormGroup label={t('assistant.deviceId')} labelFor="pos-asst-device"><InputGroup id="pos-asst-device" value={deviceId} maxLength={64} onChange={(e) => setDeviceId(e.currentTarget.value)} /></FormGroup>
        {error ? <Callout intent="danger" role="alert">{error}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text={t('common.cancel')} onClick={props.onClose} /><Button intent="primary" text={t('common.save')} loading={busy} onClick={() => { void save(); }} /></>} />
    </Dialog>
  );
}

/**
 * /kolay-asistan (seeds 001 §2 "assistant device", §3 assistant record and connector setting, §7):
 * the desktop assistants of the company with their versions against the newest (GET
 * connector/getLastVersion/kolay_asistan) and a check through their local API, and the connector
 * settings (the pharmacy software, its database type and connection) — deleted with DELETE
 * connector-settings-and-pos-assistant/{id}. A failure titled 'Internal Server Error' tells the
 * person to restart the desktop assistant (seeds 001 §8).
 */
export default function AssistantPage(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const { confirm, dialog } = useConfirm();
  const can = (module: number, action: number) => shell.host.can({ module, anyActions: [action] });
  const showConnectors = can(32, 1);
  const [checks, setChecks] = useState<Record<number, AssistantCheck>>({});
  const [editing, setEditing] = useState<ConnectorDraft | null>(null);
  const [adding, setAdding] = useState(false);
  const invalidate = useInvalidate();

  // The assistants and (who may see them) the connector settings, read together (a visit shows them at once and reads them again).
  const lists = useApiData(['GET', PATHS.assistants, { connectors: showConnectors }, 'page'], async (api) => {
    const [a, c] = await Promise.all([
      page(api)(PATHS.assistants, { params: { query: { page: 0, size: 100, sort: 'id,asc' } } }),
      showConnectors ? page(api)(PATHS.connectors, { params: { query: { page: 0, size: 100, sort: 'id,asc' } } }) : Promise.resolve({ items: [], total: 0 }),
    ]);
    return { assistants: a.items as KolayAsistan[], connectors: c.items as ConnectorSetting[] };
  }, { refetchOnEveryMount: true, report: (e) => reportPosFailure(shell.notify, e, t) });
  const assistants: KolayAsistan[] | null = lists.data?.assistants ?? (lists.isError ? [] : null);
  const connectors: ConnectorSetting[] | null = lists.data?.connectors ?? (lists.isError ? [] : null);
  // A change to an assistant or a connector setting reads both lists again (removing a connector removes its assistant too).
  const changed = () => { void invalidate(PATHS.assistants, PATHS.connectors); };
  const lastRead = useApiData(['GET', PATHS.lastVersion], (api) => call(api)('GET', PATHS.lastVersion) as Promise<LastVersion>, { report: false });
  const last: LastVersion | null = lastRead.isError ? null : lastRead.data ?? null;

  async function check(a: KolayAsistan) {
    try {
      const r = await call(shell.api)('POST', PATHS.checkAssistant, { params: { path: { id: a.id } } }) as AssistantCheck;
      setChecks((c) => ({ ...c, [a.id]: r }));
      changed();
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    }
  }
  async function removeAssistant(a: KolayAsistan) {
    if (!(await confirm({ message: t('common.removeConfirm', { name: a.name }) }))) return;
    try {
      await call(shell.api)('DELETE', PATHS.assistant, { params: { path: { id: a.id } } });
      shell.notify.success(t('common.deleted'));
      changed();
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    }
  }
  async function removeConnector(c: ConnectorSetting) {
    if (!(await confirm({ message: t('common.removeConfirm', { name: c.vendorName }) }))) return;
    try {
      await call(shell.api)('DELETE', PATHS.removeConnector, { params: { path: { id: c.id } } });
      shell.notify.success(t('assistant.removed'));
      changed();
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    }
  }
  const nameOf = (id: number | null) => assistants?.find((a) => a.id === id)?.name ?? '';

  return (
    <section aria-label={t('assistant.title')}>
      <H2>{t('assistant.title')}</H2>
      <Card role="region" aria-label={t('assistant.devices')} style={{ marginBottom: 16 }}>
        <H4>{t('assistant.devices')}</H4>
        {last ? <p>{t('assistant.lastVersion', { version: last.version })} · <a href={last.downloadUrl}>{t('assistant.download')}</a></p> : null}
        {assistants === null ? <Spinner size={20} /> : assistants.length === 0 ? <p className="bp6-text-muted">{t('assistant.noDevices')}</p> : (
          <div style={{ overflowX: 'auto' }}>
            <HTMLTable compact striped aria-label={t('assistant.devicesTable')} style={{ width: '100%' }}>
              <thead><tr><th>{t('assistant.name')}</th><th>{t('assistant.deviceId')}</th><th>{t('assistant.version')}</th><th>{t('assistant.lastSeen')}</th><th /></tr></thead>
              <tbody>
                {assistants.map((a) => {
                  const ck = checks[a.id];
                  const v = ck?.version ?? a.version;
                  return (
                    <tr key={a.id}>
                      <td>{a.name}</td>
                      <td>{a.deviceId}</td>
                      <td>{v ?? '—'} {olderThan(v, last?.version) || ck?.updateAvailable ? <Tag intent="warning" minimal>{t('assistant.outdated')}</Tag> : null}
                        {ck ? <Tag intent={ck.reachable ? 'success' : 'danger'} minimal style={{ marginLeft: 4 }}>{t(ck.reachable ? 'assistant.reachable' : 'assistant.unreachable')}</Tag> : null}</td>
                      <td style={{ whiteSpace: 'nowrap' }}>{a.lastSeenAt ? formatDate(a.lastSeenAt, DATE_FORMATS.DASHED_TIME) : ''}</td>
                      <td>
                        <ButtonGroup>
                          {can(28, 3) ? <Button size="small" icon="pulse" text={t('assistant.check')} aria-label={t('assistant.checkOf', { name: a.name })} onClick={() => { void check(a); }} /> : null}
                          {can(28, 4) ? <Button size="small" icon="trash" variant="minimal" aria-label={t('assistant.removeOf', { name: a.name })} onClick={() => { void removeAssistant(a); }} /> : null}
                        </ButtonGroup>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </div>
        )}
        {can(28, 2) ? <Button icon="add" text={t('assistant.addDevice')} onClick={() => setAdding(true)} style={{ marginTop: 8 }} /> : null}
      </Card>
      {showConnectors ? (
        <Card role="region" aria-label={t('assistant.connectors')}>
          <H4>{t('assistant.connectors')}</H4>
          {connectors === null ? <Spinner size={20} /> : connectors.length === 0 ? <p className="bp6-text-muted">{t('assistant.noConnectors')}</p> : (
            <div style={{ overflowX: 'auto' }}>
              <HTMLTable compact striped aria-label={t('assistant.connectorsTable')} style={{ width: '100%' }}>
                <thead><tr><th>{t('assistant.vendor')}</th><th>{t('assistant.databaseType')}</th><th>{t('assistant.host')}</th><th>{t('assistant.databaseName')}</th><th>{t('assistant.device')}</th><th /></tr></thead>
                <tbody>
                  {connectors.map((c) => (
                    <tr key={c.id}>
                      <td>{c.vendorName}</td>
                      <td>{c.databaseType}</td>
                      <td>{`${c.host}:${c.port}`}</td>
                      <td>{c.databaseName}</td>
                      <td>{nameOf(c.assistantId)}</td>
                      <td>
                        <ButtonGroup>
                          {can(32, 3) ? <Button size="small" icon="edit" variant="minimal" aria-label={t('assistant.editOf', { name: c.vendorName })} onClick={() => setEditing(connectorDraft(c))} /> : null}
                          {can(32, 4) ? <Button size="small" icon="trash" variant="minimal" aria-label={t('assistant.removeOf', { name: c.vendorName })} onClick={() => { void removeConnector(c); }} /> : null}
                        </ButtonGroup>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
          {can(32, 2) ? <Button icon="add" text={t('assistant.addConnector')} onClick={() => setEditing({ ...EMPTY })} style={{ marginTop: 8 }} /> : null}
        </Card>
      ) : null}
      {editing ? <ConnectorDialog draft={editing} assistants={assistants ?? []} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); changed(); }} /> : null}
      {adding ? <AssistantDialog onClose={() => setAdding(false)} onSaved={() => { setAdding(false); changed(); }} /> : null}
      {dialog}
    </section>
  );
}
