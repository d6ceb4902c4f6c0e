import { useState, type FormEvent } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { components } from '@tezgah/sdk';
import { Field, fieldErrorsFor, reportFailure, useShell, type FieldErrors } from '@tezgah/workbench/ui';

export type Tag = components['schemas']['Tag'];
export type TagColor = components['schemas']['TagColor'];
export const TAGS_PATH = '/services/onmuhasebe/api/tags';
const NAME_MAX = 50;

/** The nine colours of seeds §3 and how they look (the preset tag palette they are named after). */
export const TAG_COLORS: Readonly<Record<TagColor, string>> = {
  blue: '#1677ff', red: '#f5222d', orange: '#fa8c16', green: '#52c41a', magenta: '#eb2f96',
  purple: '#722ed1', gold: '#faad14', lime: '#a0d911', cyan: '#13c2c2',
};

/** A tag as a coloured chip. */
export function TagChip(props: { name: string; color: TagColor }) {
  const { t } = useTranslation('accounting');
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span role="img" aria-label={t(`tags.colors.${props.color}`)} style={{ width: 14, height: 14, borderRadius: 3, background: TAG_COLORS[props.color], display: 'inline-block' }} />
      <span>{props.name}</span>
    </span>
  );
}

/**
 * A tag's fields: the name (required, at most 50 characters, unique in the company) and one of
 * the nine colours as swatches. Used by the tag settings dialog and the quick-add.
 */
export function TagForm(props: { tag?: Partial<Tag>; label: string; onSaved: (tag: Tag, created: boolean) => void; onCancel?: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const tag = props.tag ?? {};
  const isNew = tag.id === undefined;
  const [name, setName] = useState(tag.name ?? '');
  const [color, setColor] = useState<TagColor>(tag.color ?? 'blue');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('tags.nameRequired');
    else if (name.trim().length > NAME_MAX) found.name = t('tags.nameTooLong');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), color };
      const saved = isNew
        ? await shell.api.request('POST', TAGS_PATH, { body })
        : await shell.api.request('PUT', TAGS_PATH, { body: { ...body, id: tag.id! } });
      props.onSaved(saved as Tag, isNew);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['name', 'color'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate aria-label={props.label}>
      <Field id="tag-name" label={t('tags.name')} error={errors.name} hint={t('tags.nameHint')} required>
        {/* No maxLength: a longer name is kept as typed and refused with the rule, never cut silently. */}
        <InputGroup id="tag-name" value={name} onValueChange={setName} autoFocus intent={name.trim().length > NAME_MAX ? 'danger' : 'none'} rightElement={<span className={name.trim().length > NAME_MAX ? 'bp6-text-danger' : 'bp6-text-muted'} style={{ padding: '0 8px', lineHeight: '30px' }}>{`${name.length}/${NAME_MAX}`}</span>} />
      </Field>
      <Field id="tag-color" label={t('tags.color')} error={errors.color} describeChild={false}>
        <div id="tag-color" role="radiogroup" aria-label={t('tags.color')} style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
          {(Object.keys(TAG_COLORS) as TagColor[]).map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={color === c}
              aria-label={t(`tags.colors.${c}`)}
              title={t(`tags.colors.${c}`)}
              onClick={() => setColor(c)}
              style={{ width: 28, height: 28, borderRadius: 4, cursor: 'pointer', background: TAG_COLORS[c], border: color === c ? '3px solid #1c2127' : '1px solid #c5cbd3' }}
            />
          ))}
        </div>
      </Field>
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        {props.onCancel && <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onCancel} />}
        <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
      </div>
    </form>
  );
}
