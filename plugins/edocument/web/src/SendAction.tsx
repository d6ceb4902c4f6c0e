import { useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTexts } from './texts';
import type { ContributionProps, WorkbenchHost } from '@tezgah/core';
import { useShell } from '@tezgah/workbench/ui';
import { documentOf, type EDocument } from './api';
import { CheckDialog } from './CheckDialog';
import { StatusTag } from './StatusTag';
import type { Source } from './steps';

/**
 * The "e-Belge" button on a posted sales invoice's page (or "e-İrsaliye" on an outgoing despatch's):
 * it shows the e-document's status (none yet: nothing) and opens the check dialog.
 */
export function SendButton(props: { host: WorkbenchHost; source: Source; sourceId: number; label: string; onEdit: () => void }) {
  const { host, source, sourceId } = props;
  const shell = useShell();
  const { t } = useTexts();
  const [doc, setDoc] = useState<EDocument | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    documentOf(shell.api, source, sourceId).then((d) => { if (live) setDoc(d); }, (e: unknown) => { if (live) setDoc(null); shell.notify.failure(e); });
    return () => { live = false; };
  }, [shell.api, shell.notify, source, sourceId]);
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
