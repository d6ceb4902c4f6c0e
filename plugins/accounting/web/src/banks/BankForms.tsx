import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApiData, Field, fieldErrorsFor, reportFailure, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { CitySelect, useCountries } from '../currents/PlacePickers';
import { BANKS, BRANCHES, type Bank, type BankBranch } from './model';

/** Every bank of the company (the TBB list and those added), by name; null while loading. `version` reads them again. */
export function useBanks(version: unknown = 0): Bank[] | null {
  const q = useApiData(
    ['GET', BANKS, { size: 1000, version }, 'page'],
    (api) => api.list(BANKS, { params: { query: { page: 0, size: 1000, sort: ['name,asc'] } } }).then((p) => p.items),
    { keepPrevious: true },
  );
  return q.data ?? (q.isError ? [] : null);
}

/**
 * A bank the TBB list lacks (a newer bank, one abroad), or a correction of one: name required,
 * EFT code 4 digits (its IBANs carry "0" + the code), SWIFT 8 or 11 characters.
 */
export function BankDialog(props: { bank: Bank | null; onClose: () => void; onSaved: (b: Bank, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const b = props.bank;
  const [name, setName] = useState(b?.name ?? '');
  const [eftCode, setEftCode] = useState(b?.eftCode ?? '');
  const [swift, setSwift] = useState(b?.swift ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(b ? 'banks.banks.edit' : 'banks.banks.add');

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('banks.rules.bankNameRequired');
    if (eftCode.trim() && !/^[0-9]{4}$/.test(eftCode.trim())) found.eftCode = t('banks.rules.eftCode');
    if (swift.trim() && !/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(swift.trim())) found.swift = t('banks.rules.swift');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), eftCode: eftCode.trim() || null, swift: swift.trim().toUpperCase() || null };
      const saved = b ? await shell.api.request('PUT', BANKS, { body: { ...body, id: b.id } }) : await shell.api.request('POST', BANKS, { body });
      props.onSaved(saved, !b);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['name', 'eftCode', 'swift'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="bank-name" label={t('banks.banks.fields.name')} error={errors.name} required>
            <InputGroup id="bank-name" value={name} onValueChange={setName} maxLength={100} autoFocus />
          </Field>
          <Field id="bank-eft" label={t('banks.banks.fields.eftCode')} error={errors.eftCode} hint={t('banks.banks.hints.eftCode')}>
            <InputGroup id="bank-eft" value={eftCode} onValueChange={(v) => setEftCode(v.replace(/\D/g, '').slice(0, 4))} inputMode="numeric" />
          </Field>
          <Field id="bank-swift" label={t('banks.banks.fields.swift')} error={errors.swift} hint={t('banks.banks.hints.swift')}>
            <InputGroup id="bank-swift" value={swift} onValueChange={(v) => setSwift(v.toUpperCase())} maxLength={11} />
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

/**
 * A bank branch (seeds 000 §5 "bank branch: bank and branch required"): bank, branch name, branch
 * code, city, address and phone.
 */
export function BranchDialog(props: { banks: readonly Bank[] | null; branch: BankBranch | null; onClose: () => void; onSaved: (b: BankBranch, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const b = props.branch;
  const countries = useCountries();
  const turkeyId = String(countries?.find((c) => c.code === 'TR')?.id ?? '');
  const [bankId, setBankId] = useState(b ? String(b.bankId) : '');
  const [name, setName] = useState(b?.name ?? '');
  const [code, setCode] = useState(b?.code ?? '');
  const [cityId, setCityId] = useState(b?.cityId ? String(b.cityId) : '');
  const [address, setAddress] = useState(b?.address ?? '');
  const [phone, setPhone] = useState(b?.phone ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(b ? 'banks.branches.edit' : 'banks.branches.add');

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!bankId) found.bankId = t('banks.rules.branchBankRequired');
    if (!name.trim()) found.name = t('banks.rules.branchNameRequired');
    if (code.trim() && !/^[0-9]{1,10}$/.test(code.trim())) found.code = t('banks.rules.branchCode');
    if (phone.trim() && !/^[0-9 ()+-]{0,20}$/.test(phone.trim())) found.phone = t('banks.rules.phone');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        bankId: Number(bankId), name: name.trim(), code: code.trim() || null, cityId: cityId ? Number(cityId) : null,
        address: address.trim() || null, phone: phone.trim() || null,
      };
      const saved = b ? await shell.api.request('PUT', BRANCHES, { body: { ...body, id: b.id } }) : await shell.api.request('POST', BRANCHES, { body });
      props.onSaved(saved, !b);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['bankId', 'name', 'code', 'cityId', 'address', 'phone'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="branch-bank" label={t('banks.branches.fields.bank')} error={errors.bankId} required>
            <HTMLSelect id="branch-bank" fill value={bankId} disabled={props.banks === null} onChange={(e) => setBankId(e.currentTarget.value)}>
              <option value="">{t('banks.choose')}</option>
              {(props.banks ?? []).map((x) => <option key={x.id} value={String(x.id)}>{x.name}</option>)}
            </HTMLSelect>
          </Field>
          <Field id="branch-name" label={t('banks.branches.fields.name')} error={errors.name} required>
            <InputGroup id="branch-name" value={name} onValueChange={setName} maxLength={100} />
          </Field>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="branch-code" label={t('banks.branches.fields.code')} error={errors.code}>
              <InputGroup id="branch-code" value={code} onValueChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 10))} inputMode="numeric" />
            </Field>
            <Field id="branch-city" label={t('banks.branches.fields.city')} error={errors.cityId}>
              <CitySelect id="branch-city" countryId={turkeyId} value={cityId} onChange={setCityId} />
            </Field>
            <Field id="branch-phone" label={t('banks.branches.fields.phone')} error={errors.phone}>
              <InputGroup id="branch-phone" type="tel" value={phone} onValueChange={setPhone} maxLength={20} />
            </Field>
          </div>
          <Field id="branch-address" label={t('banks.branches.fields.address')} error={errors.address}>
            <TextArea id="branch-address" value={address} onChange={(e) => setAddress(e.currentTarget.value)} maxLength={500} fill />
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
