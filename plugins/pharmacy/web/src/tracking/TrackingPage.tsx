import { useCallback, useState } from 'react';
import { Button, Callout, H2, H4, HTMLTable, Spinner } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { call, PATHS, type BoxStock } from '../api';
import { useTexts } from '../texts';
import { TrackingDialog } from './TrackingDialog';
import { ReceivePanel, RECEIVE_GATE } from './ReceivePanel';

/**
 * /its: the drug-tracking dialog as a page of its own (menu Stok → İlaç Takip), for a box at hand,
 * and under it the QR-tracked medicines whose stock and boxes in stock differ (GET
 * pharmacy-box-stock?differentOnly=true): a purchase invoice booked before its boxes were scanned
 * shows here until they are, and is scanned in with the goods receipt panel. Asked again when the
 * dialog closes and after a receipt.
 */
export default function TrackingPage(_props: ContributionProps) {
  const { t } = useTexts();
  const shell = useShell();
  const [open, setOpen] = useState(true);
  // The boxes whose counts differ, read again after a query or a receipt (`load`); the page says
  // itself when they cannot be read.
  const boxes = useApiData(
    ['GET', PATHS.boxStock, { differentOnly: true }],
    (api) => call(api)('GET', PATHS.boxStock, { params: { query: { differentOnly: true } } }).then((r) => (Array.isArray(r) ? (r as BoxStock[]) : [])),
    { report: false },
  );
  const differing: BoxStock[] | null = boxes.data ?? null;
  const failed = boxes.isError && !boxes.isFetching;
  const { refetch } = boxes;
  const load = useCallback(async () => { await refetch(); }, [refetch]);

  return (
    <section aria-label={t('tracking.title')}>
      <H2>{t('tracking.title')}</H2>
      <Button icon="barcode" intent="primary" text={t('tracking.query')} onClick={() => setOpen(true)} />
      {open && <TrackingDialog onClose={() => { setOpen(false); void load(); }} />}
      {shell.host.can(RECEIVE_GATE) && <ReceivePanel onReceived={() => { void load(); }} />}
      <section aria-label={t('tracking.differing')} style={{ marginTop: 20 }}>
        <H4>{t('tracking.differing')}</H4>
        {failed ? (
          <Callout intent="danger" compact>
            {t('tracking.differingFailed')} <Button variant="minimal" size="small" text={t('tracking.retry')} onClick={() => { void load(); }} />
          </Callout>
        ) : differing === null ? <Spinner size={20} /> : differing.length === 0 ? (
          <p className="bp6-text-muted">{t('tracking.noneDiffering')}</p>
        ) : (
          <HTMLTable compact striped aria-label={t('tracking.differing')}>
            <thead><tr>
              <th>{t('tracking.medicine')}</th><th>{t('tracking.barcode')}</th><th style={{ textAlign: 'right' }}>{t('tracking.stock')}</th>
              <th style={{ textAlign: 'right' }}>{t('tracking.boxesInStock')}</th><th style={{ textAlign: 'right' }}>{t('tracking.difference')}</th><th>{t('tracking.whatToDo')}</th>
            </tr></thead>
            <tbody>
              {differing.map((x) => (
                <tr key={x.productId} data-product={x.productId}>
                  <td>{x.name}</td><td>{x.barcode ?? ''}</td>
                  <td style={{ textAlign: 'right' }}>{x.stockQuantity}</td><td style={{ textAlign: 'right' }}>{x.boxesInStock}</td>
                  <td style={{ textAlign: 'right' }}>{x.difference}</td>
                  <td>{t(Number(x.difference) > 0 ? 'tracking.scanMissing' : 'tracking.checkEntry')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </section>
    </section>
  );
}
