import { useRef, useState } from 'react';
import { Button, Callout, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useShell, visuallyHidden, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { call, page } from '../announcements/api';
import { CHANGE_KINDS, MEDICINE_PATHS, uploadMedicineList, type CreationStatus, type ImportResult } from '../medicines/api';

/** The TİTCK list upload: choose a file, see what would change by kind (dry run), apply it. */
function ListImport() {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(f: File, dryRun: boolean) {
    setBusy(true);
    try {
      const r = await uploadMedicineList(shell.api, f, dryRun);
      setResult(r);
      if (!dryRun) shell.notify.success(t('medicineImport.applied', { total: r.total }));
      else shell.notify.success(t('medicineImport.checked', { total: r.total }));
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="medicine-import-title">
      <h2 id="medicine-import-title" className={Classes.HEADING}>{t('medicineImport.title')}</h2>
      <p>{t('medicineImport.intro')}</p>
      <input
        ref={input} type="file" aria-label={t('medicineImport.file')} style={visuallyHidden}
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        onChange={(e) => { const f = e.currentTarget.files?.[0] ?? null; setFile(f); setResult(null); if (f) void send(f, true); }}
      />
      <Button icon="import" text={t('medicineImport.choose')} loading={busy} onClick={() => input.current?.click()} />
      {file ? <span style={{ marginLeft: 8 }}>{file.name}</span> : null}
      {result ? (
        <div style={{ marginTop: 12 }}>
          <Callout intent={result.total ? 'primary' : 'success'}>
            {t('medicineImport.summary', { list: t(`medicineImport.lists.${result.list}`), rows: result.rows, total: result.total })}
            {' '}
            {CHANGE_KINDS.map((kind) => <Tag key={kind} minimal style={{ marginRight: 4 }}>{t(`medicineImport.kinds.${kind}`)}: {result.counts[kind]}</Tag>)}
            {result.unmatched ? <div>{t('medicineImport.unmatched', { count: result.unmatched })}</div> : null}
            {!result.total ? <div>{t('medicineImport.noChanges')}</div> : null}
          </Callout>
          {result.changes.length ? (
            <HTMLTable compact striped aria-label={t('medicineImport.changes')} style={{ marginTop: 8, width: '100%' }}>
              <thead><tr><th>{t('medicineImport.state')}</th><th>{t('medicines.barcode')}</th><th>{t('medicines.name')}</th><th>{t('medicineImport.changes')}</th></tr></thead>
              <tbody>
                {result.changes.map((c) => (
                  <tr key={`${c.kind}-${c.barcode}`}>
                    <td>{t(`medicineImport.kinds.${c.kind}`)}</td><td>{c.barcode}</td><td>{c.name}</td>
                    <td>{c.changes.map((f) => `${f.field}: ${f.from ?? '—'} → ${f.to ?? '—'}`).join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          ) : null}
          {result.dryRun && result.total && file ? (
            <Button intent="primary" icon="tick" style={{ marginTop: 8 }} text={t('medicineImport.apply')} loading={busy} onClick={() => void send(file, false)} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** Each pharmacy company's status of creating its products from the medicine master, with a start button. */
function CreationStatuses() {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const [version, setVersion] = useState(0);
  async function start(s: CreationStatus) {
    try {
      await call(shell.api)('POST', MEDICINE_PATHS.status, { params: { path: { companyId: s.companyId } } });
      shell.notify.success(t('medicineImport.started', { name: s.companyName }));
      setVersion((v) => v + 1);
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    }
  }
  const intent = (s: CreationStatus) => (s.status === 'DONE' ? 'success' : s.status === 'FAILED' ? 'danger' : s.status === 'RUNNING' ? 'primary' : 'none');
  const columns: PagedTableColumn<CreationStatus>[] = [
    { key: 'name', title: t('medicineImport.company'), render: (s) => s.companyName, sortField: 'name', width: 220 },
    { key: 'taxNumber', title: t('medicineImport.taxNumber'), render: (s) => s.taxNumber ?? '', width: 120 },
    { key: 'status', title: t('medicineImport.state'), render: (s) => <Tag minimal intent={intent(s)}>{t(`medicineImport.states.${s.status}`)}</Tag>, sortField: 'status', width: 120 },
    { key: 'created', title: t('medicineImport.created'), render: (s) => s.created, width: 100 },
    { key: 'skipped', title: t('medicineImport.skipped'), render: (s) => s.skipped, width: 100 },
    { key: 'finishedAt', title: t('medicineImport.finishedAt'), render: (s) => formatDate(s.finishedAt, DATE_FORMATS.DASHED_TIME), width: 150 },
    { key: 'error', title: t('medicineImport.error'), render: (s) => s.error ?? '', width: 200 },
  ];
  const actions: RowAction<CreationStatus>[] = [
    { key: 'start', label: t('medicineImport.start'), icon: 'play', disabled: (s) => s.status === 'RUNNING', onClick: (s) => void start(s) },
  ];
  return (
    <section aria-labelledby="medicine-creation-title" style={{ marginTop: 24 }}>
      <h3 id="medicine-creation-title" className={Classes.HEADING}>{t('medicineImport.creation')}</h3>
      <PagedTable<CreationStatus>
        key={version}
        label={t('medicineImport.creation')}
        columns={columns}
        searchable
        rowActions={actions}
        rowLabel={(s) => s.companyName}
        defaultPageSize={10}
        // The creation statuses sort by company, name or status only (no id).
        defaultSort="name,asc"
        onError={shell.notify.failure}
        toolbar={<Button icon="refresh" text={t('medicineImport.refresh')} onClick={() => setVersion((v) => v + 1)} />}
        fetchPage={(q) => page(shell.api)(MEDICINE_PATHS.statuses, {
          params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } },
        }) as Promise<{ items: CreationStatus[]; total: number }>}
      />
    </section>
  );
}

/**
 * /medicine-management-v2 (issue 14): the TİTCK list update (upload, the dry run's changes by
 * kind, apply) and each pharmacy's medicine-creation status with a start button.
 */
export default function MedicineImport(_props: ContributionProps) {
  return (
    <>
      <ListImport />
      <CreationStatuses />
    </>
  );
}
