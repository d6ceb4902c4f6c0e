import { useCallback, useEffect, useState } from 'react';
import { Button, Card, FormGroup, H2, H4, HTMLSelect, HTMLTable, InputGroup, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useApiData, reportFailure, useShell } from '@tezgah/workbench/ui';
import { type PharmacySettings } from '../api';
import { PATHS, call } from '../api';
import { useTexts } from '../texts';
import { OutboxView } from './OutboxView';

type Mode = 'sandbox' | 'live';
export interface SettingsDraft {
  medula: { mode: Mode; username: string; password: string; pharmacyCode: string };
  its: { mode: Mode; username: string; password: string };
  uts: { mode: Mode; token: string };
  rules: { key: number; name: string; value: string }[];
}

export function draftOf(s: PharmacySettings): SettingsDraft {
  return {
    medula: { mode: s.medula.mode, username: s.medula.username ?? '', password: '', pharmacyCode: s.medula.pharmacyCode ?? '' },
    its: { mode: s.its.mode, username: s.its.username ?? '', password: '' },
    uts: { mode: s.uts.mode, token: '' },
    rules: Object.entries(s.shareRules ?? {}).map(([name, value], i) => ({ key: i + 1, name, value: String(value) })),
  };
}

/**
 * The body of PUT /pharmacy-settings (settings.yaml PharmacySettingsUpdate): blank text as null, a
 * password or token left empty left out (the stored one stays), the share rules by name.
 */
export function settingsBody(d: SettingsDraft) {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    medula: { mode: d.medula.mode, username: text(d.medula.username), pharmacyCode: text(d.medula.pharmacyCode), ...(d.medula.password ? { password: d.medula.password } : {}) },
    its: { mode: d.its.mode, username: text(d.its.username), ...(d.its.password ? { password: d.its.password } : {}) },
    uts: { mode: d.uts.mode, ...(d.uts.token ? { token: d.uts.token } : {}) },
    shareRules: Object.fromEntries(d.rules.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value.trim()])),
  };
}

