import { useState } from 'react';
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toNetworkError, toTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { reportFailure, useShell } from '@tezgah/workbench/ui';
import { fileNameOf, saveBlob } from '@tezgah/workbench/ui';

/** The file formats the book reports come in (book-reports.yaml BookFileFormat). */
export type FileFormat = 'xlsx' | 'pdf';
export const FORMATS: readonly FileFormat[] = ['xlsx', 'pdf'];

const API = '/services/onmuhasebe/api';
/** The export operations (book-reports.yaml). */
export const EXPORTS = {
  trialBalance: `${API}/trial-balance/export`,
  statement: `${API}/account-statement/export`,
  journalBook: `${API}/journal-book/export`,
  currentLedger: `${API}/currents/{id}/ledger/export`,
} as const;
export type ExportPath = (typeof EXPORTS)[keyof typeof EXPORTS];

// The download helpers live in the workbench (@tezgah/workbench/ui), shared by every plugin.
export { fileNameOf, saveBlob };

type BlobGet = (path: string, init: { params: { path?: Record<string, unknown>; query: Record<string, unknown> }; parseAs: 'blob' }) =>
  Promise<{ data?: Blob; error?: unknown; response: Response }>;

/**
 * Fetches an export with the workbench's signed-in client (the session's token and company go
 * with it, as with every call) as a Blob and saves it under the server's file name (or
 * `fallback`). A refusal (no export authority, the daily Excel limit, a date outside the range)
 * is thrown as the SDK's tagged error, as any other call's. Returns the file name.
 */
export async function downloadFile(
  api: TezgahPromiseApi, path: ExportPath, params: { path?: Record<string, unknown>; query: Record<string, unknown> }, fallback: string,
): Promise<string> {
  const get = api.client.GET as unknown as BlobGet;
  const r = await get(path, { params, parseAs: 'blob' }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || !r.data) throw toTezgahError(r.response, r.error);
  const name = fileNameOf(r.response.headers.get('content-disposition')) ?? fallback;
  saveBlob(r.data, name);
  return name;
}

/**
 * "Excel" and "PDF" buttons. `request(format)` checks the form and answers the export's path,
 * parameters and fallback file name (or null to stop: the form shows why); the file is then
 * fetched and saved, and a success notice names it.
 */
export function DownloadButtons(props: {
  label: string;
  request: (format: FileFormat) => { path: ExportPath; params: { path?: Record<string, unknown>; query: Record<string, unknown> }; fallback: string } | null;
  disabled?: boolean;
}) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [busy, setBusy] = useState<FileFormat | null>(null);

  async function run(format: FileFormat) {
    const req = props.request(format);
    if (!req) return;
    setBusy(format);
    try {
      const name = await downloadFile(shell.api, req.path, { ...req.params, query: { ...req.params.query, format } }, req.fallback);
      shell.notify.success(t('books.download.done', { name }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ButtonGroup aria-label={props.label} role="group">
      {FORMATS.map((f) => (
        <Button
          key={f}
          icon={f === 'xlsx' ? 'th-derived' : 'document'}
          text={t(`books.download.${f}`)}
          title={t(`books.download.${f}Title`)}
          loading={busy === f}
          disabled={props.disabled || (busy !== null && busy !== f)}
          onClick={() => { void run(f); }}
        />
      ))}
    </ButtonGroup>
  );
}
