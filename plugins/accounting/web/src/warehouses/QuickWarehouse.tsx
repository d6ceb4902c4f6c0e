import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import { WarehouseForm } from './WarehouseForm';

/** The warehouse quick-add (seeds 000 §2): the warehouse form in the shell's quick-add dialog. */
export default function QuickWarehouse({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const [round, setRound] = useState(0);
  return (
    <WarehouseForm
      key={round}
      label={t('warehouses.quickAdd')}
      onSaved={(w) => {
        host.notify.success(t('notify.added', { ns: 'kernel' }));
        host.bus.emit('entity.created', { plugin: 'accounting', entity: 'warehouse', id: w.id, record: w });
        setRound((n) => n + 1);
      }}
    />
  );
}
