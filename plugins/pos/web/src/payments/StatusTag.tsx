import { Tag } from '@blueprintjs/core';
import { POS_PAYMENT_STATUS_LABELS } from '@tezgah/pos-common';
import { STATUS_INTENT, type PosStatus } from '../api';
import { useTexts } from '../texts';

/** The language of a status label: English when the interface is English, else Turkish. */
export function useLang(): 'tr' | 'en' {
  const { i18n } = useTexts();
  return i18n.language?.startsWith('en') ? 'en' : 'tr';
}

/** A POS payment status as a coloured tag (an unknown status is shown as it came). */
export function StatusTag(props: { status: PosStatus | string }) {
  const lang = useLang();
  const label = (POS_PAYMENT_STATUS_LABELS as Record<string, { tr: string; en: string } | undefined>)[props.status]?.[lang] ?? props.status;
  const intent = (STATUS_INTENT as Record<string, (typeof STATUS_INTENT)[PosStatus] | undefined>)[props.status] ?? 'none';
  return <Tag intent={intent} minimal={intent === 'none'} round data-status={props.status}>{label}</Tag>;
}
