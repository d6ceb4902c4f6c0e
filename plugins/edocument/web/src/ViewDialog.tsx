import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useTexts } from './texts';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { documentHtml, PATHS, type EDocument } from './api';

/**
 * GİB's display of an e-document. The HTML comes from the server as text and is shown in a frame
 * with an empty `sandbox`: no script runs, no form is sent, nothing reaches the workbench's page.
 */
export function ViewDialog(props: { doc: Pick<EDocument, 'id' | 'uuid' | 'documentNo'>; onClose: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const id = props.doc.id;
  const q = useApiData(['GET', PATHS.html, { id }], (api) => documentHtml(api, id));
  const html: string | 'failed' | null = q.data ?? (q.isError ? 'failed' : null);
  const title = t('view.title', { no: props.doc.documentNo ?? props.doc.uuid });
  return (
    <Dialog isOpen onClose={props.onClose} title={title} icon="document" style={{ width: 'min(980px, 96vw)' }} aria-label={title}>
      <DialogBody>
        {html === null ? <div role="status"><Spinner size={20} /> {t('dialog.previewLoading')}</div>
          : html === 'failed' ? <Callout intent="danger">{t('dialog.previewFailed')}</Callout>
            : <iframe sandbox="" srcDoc={html} title={t('dialog.preview')} style={{ width: '100%', height: '70vh', border: '1px solid #ccc', background: '#fff' }} />}
      </DialogBody>
      <DialogFooter actions={<Button text={t('view.close')} onClick={props.onClose} />} />
    </Dialog>
  );
}
