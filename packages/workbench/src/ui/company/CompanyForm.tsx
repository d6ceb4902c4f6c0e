import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Callout, Checkbox, Classes, HTMLSelect, InputGroup, Switch, Tag, TagInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CompanyType } from '@tezgah/core';
import type { Company, CompanyCreate, Sector } from '@tezgah/sdk';
import { useShell } from '../../host/HostProvider';
import { useAuthorityLabels } from '../authority';
import { reportFailure } from '../failure';
import { Field, fieldHelpId } from '../form/Field';
import { DateInput } from '../form/DateInput';
import { fieldErrorsFor, isValid, type FieldErrors } from '../form/fieldErrors';
import { COMPANY_FIELDS, COMPANY_MODULES, COMPANY_TYPES, companyBody, companyDraft, ERP_TYPES, validateCompany, type CompanyDraft } from './companyForm';

export interface CompanyFormProps {
  /** Accessible name of the form. */
  label: string;
  /** The company to edit; null for a new one. */
  company: Company | null;
  sectors: readonly Sector[];
  /** Prefix of the inputs' ids (two forms on a page need different ones). @default 'company' */
  idPrefix?: string;
  /** Modules as checkboxes (management); otherwise a read-only list of their names. @default false */
  editableModules?: boolean;
  /** Asks for the owner's login (a new company in management). @default false */
  askOwner?: boolean;
  /** The owner's login a new company starts with. */
  defaultOwner?: string;
  /** Shows the values without letting them change. @default false */
  readOnly?: boolean;
  /** Saves the body. Reject with the SDK's error: field messages go to their fields, others to a notification. */
  onSubmit(body: CompanyCreate): Promise<void>;
  /**
   * Lays the fields and the buttons out (e.g. in a dialog's body and footer).
   * @default the fields, then the buttons
   */
  layout?: (fields: ReactNode, buttons: ReactNode) => ReactNode;
  /** Buttons beside Save (e.g. Vazgeç in a dialog). */
  extraButtons?: ReactNode;
}

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '0 16px' } as const;

/**
 * The company form (seeds 000 §3 and 001 §3 fields that the API keeps): identity, contact,
 * profile and subscription, with the rules at the fields: TCKN or VKN by company type, Mersis
 * 16 digits, invoice prefix exactly 7 characters, a valid e-mail. Its texts are the kernel's
 * (`company.*`); the settings and management plugins both use it.
 */
