import { Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { PRODUCTS, quantity, type Product } from './model';

const SHOWN = 5;

/** Home page widget: the products whose stock is at or below their minimum stock, lowest first. */
export default function LowStockWidget({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const q = useApiData(
    ['GET', PRODUCTS, { belowMinimumStock: true, size: SHOWN }, 'page'],
    (api) => api.list(PRODUCTS, { params: { query: { belowMinimumStock: true, status: 'ACTIVE', size: SHOWN, sort: ['stockQuantity,asc'] } } }),
  );
  const page: { items: readonly Product[]; total: number } | null = q.data ?? (q.isError ? { items: [], total: 0 } : null);
  if (!page) return <Spinner size={20} />;
  if (!page.items.length) return <Callout intent="success">{t('products.widget.empty')}</Callout>;
  return (
    <>
      <HTMLTable compact striped aria-label={t('products.widget.title')} style={{ width: '100%' }}>
        <tbody>
          {page.items.map((p) => (
            <tr key={p.id}>
              <td><Go host={host} to={`/product/${p.id}`}>{p.name}</Go></td>
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{t('products.widget.stockOf', { stock: quantity(p.stockQuantity), min: quantity(p.minStock) })}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {page.total > SHOWN && <p style={{ marginTop: 8 }}><Go host={host} to="/product">{t('products.widget.more', { count: page.total })}</Go></p>}
    </>
  );
}
