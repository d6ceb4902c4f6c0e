import { useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, H2, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { DateInput, Field, PagedTable, collectionOf, fieldErrorsFor, reportFailure, useApiQuery, useConfirm, useInvalidate, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { FiscalYearSelect, defaultYear, useFiscalYears } from './parts';
import {
  JOURNALS, JOURNALS_LOCK, JOURNALS_MAX, JOURNALS_UNLOCK, ORDER, ORDER_CHECK, addDays, isDay, mayLedger, money, today,
  type FiscalYear, type Journal, type JournalOrder,
} from './model';

type Max = { journal: Journal | null; lastEntryNo: number };

/**
 * /journals (Yevmiye Dönemleri): the periods of a chosen fiscal year with their totals. Locking a
 * period locks it and every earlier one, unlocking unlocks it and every later one, deleting deletes
 * the later ones too (seeds 000 §4); the confirmations say so. "Fişleri sırala" renumbers the
 * year's entries in date order; the order check warns 'Yevmiye fişleri sırasız!' when they are not.
 * A passive year takes new periods by hand; an active one has its periods made for it.
 */
export default function JournalsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const years = useFiscalYears();
  const [yearId, setYearId] = useState('');
  const [busy, setBusy] = useState<'order' | 'check' | null>(null);
  const [adding, setAdding] = useState(false);
  const companyId = host.session?.companyId ?? null;
  const year: FiscalYear | null = years?.find((y) => String(y.id) === yearId) ?? null;
  const canUpdate = mayLedger(host, Action.UPDATE);
  const canDelete = mayLedger(host, Action.DELETE);
  const canCreate = mayLedger(host, Action.CREATE);

  useEffect(() => {
    if (!years || yearId) return;
    const first = defaultYear(years, today());
    if (first) setYearId(String(first.id));
  }, [years, yearId]);

  // The year's last period and entry number, and whether its entries are in order (a silent check:
  // the warning shows on the page; the button tells it as a notice too).
  const ready = !!year && companyId !== null;
  const maxQuery = useApiQuery(
    JOURNALS_MAX,
    { params: { path: { companyId: companyId ?? 0, fiscalYearId: year?.id ?? 0 } } },
    { enabled: ready, refetchOnEveryMount: true },
  );
  const orderQuery = useApiQuery(
    ORDER_CHECK,
    { params: { path: { companyId: companyId ?? 0, startDate: year?.startDate ?? '', endDate: year?.endDate ?? '' } } },
    { enabled: ready, report: false, refetchOnEveryMount: true },
  );
  const max: Max | null = ready ? maxQuery.data ?? null : null;
  const order: JournalOrder | null = ready ? orderQuery.data ?? null : null;

  // A change of the periods changes the year's last period and entry number too (and a lock, whose
  // path is not the periods', the periods' list).
  const invalidate = useInvalidate();
  const periodsChanged = () => invalidate(JOURNALS, collectionOf(JOURNALS_MAX));

  const announce = (o: JournalOrder, ok: string) => {
    if (o.ordered) host.notify.success(ok);
    else host.notify.warning(o.message ?? t('ledger.journals.unordered'));
  };

  async function runOrder() {
    if (!year || companyId === null) return;
    if (!(await confirm({ message: t('ledger.journals.orderConfirm'), detail: t('ledger.journals.orderDetail', { year: year.name }), intent: 'primary', icon: 'sort-numerical' }))) return;
    setBusy('order');
    try {
      // The write refreshes the order check (the same collection) by itself.
      const o = await shell.api.request('POST', ORDER, { params: { path: { year: year.id, companyId } } });
      announce(o, t('ledger.journals.ordered', { entries: o.entries }));
      host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'fiscalYear', id: year.id });
      void periodsChanged();
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  async function runCheck() {
    if (!year || companyId === null) return;
    setBusy('check');
    try {
      const { data: o } = await orderQuery.refetch({ throwOnError: true });
      if (o) announce(o, t('ledger.journals.checkOk', { entries: o.entries }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  async function setLock(j: Journal, lock: boolean) {
    const key = lock ? 'lock' : 'unlock';
    if (!(await confirm({ message: t(`ledger.journals.${key}Confirm`, { n: j.period }), detail: t(`ledger.journals.${key}Detail`), intent: 'warning', icon: lock ? 'lock' : 'unlock' }))) return;
    try {
      await shell.api.request('PUT', lock ? JOURNALS_LOCK : JOURNALS_UNLOCK, { body: { id: j.id } });
      host.notify.success(t(lock ? 'ledger.journals.lockedDone' : 'ledger.journals.unlockedDone', { n: j.period }));
      host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'journal', id: j.id });
      void periodsChanged();
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  async function remove(j: Journal) {
    if (!(await confirm({ message: t('ledger.journals.deleteConfirm', { n: j.period }), detail: t('ledger.journals.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${JOURNALS}/{id}`, { params: { path: { id: j.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'journal', id: j.id });
      void periodsChanged();
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  // A passive year's next period starts the day after its last one.
  const nextStart = year ? (max?.journal ? addDays(max.journal.endDate, 1) : year.startDate) : null;
  const yearFull = !!year && !!nextStart && nextStart > year.endDate;

  return (
    <section aria-label={t('ledger.journals.title')}>
      <H2>{t('ledger.journals.title')}</H2>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 8 }}>
        <FiscalYearSelect id="journals-year" aria-label={t('ledger.common.fiscalYear')} years={years} value={yearId} onChange={(v) => setYearId(v)} />
        {year && canUpdate && <Button icon="sort-numerical" text={t('ledger.journals.order')} loading={busy === 'order'} onClick={() => void runOrder()} />}
        {year && <Button icon="tick-circle" text={t('ledger.journals.check')} loading={busy === 'check'} onClick={() => void runCheck()} />}
        {year && canCreate && (
          <Button
            icon="add"
            text={t('ledger.journals.add')}
            disabled={year.active || yearFull || !max}
            title={year.active ? t('ledger.journals.activeNoAdd') : yearFull ? t('ledger.journals.yearFull') : undefined}
            onClick={() => setAdding(true)}
          />
        )}
        {year && max && (
          <span className="bp6-text-muted">
            {t('ledger.journals.summary', { period: max.journal ? t('ledger.journals.periodN', { n: max.journal.period }) : t('ledger.journals.noPeriod'), entryNo: max.lastEntryNo })}
          </span>
        )}
      </div>
      {order && !order.ordered && (
        <Callout intent="warning" icon="warning-sign" style={{ marginBottom: 8 }}>{order.message ?? t('ledger.journals.unordered')}</Callout>
      )}
      {years === null ? <Spinner size={20} /> : !year ? (
        <NonIdealState icon="calendar" title={t('ledger.common.noFiscalYear')} />
      ) : (
        <PagedTable<Journal>
          label={t('ledger.journals.title')}
          queryKey={['GET', JOURNALS, { fiscalYearId: year.id }]}
          defaultSort="period,asc"
          defaultPageSize={25}
          columns={[
            { key: 'period', title: t('ledger.journals.period'), sortField: 'period', render: (j) => t('ledger.journals.periodN', { n: j.period }), width: 100 },
            { key: 'startDate', title: t('ledger.journals.startDate'), sortField: 'startDate', render: (j) => formatDate(j.startDate), width: 110 },
            { key: 'endDate', title: t('ledger.journals.endDate'), render: (j) => formatDate(j.endDate), width: 110 },
            {
              key: 'locked', title: t('ledger.journals.lockState'), width: 100,
              render: (j) => <Tag minimal icon={j.locked ? 'lock' : 'unlock'} intent={j.locked ? 'warning' : 'none'}>{t(j.locked ? 'ledger.journals.locked' : 'ledger.journals.open')}</Tag>,
            },
            { key: 'entryCount', title: t('ledger.journals.entryCount'), render: (j) => j.entryCount, width: 90 },
            { key: 'debit', title: t('ledger.journals.debit'), render: (j) => money(j.debit), width: 140 },
            { key: 'credit', title: t('ledger.journals.credit'), render: (j) => money(j.credit), width: 140 },
          ]}
          rowLabel={(j) => t('ledger.journals.periodN', { n: j.period })}
          rowActions={[
            { key: 'lock', label: t('ledger.journals.lock'), icon: 'lock', onClick: (j) => void setLock(j, true), hidden: (j) => j.locked || !canUpdate },
            { key: 'unlock', label: t('ledger.journals.unlock'), icon: 'unlock', onClick: (j) => void setLock(j, false), hidden: (j) => !j.locked || !canUpdate },
            { key: 'delete', label: t('ledger.journals.delete'), icon: 'trash', intent: 'danger', onClick: (j) => void remove(j), hidden: () => !canDelete },
          ]}
          fetchPage={(q) => shell.api.list(JOURNALS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], fiscalYearId: year.id } } })}
          onError={(e) => shell.notify.failure(e)}
        />
      )}
      {adding && year && nextStart && (
        <AddJournalDialog
          year={year}
          start={nextStart}
          onClose={() => setAdding(false)}
          onSaved={(j) => {
            setAdding(false);
            host.notify.success(t('notify.added', { ns: 'kernel' }));
            host.bus.emit('entity.created', { plugin: 'accounting', entity: 'journal', id: j.id, record: j });
            void periodsChanged();
          }}
        />
      )}
      {confirmDialog}
    </section>
  );
}

/** The next period of a passive year: from the day after the last one to the end date given, inside the year. */
function AddJournalDialog(props: { year: FiscalYear; start: string; onClose: () => void; onSaved: (j: Journal) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [endDate, setEnd] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t('ledger.journals.add');
  const range = { start: formatDate(props.start), end: formatDate(props.year.endDate) };

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!endDate) found.endDate = t('ledger.rules.required');
    else if (!isDay(endDate)) found.endDate = t('ledger.rules.date');
    else if (endDate < props.start || endDate > props.year.endDate) found.endDate = t('ledger.journals.endOutside', range);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      props.onSaved(await shell.api.request('POST', JOURNALS, { body: { fiscalYearId: props.year.id, endDate } }));
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['endDate'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="journal-end" label={t('ledger.journals.addEnd')} error={errors.endDate} hint={t('ledger.journals.addHint', range)} required>
            <DateInput id="journal-end" value={endDate} onValueChange={setEnd} autoFocus />
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
