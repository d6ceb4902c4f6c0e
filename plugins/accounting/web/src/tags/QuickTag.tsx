import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import { TagForm } from './TagForm';

/** The tag quick-add (seeds §2): the tag form in the shell's quick-add dialog; announces the new tag. */
export default function QuickTag({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const [round, setRound] = useState(0);
  return (
    <TagForm
      key={round}
      label={t('tags.quickAdd')}
      onSaved={(tag) => {
        host.notify.success(t('tags.created'));
        host.bus.emit('entity.created', { plugin: 'accounting', entity: 'tag', id: tag.id, record: tag });
        setRound((n) => n + 1);
      }}
    />
  );
}
