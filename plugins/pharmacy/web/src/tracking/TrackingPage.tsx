import { useState } from 'react';
import { Button, H2 } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useTexts } from '../texts';
import { TrackingDialog } from './TrackingDialog';

/** /its: the drug-tracking dialog as a page of its own (menu Stok → İlaç Takip), for a box at hand. */
export default function TrackingPage(_props: ContributionProps) {
  const { t } = useTexts();
  const [open, setOpen] = useState(true);
  return (
    <section aria-label={t('tracking.title')}>
      <H2>{t('tracking.title')}</H2>
      <Button icon="barcode" intent="primary" text={t('tracking.query')} onClick={() => setOpen(true)} />
      {open && <TrackingDialog onClose={() => setOpen(false)} />}
    </section>
  );
}
