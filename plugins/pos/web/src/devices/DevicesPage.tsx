import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Callout, Dialog, DialogBody, DialogFooter, FormGroup, H2, H5, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { POS_PROVIDER_LABELS, POS_PROVIDERS, TERMINAL_SERIAL, type PosProvider } from '@tezgah/pos-common';
import { useAddRequest, useApiData, useConfirm, useShell } from '@tezgah/workbench/ui';
import { call, page, PATHS, reportPosFailure, type BankAccount, type PosDevice } from '../api';
import { useLang } from '../payments/StatusTag';
import { useTexts } from '../texts';

type Secret = 'appToken' | 'apiKey' | 'password';
export interface DeviceDraft {
  id?: number; name: string; terminalSerialNo: string; provider: PosProvider; bankAccountId: string; active: boolean;
  username: string; appToken: string; apiKey: string; password: string;
  set: Record<Secret, boolean>;
}

export const newDraft = (): DeviceDraft => ({
  name: '', terminalSerialNo: '', provider: 'SANDBOX', bankAccountId: '', active: true, username: '', appToken: '', apiKey: '', password: '',
  set: { appToken: false, apiKey: false, password: false },
});
export function deviceDraft(d: PosDevice): DeviceDraft {
  return {
    id: d.id, name: d.name, terminalSerialNo: d.terminalSerialNo, provider: d.provider, bankAccountId: String(d.bankAccountId), active: d.active,
    username: d.username ?? '', appToken: '', apiKey: '', password: '', set: { appToken: d.appTokenSet, apiKey: d.apiKeySet, password: d.passwordSet },
  };
}

/**
 * The body of POST / PUT pos-devices (devices.yaml PosDeviceCreate / Change), or what is wrong:
 * the credentials are write-only (a secret left empty is left out, the stored one stays).
 */
export function deviceBody(d: DeviceDraft): { body: Record<string, unknown> } | { error: 'serialNeeded' | 'bankNeeded' | 'nameNeeded' } {
  const serial = d.terminalSerialNo.trim();
  if (!TERMINAL_SERIAL.test(serial)) return { error: 'serialNeeded' };
  if (!d.name.trim()) return { error: 'nameNeeded' };
  const bankAccountId = Number(d.bankAccountId);
  if (!Number.isInteger(bankAccountId) || bankAccountId < 1) return { error: 'bankNeeded' };
  const secrets = Object.fromEntries((['appToken', 'apiKey', 'password'] as const).filter((k) => d[k]).map((k) => [k, d[k]]));
  return {
    body: {
      ...(d.id ? { id: d.id } : {}), name: d.name.trim(), terminalSerialNo: serial, provider: d.provider, bankAccountId, active: d.active,
      username: d.username.trim() === '' ? null : d.username.trim(), ...secrets,
    },
  };
}

