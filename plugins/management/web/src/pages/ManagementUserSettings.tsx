import { useState } from 'react';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import type { Company } from '@tezgah/sdk';
import { PagedTable, reportFailure, useApiData, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { call, page } from '../announcements/api';

export const USER_SETTINGS = '/services/onmuhasebe/api/management/user-settings';
export const LANGUAGES = ['tr', 'en', 'fr', 'ru', 'zh'] as const;

export interface UserSetting {
  id: number; login: string; firstName: string; lastName: string; email: string; langKey: string; activated: boolean; defaultCompanyId: number | null;
  companies: { companyId: number; name: string; isPrimary: boolean; active: boolean }[];
}

function SettingsDialog(props: { user: UserSetting; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const u = props.user;
  const [langKey, setLangKey] = useState(u.langKey);
  const [activated, setActivated] = useState(u.activated);
  const [defaultCompanyId, setDefault] = useState(u.defaultCompanyId === null ? '' : String(u.defaultCompanyId));
  const [busy, setBusy] = useState(false);
  const self = shell.account?.login === u.login;
  async function save() {
    setBusy(true);
    try {
      await call(shell.api)('PUT', USER_SETTINGS, { body: { id: u.id, langKey, activated, defaultCompanyId: defaultCompanyId ? Number(defaultCompanyId) : null } });
      shell.notify.success(t('userSettings.updated'));
      props.onSaved();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog isOpen title={t('userSettings.edit', { login: u.login })} icon="person" onClose={props.onClose}>
      <DialogBody>
        <FormGroup label={t('userSettings.language')} labelFor="us-lang">
          <HTMLSelect id="us-lang" fill value={langKey} onChange={(e) => setLangKey(e.currentTarget.value)}>
            {LANGUAGES.map((l) => <option key={l} value={l}>{t(`userSettings.languages.${l}`)}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('userSettings.defaultCompany')} labelFor="us-company">
          <HTMLSelect id="us-company" fill value={defaultCompanyId} onChange={(e) => setDefault(e.currentTarget.value)}>
            <option value="">—</option>
            {u.companies.map((c) => <option key={c.companyId} value={String(c.companyId)}>{c.name}</option>)}
          </HTMLSelect>
        </FormGroup>
        <Switch label={t('userSettings.active')} checked={activated} disabled={self} onChange={(e) => setActivated(e.currentTarget.checked)} />
        {self ? <Callout intent="primary">{t('userSettings.selfHint')}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text={k('common.cancel')} onClick={props.onClose} /><Button intent="primary" text={k('common.save')} loading={busy} onClick={() => { void save(); }} /></>} />
    </Dialog>
  );
}

/**
 * /management-user-settings (seeds 000 §2 "Management settings: Management user settings", 001 §2):
 * every user of every company (GET /management/user-settings), filtered by company and state,
 * with their language, default company and state, which management changes in a dialog
 * ('Kullanıcı ayarları güncellendi.'). Management cannot set itself passive.
 */
export default function ManagementUserSettings(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const companies: Company[] = useApiData(
    ['GET', '/services/onmuhasebe/api/companies', { size: 1000 }, 'page'],
    (api) => api.companies.list({ page: 0, size: 1000, sort: ['name,asc'] }).then((p) => p.items),
    { report: false },
  ).data ?? [];
  const [companyId, setCompanyId] = useState('');
  const [state, setState] = useState<'' | 'true' | 'false'>('');
  const [editing, setEditing] = useState<UserSetting | null>(null);
  const [version, setVersion] = useState(0);

  const columns: PagedTableColumn<UserSetting>[] = [
    { key: 'login', title: t('userSettings.login'), render: (u) => u.login, sortField: 'login', width: 150 },
    { key: 'name', title: t('userSettings.name'), render: (u) => `${u.firstName} ${u.lastName}`, sortField: 'lastName', width: 180 },
    { key: 'email', title: t('userSettings.email'), render: (u) => u.email, sortField: 'email', width: 210 },
    { key: 'language', title: t('userSettings.language'), render: (u) => t(`userSettings.languages.${u.langKey}`, { defaultValue: u.langKey }), width: 100 },
    { key: 'default', title: t('userSettings.defaultCompany'), render: (u) => u.companies.find((c) => c.companyId === u.defaultCompanyId)?.name ?? '—', width: 180 },
    { key: 'companies', title: t('userSettings.companies'), render: (u) => String(u.companies.length), width: 80 },
    { key: 'state', title: t('userSettings.state'), render: (u) => <Tag minimal intent={u.activated ? 'success' : 'none'}>{t(u.activated ? 'userSettings.activeTag' : 'userSettings.passiveTag')}</Tag>, width: 90 },
  ];
  const actions: RowAction<UserSetting>[] = [{ key: 'edit', label: k('common.edit'), icon: 'edit', onClick: (u) => setEditing(u) }];

  return (
    <section aria-labelledby="user-settings-title">
      <h2 id="user-settings-title" className={Classes.HEADING}>{t('userSettings.title')}</h2>
      <PagedTable<UserSetting>
        key={`${companyId}-${state}-${version}`}
        label={t('userSettings.list')}
        columns={columns}
        searchable
        rowActions={actions}
        rowLabel={(u) => u.login}
        defaultPageSize={10}
        onError={shell.notify.failure}
        toolbar={(
          <>
            <HTMLSelect aria-label={t('userSettings.company')} value={companyId} onChange={(e) => setCompanyId(e.currentTarget.value)}>
              <option value="">{t('userSettings.allCompanies')}</option>
              {companies.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
            </HTMLSelect>
            <HTMLSelect aria-label={t('userSettings.state')} value={state} onChange={(e) => setState(e.currentTarget.value as '' | 'true' | 'false')}>
              <option value="">{t('userSettings.allStates')}</option>
              <option value="true">{t('userSettings.activeTag')}</option>
              <option value="false">{t('userSettings.passiveTag')}</option>
            </HTMLSelect>
          </>
        )}
        fetchPage={(q) => page(shell.api)(USER_SETTINGS, {
          params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...(companyId ? { companyId: Number(companyId) } : {}), ...(state ? { activated: state === 'true' } : {}) } },
        }) as Promise<{ items: UserSetting[]; total: number }>}
      />
      {editing ? <SettingsDialog user={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); setVersion((v) => v + 1); }} /> : null}
    </section>
  );
}
