import { useState } from 'react';
import { Button, ButtonGroup, Dialog, DialogBody, DialogFooter, H2, HTMLTable, InputGroup, Spinner, Switch, Tag, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatMoney, type ContributionProps } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useApiData, useConfirm, useInvalidate, useQueryClient, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { today } from '../ledger/model';
import { LineStatusTag } from '../periodic/parts';
import { pageOf } from '../periodic/model';
import {
  DUES, NOTE, NOTES, REFRESH_SIZE, REMINDERS, RUNS, mayAgenda, monthGrid, monthRange, shiftMonth,
  type AgendaDue, type AgendaNote, type AgendaRun, type ReminderSettings,
} from './model';

const cell = { verticalAlign: 'top', width: '14.28%', minWidth: 90, height: 96, padding: 4 } as const;

/**
 * Ajanda (/agenda): a month grid from Monday with the company's notes (add with "Not ekle", click
 * one to change or delete it), the dues of that month (collections, payments, cheques) and the
 * periodic runs (their status; a click opens the process). Notes are read 1000 at a time.
 */
export default function AgendaPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [month, setMonth] = useState(today().slice(0, 7));
  const [editing, setEditing] = useState<AgendaNote | { date: string } | null>(null);
  const mayWrite = mayAgenda(host, Action.CREATE, 36);
  const [startDate, endDate] = monthRange(month);
  // The month's notes, dues and runs, read together; the former month stays until the next one is read.
  const read = useApiData(['GET', NOTES, { startDate, endDate }], async (api) => {
    const [notes, dues, runs] = await Promise.all([
      api.request('GET', NOTES, { params: { query: { startDate, endDate, size: REFRESH_SIZE } } }),
      api.request('GET', DUES, { params: { query: { startDate, endDate } } }),
      api.request('GET', RUNS, { params: { query: { startDate, endDate } } }),
    ]);
    return { notes, dues, runs };
  }, { keepPrevious: true });
  const notes: AgendaNote[] | null = read.isError ? [] : (read.data?.notes ?? null);
  const dues: AgendaDue[] = read.isError ? [] : (read.data?.dues ?? []);
  const runs: AgendaRun[] = read.isError ? [] : (read.data?.runs ?? []);
  const remindersKey = ['GET', REMINDERS, {}];
  const remindersRead = useApiData(remindersKey, (api) => api.request('GET', REMINDERS, {}), { report: false });
  const reminders: ReminderSettings | null = remindersRead.data ?? null;
  const client = useQueryClient();
  const invalidate = useInvalidate();

  async function toggleReminders(enabled: boolean) {
    try {
      client.setQueryData(remindersKey, await shell.api.request('PUT', REMINDERS, { body: { enabled } }));
      host.notify.success(t(enabled ? 'agenda.reminders.on' : 'agenda.reminders.off'));
    } catch (e) {
      shell.notify.failure(e);
    }
  }

  const [y, m] = month.split('-').map(Number) as [number, number];
  const monthName = `${(t('agenda.months', { returnObjects: true }) as string[])[m - 1]} ${y}`;
  const weekdays = t('agenda.weekdays', { returnObjects: true }) as string[];
  const on = <T extends { date?: string; runDate?: string }>(list: T[], day: string) => list.filter((x) => (x.date ?? x.runDate) === day);

  return (
    <div className="tz-page">
      <H2>{t('agenda.title')}</H2>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 8 }}>
        <ButtonGroup>
          <Button icon="chevron-left" aria-label={t('agenda.previous')} onClick={() => setMonth(shiftMonth(month, -1))} />
          <Button onClick={() => setMonth(today().slice(0, 7))}>{t('agenda.thisMonth')}</Button>
          <Button icon="chevron-right" aria-label={t('agenda.next')} onClick={() => setMonth(shiftMonth(month, 1))} />
        </ButtonGroup>
        <strong aria-live="polite">{monthName}</strong>
        {mayWrite && <Button icon="add" intent="primary" onClick={() => setEditing({ date: today().startsWith(month) ? today() : `${month}-01` })}>{t('agenda.add')}</Button>}
        {reminders && mayAgenda(host, Action.UPDATE) && (
          <Switch checked={reminders.enabled} label={t('agenda.reminders.label')} onChange={(e) => void toggleReminders(e.currentTarget.checked)} style={{ marginBottom: 0 }} />
        )}
      </div>
      {notes === null ? <div role="status"><Spinner size={20} /> {t('agenda.loading')}</div> : (
        <div className="tz-table-scroll">
          <HTMLTable bordered aria-label={monthName} style={{ width: '100%', tableLayout: 'fixed' }}>
            <thead><tr>{weekdays.map((w) => <th key={w}>{w}</th>)}</tr></thead>
            <tbody>
              {monthGrid(month).map((week, i) => (
                <tr key={i}>
                  {week.map((day, j) => (
                    <td key={j} style={cell} aria-label={day ?? undefined}>
                      {day && (
                        <>
                          <div style={{ fontWeight: day === today() ? 700 : 400 }}>{Number(day.slice(8))}</div>
                          {on(notes, day).map((n) => (
                            <div key={`n${n.id}`}>
                              <a href="#" onClick={(e) => { e.preventDefault(); setEditing(n); }}>{n.title}</a>
                              {!n.active && <Tag minimal>{t('agenda.passive')}</Tag>}
                            </div>
                          ))}
                          {on(dues, day).map((d, k) => (
                            <div key={`d${k}`} className="bp6-text-small">
                              <Tag minimal intent={d.kind === 'COLLECTION' || d.kind === 'CHEQUE_RECEIVED' ? 'success' : 'warning'}>{t(`agenda.kinds.${d.kind}`)}</Tag>
                              {' '}{formatMoney(d.amount, d.currencyCode)}{d.currentName ? ` · ${d.currentName}` : ''}
                            </div>
                          ))}
                          {on(runs, day).map((r) => (
                            <div key={`r${r.id}`} className="bp6-text-small">
                              <a href={pageOf(r.periodicProcessId)} onClick={(e) => { e.preventDefault(); host.navigate(pageOf(r.periodicProcessId)); }}>
                                {t('agenda.run', { name: r.processName ?? '' })}
                              </a>{' '}<LineStatusTag status={r.status} />
                            </div>
                          ))}
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {editing && <NoteDialog host={host} note={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void invalidate(NOTES); }} />}
    </div>
  );
}

function NoteDialog(props: { host: ContributionProps['host']; note: AgendaNote | { date: string }; onClose(): void; onSaved(): void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const existing = 'id' in props.note ? props.note : null;
  const [date, setDate] = useState(props.note.date);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [active, setActive] = useState(existing?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const heading = existing ? t('agenda.note.editTitle') : t('agenda.note.newTitle');

  async function save() {
    const found: FieldErrors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = t('agenda.note.dateRequired');
    if (!title.trim()) found.title = t('agenda.note.titleRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const body = { date, title: title.trim(), description: description.trim() || null, active };
    try {
      if (existing) await shell.api.request('PUT', NOTES, { body: { ...body, id: existing.id } });
      else await shell.api.request('POST', NOTES, { body });
      props.host.notify.success(t('agenda.note.saved'));
      props.onSaved();
    } catch (e) {
      const mine = serverFieldErrors(e);
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
      setBusy(false);
    }
  }
  async function remove() {
    if (!existing || !(await confirm({ detail: t('agenda.note.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', NOTE, { params: { path: { id: existing.id } } });
      props.host.notify.success(t('agenda.note.deleted'));
      props.onSaved();
    } catch (e) {
      shell.notify.failure(e);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={heading} icon="calendar" style={{ width: 480, maxWidth: '95vw' }}>
      {dialog}
      <form noValidate aria-label={heading} onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <DialogBody>
          <Field id="note-date" label={t('agenda.note.date')} error={errors.date} required>
            <DateInput id="note-date" value={date} onValueChange={setDate} />
          </Field>
          <Field id="note-title" label={t('agenda.note.title')} error={errors.title} required>
            <InputGroup id="note-title" value={title} onValueChange={setTitle} maxLength={200} />
          </Field>
          <Field id="note-description" label={t('agenda.note.description')} error={errors.description}>
            <TextArea id="note-description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} fill maxLength={4000} />
          </Field>
          <Switch checked={active} label={t('agenda.note.active')} onChange={(e) => setActive(e.currentTarget.checked)} />
          {existing && <p className="bp6-text-muted">{t('agenda.note.by', { login: existing.userLogin })}</p>}
        </DialogBody>
        <DialogFooter actions={<>
          {existing && <Button intent="danger" onClick={() => void remove()}>{t('agenda.note.delete')}</Button>}
          <Button onClick={props.onClose}>{t('agenda.note.cancel')}</Button>
          <Button type="submit" intent="primary" loading={busy}>{t('agenda.note.save')}</Button>
        </>} />
      </form>
    </Dialog>
  );
}
