import { useEffect, useRef, useState } from 'react';
import { Callout, Classes, HTMLSelect, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import type { Company, CompanyMember } from '@tezgah/sdk';
import { Field, localPage, PagedTable, reportFailure, SEARCH_DELAY_MS, useApiData, useConfirm, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';

/** Companies offered in the picker at a time (the search narrows them). */
const PICKER_SIZE = 100;

/**
 * /user-management: choose a company, see its members (GET /companies/users/{id}) and sign in as
 * one of them ("Kullanıcı olarak giriş yap", POST /api/impersonate) after a confirmation. Leaving
 * the impersonation is the shell's user menu.
 */
export default function UserManagement(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const members = useRef(new Map<number, CompanyMember[]>());
  const impersonating = shell.account?.impersonate === true;

  // The picker's companies: the first hundred by name, narrowed by the search text after a pause.
  useEffect(() => {
    const next = search.trim();
    if (next === term) return undefined;
    const timer = setTimeout(() => setTerm(next), next ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [search, term]);
  const companies: Company[] = useApiData(
    ['GET', '/services/onmuhasebe/api/companies', { size: PICKER_SIZE, search: term }, 'page'],
    (api) => api.companies.list({ page: 0, size: PICKER_SIZE, sort: ['name,asc'], ...(term ? { search: term } : {}) }).then((page) => page.items),
    { keepPrevious: true },
  ).data ?? [];

  const chosen = companies.find((c) => c.id === companyId);
  const options = [
    ...(companyId === null ? [{ value: '', label: t('users.chooseCompany') }] : []),
    ...(chosen || companyId === null ? [] : [{ value: String(companyId), label: String(companyId) }]),
    ...companies.map((c) => ({ value: String(c.id), label: c.active ? c.name : `${c.name} (${k('common.passive')})` })),
  ];

  async function loadMembers(id: number): Promise<CompanyMember[]> {
    const cached = members.current.get(id);
    if (cached) return cached;
    const list = await shell.api.companies.users(id);
    members.current.set(id, list);
    return list;
  }

  async function signInAs(m: CompanyMember) {
    const ok = await confirm({
      detail: t('users.signInAsDetail', { name: `${m.firstName} ${m.lastName}`, login: m.login }),
      intent: 'primary',
      icon: 'log-in',
    });
    if (!ok) return;
    try {
      await shell.impersonate(m.login);
    } catch (err) {
      reportFailure(shell.notify, err, k('notify.error'));
    }
  }

  const columns: PagedTableColumn<CompanyMember>[] = [
    { key: 'login', title: t('users.login'), render: (m) => m.login, sortField: 'login', width: 170 },
    { key: 'name', title: t('users.name'), render: (m) => `${m.firstName} ${m.lastName}`, sortField: 'name', width: 200 },
    { key: 'email', title: t('users.email'), render: (m) => m.email, sortField: 'email', width: 230 },
    {
      key: 'activated',
      title: t('users.activated'),
      render: (m) => <Tag minimal intent={m.activated ? 'success' : 'none'}>{k(m.activated ? 'common.yes' : 'common.no')}</Tag>,
      width: 80,
    },
    { key: 'roles', title: t('users.roles'), render: (m) => m.roles.map((r) => r.name).join(', '), width: 200 },
  ];

  const actions: RowAction<CompanyMember>[] = [
    {
      key: 'sign-in-as',
      label: t('users.signInAs'),
      icon: 'log-in',
      intent: 'primary',
      hidden: (m) => m.login.toLowerCase() === shell.account?.login.toLowerCase(),
      disabled: (m) => !m.activated || impersonating,
      onClick: (m) => void signInAs(m),
    },
  ];

  return (
    <section aria-labelledby="user-management-title">
      <h2 id="user-management-title" className={Classes.HEADING}>{t('users.title')}</h2>
      {impersonating && (
        <Callout intent="warning" style={{ marginBottom: 12 }}>
          {t('users.alreadyImpersonating')}
        </Callout>
      )}
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Field id="user-management-search" label={t('users.companySearch')}>
          <InputGroup id="user-management-search" type="search" leftIcon="search" value={search} onValueChange={setSearch} />
        </Field>
        <Field id="user-management-company" label={t('users.company')}>
          <HTMLSelect
            id="user-management-company"
            value={companyId === null ? '' : String(companyId)}
            onChange={(e) => setCompanyId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            options={options}
            style={{ minWidth: 260 }}
          />
        </Field>
      </div>
      {companyId === null ? (
        <NonIdealState icon="office" title={t('users.chooseCompany')} description={t('users.chooseCompanyHint')} />
      ) : (
        <PagedTable<CompanyMember>
          key={companyId}
          label={t('users.members', { company: chosen?.name ?? companyId })}
          columns={columns}
          searchable
          rowKey={(m) => m.userId}
          rowLabel={(m) => m.login}
          rowActions={actions}
          onError={shell.notify.failure}
          fetchPage={async (q) =>
            localPage(await loadMembers(companyId), q, {
              matches: (m, s) => [m.login, m.firstName, m.lastName, m.email].some((v) => v.toLocaleLowerCase('tr').includes(s)),
              sortValue: (m, field) => (field === 'id' ? m.userId : field === 'name' ? `${m.firstName} ${m.lastName}` : (m as unknown as Record<string, unknown>)[field]),
            })
          }
        />
      )}
      {dialog}
    </section>
  );
}
