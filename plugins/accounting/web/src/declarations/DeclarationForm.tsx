import { useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, DATE_FORMATS } from '@tezgah/core';
import { Field, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { money, today } from '../ledger/model';
import { DECLARATIONS, DECLARATION_TYPES, VAT_DRAFT, periodFits, previousMonth, type Declaration, type DeclarationType, type VatFigures } from './model';

/** The company's declaration types by code (all of them: a passive one still names old declarations); null while loading. */
export function useDeclarationTypes(reload: unknown = 0): DeclarationType[] | null {
  const shell = useShell();
  const [list, setList] = useState<DeclarationType[] | null>(null);
  useEffect(() => {
    let live = true;
    shell.api.list(DECLARATION_TYPES, { params: { query: { page: 0, size: 1000, sort: ['code,asc'] } } })
      .then((r) => { if (live) setList(r.items); })
      .catch((e: unknown) => { if (live) setList([]); shell.notify.failure(e); });
    return () => { live = false; };
  }, [shell, reload]);
  return list;
}

/**
 * A declaration (seeds 000 §3: type, period, created date, status): the type, the period written
 * as the type wants (2026-01, 2026-Q1, 2026), and for a new one whether it is being prepared
 * (awaiting approval) or recorded as already filed (approved). Editing changes only an open one's
 * type, period and explanation; statuses move with the list's buttons. The server's refusals (a
 * period not begun, a second open declaration of the period) land at their fields.
 */
export function DeclarationDialog(props: { declaration: Declaration | null; types: readonly DeclarationType[]; onClose: () => void; onSaved: (d: Declaration, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const x = props.declaration;
  const [typeId, setTypeId] = useState(String(x?.typeId ?? ''));
  const [period, setPeriod] = useState(x?.period ?? '');
  const [filed, setFiled] = useState(false);
  const [explanation, setExplanation] = useState(x?.explanation ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(x ? 'declarations.list.edit' : 'declarations.list.add');
  const offered = props.types.filter((ty) => ty.active || ty.id === x?.typeId);
  const type = props.types.find((ty) => String(ty.id) === typeId);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!type) found.typeId = t('declarations.form.rules.typeRequired');
    if (!period.trim()) found.period = t('declarations.form.rules.periodRequired');
    else if (type && !periodFits(type.periodKind, period)) found.period = t('declarations.form.rules.period', { format: t(`declarations.periodHints.${type.periodKind}`) });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { typeId: type!.id, period: period.trim(), explanation: explanation.trim() || null };
      const saved = x
        ? await shell.api.request('PUT', DECLARATIONS, { body: { ...body, id: x.id, status: x.status } })
        : await shell.api.request('POST', DECLARATIONS, { body: { ...body, status: filed ? 'APPROVED' as const : 'AWAITING_APPROVAL' as const } });
      props.onSaved(saved, !x);
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of ['typeId', 'period', 'status', 'explanation']) if (all[f]) mine[f] = all[f];
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(560px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="declaration-type" label={t('declarations.form.type')} error={errors.typeId} required>
            <HTMLSelect id="declaration-type" value={typeId} onChange={(e) => setTypeId(e.currentTarget.value)}>
              <option value="">{t('finance.common.choose')}</option>
              {offered.map((ty) => <option key={ty.id} value={String(ty.id)}>{`${ty.code} — ${ty.name}`}</option>)}
            </HTMLSelect>
          </Field>
          <Field id="declaration-period" label={t('declarations.form.period')} error={errors.period} hint={type ? t(`declarations.periodHints.${type.periodKind}`) : undefined} required>
            <InputGroup id="declaration-period" value={period} onValueChange={(v) => setPeriod(v.toLocaleUpperCase('tr'))} maxLength={7} />
          </Field>
          {!x && (
            <Field id="declaration-filed" label={t('declarations.form.status')} error={errors.status} hint={t('declarations.form.statusHint')} describeChild={false}>
              <Checkbox id="declaration-filed" checked={filed} onChange={(e) => setFiled(e.currentTarget.checked)} label={t('declarations.form.filed')} />
            </Field>
          )}
          <Field id="declaration-explanation" label={t('declarations.form.explanation')} error={errors.explanation}>
            <InputGroup id="declaration-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
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

/** A VAT draft's figures in lira, the Turkish way ("12.345,60 TL"). */
export function VatFiguresTable(props: { vat: VatFigures }) {
  const { t } = useTranslation('accounting');
  const v = props.vat;
  const rows: [keyof VatFigures, number][] = [
    ['calculatedVat', v.calculatedVat], ['deductibleVat', v.deductibleVat], ['previousCarriedForward', v.previousCarriedForward],
    ['totalDeductible', v.totalDeductible], ['payableVat', v.payableVat], ['carriedForwardVat', v.carriedForwardVat],
  ];
  return (
    <>
      <HTMLTable compact aria-label={t('declarations.vat.figures')}>
        <tbody>
          {rows.map(([k, n]) => (
            <tr key={k}>
              <th scope="row">{t(`declarations.vat.${k}`)}</th>
              <td style={{ textAlign: 'right', fontWeight: k === 'payableVat' || k === 'carriedForwardVat' ? 600 : undefined }}>{`${money(n)} TL`}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="bp6-text-muted">{t('declarations.vat.computed', { date: formatDate(v.computedDate, DATE_FORMATS.DASHED_TIME) })}</p>
    </>
  );
}

/**
 * "KDV taslağı": computes a month's VAT return draft from the ledger (createVatDraft) — calculated
 * VAT (391), deductible VAT (191) and the previous month's carried-forward, payable or carried
 * forward — and shows the figures; the draft is kept on the month's open KDV1 declaration.
 */
export function VatDraftDialog(props: { onClose: () => void; onComputed: (d: Declaration) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [period, setPeriod] = useState(previousMonth(today()));
  const [explanation, setExplanation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Declaration | null>(null);
  const label = t('declarations.vat.title');

  async function compute(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period.trim())) { setError(t('declarations.vat.rules.period')); return; }
    setError(undefined);
    setBusy(true);
    try {
      const d = await shell.api.request('POST', VAT_DRAFT, { body: { period: period.trim(), ...(explanation.trim() ? { explanation: explanation.trim() } : {}) } });
      setResult(d);
      props.onComputed(d);
    } catch (err) {
      const all = serverFieldErrors(err);
      if (all.period) setError(all.period);
      else reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(560px, 96vw)' }}>
      <form onSubmit={compute} noValidate aria-label={label}>
        <DialogBody>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="vat-period" label={t('declarations.vat.period')} error={error} hint={t('declarations.vat.periodHint')} required>
              <InputGroup id="vat-period" value={period} onValueChange={setPeriod} maxLength={7} placeholder="2026-01" />
            </Field>
            <Field id="vat-explanation" label={t('declarations.form.explanation')}>
              <InputGroup id="vat-explanation" value={explanation} onValueChange={setExplanation} maxLength={500} />
            </Field>
          </div>
          {result?.vat && <VatFiguresTable vat={result.vat} />}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('shell.close', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" icon="calculator" loading={busy} text={t('declarations.vat.compute')} />
        </>} />
      </form>
    </Dialog>
  );
}
