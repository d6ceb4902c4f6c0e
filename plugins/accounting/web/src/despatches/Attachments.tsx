import { useState, type ChangeEvent } from 'react';
import { Button, Callout, Classes, FileInput, H4, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate, type WorkbenchHost } from '@tezgah/core';
import { Field, reportFailure, useApiData, useConfirm, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { downloadAttachment, uploadAttachments } from './files';
import { ATTACHMENT, ATTACHMENTS_OF, ATTACHMENT_LIMITS, checkUpload, fileSize, type DespatchAttachment } from './model';

/** The short name of a kind the server recognises (application/pdf → PDF); else the type itself. */
const KINDS: Record<string, string> = {
  'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WEBP', 'application/xml': 'XML', 'text/xml': 'XML',
  'text/plain': 'TXT', 'text/csv': 'CSV', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
};
const kindOf = (contentType: string) => KINDS[contentType.split(';')[0]!.trim().toLowerCase()] ?? contentType;

/** The server's words for a refused upload (413 FILE_TOO_LARGE, 400 UNSUPPORTED_FILE, 409 …). */
function problemText(e: unknown): string {
  const x = (e ?? {}) as { detail?: unknown; title?: unknown; message?: unknown };
  for (const v of [x.detail, x.title, x.message]) if (typeof v === 'string' && v.trim()) return v.trim();
  return '';
}

/**
 * A despatch's attachments (Ekler): the files kept with it (name, kind, size, who uploaded them,
 * when), each downloadable; who may change despatches (update 3) adds files — several at once,
 * PDF, PNG, JPEG, WEBP, XML, TXT, CSV or XLSX, at most 10 MB each and 20 a despatch — and
 * deletes them after asking. A refused upload shows the server's reason.
 */
export function DespatchAttachments(props: { host: WorkbenchHost; despatchId: number; mayChange: boolean; onChanged?: (count: number) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const { host, despatchId, onChanged } = props;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const companyId = host.session?.companyId ?? shell.account?.companyId ?? 0;
  // Uploads and removals are written into this read (its path is not the one they write to).
  const key = ['GET', ATTACHMENTS_OF, { id: despatchId }];
  const read = useApiData(key, (api) => api.request('GET', ATTACHMENTS_OF, { params: { path: { id: despatchId } } }));
  const list: readonly DespatchAttachment[] | null = read.isError ? [] : (read.data ?? null);
  const client = useQueryClient();
  const setList = (after: readonly DespatchAttachment[]) => client.setQueryData(key, after);

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const files = Array.from(input.files ?? []);
    if (!files.length) return;
    const had = list?.length ?? 0;
    const check = checkUpload(files, had);
    setProblem(null);
    if (check.tooLarge.length || check.tooMany) {
      setProblem(check.tooLarge.length ? t('despatches.attachments.tooLarge', { names: check.tooLarge.join(', ') }) : t('despatches.attachments.tooMany', { count: had }));
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const after = await uploadAttachments(shell.api, companyId, despatchId, files);
      setList(after);
      onChanged?.(after.length);
      host.notify.success(t('despatches.attachments.uploaded', { count: files.length }));
    } catch (err) {
      setProblem(problemText(err) || t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  async function save(a: DespatchAttachment) {
    try {
      const name = await downloadAttachment(shell.api, a);
      host.notify.success(t('despatches.downloaded', { name }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  async function remove(a: DespatchAttachment) {
    if (!(await confirm({ detail: t('despatches.attachments.removeDetail', { name: a.fileName }) }))) return;
    try {
      await shell.api.request('DELETE', ATTACHMENT, { params: { path: { id: a.id } } });
      const after = (list ?? []).filter((x) => x.id !== a.id);
      setList(after);
      onChanged?.(after.length);
      host.notify.success(t('despatches.attachments.removed'));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const title = t('despatches.attachments.title');
  return (
    <section aria-label={title}>
      <H4>{list ? `${title} (${list.length})` : title}</H4>
      {list === null ? <div role="status"><Spinner size={16} /> {t('finance.common.loading')}</div> : list.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('despatches.attachments.none')}</p>
      ) : (
        <div className="tz-table-scroll">
          <HTMLTable compact striped aria-label={title} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('despatches.attachments.fileName')}</th><th>{t('despatches.attachments.type')}</th>
                <th style={{ textAlign: 'right' }}>{t('despatches.attachments.size')}</th>
                <th>{t('despatches.attachments.createdBy')}</th><th>{t('despatches.attachments.createdDate')}</th><th />
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr key={a.id}>
                  <td>{a.fileName}</td>
                  <td>{kindOf(a.contentType)}</td>
                  <td style={{ textAlign: 'right' }}>{fileSize(a.size)}</td>
                  <td>{a.createdBy ?? ''}</td>
                  <td>{formatDate(a.createdDate, DATE_FORMATS.DASHED_TIME)}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small" variant="minimal" icon="download" aria-label={t('despatches.attachments.downloadOf', { name: a.fileName })}
                      title={t('despatches.attachments.download')} onClick={() => { void save(a); }}
                    />
                    {props.mayChange && (
                      <Button
                        size="small" variant="minimal" icon="trash" intent="danger" aria-label={t('despatches.attachments.removeOf', { name: a.fileName })}
                        title={t('despatches.attachments.remove')} onClick={() => { void remove(a); }}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {props.mayChange && (
        <div style={{ marginTop: 12 }}>
          <Field id={`desp-${despatchId}-files`} label={t('despatches.attachments.upload')} hint={t('despatches.attachments.limits')}>
            <FileInput
              text={busy ? t('despatches.attachments.uploading') : t('despatches.attachments.pick')}
              buttonText={t('despatches.attachments.browse')}
              disabled={busy || (list !== null && list.length >= ATTACHMENT_LIMITS.maxCount)}
              inputProps={{ id: `desp-${despatchId}-files`, multiple: true, accept: ATTACHMENT_LIMITS.accept }}
              onInputChange={(e) => { void upload(e as ChangeEvent<HTMLInputElement>); }}
              style={{ maxWidth: 420 }}
            />
          </Field>
          {busy && <div role="status"><Spinner size={16} /> {t('despatches.attachments.uploading')}</div>}
          {problem && <Callout intent="danger" role="alert" title={t('despatches.attachments.failed')}>{problem}</Callout>}
        </div>
      )}
      {dialog}
    </section>
  );
}
