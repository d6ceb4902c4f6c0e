import { useEffect, useState } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useShell } from '@tezgah/workbench/ui';
import { statusBatcher, type InvoiceStatus } from './api';
import { StatusTag } from './StatusTag';

/**
 * Fills the invoice reports' row slot (`accounting.reports.invoiceRow`) with the invoice's
 * e-document status (the lists' simplified set) and number. The slot draws one cell per row; the
 * rows of a page ask together through the shared batcher, so a page makes one
 * `/e-documents/statuses?invoiceIds=` call, not one per row. Nothing for an invoice without one.
 */
export default function ReportStatusCell({ params }: ContributionProps) {
  const shell = useShell();
  const id = Number(params?.invoiceId);
  const valid = Number.isInteger(id) && id > 0;
  const [s, setS] = useState<InvoiceStatus | null | undefined>(valid ? undefined : null);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    statusBatcher(shell.api).statusOf(id).then((x) => { if (live) setS(x); }, () => { if (live) setS(null); });
    return () => { live = false; };
  }, [shell.api, id, valid]);
  if (s === undefined) return <Spinner size={12} />;
  if (s === null) return null;
  return <StatusTag status={s.status} simple title={s.documentNo ?? undefined} />;
}
