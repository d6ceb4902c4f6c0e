import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import { ProductForm } from './ProductForm';

/**
 * The product/service quick-add (seeds 000 §2): the product form's essential fields (name,
 * barcode, type, unit, currencies, VAT, warehouse and opening stock) in the shell's quick-add
 * dialog; announces the new product and starts afresh.
 */
export default function QuickProduct({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const [round, setRound] = useState(0);
  return (
    <ProductForm
      key={round}
      host={host}
      quick
      label={t('products.quickAdd')}
      onSaved={(product) => {
        host.notify.success(t('notify.added', { ns: 'kernel' }));
        host.bus.emit('entity.created', { plugin: 'accounting', entity: 'product', id: product.id, record: product });
        setRound((n) => n + 1);
      }}
    />
  );
}
