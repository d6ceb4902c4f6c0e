import { useState } from 'react';
import { Classes, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate } from '@tezgah/core';
import type { Company } from '@tezgah/sdk';
import { PagedTable, useApiData, useShell, type PagedTableColumn } from '@tezgah/workbench/ui';

/** A row of GET /management/devices (openapi/management/devices.yaml). */
export interface ManagementDevice {
  key: string;
  kind: 'POS' | 'ASSISTANT' | 'MOBILE';
  source: string;
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  identifier: string;
  status: 'ACTIVE' | 'PASSIVE';
  detail?: string | null;
  lastSeenAt: string | null;
  createdAt: string | null;
}

export const DEVICES_PATH = '/services/onmuhasebe/api/management/devices';
const KINDS = ['POS', 'ASSISTANT', 'MOBILE'] as const;

type LooseList = (path: string, init?: object) => Promise<{ items: unknown[]; total: number }>;

/**
 * /device-management (management staff; seeds 000 §2, §6): every device of every company in one
 * paged table — POS terminals and desktop assistants (the POS plugin's) and mobile devices
 * registered by a claim — filtered by company, kind and status, searched by name or identifier.
 */
export default function DeviceManagement() {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  // The company filter's choices (none when they fail to load: the filter is optional).
  const companies: Company[] = useApiData(
    ['GET', '/services/onmuhasebe/api/companies', { size: 200 }, 'page'],
    (api) => api.companies.list({ page: 0, size: 200, sort: ['name,asc'] }).then((p) => [...p.items]),
    { report: false },
  ).data ?? [];
  const [companyId, setCompanyId] = useState('');
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('');

  const when = (v: string | null) => (v ? formatDate(v, DATE_FORMATS.DASHED_TIME) : t('devices.never'));
  const columns: PagedTableColumn<ManagementDevice>[] = [
    { key: 'company', title: t('devices.company'), render: (d) => d.companyName, sortField: 'companyName', width: 180 },
    { key: 'kind', title: t('devices.kind'), render: (d) => t(`devices.kinds.${d.kind}`), sortField: 'kind', width: 120 },
    { key: 'name', title: t('devices.name'), render: (d) => d.name, sortField: 'name', width: 180 },
    { key: 'identifier', title: t('devices.identifier'), render: (d) => d.identifier, width: 170 },
    { key: 'detail', title: t('devices.detail'), render: (d) => d.detail ?? '', width: 100 },
    {
      key: 'status',
      title: t('devices.status'),
      render: (d) => <Tag minimal intent={d.status === 'ACTIVE' ? 'success' : 'none'}>{k(d.status === 'ACTIVE' ? 'common.active' : 'common.passive')}</Tag>,
      sortField: 'status',
      width: 80,
    },
    { key: 'lastSeen', title: t('devices.lastSeen'), render: (d) => when(d.lastSeenAt), sortField: 'lastSeenAt', width: 140 },
  ];

  const list = shell.api.list as unknown as LooseList;
  return (
    <section aria-labelledby="device-management-title">
      <h2 id="device-management-title" className={Classes.HEADING}>{t('devices.title')}</h2>
      <PagedTable<ManagementDevice>
        label={t('devices.list')}
        columns={columns}
        searchable
        defaultSort="lastSeenAt,desc"
        rowKey={(d) => d.key}
        rowLabel={(d) => d.name}
        reloadKey={`${companyId}-${kind}-${status}`}
        onError={shell.notify.failure}
        toolbar={
          <>
            <HTMLSelect
              aria-label={t('devices.company')}
              value={companyId}
              onChange={(e) => setCompanyId(e.currentTarget.value)}
              options={[{ value: '', label: t('devices.allCompanies') }, ...companies.map((c) => ({ value: String(c.id), label: c.name }))]}
            />
            <HTMLSelect
              aria-label={t('devices.kind')}
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value)}
              options={[{ value: '', label: t('devices.allKinds') }, ...KINDS.map((x) => ({ value: x, label: t(`devices.kinds.${x}`) }))]}
            />
            <HTMLSelect
              aria-label={t('devices.status')}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value)}
              options={[
                { value: '', label: t('devices.allStatuses') },
                { value: 'ACTIVE', label: k('common.active') },
                { value: 'PASSIVE', label: k('common.passive') },
              ]}
            />
          </>
        }
        fetchPage={async (q) => {
          const r = await list(DEVICES_PATH, {
            params: {
              query: {
                page: q.page,
                size: q.size,
                sort: q.sort,
                ...(q.search ? { search: q.search } : {}),
                ...(companyId ? { companyId: Number(companyId) } : {}),
                ...(kind ? { kind } : {}),
                ...(status ? { status } : {}),
              },
            },
          });
          return { items: r.items as ManagementDevice[], total: r.total };
        }}
      />
    </section>
  );
}
