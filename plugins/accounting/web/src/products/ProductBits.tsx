import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TAG_COLORS, type TagColor } from '../tags/TagForm';
import { PRESCRIPTION_COLORS, type Product } from './model';

/** A product's tags as chips in their colours. */
export function ProductTags(props: { tags: Product['tags'] }) {
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      {props.tags.map((x) => (
        <Tag key={x.id} minimal round style={{ borderLeft: `4px solid ${TAG_COLORS[x.color as TagColor] ?? '#8f99a8'}` }}>{x.name}</Tag>
      ))}
    </span>
  );
}

/** The e-prescription colour of a medicine as a small dot with its name. */
export function PrescriptionDot(props: { type: NonNullable<Product['prescriptionType']> }) {
  const { t } = useTranslation('accounting');
  return (
    <span role="img" aria-label={t(`products.prescription.${props.type}`)} title={t(`products.prescription.${props.type}`)}
      style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, marginRight: 6, background: PRESCRIPTION_COLORS[props.type] }} />
  );
}
