import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useShell } from '@tezgah/workbench/ui';
import { page, PATHS, type BoxInfo } from '../api';
import { useTexts } from '../texts';
import { TrackingDialog, TRACKING_GATE, type TrackedBox } from './TrackingDialog';

/**
 * Fills `accounting.invoice.actions`: an 'İTS' button on a posted sales invoice's page, for who may
 * use drug tracking; it opens the drug-tracking dialog with the invoice's QR-tracked boxes (their
 * İTS state and ours, the sale cancel).
 */
export default function InvoiceTrackingAction({ host, params }: ContributionProps) {
  const id = Number(params?.invoiceId);
  if (params?.invoiceType !== 'SALE' || !Number.isInteger(id) || id < 1) return null;
  if (params?.status !== 'POSTED' && params?.status !== 'CANCELLED') return null;
  if (!host.can(TRACKING_GATE)) return null;
  return <ItsButton invoiceId={id} label={params.documentNo || `#${id}`} />;
}

function ItsButton(props: { invoiceId: number; label: string }) {
  const shell = useShell();
  const { t } = useTexts();
  const [boxes, setBoxes] = useState<TrackedBox[] | null>(null);
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      const list = (await page(shell.api)(PATHS.boxes, { params: { query: { invoiceId: props.invoiceId, page: 0, size: 500 } } })).items as BoxInfo[];
      const found = list.map((b) => ({ gtin: b.gtin, sn: b.sn, bn: b.bn ?? null, xd: b.xd ?? null }));
      if (found.length === 0) shell.notify.warning(t('tracking.noBoxes'));
      setBoxes(found);
    } catch (e) {
      shell.notify.failure(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button icon="barcode" text={t('tracking.button')} title={t('tracking.buttonTitle')} aria-label={t('tracking.button')} loading={busy} onClick={() => { void open(); }} />
      {boxes && <TrackingDialog boxes={boxes} invoiceId={props.invoiceId} title={t('tracking.invoiceTitle', { no: props.label })} onClose={() => setBoxes(null)} />}
    </>
  );
}