function Accounts() {
  const shell = useShell();
  const { t } = useTexts();
  const [saved, setSaved] = useState<PharmacySettings | null>(null);
  const [d, setD] = useState<SettingsDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const take = useCallback((s: PharmacySettings) => { setSaved(s); setD(draftOf(s)); }, []);
  // The stored settings fill the form once; a refresh behind it does not overwrite what is being typed.
  const stored = useApiData(['GET', PATHS.settings], (api) => call(api)('GET', PATHS.settings) as Promise<PharmacySettings>).data;
  useEffect(() => {
    if (stored && !saved) take(stored);
  }, [stored, saved, take]);
  if (!d || !saved) return <div role="status"><Spinner size={20} /></div>;
  const set = <K extends 'medula' | 'its' | 'uts'>(k: K, patch: Partial<SettingsDraft[K]>) => setD({ ...d, [k]: { ...d[k], ...patch } });
  const mode = (k: 'medula' | 'its' | 'uts') => (
    <FormGroup label={t('settings.mode')} labelFor={`pharm-${k}-mode`} inline>
      <HTMLSelect id={`pharm-${k}-mode`} value={d[k].mode} onChange={(e) => set(k, { mode: e.currentTarget.value as Mode })}>
        {(['sandbox', 'live'] as const).map((m) => <option key={m} value={m}>{t(`settings.modes.${m}`)}</option>)}
      </HTMLSelect>
    </FormGroup>
  );
  const secret = (k: 'medula' | 'its' | 'uts', field: 'password' | 'token', isSet: boolean | undefined, label: string) => (
    <FormGroup label={label} labelFor={`pharm-${k}-${field}`} inline helperText={t('settings.keepHint')}>
      <InputGroup
        id={`pharm-${k}-${field}`} type="password" autoComplete="new-password" maxLength={field === 'token' ? 500 : 100}
        value={(d[k] as Record<string, string>)[field] ?? ''} placeholder={isSet ? t('settings.stored') : ''}
        onChange={(e) => set(k, { [field]: e.currentTarget.value } as Partial<SettingsDraft[typeof k]>)}
        rightElement={isSet ? <Tag minimal intent="success">{t('settings.stored')}</Tag> : undefined}
      />
    </FormGroup>
  );
  async function save() {
    setBusy(true);
    try {
      take(await call(shell.api)('PUT', PATHS.settings, { body: settingsBody(d!) }) as PharmacySettings);
      shell.notify.success(t('settings.saved'));
    } catch (e) {
      reportFailure(shell.notify, e, t('common.error'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Card role="region" aria-label={t('settings.medula')}>
        <H4>{t('settings.medula')}</H4>
        {mode('medula')}
        <FormGroup label={t('settings.username')} labelFor="pharm-medula-username" inline>
          <InputGroup id="pharm-medula-username" value={d.medula.username} maxLength={50} onChange={(e) => set('medula', { username: e.currentTarget.value })} />
        </FormGroup>
        {secret('medula', 'password', saved.medula.passwordSet, t('settings.password'))}
        <FormGroup label={t('settings.pharmacyCode')} labelFor="pharm-medula-code" inline>
          <InputGroup id="pharm-medula-code" value={d.medula.pharmacyCode} maxLength={12} onChange={(e) => set('medula', { pharmacyCode: e.currentTarget.value })} />
        </FormGroup>
      </Card>
      <Card role="region" aria-label={t('settings.its')}>
        <H4>{t('settings.its')}</H4>
        {mode('its')}
        <FormGroup label={t('settings.itsUsername')} labelFor="pharm-its-username" inline>
          <InputGroup id="pharm-its-username" value={d.its.username} maxLength={17} inputMode="numeric" onChange={(e) => set('its', { username: e.currentTarget.value })} />
        </FormGroup>
        {secret('its', 'password', saved.its.passwordSet, t('settings.password'))}
      </Card>
      <Card role="region" aria-label={t('settings.uts')}>
        <H4>{t('settings.uts')}</H4>
        {mode('uts')}
        {secret('uts', 'token', saved.uts.tokenSet, t('settings.token'))}
      </Card>
      <Card role="region" aria-label={t('settings.shareRules')}>
        <H4>{t('settings.shareRules')}</H4>
        {d.rules.length === 0 ? <p className="bp6-text-muted">{t('settings.noRules')}</p> : (
          <HTMLTable compact aria-label={t('settings.shareRules')}>
            <thead><tr><th>{t('settings.ruleName')}</th><th>{t('settings.ruleValue')}</th><th /></tr></thead>
            <tbody>{d.rules.map((r) => (
              <tr key={r.key}>
                <td><InputGroup aria-label={t('settings.ruleName')} value={r.name} maxLength={40} onChange={(e) => { const v = e.currentTarget.value; setD({ ...d, rules: d.rules.map((x) => (x.key === r.key ? { ...x, name: v } : x)) }); }} /></td>
                <td><InputGroup aria-label={t('settings.ruleValue')} value={r.value} maxLength={20} onChange={(e) => { const v = e.currentTarget.value; setD({ ...d, rules: d.rules.map((x) => (x.key === r.key ? { ...x, value: v } : x)) }); }} /></td>
                <td><Button variant="minimal" icon="trash" aria-label={t('settings.removeRule', { name: r.name })} onClick={() => setD({ ...d, rules: d.rules.filter((x) => x.key !== r.key) })} /></td>
              </tr>
            ))}</tbody>
          </HTMLTable>
        )}
        <Button icon="add" text={t('settings.addRule')} onClick={() => setD({ ...d, rules: [...d.rules, { key: d.rules.reduce((k, r) => Math.max(k, r.key), 0) + 1, name: '', value: '' }] })} />
      </Card>
      <div><Button intent="primary" icon="floppy-disk" text={t('common.save')} loading={busy} onClick={() => { void save(); }} /></div>
    </div>
  );
}

/** /pharmacy-settings: the Medula, İTS and ÜTS accounts and the share rules; the notifications waiting (İTS/ÜTS and Medula) on a tab. */
export default function SettingsPage(_props: ContributionProps) {
  const { t } = useTexts();
  const [tab, setTab] = useState<'accounts' | 'outbox'>('accounts');
  return (
    <section aria-label={t('settings.title')}>
      <H2>{t('settings.title')}</H2>
      <Tabs id="pharmacy-settings-tabs" selectedTabId={tab} onChange={(id) => setTab(id as 'accounts' | 'outbox')} renderActiveTabPanelOnly>
        <Tab id="accounts" title={t('settings.tabs.accounts')} panel={<Accounts />} />
        <Tab id="outbox" title={t('settings.tabs.outbox')} panel={<OutboxView />} />
      </Tabs>
    </section>
  );
}
