import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, DATE_FORMATS } from '@tezgah/core';
import { useApiData, Field, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { money, today } from '../ledger/model';
import {
  DECLARATIONS, DECLARATION_TYPES, VAT_DRAFT, WITHHOLDING_VAT_DRAFT, periodFits, previousMonth, type Declaration, type DeclarationType, type VatFigures,
  type WithholdingFigures,
} from './model';

/** The company's declaration types by code (all of them: a passive one still names old declarations); null while loading. */
export function useDeclarationTypes(reload: unknown = 0): DeclarationType[] | null {
  const q = useApiData(
    ['GET', DECLARATION_TYPES, { size: 1000, reload }, 'page'],
    (api) => api.list(DECLARATION_TYPES, { params: { query: { page: 0, size: 1000, sort: ['code,asc'] } } }).then((r) => r.items),
    { keepPrevious: true },
  );
  return q.data ?? (q.isError ? [] : null);
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

/** A KDV rate as Turks write it: "%20", "%1,5". */
const percent = (n: number) => `%${String(n).replace('.', ',')}`;

/**
 * A withholding VAT (KDV 2) draft's figures in lira: a row per withholding code, ratio and KDV rate
 * (the KDV base, the KDV, the KDV withheld), their totals, and whether the withheld total equals
 * what 360 was credited by the month's purchase invoices — a difference is a warning to look into.
 */
export function WithholdingFiguresTable(props: { withholding: WithholdingFigures }) {
  const { t } = useTranslation('accounting');
  const w = props.withholding;
  const right = { textAlign: 'right' } as const;
  const tl = (n: number) => `${money(n)} TL`;
  return (
    <>
      {w.rows.length === 0 ? <p>{t('declarations.withholding.none')}</p> : (
        <div className="tz-table-scroll">
          <HTMLTable compact striped aria-label={t('declarations.withholding.figures')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('declarations.withholding.code')}</th><th>{t('declarations.withholding.ratio')}</th><th style={right}>{t('declarations.withholding.vatRate')}</th>
                <th style={right}>{t('declarations.withholding.base')}</th><th style={right}>{t('declarations.withholding.vat')}</th>
                <th style={right}>{t('declarations.withholding.withheld')}</th>
              </tr>
            </thead>
            <tbody>
              {w.rows.map((r) => (
                <tr key={`${r.code}/${r.ratio}/${r.vatRate}`}>
                  <th scope="row">{r.code}</th><td>{r.ratio}</td><td style={right}>{percent(r.vatRate)}</td>
                  <td style={right}>{tl(r.base)}</td><td style={right}>{tl(r.vat)}</td><td style={right}>{tl(r.withheld)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>{t('declarations.withholding.total')}</th>
                <td style={right}>{tl(w.totals.base)}</td><td style={right}>{tl(w.totals.vat)}</td><td style={{ ...right, fontWeight: 600 }}>{tl(w.totals.withheld)}</td>
              </tr>
            </tfoot>
          </HTMLTable>
        </div>
      )}
      <Callout intent={w.matchesLedger ? 'success' : 'warning'} icon={w.matchesLedger ? 'tick' : 'warning-sign'} style={{ marginTop: 8 }}>
        {w.matchesLedger
          ? t('declarations.withholding.matches', { amount: tl(w.ledgerWithheld) })
          : t('declarations.withholding.differs', { ledger: tl(w.ledgerWithheld), withheld: tl(w.totals.withheld) })}
      </Callout>
      <p className="bp6-text-muted">{t('declarations.vat.computed', { date: formatDate(w.computedDate, DATE_FORMATS.DASHED_TIME) })}</p>
    </>
  );
}

/**
 * The form both drafts share: a month (the previous one to start with) and an explanation;
 * `compute` sends them, the result's figures are shown below, and a refusal of the month lands at
 * its field.
 */
function MonthDraftDialog(props: {
  id: string; label: string; hint: string; wide?: boolean;
  compute: (body: { period: string; explanation?: string }) => Promise<Declaration>;
  figures: (d: Declaration) => ReactNode;
  onClose: () => void; onComputed: (d: Declaration) => void;
}) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [period, setPeriod] = useState(previousMonth(today()));
  const [explanation, setExplanation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Declaration | null>(null);

  async function compute(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period.trim())) { setError(t('declarations.vat.rules.period')); return; }
    setError(undefined);
    setBusy(true);
    try {
      const d = await props.compute({ period: period.trim(), ...(explanation.trim() ? { explanation: explanation.trim() } : {}) });
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
    <Dialog isOpen onClose={props.onClose} title={props.label} style={{ width: props.wide ? 'min(760px, 96vw)' : 'min(560px, 96vw)' }}>
      <form onSubmit={compute} noValidate aria-label={props.label}>
        <DialogBody>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id={`${props.id}-period`} label={t('declarations.vat.period')} error={error} hint={props.hint} required>
              <InputGroup id={`${props.id}-period`} value={period} onValueChange={setPeriod} maxLength={7} placeholder="2026-01" />
            </Field>
            <Field id={`${props.id}-explanation`} label={t('declarations.form.explanation')}>
              <InputGroup id={`${props.id}-explanation`} value={explanation} onValueChange={setExplanation} maxLength={500} />
            </Field>
          </div>
          {result && props.figures(result)}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('shell.close', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" icon="calculator" loading={busy} text={t('declarations.vat.compute')} />
        </>} />
      </form>
    </Dialog>
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
  return (
    <MonthDraftDialog
      id="vat" label={t('declarations.vat.title')} hint={t('declarations.vat.periodHint')}
      compute={(body) => shell.api.request('POST', VAT_DRAFT, { body })}
      figures={(d) => d.vat && <VatFiguresTable vat={d.vat} />}
      onClose={props.onClose} onComputed={props.onComputed}
    />
  );
}

/**
 * "KDV 2 taslağı": computes a month's withholding VAT (2 No.lu KDV Beyannamesi) draft from the
 * month's posted purchase invoices with withholding (createWithholdingVatDraft) and shows its rows,
 * totals and whether they equal 360's figure; the draft is kept on the month's open KDV2 declaration.
 */
export function WithholdingDraftDialog(props: { onClose: () => void; onComputed: (d: Declaration) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  return (
    <MonthDraftDialog
      id="withholding" label={t('declarations.withholding.title')} hint={t('declarations.withholding.periodHint')} wide
      compute={(body) => shell.api.request('POST', WITHHOLDING_VAT_DRAFT, { body })}
      figures={(d) => d.withholding && <WithholdingFiguresTable withholding={d.withholding} />}
      onClose={props.onClose} onComputed={props.onComputed}
    />
  );
}
