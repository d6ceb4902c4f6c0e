import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDecimalInput, isValidEmail } from '@tezgah/core';
import { Field, reportFailure, serverFieldErrors, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { MoneyInput } from '../finance/parts';
import { TL, readOpening } from '../finance/model';
import { PARTNERS, PARTNER_TYPES, readShare, type Partner, type PartnerFields } from './model';

const FIELDS = ['name', 'lastName', 'title', 'partnerType', 'sharePercentage', 'capital', 'currencyId', 'taxNumber', 'phone', 'email', 'address', 'active'] as const;

/**
 * A partner's fields (seeds 000 §3 partner: name, type individual or corporate, share, capital):
 * the rules at the fields (name and type required, share 0–100 with two decimals, capital an
 * amount typed the Turkish way, in lira); the server's answers land at theirs — above all the
 * active partners' shares adding up to more than 100 %, which only the server can tell.
 */
export function PartnerDialog(props: { partner: Partner | null; onClose: () => void; onSaved: (p: Partner, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const p = props.partner;
  const [name, setName] = useState(p?.name ?? '');
  const [lastName, setLastName] = useState(p?.lastName ?? '');
  const [title, setTitle] = useState(p?.title ?? '');
  const [partnerType, setPartnerType] = useState(p?.partnerType ?? '');
  const [share, setShare] = useState(p ? String(p.sharePercentage).replace('.', ',') : '');
  const [capital, setCapital] = useState(p ? formatDecimalInput(p.capital) : '');
  const [taxNumber, setTaxNumber] = useState(p?.taxNumber ?? '');
  const [phone, setPhone] = useState(p?.phone ?? '');
  const [email, setEmail] = useState(p?.email ?? '');
  const [address, setAddress] = useState(p?.address ?? '');
  const [active, setActive] = useState(p?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(p ? 'partners.edit' : 'partners.add');

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('partners.rules.nameRequired');
    if (!partnerType) found.partnerType = t('partners.rules.partnerTypeRequired');
    const typedShare = readShare(share);
    if ('error' in typedShare) found.sharePercentage = t(`partners.rules.${typedShare.error}`);
    const typedCapital = readOpening(capital);
    if (!typedCapital) found.capital = t('partners.rules.capitalRequired');
    else if ('error' in typedCapital) found.capital = t(`ledger.rules.${typedCapital.error}`);
    if (email.trim() && !isValidEmail(email.trim())) found.email = t('currents.rules.email');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const orNull = (v: string) => (v.trim() ? v.trim() : null);
    const body: PartnerFields = {
      name: name.trim(), lastName: orNull(lastName), title: orNull(title), partnerType: partnerType as PartnerFields['partnerType'],
      sharePercentage: (typedShare as { value: number }).value, capital: Number((typedCapital as { value: string }).value), currencyId: TL,
      taxNumber: orNull(taxNumber.replace(/\s/g, '')), phone: orNull(phone), email: orNull(email), address: orNull(address), active,
    };
    try {
      const saved = p
        ? await shell.api.request('PUT', PARTNERS, { body: { ...body, id: p.id } })
        : await shell.api.request('POST', PARTNERS, { body });
      props.onSaved(saved, !p);
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of FIELDS) if (all[f]) mine[f === 'currencyId' ? 'capital' : f] ??= all[f];
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(640px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="partner-name" label={t('partners.fields.name')} error={errors.name} required>
              <InputGroup id="partner-name" value={name} onValueChange={setName} maxLength={100} autoFocus />
            </Field>
            <Field id="partner-last-name" label={t('partners.fields.lastName')} error={errors.lastName}>
              <InputGroup id="partner-last-name" value={lastName} onValueChange={setLastName} maxLength={100} />
            </Field>
          </div>
          <Field id="partner-type" label={t('partners.fields.partnerType')} error={errors.partnerType} required>
            <HTMLSelect id="partner-type" value={partnerType} onChange={(e) => setPartnerType(e.currentTarget.value)}>
              <option value="">{t('finance.common.choose')}</option>
              {PARTNER_TYPES.map((x) => <option key={x} value={x}>{t(`partners.types.${x}`)}</option>)}
            </HTMLSelect>
          </Field>
          {partnerType === 'CORPORATE' && (
            <Field id="partner-title" label={t('partners.fields.title')} error={errors.title}>
              <InputGroup id="partner-title" value={title} onValueChange={setTitle} maxLength={250} />
            </Field>
          )}
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="partner-share" label={t('partners.fields.sharePercentage')} error={errors.sharePercentage} hint={t('partners.hints.share')} required>
              <InputGroup id="partner-share" value={share} onValueChange={setShare} inputMode="decimal" placeholder="0,00" />
            </Field>
            <Field id="partner-capital" label={t('partners.fields.capital')} error={errors.capital} hint={t('partners.hints.capital')} required>
              <MoneyInput id="partner-capital" value={capital} onValueChange={setCapital} />
            </Field>
          </div>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="partner-tax-number" label={t('partners.fields.taxNumber')} error={errors.taxNumber}>
              <InputGroup id="partner-tax-number" value={taxNumber} onValueChange={setTaxNumber} maxLength={20} inputMode="numeric" />
            </Field>
            <Field id="partner-phone" label={t('partners.fields.phone')} error={errors.phone}>
              <InputGroup id="partner-phone" value={phone} onValueChange={setPhone} maxLength={30} inputMode="tel" />
            </Field>
            <Field id="partner-email" label={t('partners.fields.email')} error={errors.email}>
              <InputGroup id="partner-email" value={email} onValueChange={setEmail} maxLength={254} inputMode="email" />
            </Field>
          </div>
          <Field id="partner-address" label={t('partners.fields.address')} error={errors.address}>
            <TextArea id="partner-address" value={address} onChange={(e) => setAddress(e.currentTarget.value)} maxLength={500} fill />
          </Field>
          <Field id="partner-active" label={t('partners.fields.status')} error={errors.active} hint={t('partners.hints.active')} describeChild={false}>
            <Checkbox id="partner-active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} label={t('partners.fields.active')} />
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
