import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { STATUS_INTENT, type LineStatus, type PeriodPlan, type ProcessStatus } from './model';

export function LineStatusTag({ status }: { status: LineStatus }) {
  const { t } = useTranslation('accounting');
  return <Tag minimal intent={STATUS_INTENT[status]}>{t(`periodic.lineStatus.${status}`)}</Tag>;
}

export function ProcessStatusTag({ status }: { status: ProcessStatus }) {
  const { t } = useTranslation('accounting');
  return <Tag minimal intent={status === 'ACTIVE' ? 'primary' : status === 'COMPLETED' ? 'success' : 'none'}>{t(`periodic.processStatus.${status}`)}</Tag>;
}

/** "Her ayın 1. günü, 12 dönem". */
export function usePeriodText() {
  const { t } = useTranslation('accounting');
  return (p: PeriodPlan | null | undefined) => {
    if (!p) return '—';
    const weekdays = t('periodic.weekdays', { returnObjects: true }) as string[];
    return t(`periodic.periodText.${p.type}`, { day: p.day, count: p.count, weekday: weekdays[p.day - 1] ?? p.day });
  };
}
