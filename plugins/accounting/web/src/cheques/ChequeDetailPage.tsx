import { useState, type FormEvent } from 'react';
import { Button, ButtonGroup, Callout, Card, Checkbox, Dialog, DialogBody, DialogFooter, H2, H4, HTMLTable, InputGroup, NonIdealState, Spinner, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, formatDecimalInput, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useApiData, useConfirm, useQueryClient, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { isDay, money, today } from '../ledger/model';
import { CurrentSuggest, MoneyAccountSelect, useBankAccounts, useMoneyRefresh, useMoneyWrite } from '../finance/parts';
import { currencyCode, moneyChanged, readRate, type Current } from '../finance/model';
import { ChequeDialog } from './ChequeForm';
import { StateTag } from './ChequesPage';
import { ACTION_ORDER, CHECK, CHECK_HISTORY, CHECK_STEP, mayCheque, mayDeleteCheque, stepNeeds, type Cheque, type ChequeAction, type ChequeEvent } from './model';

const ICONS: Record<ChequeAction, IconName> = {
  DEPOSIT: 'bank-account', WITHDRAW: 'undo', COLLECT: 'tick-circle', ENDORSE: 'follower', BOUNCE: 'error', RETURN: 'redo', PAY: 'dollar',
};

/**
 * One step of the cheque's life, asking for what it needs: the date (not before the cheque's last
 * step), a bank account in the cheque's currency (deposit; collect from the portfolio or after a
 * bounce; pay, optional), the current to endorse to (not the one it came from), whether a bounced
 * received cheque is under legal follow-up (128 instead of 127), an explanation.
 */
function StepDialog(props: { host: WorkbenchHost; cheque: Cheque; action: ChequeAction; lastDate: string | null; onClose: () => void; onDone: (c: Cheque) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const c = props.cheque;
  const needs = stepNeeds(c, props.action);
  const banks = useBankAccounts();
  const moneyWrite = useMoneyWrite();
  const [date, setDate] = useState(today());
  const [bank, setBank] = useState('');
  const [current, setCurrent] = useState<Current | null>(null);
  const [explanation, setExplanation] = useState('');
  const [rate, setRate] = useState('');
  // A received cheque bounces into the customer's 127, or 128 Şüpheli Ticari Alacaklar under legal follow-up.
  const asksLegal = c.direction === 'IN' && props.action === 'BOUNCE';
  const [legal, setLegal] = useState(false);
  const afterBounce = c.direction === 'IN' && c.state === 'BOUNCED' && (props.action === 'COLLECT' || props.action === 'RETURN');
  const intro = asksLegal || afterBounce ? `cheques.stepIntroIn.${props.action}` : `cheques.stepIntro.${props.action}`;
  // The money of a foreign-currency cheque moves at the day's rate: its exchange difference posts with the step.
  const asksRate = c.currencyId !== 1 && (props.action === 'COLLECT' || props.action === 'PAY');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(`cheques.actions.${props.action}`);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    else if (props.lastDate && date < props.lastDate) found.date = t('cheques.rules.beforeLastStep', { date: formatDate(props.lastDate) });
    if (needs.bank === 'required' && !bank) found.bankAccountId = t('cheques.rules.bankAccountRequired');
    const readR = asksRate ? readRate(rate) : null;
    if (readR && 'error' in readR) found.rate = t('finance.rules.rate');
    if (needs.current && !current) found.currentId = t('cheques.rules.endorseCurrentRequired');
    else if (needs.current && current?.id === c.currentId) found.currentId = t('cheques.rules.sameCurrent');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        action: props.action, date,
        ...((needs.bank === 'required' || needs.bank === 'optional') && bank ? { bankAccountId: Number(bank.split(':')[1]) } : {}),
        ...(needs.current && current ? { currentId: current.id } : {}),
        ...(explanation.trim() ? { explanation: explanation.trim() } : {}),
        ...(readR && 'value' in readR ? { rate: readR.value } : {}),
        ...(asksLegal && legal ? { legalFollowUp: true } : {}),
      };
      props.onDone(await moneyWrite((api) => api.request('POST', CHECK_STEP, { params: { path: { id: c.id } }, body })));
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of ['date', 'bankAccountId', 'currentId', 'explanation', 'rate', 'legalFollowUp']) if (all[f]) mine[f] = all[f];
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <p>{t(intro, { number: c.number, amount: money(c.amount), currency: currencyCode(c.currencyId), current: c.currentName, bank: c.bankAccountName ?? '' })}</p>
          <Field id="step-date" label={t('cheques.step.date')} error={errors.date} hint={props.lastDate ? t('cheques.step.dateHint', { date: formatDate(props.lastDate) }) : undefined} required>
            <DateInput id="step-date" value={date} onValueChange={setDate} />
          </Field>
          {(needs.bank === 'required' || needs.bank === 'optional') && (
            <Field id="step-bank" label={t(`cheques.step.bank.${props.action}`)} error={errors.bankAccountId} hint={needs.bank === 'optional' ? t('cheques.step.payHint', { bank: c.bankAccountName ?? t('cheques.noBankAccount') }) : t('cheques.step.bankHint', { currency: currencyCode(c.currencyId) })} required={needs.bank === 'required'}>
              <MoneyAccountSelect id="step-bank" accounts={banks} kinds={['BANK_ACCOUNT']} currencyId={c.currencyId} value={bank} onChange={(k) => setBank(k)} />
            </Field>
          )}
          {needs.bank === 'fixed' && c.bankAccountName && <Callout icon="bank-account" style={{ marginBottom: 12 }}>{t('cheques.step.atBank', { bank: c.bankAccountName })}</Callout>}
          {needs.current && (
            <Field id="step-current" label={t('cheques.step.endorseTo')} error={errors.currentId} required>
              <CurrentSuggest id="step-current" host={props.host} value={current} onChange={setCurrent} />
            </Field>
          )}
          {asksRate && (
            <Field id="step-rate" label={t('finance.form.rate', { currency: currencyCode(c.currencyId) })} error={errors.rate} hint={t('cheques.step.rateHint', { rate: formatDecimalInput(c.rate ?? 0, 2, 6) })}>
              <InputGroup id="step-rate" value={rate} onValueChange={setRate} inputMode="decimal" />
            </Field>
          )}
          {asksLegal && (
            <Field id="step-legal" label={null} error={errors.legalFollowUp} hint={t('cheques.step.legalFollowUpHint')}>
              <Checkbox id="step-legal" checked={legal} label={t('cheques.step.legalFollowUp')} onChange={(e) => setLegal(e.currentTarget.checked)} />
            </Field>
          )}
          <Field id="step-explanation" label={t('cheques.fields.explanation')} error={errors.explanation}>
            <InputGroup id="step-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent={props.action === 'BOUNCE' ? 'danger' : 'primary'} icon={ICONS[props.action]} loading={busy} text={label} />
        </>} />
      </form>
    </Dialog>
  );
}

