import { useEffect, useState } from 'react';
import { Button, Card, H2, HTMLSelect, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { DateInput, Field, PagedTable, useAddRequest, useApiData, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { isDay, money } from '../ledger/model';
import { currencyCode, moneyChanged, useMoneyVersion } from '../finance/model';
import { useMoneyRefresh } from '../finance/parts';
import { ChequeDialog } from './ChequeForm';
import { ALL_STATES, CHECKS, CHECKS_SUMMARY, STATES, mayCheque, visibleDirections, type Cheque, type ChequeDirection, type ChequeState } from './model';

/** A state as a coloured tag: open ones blue, settled green, bounced red, the rest grey. */
export function StateTag(props: { state: ChequeState; label: string }) {
  const intent: Intent = props.state === 'BOUNCED' ? 'danger' : props.state === 'COLLECTED' || props.state === 'PAID' ? 'success'
    : props.state === 'IN_PORTFOLIO' || props.state === 'GIVEN' || props.state === 'DEPOSITED_FOR_COLLECTION' ? 'primary' : 'none';
  return <Tag minimal intent={intent}>{props.label}</Tag>;
}

/**
 * /cheque (Çek, seeds 000 §2 "cheque"): the portfolio by due date (earliest first), filtered by
 * direction (received / given), state and due range, with the totals the books hold (in the
 * portfolio, at the bank, given); enter a cheque; open one to take its next step.
 */
export default function ChequesPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const version = useMoneyVersion(host);
  const directions = visibleDirections(host);
  const [direction, setDirection] = useState<'' | ChequeDirection>(directions.length === 1 ? directions[0]! : '');
  const [state, setState] = useState<'' | ChequeState>('');
  const [dueFrom, setDueFrom] = useState('');
  const [dueTo, setDueTo] = useState('');
  const [adding, setAdding] = useState(false);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setAdding(true); addDone(); }
  }, [addRequested, addDone]);
  const filter = {
    ...(direction ? { direction } : {}),
    ...(state ? { state: [state] } : {}),
    ...(isDay(dueFrom) ? { dueDateFrom: dueFrom } : {}),
    ...(isDay(dueTo) ? { dueDateTo: dueTo } : {}),
  };
  const key = JSON.stringify(filter);
  const states = direction ? STATES[direction] : ALL_STATES;

  // The totals follow the filters (the former ones stay until the new ones are read) and every
  // money change announced on the bus.
  const totals = useApiData(['GET', CHECKS_SUMMARY, filter], (api) => api.request('GET', CHECKS_SUMMARY, { params: { query: filter } }), { keepPrevious: true, refetchOnEveryMount: true });
  useMoneyRefresh(host, CHECKS_SUMMARY);
  const summary = totals.isError ? null : (totals.data ?? null);

  return (
    <section aria-label={t('cheques.title')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{t('cheques.title')}</H2>
        {mayCheque(host, Action.CREATE) && <Button icon="add" style={{ marginLeft: 'auto' }} text={t('cheques.add')} onClick={() => setAdding(true)} />}
      </div>
      {summary && (
        <Card style={{ marginTop: 12, display: 'flex', gap: 24, flexWrap: 'wrap' }} aria-label={t('cheques.summary.title')} role="group">
          {(['inPortfolio', 'atBank', 'given'] as const).map((k) => (
            <div key={k} aria-label={t(`cheques.summary.${k}`)} role="group">
              <div className="bp6-text-muted">{t(`cheques.summary.${k}`)}</div>
              <strong>{money(summary[k].amountTry)} ₺</strong> <span className="bp6-text-muted">({t('cheques.summary.count', { count: summary[k].count })})</span>
            </div>
          ))}
        </Card>
      )}
      <PagedTable<Cheque>
        label={t('cheques.title')}
        reloadKey={`${version}/${key}`}
        searchable
        searchPlaceholder={t('cheques.searchHint')}
        defaultSort="dueDate,asc"
        toolbar={<>
          <HTMLSelect aria-label={t('cheques.fields.direction')} value={direction} onChange={(e) => { setDirection(e.currentTarget.value as typeof direction); setState(''); }}>
            {directions.length > 1 && <option value="">{t('cheques.allDirections')}</option>}
            {directions.map((d) => <option key={d} value={d}>{t(`cheques.directions.${d}`)}</option>)}
          </HTMLSelect>
          <HTMLSelect aria-label={t('cheques.fields.state')} value={state} onChange={(e) => setState(e.currentTarget.value as typeof state)}>
            <option value="">{t('cheques.allStates')}</option>
            {states.map((s) => <option key={s} value={s}>{t(`cheques.states.${s}`)}</option>)}
          </HTMLSelect>
          <Field id="cheque-due-from" label={t('cheques.dueFrom')} inline>
            <DateInput id="cheque-due-from" value={dueFrom} onValueChange={setDueFrom} />
          </Field>
          <Field id="cheque-due-to" label={t('cheques.dueTo')} inline>
            <DateInput id="cheque-due-to" value={dueTo} onValueChange={setDueTo} />
          </Field>
        </>}
        columns={[
          { key: 'dueDate', title: t('cheques.fields.dueDate'), sortField: 'dueDate', render: (c) => formatDate(c.dueDate), width: 110 },
          { key: 'direction', title: t('cheques.fields.direction'), render: (c) => t(`cheques.directions.${c.direction}`), width: 90 },
          { key: 'number', title: t('cheques.fields.number'), render: (c) => <Go host={host} to={`/cheque/${c.id}`}>{c.number}</Go>, width: 120 },
          { key: 'current', title: t('cheques.fields.current'), render: (c) => c.currentName, width: 180 },
          { key: 'bank', title: t('cheques.fields.bankColumn'), render: (c) => [c.bankName, c.branchName].filter(Boolean).join(' / '), width: 180 },
          { key: 'amount', title: t('cheques.fields.amountShort'), sortField: 'amount', render: (c) => `${money(c.amount)} ${currencyCode(c.currencyId)}`, width: 140 },
          { key: 'lira', title: t('cheques.amountTry'), render: (c) => money(c.amountTry), width: 120 },
          { key: 'state', title: t('cheques.fields.state'), render: (c) => <StateTag state={c.state} label={c.stateLabel} />, width: 130 },
          { key: 'where', title: t('cheques.where'), render: (c) => c.endorsedToName ?? c.bankAccountName ?? '', width: 160 },
        ]}
        rowLabel={(c) => c.number}
        rowActions={[{ key: 'open', label: t('cheques.open'), icon: 'document-open', onClick: (c) => host.navigate(`/cheque/${c.id}`) }]}
        fetchPage={(q) => shell.api.list(CHECKS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {adding && (
        <ChequeDialog host={host} cheque={null} onClose={() => setAdding(false)} onSaved={(saved) => {
          setAdding(false);
          host.notify.success(t('cheques.saved', { number: saved.number }));
          moneyChanged(host, 'created', 'cheque', saved.id, saved);
        }} />
      )}
    </section>
  );
}
