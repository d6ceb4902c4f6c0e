import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTexts } from './texts';
import type { ContributionProps, WorkbenchHost } from '@tezgah/core';
import { useApiData, useQueryClient } from '@tezgah/workbench/ui';
import { documentOf, PATHS, type EDocument } from './api';
import { CheckDialog } from './CheckDialog';
import { StatusTag } from './StatusTag';
import type { Source } from './steps';

/**
 * The "e-Belge" button on a posted sales invoice's page (or "e-İrsaliye" on an outgoing despatch's):
 * it shows the e-document's status (none yet: nothing) and opens the check dialog.
 */
export function SendButton(props: { host: WorkbenchHost; source: Source; sourceId: number; label: string; onEdit: () => void }) {
  const { host, source, sourceId } = props;
  const { t } = useTexts();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const key = ['GET', source === 'invoice' ? PATHS.byInvoice : PATHS.byDespatch, { id: sourceId }];
  const q = useApiData(key, (api) => documentOf(api, source, sourceId));
  // undefined: still loading; null: none yet (or the read failed, reported as before).
  const doc: EDocument | null | undefined = q.data !== undefined ? q.data : q.isError ? null : undefined;
  // The dialog's answer is the document as it now is: it replaces the cached one.
  const setDoc = (d: EDocument | null) => client.setQueryData(key, d);
  const text = source === 'despatch' ? t('despatchButton') : t('button');
  return (
    <>
      <Button icon="cloud-upload" title={t('buttonTitle')} loading={doc === undefined} onClick={() => setOpen(true)} aria-label={text}>
        {text}{doc ? <> <StatusTag status={doc.status} /></> : null}
      </Button>
      {open && doc !== undefined && (
        <CheckDialog
          host={host} source={source} sourceId={sourceId} label={doc?.documentNo ?? props.label} document={doc}
          onChange={setDoc} onEdit={() => { setOpen(false); props.onEdit(); }} onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Fills `accounting.invoice.actions`: a posted sales invoice, for who may see sales. */
export function InvoiceSendAction({ host, params }: ContributionProps) {
  const id = Number(params?.invoiceId);
  // What the company issues goes out: its sales and its purchase returns (an IADE invoice).
  if ((params?.invoiceType !== 'SALE' && params?.invoiceType !== 'BUYING_RETURN') || params?.status !== 'POSTED' || !Number.isInteger(id) || id < 1) return null;
  if (!host.can({ codes: ['11_1'] })) return null;
  return <SendButton host={host} source="invoice" sourceId={id} label={params.documentNo ?? `#${id}`} onEdit={() => host.navigate(`/invoice/${id}/edit`)} />;
}

/** Fills `accounting.despatch.actions`: an outgoing, valid despatch, for who may see despatches. */
export function DespatchSendAction({ host, params }: ContributionProps) {
  const id = Number(params?.despatchId);
  if (params?.direction !== 'OUT' || params?.status !== 'ACTIVE' || !Number.isInteger(id) || id < 1) return null;
  if (!host.can({ codes: ['26_1'] })) return null;
  return <SendButton host={host} source="despatch" sourceId={id} label={params.waybillNo || `#${id}`} onEdit={() => host.navigate(`/outgoing-despatch/${id}/edit`)} />;
}
