import { useState, type FormEvent } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Field, useShell } from '@tezgah/workbench/ui';
import { toNetworkError, toTezgahError } from '@tezgah/sdk';
import { PATHS } from './model';
import { useReportFailure } from './parts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Analizi e-postayla gönder" on the sales report: the range's sales analysis as an xlsx, mailed
 * by the reports service to the addresses written (comma separated, at most 10).
 */
export function MailAnalysis(props: { range: { startDate: string; endDate: string } }) {
  const shell = useShell();
  const failed = useReportFailure();
  const { t } = useTranslation('accounting');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const emails = text.split(/[,;\s]+/).map((x) => x.trim()).filter(Boolean);
    const bad = !emails.length ? t('ledger.rules.required') : emails.length > 10 ? t('reports.mail.tooMany') : emails.some((x) => !EMAIL.test(x)) ? t('reports.mail.format') : undefined;
    setError(bad);
    if (bad) return;
    setBusy(true);
    try {
      const post = shell.api.client.POST as unknown as (p: string, init: { body: unknown }) => Promise<{ data?: { recipients: string[] }; error?: unknown; response: Response }>;
      const r = await post(PATHS.mail, { body: { ...props.range, emails } }).catch((x: unknown) => { throw toNetworkError(x); });
      if (!r.response.ok || !r.data) throw toTezgahError(r.response, r.error);
      shell.notify.success(t('reports.mail.sent', { count: r.data.recipients.length }));
      setText('');
    } catch (x) {
      failed(x);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => { void submit(e); }} noValidate aria-label={t('reports.mail.title')} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginTop: 12 }}>
      <Field id="report-mail" label={t('reports.mail.emails')} error={error} hint={t('reports.mail.hint')}>
        <InputGroup id="report-mail" value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ minWidth: 320 }} />
      </Field>
      <Button type="submit" icon="envelope" loading={busy} text={t('reports.mail.send')} style={{ marginTop: 22 }} />
    </form>
  );
}
