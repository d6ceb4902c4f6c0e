import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, H2, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { DateInput, Field, PagedTable, fieldErrorsFor, reportFailure, useAddRequest, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { JournalEntryDialog } from './JournalEntryForm';
import { FiscalYearSelect, useFiscalYears } from './parts';
import { ACCOUNT_CODE, ENTRIES, ENTRY_REVERSE, isDay, mayLedger, money, type JournalEntry } from './model';

/**
 * /journal-entries (Yevmiye Fişleri): the entries with their lines, by entry number, filtered by
 * fiscal year, dates and account (with its sub-accounts); a manual entry (mahsup fişi) by the Add
 * button; an entry's lines in a dialog; "Ters kayıt" writes the correcting entry (lines are never
 * changed).
 */
export default function JournalEntriesPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const years = useFiscalYears();
  const [reload, setReload] = useState(0);
  const [yearId, setYearId] = useState('');
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [account, setAccount] = useState('');
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<JournalEntry | null>(null);
  const [reversing, setReversing] = useState<JournalEntry | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setAdding(true); addDone(); }
  }, [addRequested, addDone]);
  const canReverse = mayLedger(host, Action.DELETE);
  // Filters apply once they are whole (a date being typed or a partial code asks nothing).
  const filter = {
    ...(yearId ? { fiscalYearId: Number(yearId) } : {}),
    ...(isDay(startDate) ? { startDate } : {}),
    ...(isDay(endDate) ? { endDate } : {}),
    ...(ACCOUNT_CODE.test(account.trim()) ? { account: account.trim() } : {}),
  };
  const mayReverse = (e: JournalEntry) => canReverse && e.reversedById === null && e.reversesId === null;
  const source = (kind: string) => t(`ledger.entries.sources.${kind}`, { defaultValue: kind });

  const state = (e: JournalEntry) => {
    if (e.reversedById !== null) return <Tag minimal intent="warning" icon="undo">{t('ledger.entries.reversed')}</Tag>;
    if (e.reversesId !== null) return <Tag minimal intent="primary">{t('ledger.entries.reversal')}</Tag>;
    return null;
  };

  return (
    <section aria-label={t('ledger.entries.title')}>
      <H2>{t('ledger.entries.title')}</H2>
      <PagedTable<JournalEntry>
        label={t('ledger.entries.title')}
        reloadKey={`${reload}/${JSON.stringify(filter)}`}
        defaultSort="entryNo,desc"
        toolbar={<>
          <FiscalYearSelect id="entries-year" aria-label={t('ledger.common.fiscalYear')} years={years} value={yearId} onChange={setYearId} allLabel={t('ledger.common.allYears')} />
          <Field id="entries-start" label={t('ledger.common.startDate')} inline>
            <DateInput id="entries-start" value={startDate} onValueChange={setStart} />
          </Field>
          <Field id="entries-end" label={t('ledger.common.endDate')} inline>
            <DateInput id="entries-end" value={endDate} onValueChange={setEnd} />
          </Field>
          <Field id="entries-account" label={t('ledger.entries.accountFilter')} inline>
            <InputGroup id="entries-account" value={account} onValueChange={setAccount} placeholder={t('ledger.entries.accountHint')} style={{ width: 120 }} />
          </Field>
        </>}
        columns={[
          { key: 'entryNo', title: t('ledger.entries.entryNo'), sortField: 'entryNo', render: (e) => e.entryNo, width: 80 },
          { key: 'date', title: t('ledger.entries.date'), sortField: 'date', render: (e) => formatDate(e.date), width: 110 },
          { key: 'documentNo', title: t('ledger.entries.documentNo'), render: (e) => e.documentNo ?? '', width: 150 },
          { key: 'explanation', title: t('ledger.entries.explanation'), render: (e) => e.explanation, width: 300 },
          { key: 'total', title: t('ledger.entries.total'), render: (e) => money(e.total), width: 130 },
          { key: 'lines', title: t('ledger.entries.lineCount'), render: (e) => e.lines.length, width: 60 },
          { key: 'source', title: t('ledger.entries.source'), render: (e) => source(e.sourceKind), width: 130 },
          { key: 'state', title: t('ledger.entries.state'), render: state, width: 140 },
        ]}
        rowLabel={(e) => String(e.entryNo)}
        rowActions={[
          { key: 'lines', label: t('ledger.entries.lines'), icon: 'th-list', onClick: (e) => setOpen(e) },
          { key: 'reverse', label: t('ledger.entries.reverse'), icon: 'undo', intent: 'warning', onClick: (e) => setReversing(e), hidden: (e) => !mayReverse(e) },
        ]}
        fetchPage={(q) => shell.api.list(ENTRIES, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {open && (
        <Dialog isOpen onClose={() => setOpen(null)} title={t('ledger.entries.linesOf', { no: open.entryNo })} style={{ width: 'min(900px, 96vw)' }}>
          <DialogBody>
            <p>
              {formatDate(open.date)} · {open.explanation} · {source(open.sourceKind)} {state(open)}
            </p>
            <EntryLines entry={open} />
          </DialogBody>
          <DialogFooter actions={<>
            {mayReverse(open) && <Button icon="undo" intent="warning" text={t('ledger.entries.reverse')} onClick={() => { setReversing(open); setOpen(null); }} />}
            <Button text={t('common.back', { ns: 'kernel' })} onClick={() => setOpen(null)} />
          </>} />
        </Dialog>
      )}
      {adding && (
        <JournalEntryDialog
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            host.notify.success(t('ledger.entries.form.created', { no: saved.entryNo }));
            host.bus.emit('entity.created', { plugin: 'accounting', entity: 'journalEntry', id: saved.id, record: saved });
            setReload((n) => n + 1);
          }}
        />
      )}
      {reversing && (
        <ReverseDialog
          entry={reversing}
          onClose={() => setReversing(null)}
          onSaved={(saved) => {
            setReversing(null);
            host.notify.success(t('ledger.entries.reverseForm.done', { no: saved.entryNo }));
            host.bus.emit('entity.created', { plugin: 'accounting', entity: 'journalEntry', id: saved.id, record: saved });
            setReload((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}

/** An entry's lines: account, its name, the line's explanation, debit and credit, and the totals. */
export function EntryLines(props: { entry: JournalEntry }) {
  const { t } = useTranslation('accounting');
  const e = props.entry;
  const debit = e.lines.reduce((s, l) => s + l.debit, 0);
  const credit = e.lines.reduce((s, l) => s + l.credit, 0);
  return (
    <div className="tz-table-scroll">
      <HTMLTable compact striped aria-label={t('ledger.entries.lines')} style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('ledger.common.code')}</th>
            <th>{t('ledger.common.accountName')}</th>
            <th>{t('ledger.entries.explanation')}</th>
            <th style={{ textAlign: 'right' }}>{t('ledger.common.debit')}</th>
            <th style={{ textAlign: 'right' }}>{t('ledger.common.credit')}</th>
          </tr>
        </thead>
        <tbody>
          {e.lines.map((l) => (
            <tr key={l.lineNo}>
              <td>{l.account}</td>
              <td>{l.accountName}</td>
              <td>{l.explanation ?? ''}</td>
              <td style={{ textAlign: 'right' }}>{l.debit ? money(l.debit) : ''}</td>
              <td style={{ textAlign: 'right' }}>{l.credit ? money(l.credit) : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>{t('ledger.common.total')}</th>
            <td style={{ textAlign: 'right' }}><strong>{money(debit)}</strong></td>
            <td style={{ textAlign: 'right' }}><strong>{money(credit)}</strong></td>
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}

/** "Ters kayıt": the correcting entry, dated like the entry unless a date is given. */
function ReverseDialog(props: { entry: JournalEntry; onClose: () => void; onSaved: (e: JournalEntry) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [date, setDate] = useState('');
  const [explanation, setExplanation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t('ledger.entries.reverseForm.title');
  const no = props.entry.entryNo;

  async function save(ev: FormEvent) {
    ev.preventDefault();
    const found: FieldErrors = {};
    if (date && !isDay(date)) found.date = t('ledger.rules.date');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { ...(date ? { date } : {}), ...(explanation.trim() ? { explanation: explanation.trim() } : {}) };
      props.onSaved(await shell.api.request('POST', ENTRY_REVERSE, { params: { path: { id: props.entry.id } }, body }));
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['date', 'explanation'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <p>{t('ledger.entries.reverseForm.intro', { no })}</p>
          <Field id="reverse-date" label={t('ledger.entries.reverseForm.date')} error={errors.date} hint={t('ledger.entries.reverseForm.dateHint', { date: formatDate(props.entry.date) })}>
            <DateInput id="reverse-date" value={date} onValueChange={setDate} />
          </Field>
          <Field id="reverse-explanation" label={t('ledger.entries.reverseForm.explanation')} error={errors.explanation} hint={t('ledger.entries.reverseForm.explanationHint', { explanation: props.entry.explanation })}>
            <InputGroup id="reverse-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="warning" icon="undo" loading={busy} text={t('ledger.entries.reverseForm.submit')} />
        </>} />
      </form>
    </Dialog>
  );
}
