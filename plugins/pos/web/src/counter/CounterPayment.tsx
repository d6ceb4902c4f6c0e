import { useCallback, useEffect, useState } from 'react';
import { Callout, Tag } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useShell } from '@tezgah/workbench/ui';
import { page, PATHS, type PosDevice, type PosPayment } from '../api';
import { usePolling } from '../payments/live';
import { StatusTag } from '../payments/StatusTag';
import { useTexts } from '../texts';
import { money } from '../ui/money';

/**
 * The pharmacy counter's payment slot (`pharmacy.sale.payment`, params receteId, amount, invoiceId
 * once invoiced). The counter takes the patient's card share with this plugin's 'pos.device'
 * payment method when it is offered (GET /payment-methods): the invoice's card payment becomes a
 * POS payment sent to the terminal of that bank account. The slot shows the terminal that will
 * take the card and, once the sale is invoiced, the live status of that invoice's POS payment.
 */
export default function CounterPayment(props: ContributionProps & { params?: Record<string, string | undefined> }) {
  const shell = useShell();
  const { t } = useTexts();
  const allowed = shell.host.can({ module: 27, anyActions: [1] }) || shell.host.can({ module: 30, anyActions: [1] });
  const invoiceId = props.params?.invoiceId ? Number(props.params.invoiceId) : null;
  const [devices, setDevices] = useState<PosDevice[] | null>(null);
  const [payment, setPayment] = useState<PosPayment | null>(null);

  useEffect(() => {
    if (!allowed || !shell.host.can({ module: 27, anyActions: [1] })) { setDevices([]); return undefined; }
    let live = true;
    page(shell.api)(PATHS.devices, { params: { query: { page: 0, size: 5, active: true } } })
      .then((r) => { if (live) setDevices(r.items as PosDevice[]); }, () => { if (live) setDevices([]); });
    return () => { live = false; };
  }, [shell.api, shell.host, allowed]);

  const loadPayment = useCallback(async () => {
    if (!invoiceId || !shell.host.can({ module: 30, anyActions: [1] })) return;
    const r = await page(shell.api)(PATHS.paymentsToPortal, { params: { query: { page: 0, size: 1, sort: 'id,desc', invoiceId } } });
    setPayment((r.items[0] as PosPayment | undefined) ?? null);
  }, [shell.api, shell.host, invoiceId]);
  useEffect(() => { loadPayment().catch(() => setPayment(null)); }, [loadPayment]);
  usePolling(loadPayment, !!invoiceId);

  if (!allowed || devices === null) return null;
  const device = devices[0];
  return (
    <Callout icon="credit-card" role="status" aria-label={t('counter.device')} compact>
      {payment ? (
        <span>{t('counter.payment')} <StatusTag status={payment.status} /> {money(payment.total)}</span>
      ) : device ? (
        <span>
          {t('counter.device')}: <Tag minimal>{device.name}</Tag> <span className="bp6-text-muted">{device.terminalSerialNo}</span>
          {props.params?.amount ? <> · {t('counter.amount', { amount: money(props.params.amount) })}</> : null}
        </span>
      ) : <span className="bp6-text-muted">{t('counter.noDevice')}</span>}
    </Callout>
  );
}
