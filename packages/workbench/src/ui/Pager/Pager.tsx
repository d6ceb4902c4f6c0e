import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * Previous / next under a list a screen pages itself (when PagedTable does not fit: a list of
 * cards, a table with its own rows), with 'Sayfa n / m' and the total (x-total-count). `page` is
 * zero-based.
 */
export function Pager(props: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  const where = t('table.pageOf', { page: props.page + 1, pages });
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8, flexWrap: 'wrap' }} aria-label={where}>
      <ButtonGroup>
        <Button icon="chevron-left" aria-label={t('table.previous')} disabled={props.page <= 0} onClick={() => props.onPage(props.page - 1)} />
        <Button icon="chevron-right" aria-label={t('table.next')} disabled={props.page + 1 >= pages} onClick={() => props.onPage(props.page + 1)} />
      </ButtonGroup>
      <span>{where}</span>
      <span className="bp6-text-muted">{t('table.totalOf', { total: props.total })}</span>
    </div>
  );
}
