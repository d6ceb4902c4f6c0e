import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, Tag } from '@blueprintjs/core';
import { useTexts } from './texts';
import { reportFailure, useShell } from '@tezgah/workbench/ui';
import { importDocuments, type ImportResult } from './api';

const INTENT = { IMPORTED: 'success', DUPLICATE: 'warning', FAILED: 'danger' } as const;

/** "İçe aktar": UBL-TR XML files or zips of them into the incoming lists, with one result per document. */
export function ImportDialog(props: { onClose: (imported: boolean) => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<ImportResult[] | null>(null);
  async function upload() {
    setBusy(true);
    try {
      const r = await importDocuments(shell.api, files);
      setResults(r);
      const n = (k: ImportResult['result']) => r.filter((x) => x.result === k).length;
      shell.notify.success(t('importDialog.summary', { imported: n('IMPORTED'), duplicate: n('DUPLICATE'), failed: n('FAILED') }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }
  const close = () => props.onClose(Boolean(results?.some((x) => x.result === 'IMPORTED')));
  return (
    <Dialog isOpen onClose={close} title={t('importDialog.title')} icon="import" style={{ width: 'min(760px, 96vw)' }} aria-label={t('importDialog.title')}>
      <DialogBody>
        <Callout icon="info-sign">{t('importDialog.hint')}</Callout>
        <FileInput
          style={{ marginTop: 12 }} fill buttonText={t('importDialog.browse')}
          text={files.length ? files.map((f) => f.name).join(', ') : t('importDialog.pick')}
          inputProps={{ multiple: true, accept: '.xml,.zip,application/xml,text/xml,application/zip', 'aria-label': t('importDialog.pick') }}
          onInputChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
        />
        {results && (
          <HTMLTable compact striped aria-label={t('importDialog.result')} style={{ marginTop: 12, width: '100%' }}>
            <thead><tr><th>{t('importDialog.file')}</th><th>{t('importDialog.result')}</th><th>{t('importDialog.reason')}</th></tr></thead>
            <tbody>
              {results.map((r, i) => (
                <tr key={i}>
                  <td>{r.file}</td>
                  <td><Tag minimal intent={INTENT[r.result]}>{t(`importDialog.results.${r.result}`)}</Tag></td>
                  <td>{r.reason ?? r.documentNo ?? r.uuid ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter actions={<>
        <Button intent="primary" icon="upload" text={t('importDialog.send')} disabled={!files.length} loading={busy} onClick={() => { void upload(); }} />
        <Button text={t('importDialog.close')} onClick={close} />
      </>} />
    </Dialog>
  );
}
