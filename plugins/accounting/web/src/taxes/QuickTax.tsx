import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import { TaxForm } from './TaxForm';

/** The tax quick-add (seeds §2): the tax form in the shell's quick-add dialog; announces the new tax. */
export default function QuickTax({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const [round, setRound] = useState(0);
  return (
    <TaxForm
      key={round}
      label={t('taxes.quickAdd')}
      onSaved={(tax) => {
        host.notify.success(t('notify.added', { ns: 'kernel' }));
        host.bus.emit('entity.created', { plugin: 'accounting', entity: 'tax', id: tax.id, record: tax });
        setRound((n) => n + 1);
      }}
    />
  );
}
