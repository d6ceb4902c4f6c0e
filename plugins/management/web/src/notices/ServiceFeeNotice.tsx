import { useEffect, useState } from 'react';
import { AnchorButton, Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApiData, useShell } from '@tezgah/workbench/ui';

/** GET company-payment-result-from-crm (openapi/management/crm.yaml). */
export interface CompanyPaymentResult {
  status: 'SUCCESS' | 'PENDING' | 'FAILED' | 'NONE';
  paymentUrl: string | null;
  img: string | null;
}

export const PAYMENT_RESULT_PATH = '/services/onmuhasebe/api/crm/company-payment-result-from-crm';
/** The management company: never shown the notice (seeds 000 §6, 001 §4). */
export const EXCLUDED_COMPANY_ID = 1;

/** Whether the notice shows for a result: not when paid without a payment URL, not when the CRM keeps no fee. */
export function showsServiceFee(r: CompanyPaymentResult | null): r is CompanyPaymentResult {
  if (!r || r.status === 'NONE') return false;
  return !(r.status === 'SUCCESS' && !r.paymentUrl);
}

const dismissedKey = (companyId: number) => `tezgah.serviceFee.dismissed.${companyId}`;

type Loose = (method: string, path: string, init?: object) => Promise<unknown>;

/**
 * The yearly service-fee notice and the redirect notice to the payment page (seeds 001 §2, §4,
 * §9), filled into the shell's `shell.notices` slot above every page: after sign-in (and after a
 * company switch) the company in session's payment result is asked from the CRM; the notice links
 * to the payment page (and shows the CRM's image) unless the result is SUCCESS without a payment
 * URL. Never for company id 1. Closing it hides it for the rest of the browser session.
 */
export default function ServiceFeeNotice() {
  const shell = useShell();
  const { t } = useTranslation('management');
  const companyId = shell.account?.companyId ?? null;
  const [dismissed, setDismissed] = useState(false);
  const applies = companyId !== null && companyId !== EXCLUDED_COMPANY_ID;
  // The company's payment state (nothing shown when it cannot be read).
  const result: CompanyPaymentResult | null = useApiData(
    ['GET', PAYMENT_RESULT_PATH, { companyId }],
    (api) => (api.request as unknown as Loose)('GET', PAYMENT_RESULT_PATH, {}) as Promise<CompanyPaymentResult>,
    { enabled: applies, report: false },
  ).data ?? null;

  // A notice closed in this tab stays closed for that company.
  useEffect(() => {
    if (companyId === null || companyId === EXCLUDED_COMPANY_ID) return;
    setDismissed(typeof sessionStorage !== 'undefined' && sessionStorage.getItem(dismissedKey(companyId)) === '1');
  }, [companyId]);

  if (companyId === null || companyId === EXCLUDED_COMPANY_ID || dismissed || !showsServiceFee(result)) return null;
  const text = result.status === 'PENDING' ? t('serviceFee.pending') : result.status === 'FAILED' ? t('serviceFee.failed') : t('serviceFee.other');
  const close = () => {
    setDismissed(true);
    try { sessionStorage.setItem(dismissedKey(companyId), '1'); } catch { /* private mode */ }
  };
  return (
    <Callout intent="warning" icon="credit-card" title={t('serviceFee.title')} className="tz-service-fee" role="status" aria-label={t('serviceFee.title')}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        {result.img && <img src={result.img} alt={t('serviceFee.image')} style={{ maxHeight: 64 }} />}
        <p style={{ margin: 0, flex: '1 1 240px' }}>{text}</p>
        {result.paymentUrl && (
          <AnchorButton intent="primary" icon="share" href={result.paymentUrl} target="_blank" rel="noopener noreferrer" text={t('serviceFee.pay')} title={t('serviceFee.redirect')} />
        )}
        <Button variant="minimal" icon="cross" aria-label={t('serviceFee.dismiss')} title={t('serviceFee.dismiss')} onClick={close} />
      </div>
    </Callout>
  );
}
