import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, InputGroup, Radio, RadioGroup, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Field, fieldErrorsFor, reportFailure, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { LISTS, type PriceList, type PriceListType } from './model';

/**
 * Adds or edits a price list: name and type are required (seeds 000 §5), shown at their fields in
 * Turkish, as are the server's refusals (a name already used for the type, linked accounts that
 * do not fit a new type).
 */
export function PriceListDialog(props: { list: PriceList | null; onClose: () => void; onSaved: (saved: PriceList) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [name, setName] = useState(props.list?.name ?? '');
  const [type, setType] = useState<PriceListType | ''>(props.list?.type ?? '');
  const [explanation, setExplanation] = useState(props.list?.explanation ?? '');
  const [active, setActive] = useState(props.list?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const isNew = props.list === null;
  const title = isNew ? t('pricelists.add') : t('pricelists.edit');

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('pricelists.rules.nameRequired');
    if (!type) found.type = t('pricelists.rules.typeRequired');
    setErrors(found);
    if (Object.keys(found).length || !type) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), type, explanation: explanation.trim() || null, active };
      const saved = isNew
        ? await shell.api.request('POST', LISTS, { body })
        : await shell.api.request('PUT', LISTS, { body: { ...body, id: props.list!.id } });
      shell.notify.success(t(isNew ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
      props.onSaved(saved);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['name', 'type', 'explanation'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={title}>
      <form onSubmit={save} noValidate aria-label={title}>
        <DialogBody>
          <Field id="price-list-name" label={t('pricelists.name')} error={errors.name} required>
            <InputGroup id="price-list-name" value={name} onValueChange={setName} maxLength={100} autoFocus />
          </Field>
          <Field id="price-list-type" label={t('pricelists.type')} error={errors.type} required describeChild={false}>
            <RadioGroup
              inline
              name="price-list-type"
              selectedValue={type}
              onChange={(e) => setType(e.currentTarget.value as PriceListType)}
            >
              <Radio value="SALE" label={t('pricelists.types.SALE')} aria-describedby={errors.type ? 'price-list-type-help' : undefined} />
              <Radio value="BUYING" label={t('pricelists.types.BUYING')} aria-describedby={errors.type ? 'price-list-type-help' : undefined} />
            </RadioGroup>
          </Field>
          <Field id="price-list-explanation" label={t('pricelists.explanation')} error={errors.explanation}>
            <TextArea id="price-list-explanation" value={explanation} onChange={(e) => setExplanation(e.currentTarget.value)} maxLength={500} fill />
          </Field>
          <Switch label={t('pricelists.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