/**
 * One cheque (/cheque/:id): its fields, the buttons of the steps its state allows (the server's
 * allowedActions; every step needs the cheque update authority), each asking for what it needs,
 * and its history, oldest first, with the journal entry each step posted.
 */
export default function ChequeDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  // The cheque and its history, read together (a step changes both).
  // Its own fourth part: a read of the same path and id alone would be the bare cheque.
  const key = ['GET', CHECK, { id }, 'withHistory'];
  const read = useApiData(key, async (api) => {
    const [cheque, history] = await Promise.all([
      api.request('GET', CHECK, { params: { path: { id } } }),
      api.request('GET', CHECK_HISTORY, { params: { path: { id } } }),
    ]);
    return { cheque, history };
  }, { enabled: valid, refetchOnEveryMount: true });
  const client = useQueryClient();
  const moneyWrite = useMoneyWrite();
  // Read again after any money change announced on the bus, as the page did.
  useMoneyRefresh(host, CHECK);
  const [step, setStep] = useState<ChequeAction | null>(null);
  const [editing, setEditing] = useState(false);
  const setCheque = (c: Cheque) => client.setQueryData<{ cheque: Cheque; history: ChequeEvent[] }>(key, (old) => (old ? { ...old, cheque: c } : old));

  if (read.isError || !valid) return <NonIdealState icon="search" title={t('cheques.notFound')} />;
  if (!read.data) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const { cheque: c, history } = read.data;
  const title = t('cheques.titleOf', { number: c.number });
  const canStep = mayCheque(host, Action.UPDATE);
  const actions = ACTION_ORDER.filter((a) => c.allowedActions.includes(a));
  const lastDate = history && history.length ? history[history.length - 1]!.date : null;

  async function remove() {
    if (!(await confirm({ message: title, detail: t('cheques.deleteDetail') }))) return;
    try {
      await moneyWrite((api) => api.request('DELETE', CHECK, { params: { path: { id: c.id } } }));
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      moneyChanged(host, 'deleted', 'cheque', c.id);
      // The write marked this read stale; it is gone, so its refresh is not awaited (nor its 404 reported).
      void client.cancelQueries({ queryKey: key, exact: true });
      host.navigate('/cheque');
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const rows: [string, string | null][] = [
    [t(c.direction === 'IN' ? 'cheques.fields.currentIn' : 'cheques.fields.currentOut'), c.currentName],
    [t('cheques.fields.amountShort'), `${money(c.amount)} ${c.currencyCode}`],
    [t('cheques.amountTry'), c.currencyId === 1 ? null : `${money(c.amountTry)} ₺${c.rate ? ` (${t('cheques.rateOf', { rate: formatDecimalInput(c.rate, 2, 6) })})` : ''}`],
    [t(c.direction === 'IN' ? 'cheques.fields.dateIn' : 'cheques.fields.dateOut'), formatDate(c.date)],
    [t('cheques.fields.issueDate'), c.issueDate ? formatDate(c.issueDate) : null],
    [t('cheques.fields.dueDate'), formatDate(c.dueDate)],
    [t('cheques.fields.code'), c.code],
    [t('cheques.fields.bankColumn'), [c.bankName, c.branchName].filter(Boolean).join(' / ') || null],
    [t('cheques.fields.drawer'), c.drawer],
    [t('cheques.fields.bankAccountId'), c.bankAccountName],
    [t('cheques.endorsedTo'), c.endorsedToName],
    [t('cheques.fields.explanation'), c.explanation],
  ];

  return (
    <section aria-label={title}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{title}</H2>
        <Tag minimal intent="primary">{t(`cheques.directions.${c.direction}`)}</Tag>
        <StateTag state={c.state} label={c.stateLabel} />
        <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
          <Button icon="arrow-left" text={t('cheques.back')} onClick={() => host.navigate('/cheque')} />
          {canStep && <Button icon="edit" text={t('cheques.edit')} onClick={() => setEditing(true)} />}
          {mayDeleteCheque(host, c.direction) && <Button icon="trash" intent="danger" text={t('cheques.delete')} onClick={remove} />}
        </ButtonGroup>
      </div>
      <Card style={{ marginTop: 12 }}>
        <H4>{t('cheques.steps')}</H4>
        {actions.length === 0 ? <Callout icon="lock">{t('cheques.closed', { state: c.stateLabel })}</Callout> : !canStep ? <Callout>{t('cheques.noStepRight')}</Callout> : (
          <div role="group" aria-label={t('cheques.steps')} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {actions.map((a) => (
              <Button key={a} icon={ICONS[a]} intent={a === 'BOUNCE' ? 'danger' : 'none'} text={t(`cheques.actions.${a}`)} onClick={() => setStep(a)} />
            ))}
          </div>
        )}
      </Card>
      <Card style={{ marginTop: 12 }}>
        <HTMLTable compact aria-label={t('cheques.details')}>
          <tbody>{rows.filter(([, v]) => v).map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}</tbody>
        </HTMLTable>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <H4>{t('cheques.history.title')}</H4>
        {history === null ? <Spinner size={16} /> : (
          <div className="tz-table-scroll">
            <HTMLTable compact striped aria-label={t('cheques.history.title')} style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>{t('cheques.history.date')}</th><th>{t('cheques.history.action')}</th><th>{t('cheques.history.state')}</th>
                  <th>{t('cheques.history.party')}</th><th>{t('cheques.history.entryNo')}</th><th style={{ textAlign: 'right' }}>{t('cheques.amountTry')}</th>
                  <th>{t('cheques.fields.explanation')}</th><th>{t('cheques.history.by')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDate(e.date)}</td>
                    <td>{e.actionLabel}</td>
                    <td>{e.toStateLabel}</td>
                    <td>{e.bankAccountName ?? e.currentName ?? ''}</td>
                    <td>{e.entryNo}</td>
                    <td style={{ textAlign: 'right' }}>{money(e.amountTry)}</td>
                    <td>{e.explanation ?? ''}</td>
                    <td>{e.createdBy ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </Card>
      {step && (
        <StepDialog host={host} cheque={c} action={step} lastDate={lastDate} onClose={() => setStep(null)} onDone={(after) => {
          setStep(null);
          setCheque(after);
          host.notify.success(t('cheques.stepDone', { number: c.number, action: t(`cheques.actions.${step}`), state: after.stateLabel }));
          moneyChanged(host, 'updated', 'cheque', after.id, after);
        }} />
      )}
      {editing && (
        <ChequeDialog host={host} cheque={c} onClose={() => setEditing(false)} onSaved={(saved) => {
          setEditing(false);
          setCheque(saved);
          host.notify.success(t('notify.updated', { ns: 'kernel' }));
          moneyChanged(host, 'updated', 'cheque', saved.id, saved);
        }} />
      )}
      {dialog}
    </section>
  );
}
