import { H2, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type ContributionProps } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { PROCESSES, pageOf, type PeriodicProcess } from './model';
import { ProcessStatusTag, usePeriodText } from './parts';

/** Periyodik İşlemler (/periodic-processes): every process the user may see, newest first, up to 200. */
export default function PeriodicPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const periodText = usePeriodText();
  const q = useApiData(['GET', PROCESSES, { size: 200 }], (api) => api.request('GET', PROCESSES, { params: { query: { size: 200 } } }));
  const rows: PeriodicProcess[] | null = q.data ?? (q.isError ? [] : null);
  return (
    <div className="tz-page">
      <H2>{t('periodic.title')}</H2>
      {rows === null ? <div role="status"><Spinner size={20} /> {t('periodic.loading')}</div>
        : rows.length === 0 ? <NonIdealState icon="automatic-updates" title={t('periodic.empty')} />
          : (
            <div className="tz-table-scroll">
              <HTMLTable compact striped aria-label={t('periodic.title')}>
                <thead>
                  <tr>
                    <th>{t('periodic.columns.name')}</th><th>{t('periodic.columns.type')}</th><th>{t('periodic.columns.current')}</th>
                    <th>{t('periodic.columns.invoice')}</th><th>{t('periodic.detail.plan')}</th><th>{t('periodic.columns.status')}</th><th>{t('periodic.columns.progress')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((p) => (
                    <tr key={p.id}>
                      <td><Go host={host} to={pageOf(p.id)}>{p.name}</Go></td>
                      <td>{t(`periodic.typeOf.${p.invoiceType}.${p.processType}`)}</td>
                      <td>{p.currentName}</td>
                      <td>{p.invoiceDocumentNo ?? `#${p.invoiceId}`}</td>
                      <td>{p.processType === 'PERIODIC' ? periodText(p.period) : formatDate(p.startDate)}</td>
                      <td><ProcessStatusTag status={p.status} /></td>
                      <td>{`${p.successCount} / ${p.lineCount}`}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
    </div>
  );
}
