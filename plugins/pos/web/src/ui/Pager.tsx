import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTexts } from '../texts';

/** Previous / next under a list, with 'Sayfa n / m' and the total (x-total-count). `page` is zero-based. */
export function Pager(props: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTexts();
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8, flexWrap: 'wrap' }} aria-label={t('common.page', { page: props.page + 1, pages })}>
      <ButtonGroup>
        <Button icon="chevron-left" aria-label={t('common.previous')} disabled={props.page <= 0} onClick={() => props.onPage(props.page - 1)} />
        <Button icon="chevron-right" aria-label={t('common.next')} disabled={props.page + 1 >= pages} onClick={() => props.onPage(props.page + 1)} />
      </ButtonGroup>
      <span>{t('common.page', { page: props.page + 1, pages })}</span>
      <span className="bp6-text-muted">{t('common.total', { total: props.total })}</span>
    </div>
  );
}
