import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { components } from '@tezgah/sdk';
import { Field, fieldErrorsFor, reportFailure, useApiList, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { CURRENTS, LINKED_TYPE, LISTS, type PriceList } from './model';

type Current = components['schemas']['Current'];

const SEARCH_DELAY_MS = 300;
const NONE: readonly Current[] = [];

/**
 * Links a customer (sale list) or a supplier (buying list) to a price list. One already linked is
 * refused, here and by the server, saying the current account is already in the list (the seeds'
 * 'Selected product exists in the list' is about products).
 */
export function CurrentLinkDialog(props: { list: PriceList; onClose: () => void; onSaved: (saved: PriceList) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [search, setSearch] = useState('');
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const type = LINKED_TYPE[props.list.type];
  const title = t('pricelists.detail.addCurrent');

  // The first twenty active currents of the list's kind, narrowed by the search after a pause in typing.
  const [term, setTerm] = useState('');
  useEffect(() => {
    const next = search.trim();
    if (next === term) return undefined;
    const timer = setTimeout(() => setTerm(next), search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [search, term]);
  const found: readonly Current[] = useApiList(
    CURRENTS,
    { params: { query: { page: 0, size: 20, sort: ['name,asc'], currentAccountType: type, active: true, ...(term ? { search: term } : {}) } } },
    { keepPrevious: true },
  ).data?.items ?? NONE;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (currentId === null) {
      setErrors({ currentId: t('pricelists.rules.currentRequired') });
      return;
    }
    const linked = props.list.currents.map((c) => c.id);
    if (linked.includes(currentId)) {
      setErrors({ currentId: t('pricelists.rules.currentExists') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const l = props.list;
      const saved = await shell.api.request('PUT', LISTS, {
        body: { id: l.id, name: l.name, type: l.type, explanation: l.explanation, active: l.active, currentIds: [...linked, currentId] },
      });
      shell.notify.success(t('notify.updated', { ns: 'kernel' }));
      props.onSaved(saved);
    } catch (err) {
      const mine = fieldErrorsFor(err, ['currentIds'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' })));
      setErrors(mine.currentIds ? { currentId: mine.currentIds } : {});
    } finally {
      setBusy(false);
    }
  }

  const name = (c: Current) => [c.name, c.lastName].filter(Boolean).join(' ');
  return (
    <Dialog isOpen onClose={props.onClose} title={title}>
      <form onSubmit={save} noValidate aria-label={title}>
        <DialogBody>
          <Field id="link-current-search" label={t('pricelists.detail.currentSearch')}>
            <InputGroup id="link-current-search" type="search" value={search} onValueChange={setSearch} leftIcon="search" autoFocus />
          </Field>
          <Field id="link-current" label={t('pricelists.detail.current')} error={errors.currentId} required>
            <HTMLSelect id="link-current" value={currentId ?? ''} onChange={(e) => setCurrentId(e.currentTarget.value ? Number(e.currentTarget.value) : null)} fill>
              <option value="">{t('pricelists.detail.choose')}</option>
              {found.map((c) => <option key={c.id} value={c.id}>{c.taxNumber ? `${name(c)} — ${c.taxNumber}` : name(c)}</option>)}
            </HTMLSelect>
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
