import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea, type Intent } from '@blueprintjs/core';
import { useShell } from '@tezgah/workbench/ui';
import { call, PATHS, wordsOf, type MajistralResult } from '../api';
import { useTexts } from '../texts';

const AMOUNT = /^[0-9]{1,9}([.,][0-9]{1,2})?$/;

/**
 * A majistral (compounded) medicine on a prescription saved at Medula (seeds 001 §7 majistral;
 * §8 'Majistral ilaç kaydedildi' or the warning 'Majistral ilaç kaydedilemedi' with Medula's reason,
 * the answer's errorMessage). Medula's majistral operation is our own invention (no public documentation).
 */
export function MajistralDialog(props: { receteId: number; receteNo: string; onClose: () => void; onSaved?: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [d, setD] = useState({ name: '', content: '', amount: '', unit: '', price: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ intent: Intent; text: string } | null>(null);
  const errors: Record<string, string> = {};
  if (!d.name.trim()) errors.name = t('majistral.required');
  if (!d.content.trim()) errors.content = t('majistral.required');
  if (d.price.trim() && !AMOUNT.test(d.price.trim())) errors.price = t('majistral.priceInvalid');
  const err = (k: string) => (tried ? errors[k] : undefined);
  async function save() {
    setTried(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      const body = {
        receteId: props.receteId, name: d.name.trim(), content: d.content.trim(),
        ...(d.amount.trim() ? { amount: d.amount.trim() } : {}), ...(d.unit.trim() ? { unit: d.unit.trim() } : {}),
        ...(d.price.trim() ? { price: d.price.trim().replace(',', '.') } : {}),
      };
      const r = await call(shell.api)('POST', PATHS.majistral, { body }) as MajistralResult;
      if (r.errorMessage) {
        setOutcome({ intent: 'warning', text: `${t('majistral.failed')}: ${r.errorMessage}` });
        shell.notify.warning(`${t('majistral.failed')}: ${r.errorMessage}`);
      } else {
        setOutcome({ intent: 'success', text: t('majistral.saved') });
        shell.notify.success(t('majistral.saved'));
        props.onSaved?.();
      }
    } catch (e) {
      setOutcome({ intent: 'danger', text: wordsOf(e) || t('majistral.failed') });
    } finally { setBusy(false); }
  }
  const field = (k: 'name' | 'amount' | 'unit' | 'price', extra: object = {}) => (
    <FormGroup label={t(`majistral.${k}`)} labelFor={`majistral-${k}`} labelInfo={k === 'name' ? '*' : undefined} intent={err(k) ? 'danger' : 'none'} helperText={err(k)} style={{ flex: '1 1 160px' }}>
      <InputGroup id={`majistral-${k}`} value={d[k]} intent={err(k) ? 'danger' : 'none'} onChange={(e) => { const v = e.currentTarget.value; setD((x) => ({ ...x, [k]: v })); }} {...extra} />
    </FormGroup>
  );
  return (
    <Dialog isOpen title={t('majistral.title', { no: props.receteNo })} onClose={props.onClose} style={{ width: 620, maxWidth: '98vw' }}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <DialogBody>
          {outcome && <Callout intent={outcome.intent} role={outcome.intent === 'success' ? 'status' : 'alert'} style={{ marginBottom: 8 }}>{outcome.text}</Callout>}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 12px' }}>
            {field('name', { autoFocus: true, maxLength: 200 })}
            {field('amount', { maxLength: 20 })}
            {field('unit', { maxLength: 20 })}
            {field('price', { inputMode: 'decimal', maxLength: 13 })}
          </div>
          <FormGroup label={t('majistral.content')} labelFor="majistral-content" labelInfo="*" intent={err('content') ? 'danger' : 'none'} helperText={err('content')}>
            <TextArea id="majistral-content" fill rows={4} maxLength={2000} value={d.content} onChange={(e) => { const v = e.currentTarget.value; setD((x) => ({ ...x, content: v })); }} />
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.close')} onClick={props.onClose} />
          <Button type="submit" intent="primary" icon="floppy-disk" text={t('majistral.save')} loading={busy} />
        </>} />
      </form>
    </Dialog>
  );
}
