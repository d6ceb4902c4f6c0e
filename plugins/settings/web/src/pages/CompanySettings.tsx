import { Card, Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, type ContributionProps } from '@tezgah/core';
import type { Company, Sector } from '@tezgah/sdk';
import { CompanyForm, Loading, useApiData, useQueryClient, useShell } from '@tezgah/workbench/ui';

const COMPANY = '/services/onmuhasebe/api/companies/{id}';

/**
 * /company-settings: the current company's details (GET /companies/{id}), saved with PUT
 * /companies. The modules are shown, not changed (management sells them).
 */
export default function CompanySettings({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('settings');
  const { t: k } = useTranslation();
  const companyId = shell.account?.companyId;
  const canUpdate = host.can({ module: Module.COMPANY, allActions: [Action.UPDATE] });
  // The company and the sectors its form offers (a page without sectors still shows the company).
  const client = useQueryClient();
  const key = ['GET', COMPANY, { id: companyId }];
  const q = useApiData(
    key,
    (api) => Promise.all([api.companies.get(companyId!), api.sectors().catch(() => [] as Sector[])]).then(([company, sectors]) => ({ company, sectors })),
    { enabled: companyId !== undefined },
  );
  const state: { company: Company; sectors: Sector[] } | 'loading' | 'failed' = q.data ?? (q.isError ? 'failed' : 'loading');

  return (
    <section aria-labelledby="company-settings-title">
      <h2 id="company-settings-title" className={Classes.HEADING}>{t('company.title')}</h2>
      {state === 'loading' ? (
        <Loading />
      ) : state === 'failed' ? (
        <NonIdealState icon="error" title={k('notify.error')} />
      ) : (
        <Card>
          <CompanyForm
            key={state.company.id}
            label={t('company.form')}
            company={state.company}
            sectors={state.sectors}
            readOnly={!canUpdate}
            onSubmit={async (body) => {
              const { ownerLogin: _owner, ...fields } = body;
              const saved = await shell.api.companies.update({ ...fields, id: state.company.id });
              shell.notify.success(k('notify.updated'));
              client.setQueryData(key, { company: saved, sectors: state.sectors });
              void shell.refresh();
            }}
          />
        </Card>
      )}
    </section>
  );
}
