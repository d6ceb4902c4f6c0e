import { useEffect, useState } from 'react';
import { Button, Callout, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type ContributionProps } from '@tezgah/core';
import { DateInput, PagedTable, reportFailure, useAddRequest, useConfirm, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { call, page } from '../announcements/api';
import { MEDICINE_PATHS, medicineBody, medicineDraft, newMedicine, type MasterMedicine, type MedicineColor, type MedicineDraft } from '../medicines/api';

const COLORS: MedicineColor[] = ['NORMAL', 'RED', 'GREEN', 'PURPLE', 'ORANGE'];

function MedicineDialog(props: { draft: MedicineDraft; creating: boolean; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const [d, setD] = useState(props.draft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    const r = medicineBody(d, props.creating);
    if ('error' in r) { setError(t(`medicines.${r.error}`)); return; }
    setError(null);
    setBusy(true);
    try {
      if (props.creating) await call(shell.api)('POST', MEDICINE_PATHS.medicines, { body: r.body });
      else await call(shell.api)('PUT', MEDICINE_PATHS.medicine, { params: { path: { barcode: d.barcode } }, body: r.body });
      shell.notify.success(t(props.creating ? 'medicines.added' : 'medicines.updated'));
      props.onSaved();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    } finally {
      setBusy(false);
    }
  }
  const text = (key: keyof MedicineDraft, max: number, disabled = false) => (
    <FormGroup label={t(`medicines.${key}`)} labelFor={`med-${key}`}>
      <InputGroup id={`med-${key}`} value={String(d[key])} maxLength={max} disabled={disabled} onChange={(e) => setD({ ...d, [key]: e.currentTarget.value })} />
    </FormGroup>
  );
  return (
    <Dialog isOpen title={props.creating ? t('medicines.add') : t('medicines.edit')} icon="prescription" onClose={props.onClose}>
      <DialogBody>
        {text('barcode', 13, !props.creating)}
        {text('name', 250)}
        {text('atcCode', 7)}
        {text('substance', 500)}
        {text('firm', 300)}
        <FormGroup label={t('medicines.color')} labelFor="med-color">
          <HTMLSelect id="med-color" fill value={d.color} onChange={(e) => setD({ ...d, color: e.currentTarget.value as MedicineColor | '' })}>
            <option value="">—</option>
            {COLORS.map((c) => <option key={c} value={c}>{t(`medicines.colors.${c}`)}</option>)}
          </HTMLSelect>
        </FormGroup>
        {text('referencePriceEur', 20)}
        {text('licenceNo', 50)}
        <FormGroup label={t('medicines.licenceDate')} labelFor="med-licenceDate">
          <DateInput id="med-licenceDate" value={d.licenceDate} onValueChange={(v) => setD({ ...d, licenceDate: v })} />
        </FormGroup>
        <Checkbox label={t('medicines.active')} checked={d.active} onChange={(e) => setD({ ...d, active: e.currentTarget.checked })} />
        {error ? <Callout intent="danger" role="alert">{error}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text={k('common.cancel')} onClick={props.onClose} /><Button intent="primary" text={k('common.save')} loading={busy} onClick={() => { void save(); }} /></>} />
    </Dialog>
  );
}

/**
 * /medicine-management (issue 14): the shared medicine master (the pharmacy plugin's), paged,
 * searched by name or barcode; add, change and withdraw (or take back) in dialogs with the
 * notices 'İlaç eklendi.', 'İlaç güncellendi.', 'İlaç piyasadan çekildi.', 'İlaç yeniden aktif.'.
 */
export default function MedicineManagement(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const [addRequested, addHandled] = useAddRequest();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ draft: MedicineDraft; creating: boolean } | null>(null);

  useEffect(() => {
    if (addRequested) { setEditing({ draft: newMedicine(), creating: true }); addHandled(); }
  }, [addRequested, addHandled]);

  const changed = () => { setEditing(null); setVersion((v) => v + 1); };
  async function withdraw(m: MasterMedicine, withdrawn: boolean) {
    if (withdrawn && !(await confirm({ detail: t('medicines.withdrawDetail', { name: m.name }) }))) return;
    try {
      await call(shell.api)('PUT', MEDICINE_PATHS.withdraw, { params: { path: { barcode: m.barcode } }, body: { withdrawn } });
      shell.notify.success(t(withdrawn ? 'medicines.withdrawn' : 'medicines.reinstated'));
      changed();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    }
  }

  const state = (m: MasterMedicine) => (m.withdrawnAt ? 'WITHDRAWN' : m.active ? 'ACTIVE' : 'PASSIVE');
  const columns: PagedTableColumn<MasterMedicine>[] = [
    { key: 'barcode', title: t('medicines.barcode'), render: (m) => m.barcode, sortField: 'barcode', width: 130 },
    { key: 'name', title: t('medicines.name'), render: (m) => m.name, sortField: 'name', width: 300 },
    { key: 'atcCode', title: t('medicines.atcCode'), render: (m) => m.atcCode ?? '', sortField: 'atcCode', width: 90 },
    { key: 'firm', title: t('medicines.firm'), render: (m) => m.firm ?? '', width: 180 },
    { key: 'price', title: t('medicines.referencePriceEur'), render: (m) => (m.referencePriceEur ? m.referencePriceEur.replace('.', ',') : ''), width: 120 },
    {
      key: 'status', title: t('medicines.status'), width: 150,
      render: (m) => <Tag minimal intent={state(m) === 'ACTIVE' ? 'success' : state(m) === 'WITHDRAWN' ? 'danger' : 'none'}>{t(`medicines.statuses.${state(m)}`)}{m.withdrawnAt ? ` ${formatDate(m.withdrawnAt)}` : ''}</Tag>,
    },
  ];
  const actions: RowAction<MasterMedicine>[] = [
    { key: 'edit', label: k('common.edit'), icon: 'edit', onClick: (m) => setEditing({ draft: medicineDraft(m), creating: false }) },
    { key: 'withdraw', label: t('medicines.withdraw'), icon: 'disable', intent: 'danger', hidden: (m) => Boolean(m.withdrawnAt), onClick: (m) => void withdraw(m, true) },
    { key: 'reinstate', label: t('medicines.reinstate'), icon: 'undo', hidden: (m) => !m.withdrawnAt, onClick: (m) => void withdraw(m, false) },
  ];

  return (
    <section aria-labelledby="medicines-title">
      <h2 id="medicines-title" className={Classes.HEADING}>{t('medicines.title')}</h2>
      <PagedTable<MasterMedicine>
        key={version}
        label={t('medicines.list')}
        columns={columns}
        searchable
        rowActions={actions}
        rowLabel={(m) => m.name}
        defaultPageSize={20}
        // The medicine list sorts by name, barcode or ATC code only (no id): by name until a column is chosen.
        defaultSort="name,asc"
        onError={shell.notify.failure}
        toolbar={<Button icon="add" text={t('medicines.add')} onClick={() => setEditing({ draft: newMedicine(), creating: true })} />}
        fetchPage={(q) => page(shell.api)(MEDICINE_PATHS.medicines, {
          params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } },
        }) as Promise<{ items: MasterMedicine[]; total: number }>}
      />
      {editing ? <MedicineDialog draft={editing.draft} creating={editing.creating} onClose={() => setEditing(null)} onSaved={changed} /> : null}
      {dialog}
    </section>
  );
}
