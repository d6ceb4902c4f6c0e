import { Spinner } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useApiData } from '@tezgah/workbench/ui';
import { PATHS, statusBatcher } from './api';
import { StatusTag } from './StatusTag';

/**
 * Fills the invoice reports' row slot (`accounting.reports.invoiceRow`) with the invoice's
 * e-document status (the lists' simplified set) and number. The slot draws one cell per row; the
 * rows of a page ask together through the shared batcher, so a page makes one
 * `/e-documents/statuses?invoiceIds=` call, not one per row. Nothing for an invoice without one.
 */
export default function ReportStatusCell({ params }: ContributionProps) {
  const id = Number(params?.invoiceId);
  const valid = Number.isInteger(id) && id > 0;
  // Keyed per invoice under the statuses' path (the check dialog's actions refresh it); the batcher
  // still gathers the rows' asks into one call. A failure shows nothing, as a missing status does.
  const q = useApiData(['GET', PATHS.statuses, { invoiceId: id }], (api) => statusBatcher(api).statusOf(id), { enabled: valid, report: false });
  const s = !valid || q.isError ? null : q.data;
  if (s === undefined) return <Spinner size={12} />;
  if (s === null) return null;
  return <StatusTag status={s.status} simple title={s.documentNo ?? undefined} />;
}