export function CompanyForm(props: CompanyFormProps) {
  const shell = useShell();
  const { t } = useTranslation();
  const labels = useAuthorityLabels();
  const id = (f: string) => `${props.idPrefix ?? 'company'}-${f}`;
  const [draft, setDraft] = useState<CompanyDraft>(() => companyDraft(props.company, { ownerLogin: props.defaultOwner ?? '' }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = props.readOnly ?? false;
  const rules = { owner: props.askOwner ?? false };

  const set = <K extends keyof CompanyDraft>(key: K) => (value: CompanyDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[key] || (key === 'companyType' && e.taxNumber) ? { ...e, [key]: undefined, ...(key === 'companyType' ? { taxNumber: undefined } : {}) } : e));
  };

  const focusFirst = (e: FieldErrors) => {
    const first = COMPANY_FIELDS.find((f) => e[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${id(first)}, [data-field="${first}"] input`)?.focus();
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (readOnly) return;
    const found = validateCompany(draft, rules, t);
    setErrors(found);
    if (!isValid(found)) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(companyBody(draft, rules));
    } catch (err) {
      const server = fieldErrorsFor(err, COMPANY_FIELDS, (e) => reportFailure(shell.notify, e, t('notify.error')));
      setErrors(server);
      focusFirst(server);
    } finally {
      setBusy(false);
    }
  }

  const individual = draft.companyType === CompanyType.INDIVIDUAL;
  const text = (f: keyof CompanyDraft & string, label: string, opts: { required?: boolean; hint?: ReactNode; type?: string; placeholder?: string; maxLength?: number } = {}) => (
    <Field id={id(f)} label={label} required={opts.required && !readOnly} error={errors[f]} hint={opts.hint}>
      {opts.type === 'date' ? (
        <DateInput id={id(f)} value={draft[f] as string} onValueChange={(v) => set(f)(v as never)} readOnly={readOnly} intent={errors[f] ? 'danger' : 'none'} />
      ) : <InputGroup
        id={id(f)}
        type={opts.type ?? 'text'}
        value={draft[f] as string}
        onValueChange={(v) => set(f)(v as never)}
        readOnly={readOnly}
        placeholder={opts.placeholder}
        maxLength={opts.maxLength}
        intent={errors[f] ? 'danger' : 'none'}
      />}
    </Field>
  );
  const select = (f: 'companyType' | 'sectorId' | 'erpType', label: string, options: { value: string; label: string }[]) => (
    <Field id={id(f)} label={label} required={!readOnly} error={errors[f]}>
      <HTMLSelect
        id={id(f)}
        fill
        value={draft[f]}
        disabled={readOnly}
        onChange={(e) => set(f)(e.currentTarget.value)}
        options={[...(draft[f] ? [] : [{ value: '', label: t('company.choose') }]), ...options]}
      />
    </Field>
  );

  const sectorOptions = props.sectors.map((s) => ({ value: String(s.id), label: s.name }));
  if (draft.sectorId && !sectorOptions.some((o) => o.value === draft.sectorId)) {
    sectorOptions.push({ value: draft.sectorId, label: props.company?.sectorKey ?? draft.sectorId });
  }

  const modulesHelp = fieldHelpId(id('modules'));
  const fields = (
    <>
      {readOnly && (
        <Callout intent="primary" icon="lock" style={{ marginBottom: 12 }}>
          {t('company.readOnly')}
        </Callout>
      )}
      <h3 className={Classes.HEADING}>{t('company.identity')}</h3>
      <div style={grid}>
        {text('name', t('company.name'), { required: true })}
        {text('title', t('company.companyTitle'), { required: true })}
        {select('companyType', t('company.type'), COMPANY_TYPES.map((v) => ({ value: v, label: t(`company.types.${v}`) })))}
        {text('taxNumber', individual ? t('company.taxNumberIndividual') : t('company.taxNumberCorporation'), {
          required: true,
          hint: individual ? t('company.tcknHint') : t('company.vknHint'),
          maxLength: 11,
        })}
        {text('taxOffice', t('company.taxOffice'))}
        {text('mersisNo', t('company.mersisNo'), { hint: t('company.mersisHint'), maxLength: 16 })}
        {select('sectorId', t('company.sector'), sectorOptions)}
        {select('erpType', t('company.erpType'), ERP_TYPES.map((v) => ({ value: v, label: t(`company.erpTypes.${v}`) })))}
        {props.askOwner
          ? text('ownerLogin', t('company.owner'), { required: true, hint: t('company.ownerHint') })
          : props.company?.ownerLogin && (
              <Field id={id('ownerLogin')} label={t('company.owner')}>
                <InputGroup id={id('ownerLogin')} value={props.company.ownerLogin} readOnly />
              </Field>
            )}
      </div>
      <h3 className={Classes.HEADING}>{t('company.contact')}</h3>
      <div style={grid}>
        {text('email', t('company.email'), { type: 'email' })}
        {text('phone', t('company.phone'), { type: 'tel' })}
      </div>
      <h3 className={Classes.HEADING}>{t('company.profile')}</h3>
      <div style={grid}>
        {text('invoicePrefix', t('company.invoicePrefix'), { hint: t('company.invoicePrefixHint'), placeholder: 'ABC2026' })}
        {text('itsUsername', t('company.itsUsername'))}
        {text('coordinatingUser', t('company.coordinatingUser'))}
        <Field id={id('tags')} label={t('company.tags')} error={errors.tags} hint={t('company.tagsHint')} describeChild={false}>
          <TagInput
            values={draft.tags}
            onChange={(values) => set('tags')(values.map(String))}
            addOnBlur
            disabled={readOnly}
            intent={errors.tags ? 'danger' : 'none'}
            inputProps={{ id: id('tags'), 'aria-describedby': fieldHelpId(id('tags')) }}
          />
        </Field>
      </div>
      <h3 className={Classes.HEADING}>{t('company.subscription')}</h3>
      <div style={grid}>
        {text('subscriptionStart', t('company.subscriptionStart'), { type: 'date' })}
        {text('subscriptionEnd', t('company.subscriptionEnd'), { type: 'date' })}
        {text('userCount', t('company.userCount'), { type: 'number' })}
        {text('activationDate', t('company.activationDate'), { type: 'date' })}
        <div className={Classes.FORM_GROUP} style={{ alignSelf: 'end' }}>
          <Switch
            id={id('active')}
            checked={draft.active}
            disabled={readOnly}
            onChange={(e) => set('active')(e.currentTarget.checked)}
            label={t('company.active')}
          />
          {errors.active && <div className={Classes.FORM_HELPER_TEXT} style={{ color: '#cd4246' }}>{errors.active}</div>}
        </div>
      </div>
      <h3 className={Classes.HEADING} id={id('modules-title')}>{t('company.modules')}</h3>
      {props.editableModules && !readOnly ? (
        <fieldset aria-labelledby={id('modules-title')} aria-describedby={modulesHelp} data-field="modules" style={{ border: 0, padding: 0, margin: 0 }}>
          <div style={{ ...grid, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
            {COMPANY_MODULES.map((m) => (
              <Checkbox
                key={m}
                label={labels.module(m)}
                checked={draft.modules.includes(m)}
                onChange={(e) => set('modules')(e.currentTarget.checked ? [...draft.modules, m] : draft.modules.filter((x) => x !== m))}
              />
            ))}
          </div>
          {errors.modules && (
            <div className={`${Classes.FORM_HELPER_TEXT} ${Classes.INTENT_DANGER}`} id={modulesHelp} style={{ color: '#cd4246' }}>
              {errors.modules}
            </div>
          )}
        </fieldset>
      ) : draft.modules.length ? (
        <ul aria-labelledby={id('modules-title')} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {[...draft.modules].sort((a, b) => a - b).map((m) => (
            <li key={m}>
              <Tag minimal>{labels.module(m)}</Tag>
            </li>
          ))}
        </ul>
      ) : (
        <p className={Classes.TEXT_MUTED}>{errors.modules ?? t('company.noModules')}</p>
      )}
    </>
  );

  const buttons = readOnly ? (props.extraButtons ?? null) : (
    <>
      {props.extraButtons}
      <Button type="submit" intent="primary" icon="floppy-disk" text={t('common.save')} loading={busy} />
    </>
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={props.label}>
      {props.layout ? props.layout(fields, buttons) : (
        <>
          {fields}
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>{buttons}</div>
        </>
      )}
    </form>
  );
}
