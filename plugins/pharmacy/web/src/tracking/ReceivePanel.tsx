import { useState } from 'react';
import { Button, Callout, FormGroup, H4, InputGroup } from '@blueprintjs/core';
import { formatDate, parseDataMatrix, type Gate } from '@tezgah/core';
import { TRACKING_TEXTS } from '@tezgah/pharmacy-common';
import { reportFailure, useShell } from '@tezgah/workbench/ui';
import { call, PATHS } from '../api';
import { useTexts } from '../texts';
import { wireCode } from '../counter/scan';

/** Who may scan boxes in (tracking.yaml receivePharmacyBoxes: product edit, or the prescription module's add). */
export const RECEIVE_GATE: Gate = { codes: ['13_3', '29_2'] };

/**
 * Goods receipt (mal kabul) on /its: the boxes of a delivery scanned one after the other (a scan is
 * typed text ending in Enter; each code must follow the DataMatrix rule, a code scanned twice is
 * kept once), the receipt's document number, then POST pharmacy-boxes/receive (the GS separator
 * travels as `<GS>`, as from the counter): new boxes come into
 * stock and one İTS acceptance is queued for them. What answers the "scan the missing boxes in"
 * warning of the stock and boxes comparison.
 */
export function ReceivePanel(props: { onReceived: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [ref, setRef] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ received: number; unchanged: number; unknown: number } | null>(null);

  function add() {
    setProblem(null);
    const text = code.trim();
    if (!text) { setProblem(TRACKING_TEXTS.QR_REQUIRED); return; }
    if (!parseDataMatrix(text)) { setProblem(TRACKING_TEXTS.QR_INVALID); return; }
    setCode('');
    setDone(null);
    setCodes((old) => (old.includes(text) ? old : [...old, text]));
  }

  async function receive() {
    if (!codes.length || busy) return;
    setBusy(true);
    try {
      const r = await call(shell.api)('POST', PATHS.boxesReceive, { body: { codes: codes.map(wireCode), ...(ref.trim() ? { ref: ref.trim() } : {}) } }) as { received: { productId: number | null }[]; unchanged: unknown[] };
      // A box whose medicine is not among the company's products comes in without a product: said, so that the product is added.
      setDone({ received: r.received.length, unchanged: r.unchanged.length, unknown: r.received.filter((b) => b.productId === null).length });
      setCodes([]);
      props.onReceived();
    } catch (e) {
      reportFailure(shell.notify, e, t('common.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={t('tracking.receive.title')} style={{ marginTop: 20, maxWidth: 720 }}>
      <H4>{t('tracking.receive.title')}</H4>
      <form onSubmit={(e) => { e.preventDefault(); add(); }} style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <FormGroup label={t('tracking.qr')} labelFor="receive-qr" style={{ flex: 1, margin: 0 }} intent={problem ? 'danger' : 'none'} helperText={problem ?? undefined}>
          <InputGroup id="receive-qr" value={code} intent={problem ? 'danger' : 'none'} placeholder={t('tracking.qrHint')} onChange={(e) => setCode(e.currentTarget.value)} />
        </FormGroup>
        <Button type="submit" icon="plus" text={t('tracking.receive.add')} />
      </form>
      {codes.length > 0 && (
        <ol aria-label={t('tracking.receive.scanned')} style={{ paddingLeft: 20 }}>
          {codes.map((c, i) => {
            const dm = parseDataMatrix(c)!;
            return (
              <li key={c}>
                {dm.gtin} · {dm.sn}{dm.bn ? ` · ${dm.bn}` : ''}{dm.xd ? ` · ${formatDate(dm.xd)}` : ''}{' '}
                <Button size="small" variant="minimal" icon="cross" aria-label={t('tracking.receive.remove', { n: i + 1 })} onClick={() => setCodes((old) => old.filter((x) => x !== c))} />
              </li>
            );
          })}
        </ol>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginTop: 8 }}>
        <FormGroup label={t('tracking.receive.ref')} labelFor="receive-ref" style={{ margin: 0 }}>
          <InputGroup id="receive-ref" value={ref} maxLength={100} onChange={(e) => setRef(e.currentTarget.value)} />
        </FormGroup>
        <Button intent="primary" icon="import" disabled={!codes.length} loading={busy} onClick={() => { void receive(); }}
          text={t('tracking.receive.submit', { count: codes.length })} />
      </div>
      {done && (
        <Callout role="status" intent="success" compact style={{ marginTop: 8 }}>
          {t('tracking.receive.done', { received: done.received, unchanged: done.unchanged })}
          {done.unknown > 0 && <div>{t('tracking.receive.unknown', { count: done.unknown })}</div>}
        </Callout>
      )}
    </section>
  );
}
