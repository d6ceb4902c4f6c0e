import { useEffect, useState } from 'react';
import { Card, Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, type ContributionProps } from '@tezgah/core';
import type { Company, Sector } from '@tezgah/sdk';
import { CompanyForm, Loading, useShell } from '@tezgah/workbench/ui';

/**
 * /company-settings: the current company's details (GET /companies/{id}), saved with PUT
 * /companies. The modules are shown, not changed (management sells them).
 */
export default function CompanySettings({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('settings');
  const { t: k } = useTranslation();
  const companyId = shell.account?.companyId;
  const [state, setState] = useState<{ company: Company; sectors: Sector[] } | 'loading' | 'failed'>('loading');
  const canUpdate = host.can({ module: Module.COMPANY, allActions: [Action.UPDATE] });

  useEffect(() => {
    if (companyId === undefined) return;
    let live = true;
    setState('loading');
    Promise.all([shell.api.companies.get(companyId), shell.api.sectors().catch(() => [] as Sector[])]).then(
      ([company, sectors]) => live && setState({ company, sectors }),
      (err: unknown) => {
        if (!live) return;
        setState('failed');
        shell.notify.failure(err);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [companyId]);

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
              setState({ company: saved, sectors: state.sectors });
              void shell.refresh();
            }}
          />
        </Card>
      )}
    </section>
  );
}
