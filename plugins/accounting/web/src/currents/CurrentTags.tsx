import { Checkbox, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Module, type WorkbenchHost } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { TAG_COLORS, TAGS_PATH, type Tag as TagRecord, type TagColor } from '../tags/TagForm';

/** Tags are the TAG module's (19): a user who may not view them neither picks nor filters by them. */
export const canSeeTags = (host: WorkbenchHost) => host.can({ module: Module.TAG, anyActions: [1] });

/** The company's tags (loaded when the user may view them; null while loading). */
export function useCompanyTags(host: WorkbenchHost): readonly TagRecord[] | null {
  const allowed = canSeeTags(host);
  const q = useApiData(
    ['GET', TAGS_PATH, { size: 1000 }, 'page'],
    (api) => api.list(TAGS_PATH, { params: { query: { size: 1000, sort: ['name,asc'] } } }).then((r) => r.items),
    { enabled: allowed },
  );
  if (!allowed) return [];
  return q.data ?? (q.isError ? [] : null);
}

/** A tag as a chip in its colour. */
export function TagChips(props: { tags: readonly { id: number; name: string; color: string }[] }) {
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      {props.tags.map((x) => (
        <Tag key={x.id} minimal round style={{ borderLeft: `4px solid ${TAG_COLORS[x.color as TagColor] ?? '#8f99a8'}` }}>{x.name}</Tag>
      ))}
    </span>
  );
}

/** The tags of a record as checkboxes (a company has a handful). */
export function TagChecks(props: { tags: readonly TagRecord[]; value: readonly number[]; onChange: (ids: number[]) => void }) {
  return (
    <div role="group" style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      {props.tags.map((x) => (
        <Checkbox key={x.id} inline checked={props.value.includes(x.id)} label={x.name}
          style={{ borderLeft: `4px solid ${TAG_COLORS[x.color]}`, paddingLeft: 30 }}
          onChange={(e) => props.onChange(e.currentTarget.checked ? [...props.value, x.id] : props.value.filter((i) => i !== x.id))} />
      ))}
    </div>
  );
}

/** The list's tag filter. */
export function TagFilter(props: { tags: readonly TagRecord[]; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('accounting');
  return (
    <HTMLSelect aria-label={t('currents.filter.tag')} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
      <option value="">{t('currents.filter.allTags')}</option>
      {props.tags.map((x) => <option key={x.id} value={String(x.id)}>{x.name}</option>)}
    </HTMLSelect>
  );
}