function DeviceDialog(props: { draft: DeviceDraft; banks: BankAccount[]; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const lang = useLang();
  const [d, setD] = useState(props.draft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    const r = deviceBody(d);
    if ('error' in r) { setError(t(`devices.${r.error}`)); return; }
    setError(null);
    setBusy(true);
    try {
      await call(shell.api)(d.id ? 'PUT' : 'POST', PATHS.devices, { body: r.body });
      shell.notify.success(t('devices.saved'));
      props.onSaved();
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    } finally {
      setBusy(false);
    }
  }
  const secret = (k: Secret, max: number) => (
    <FormGroup label={t(`devices.${k}`)} labelFor={`pos-dev-${k}`} helperText={d.set[k] ? t('common.keepHint') : undefined}>
      <InputGroup
        id={`pos-dev-${k}`} type="password" autoComplete="new-password" maxLength={max} value={d[k]} placeholder={d.set[k] ? t('common.stored') : ''}
        rightElement={d.set[k] ? <Tag minimal intent="success">{t('common.stored')}</Tag> : undefined}
        onChange={(e) => setD({ ...d, [k]: e.currentTarget.value })}
      />
    </FormGroup>
  );
  return (
    <Dialog isOpen title={d.id ? t('devices.dialogEdit', { serial: props.draft.terminalSerialNo }) : t('devices.dialogNew')} onClose={props.onClose}>
      <DialogBody>
        <FormGroup label={t('devices.serial')} labelFor="pos-dev-serial">
          <InputGroup id="pos-dev-serial" value={d.terminalSerialNo} maxLength={32} onChange={(e) => setD({ ...d, terminalSerialNo: e.currentTarget.value })} />
        </FormGroup>
        <FormGroup label={t('devices.name')} labelFor="pos-dev-name">
          <InputGroup id="pos-dev-name" value={d.name} maxLength={100} onChange={(e) => setD({ ...d, name: e.currentTarget.value })} />
        </FormGroup>
        <FormGroup label={t('devices.provider')} labelFor="pos-dev-provider">
          <HTMLSelect id="pos-dev-provider" fill value={d.provider} onChange={(e) => setD({ ...d, provider: e.currentTarget.value as PosProvider })}>
            {POS_PROVIDERS.map((p) => <option key={p} value={p}>{POS_PROVIDER_LABELS[p][lang]}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('devices.bankAccount')} labelFor="pos-dev-bank">
          <HTMLSelect id="pos-dev-bank" fill value={d.bankAccountId} onChange={(e) => setD({ ...d, bankAccountId: e.currentTarget.value })}>
            <option value="">{t('devices.chooseBank')}</option>
            {props.banks.map((b) => <option key={b.id} value={String(b.id)}>{b.bankName ? `${b.name} · ${b.bankName}` : b.name}</option>)}
          </HTMLSelect>
        </FormGroup>
        <Switch label={t('devices.active')} checked={d.active} onChange={(e) => setD({ ...d, active: e.currentTarget.checked })} />
        <H5>{t('devices.credentials')}</H5>
        {secret('appToken', 500)}
        {secret('apiKey', 500)}
        <FormGroup label={t('devices.username')} labelFor="pos-dev-username">
          <InputGroup id="pos-dev-username" value={d.username} maxLength={100} autoComplete="off" onChange={(e) => setD({ ...d, username: e.currentTarget.value })} />
        </FormGroup>
        {secret('password', 200)}
        {error ? <Callout intent="danger" role="alert">{error}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text={t('common.cancel')} onClick={props.onClose} /><Button intent="primary" text={t('common.save')} loading={busy} onClick={() => { void save(); }} /></>} />
    </Dialog>
  );
}

/**
 * /pos-devices (seeds 001 §2 "POS device settings", §3 POS provider fields): the company's
 * terminals with their serial number, provider, the POS bank account they settle into, and the
 * provider's credentials, which are write-only (stored sealed; the list says only whether each is set).
 */
export default function DevicesPage(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const lang = useLang();
  const { confirm, dialog } = useConfirm();
  const [addRequested, addHandled] = useAddRequest();
  const can = (action: number) => shell.host.can({ module: 27, anyActions: [action] });
  // The devices (a visit shows them at once and reads them again; a save or a delete through the SDK reads them again too).
  const list = useApiData(
    ['GET', PATHS.devices, { page: 0, size: 100, sort: 'id,asc' }, 'page'],
    (api) => page(api)(PATHS.devices, { params: { query: { page: 0, size: 100, sort: 'id,asc' } } }).then((r) => r.items as PosDevice[]),
    { refetchOnEveryMount: true, report: (e) => reportPosFailure(shell.notify, e, t) },
  );
  const devices: PosDevice[] | null = list.data ?? (list.isError ? [] : null);
  const banks: BankAccount[] = useApiData(
    ['GET', PATHS.bankAccounts, { page: 0, size: 100, accountType: 'POS' }, 'page'],
    (api) => page(api)(PATHS.bankAccounts, { params: { query: { page: 0, size: 100, accountType: 'POS' } } }).then((r) => r.items as BankAccount[]),
    { report: false },
  ).data ?? [];
  const [editing, setEditing] = useState<DeviceDraft | null>(null);
  useEffect(() => {
    if (addRequested) { setEditing(newDraft()); addHandled(); }
  }, [addRequested, addHandled]);

  async function remove(d: PosDevice) {
    if (!(await confirm({ message: t('common.removeConfirm', { name: d.terminalSerialNo }) }))) return;
    try {
      await call(shell.api)('DELETE', PATHS.device, { params: { path: { id: d.id } } });
      shell.notify.success(t('devices.removed'));
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    }
  }

  return (
    <section aria-label={t('devices.title')}>
      <H2>{t('devices.title')}</H2>
      {can(2) ? <Button intent="primary" icon="add" text={t('devices.add')} onClick={() => setEditing(newDraft())} style={{ marginBottom: 12 }} /> : null}
      {devices === null ? <Spinner size={20} /> : devices.length === 0 ? <NonIdealState icon="mobile-phone" title={t('devices.none')} /> : (
        <div style={{ overflowX: 'auto' }}>
          <HTMLTable compact striped aria-label={t('devices.table')} style={{ width: '100%' }}>
            <thead><tr><th>{t('devices.serial')}</th><th>{t('devices.name')}</th><th>{t('devices.provider')}</th><th>{t('devices.bankAccount')}</th><th>{t('devices.credentials')}</th><th /></tr></thead>
            <tbody>
              {devices.map((d) => (
                <tr key={d.id}>
                  <td>{d.terminalSerialNo} {d.active ? null : <Tag minimal>{t('devices.passive')}</Tag>}</td>
                  <td>{d.name}</td>
                  <td>{(POS_PROVIDER_LABELS as Record<string, { tr: string; en: string } | undefined>)[d.provider]?.[lang] ?? d.provider}</td>
                  <td>{d.bankAccountName ?? ''}</td>
                  <td>
                    {(['appToken', 'apiKey', 'password'] as const).map((k) => (d[`${k}Set`] ? <Tag key={k} minimal intent="success" style={{ marginRight: 4 }}>{t(`devices.${k}`)}</Tag> : null))}
                  </td>
                  <td>
                    <ButtonGroup>
                      {can(3) ? <Button size="small" icon="edit" variant="minimal" aria-label={t('devices.editOf', { serial: d.terminalSerialNo })} onClick={() => setEditing(deviceDraft(d))} /> : null}
                      {can(4) ? <Button size="small" icon="trash" variant="minimal" aria-label={t('devices.removeOf', { serial: d.terminalSerialNo })} onClick={() => { void remove(d); }} /> : null}
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {editing ? <DeviceDialog draft={editing} banks={banks} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} /> : null}
      {dialog}
    </section>
  );
}
