import { Callout, Tag } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { page, PATHS, type PosDevice, type PosPayment } from '../api';
import { LIVE } from '../payments/live';
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
  const seesDevices = allowed && shell.host.can({ module: 27, anyActions: [1] });
  const active = useApiData(
    ['GET', PATHS.devices, { page: 0, size: 5, active: true }, 'page'],
    (api) => page(api)(PATHS.devices, { params: { query: { page: 0, size: 5, active: true } } }).then((r) => r.items as PosDevice[]),
    { enabled: seesDevices, report: false },
  );
  const devices: PosDevice[] | null = !seesDevices || active.isError ? [] : active.data ?? null;

  // The invoice's POS payment, asked again every LIVE.ms while the sale is on screen (a failed round keeps what was shown).
  const seesPayment = Boolean(invoiceId) && shell.host.can({ module: 30, anyActions: [1] });
  const latest = useApiData(
    ['GET', PATHS.paymentsToPortal, { invoiceId, last: true }, 'page'],
    (api) => page(api)(PATHS.paymentsToPortal, { params: { query: { page: 0, size: 1, sort: 'id,desc', invoiceId } } }).then((r) => (r.items[0] as PosPayment | undefined) ?? null),
    { enabled: seesPayment, report: false, staleTime: 0, refetchInterval: seesPayment ? LIVE.ms : false },
  );
  const payment: PosPayment | null = seesPayment ? latest.data ?? null : null;

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
