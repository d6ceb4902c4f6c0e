import { useState } from 'react';
import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, reportFailure, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { isDay, today } from '../ledger/model';
import { fieldErrorList } from '../invoices/InvoiceForm';
import { DESPATCHES_TO_INVOICE, invoicePage, toInvoiceBody, type Despatch, type DespatchDirection } from './model';

/**
 * "Faturalaştır": one invoice from one or more despatches of one current (an incoming despatch
 * becomes a purchase, an outgoing one a sale): the invoice date (today), a purchase's supplier
 * invoice number, and whether it is kept as a draft. POST /despatches/to-invoice, then the new
 * invoice's page.
 */
export function ToInvoiceDialog(props: {
  host: WorkbenchHost;
  direction: DespatchDirection;
  despatches: readonly Pick<Despatch, 'id' | 'waybillNo' | 'despatchDate' | 'currentName'>[];
  onClose: () => void;
}) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { host, direction: d } = props;
  const [date, setDate] = useState(today());
  const [documentNo, setDocumentNo] = useState('');
  const [draft, setDraft] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const title = t('despatches.toInvoice.title');

  async function submit() {
    const found: FieldErrors = {};
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = toInvoiceBody(d, props.despatches.map((x) => x.id), date, draft, documentNo);
      const inv = await shell.api.request('POST', DESPATCHES_TO_INVOICE, { body });
      host.notify.success(inv.documentNo && inv.status !== 'DRAFT' ? t('despatches.toInvoice.done', { no: inv.documentNo }) : t('despatches.toInvoice.doneDraft'));
      host.bus.emit('entity.created', { plugin: 'accounting', entity: 'invoice', id: inv.id, record: inv });
      for (const x of props.despatches) host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'despatch', id: x.id });
      host.navigate(invoicePage(inv.id));
    } catch (e) {
      const mine: FieldErrors = {};
      for (const f of fieldErrorList(e)) {
        const head = f.field.split(/[./[\]]/).filter(Boolean)[0];
        if (head === 'date' || head === 'documentNo') mine[head] ??= f.message;
      }
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={title} icon="document-share" aria-label={title} style={{ width: 560, maxWidth: '95vw' }}>
      <form noValidate aria-label={title} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <DialogBody>
          <p>{t(`despatches.toInvoice.kind.${d}`)}</p>
          <ul aria-label={t('despatches.toInvoice.despatches')} style={{ margin: '0 0 12px', paddingLeft: 20 }}>
            {props.despatches.map((x) => (
              <li key={x.id}>
                {`${x.waybillNo ?? t('despatches.noNumber', { id: x.id })} · ${formatDate(x.despatchDate)} · ${x.currentName}`}
              </li>
            ))}
          </ul>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="desp-toinv-date" label={t('despatches.toInvoice.date')} error={errors.date} required>
              <DateInput id="desp-toinv-date" value={date} onValueChange={setDate} />
            </Field>
            {d === 'IN' && (
              <Field id="desp-toinv-document-no" label={t('despatches.toInvoice.documentNo')} error={errors.documentNo} hint={t('despatches.toInvoice.documentNoHint')}>
                <InputGroup id="desp-toinv-document-no" value={documentNo} onValueChange={setDocumentNo} maxLength={32} />
              </Field>
            )}
          </div>
          <Checkbox checked={draft} label={t('despatches.toInvoice.draft')} onChange={(e) => setDraft(e.currentTarget.checked)} />
          <p className={Classes.TEXT_MUTED}>{t('despatches.toInvoice.hint')}</p>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('despatches.toInvoice.cancel')} onClick={props.onClose} disabled={busy} />
          <Button type="submit" intent="primary" icon="tick" text={t('despatches.toInvoice.save')} loading={busy} />
        </>} />
      </form>
    </Dialog>
  );
}
