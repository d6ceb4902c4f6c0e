import { useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, Radio, RadioGroup, Tab, Tabs } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompanyType, DEFAULT_SECTOR, isValidTckn, isValidVkn } from '@tezgah/core';
import type { RegisterInfo, Sector } from '@tezgah/sdk';
import { useShell } from '../../host/HostProvider';
import { useSettings } from '../../settings/settings';
import { Field, type FieldProps } from './Field';
import {
  collect, emailError, errorInfo, hasErrors, isValidPhone, passwordError, phoneError, repeatError, requiredError,
  serverFieldErrors, tidyPhone, without, type Errors,
} from './forms';

/** The wizard's steps (seeds §4): user form, company form, summary; then /auth/registered. */
const STEPS = ['user', 'company', 'summary'] as const;
type Step = 0 | 1 | 2;

interface Values {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  repeatPassword: string;
  companyType: CompanyType;
  taxNumber: string;
  name: string;
  title: string;
  taxOffice: string;
  sectorId: string;
  companyEmail: string;
  companyPhone: string;
}

/** Each field's path in RegisterInfo: the name the server's fieldErrors use and the key of `errors`. */
const PATH: Record<keyof Values, string> = {
  login: 'user.login',
  firstName: 'user.firstName',
  lastName: 'user.lastName',
  email: 'user.email',
  phone: 'user.phone',
  password: 'user.password',
  repeatPassword: 'user.repeatPassword',
  companyType: 'company.companyType',
  taxNumber: 'company.taxNumber',
  name: 'company.name',
  title: 'company.title',
  taxOffice: 'company.taxOffice',
  sectorId: 'company.sectorId',
  companyEmail: 'company.email',
  companyPhone: 'company.phone',
};

const stepOf = (path: string): Step => (path.startsWith('user.') ? 0 : path.startsWith('company.') ? 1 : 2);

/** The answer of a username or e-mail check, for the value that was checked. */
type Availability = Partial<Record<'login' | 'email', { value: string; available: boolean }>>;

const EMPTY: Values = {
  login: '', firstName: '', lastName: '', email: '', phone: '', password: '', repeatPassword: '',
  companyType: CompanyType.INDIVIDUAL, taxNumber: '', name: '', title: '', taxOffice: '', sectorId: '', companyEmail: '', companyPhone: '',
};

/**
 * /auth/register: a three-step wizard. Step 1, the user (national ID as the login, checked for
 * availability on blur); step 2, the company (an individual's tax number is a TCKN, a
 * corporation's a VKN; the sector defaults to pharmacy); step 3, the summary, sent with
 * `register`. The server's field errors go back to their step and field.
 */
export function Register() {
  const shell = useShell();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useSettings();
  const [step, setStep] = useState<Step>(0);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [avail, setAvail] = useState<Availability>({});
  const [sectors, setSectors] = useState<Sector[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    shell.api.sectors().then(
      (list) => {
        if (!live) return;
        setSectors(list);
        const preferred = list.find((s) => s.key === DEFAULT_SECTOR) ?? list[0];
        if (preferred) setValues((v) => (v.sectorId ? v : { ...v, sectorId: String(preferred.id) }));
      },
      (err: unknown) => { if (live) shell.notify.failure(err); },
    );
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = <K extends keyof Values>(name: K) => (value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((all) => without(all, PATH[name]));
  };

  const sectorName = (s: Sector) => t(`auth.registration.sectors.${s.key}`, { defaultValue: s.name });
  const companyTypeName = (type: CompanyType) => t(type === CompanyType.INDIVIDUAL ? 'auth.registration.individual' : 'auth.registration.corporation');

  /** Asks the server whether a login or e-mail is free; null when the check itself failed. */
  async function checkAvailability(which: 'login' | 'email', value: string): Promise<boolean | null> {
    try {
      const r = which === 'login' ? await shell.api.checkUsername(value) : await shell.api.checkMail(value);
      setAvail((a) => ({ ...a, [which]: { value, available: r.available } }));
      return r.available;
    } catch {
      // The check is a convenience: the registration call checks again.
      return null;
    }
  }

  const loginError = (v: Values, a: Availability): string | null => {
    const login = v.login.trim();
    if (!login) return t('common.required');
    if (!isValidTckn(login)) return t('auth.invalidTckn');
    return a.login?.value === login && !a.login.available ? t('auth.registration.loginTaken') : null;
  };
  const userEmailError = (v: Values, a: Availability): string | null => {
    const format = emailError(t, v.email);
    if (format) return format;
    return a.email?.value === v.email.trim() && !a.email.available ? t('auth.registration.emailTaken') : null;
  };

  const userErrors = (v: Values, a: Availability): Errors => collect({
    [PATH.login]: loginError(v, a),
    [PATH.firstName]: requiredError(t, v.firstName),
    [PATH.lastName]: requiredError(t, v.lastName),
    [PATH.email]: userEmailError(v, a),
    [PATH.phone]: phoneError(t, v.phone),
    [PATH.password]: passwordError(t, v.password),
    [PATH.repeatPassword]: repeatError(t, v.password, v.repeatPassword),
  });

  const companyErrors = (v: Values): Errors => {
    const tax = v.taxNumber.trim();
    const taxError = !tax
      ? t('common.required')
      : v.companyType === CompanyType.INDIVIDUAL
        ? (isValidTckn(tax) ? null : t('auth.invalidTckn'))
        : (isValidVkn(tax) ? null : t('auth.invalidVkn'));
    return collect({
      [PATH.taxNumber]: taxError,
      [PATH.name]: requiredError(t, v.name),
      [PATH.sectorId]: v.sectorId ? null : t('common.required'),
      [PATH.companyEmail]: v.companyEmail.trim() ? emailError(t, v.companyEmail) : null,
      [PATH.companyPhone]: phoneError(t, v.companyPhone, false),
    });
  };

  /** The field errors of one step replace that step's earlier ones. */
  const showStepErrors = (s: Step, found: Errors) => {
    setErrors((all) => ({ ...Object.fromEntries(Object.entries(all).filter(([k]) => stepOf(k) !== s)), ...found }));
  };

  async function blurLogin() {
    const login = values.login.trim();
    const format = login ? loginError(values, {}) : null;
    if (format) { showField(PATH.login, format); return; }
    if (!login || avail.login?.value === login) return;
    if ((await checkAvailability('login', login)) === false) showField(PATH.login, t('auth.registration.loginTaken'));
  }

  async function blurEmail() {
    const email = values.email.trim();
    const format = email ? emailError(t, email) : null;
    if (format) { showField(PATH.email, format); return; }
    if (!email || avail.email?.value === email) return;
    if ((await checkAvailability('email', email)) === false) showField(PATH.email, t('auth.registration.emailTaken'));
  }

  const showField = (path: string, message: string) => setErrors((all) => ({ ...all, [path]: message }));

  /** Runs the checks not yet done for the current login and e-mail, and answers what is known. */
  async function availabilityNow(): Promise<Availability> {
    let a = avail;
    const login = values.login.trim();
    const email = values.email.trim();
    const [l, m] = await Promise.all([
      isValidTckn(login) && a.login?.value !== login ? checkAvailability('login', login) : Promise.resolve(null),
      !emailError(t, email) && a.email?.value !== email ? checkAvailability('email', email) : Promise.resolve(null),
    ]);
    if (l !== null) a = { ...a, login: { value: login, available: l } };
    if (m !== null) a = { ...a, email: { value: email, available: m } };
    return a;
  }

  async function next() {
    setNotice(null);
    if (step === 0) {
      setBusy(true);
      const a = await availabilityNow();
      setBusy(false);
      const found = userErrors(values, a);
      showStepErrors(0, found);
      if (hasErrors(found)) return;
      if (!values.taxNumber && values.companyType === CompanyType.INDIVIDUAL) setValues((v) => ({ ...v, taxNumber: v.login.trim() }));
      setStep(1);
    } else if (step === 1) {
      const found = companyErrors(values);
      showStepErrors(1, found);
      if (hasErrors(found)) return;
      setStep(2);
    }
  }

  function body(v: Values): RegisterInfo {
    const optional = (key: 'title' | 'taxOffice' | 'email' | 'phone', value: string) => (value.trim() ? { [key]: value.trim() } : {});
    return {
      user: {
        login: v.login.trim(), firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim(),
        phone: v.phone.trim(), password: v.password, repeatPassword: v.repeatPassword, langKey: settings.language,
      },
      company: {
        name: v.name.trim(), companyType: v.companyType, taxNumber: v.taxNumber.trim(), sectorId: Number(v.sectorId),
        ...optional('title', v.title), ...optional('taxOffice', v.taxOffice), ...optional('email', v.companyEmail), ...optional('phone', v.companyPhone),
      },
    };
  }

  async function submit() {
    setNotice(null);
    const found = { ...userErrors(values, avail), ...companyErrors(values) };
    if (hasErrors(found)) {
      setErrors(found);
      setStep(Math.min(...Object.keys(found).map(stepOf)) as Step);
      setNotice(t('auth.registration.fixFields'));
      return;
    }
    setBusy(true);
    try {
      const r = await shell.api.register(body(values));
      navigate('/auth/registered', { state: { login: r.login, email: values.email.trim(), status: r.status } });
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (hasErrors(fields)) {
        setErrors(fields);
        const first = Math.min(...Object.keys(fields).map(stepOf)) as Step;
        setStep(first);
        const unplaced = Object.entries(fields).filter(([k]) => stepOf(k) === 2).map(([, m]) => m);
        setNotice(unplaced.length ? unplaced.join(' ') : t('auth.registration.fixFields'));
      } else {
        const e = errorInfo(err);
        // A conflict with no field (the same registration twice) reads the server's detail here too.
        if (e.tag === 'Conflict' && e.detail) setNotice(e.detail);
        shell.notify.failure(err);
      }
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (step < 2) void next();
    else void submit();
  }

  const field = (name: keyof Values, label: string, extra: Partial<FieldProps> = {}) => (
    <Field
      id={`register-${name}`}
      label={label}
      value={values[name]}
      onChange={set(name) as (v: string) => void}
      error={errors[PATH[name]]}
      {...extra}
    />
  );
  const optional = t('auth.registration.optional');
  const taxLabel = values.companyType === CompanyType.INDIVIDUAL ? t('auth.registration.taxNumberIndividual') : t('auth.registration.taxNumberCorporation');

  const userPanel = (
    <div>
      {field('login', t('auth.nationalId'), {
        onBlur: () => void blurLogin(), inputMode: 'numeric', maxLength: 11, autoComplete: 'username', autoFocus: true,
        info: avail.login?.value === values.login.trim() && avail.login.available ? t('auth.registration.available') : undefined,
      })}
      {field('firstName', t('auth.registration.firstName'), { autoComplete: 'given-name', maxLength: 50 })}
      {field('lastName', t('auth.registration.lastName'), { autoComplete: 'family-name', maxLength: 50 })}
      {field('email', t('auth.email'), {
        type: 'email', onBlur: () => void blurEmail(), autoComplete: 'email',
        info: avail.email?.value === values.email.trim() && avail.email.available ? t('auth.registration.available') : undefined,
      })}
      {field('phone', t('auth.phone'), { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 20, onBlur: () => setValues((v) => ({ ...v, phone: tidyPhone(v.phone) })) })}
      {field('password', t('auth.password'), { type: 'password', autoComplete: 'new-password' })}
      {field('repeatPassword', t('auth.registration.repeatPassword'), { type: 'password', autoComplete: 'new-password' })}
    </div>
  );

  const companyPanel = (
    <div>
      <RadioGroup
        label={t('auth.registration.companyType')}
        inline
        selectedValue={values.companyType}
        onChange={(e) => {
          const type = e.currentTarget.value as CompanyType;
          setValues((v) => ({ ...v, companyType: type }));
          setErrors((all) => without(all, PATH.taxNumber));
        }}
      >
        <Radio value={CompanyType.INDIVIDUAL} label={t('auth.registration.individual')} />
        <Radio value={CompanyType.CORPORATION} label={t('auth.registration.corporation')} />
      </RadioGroup>
      {field('taxNumber', taxLabel, { inputMode: 'numeric', maxLength: values.companyType === CompanyType.INDIVIDUAL ? 11 : 10 })}
      {field('name', t('auth.registration.companyName'), { maxLength: 200, autoComplete: 'organization' })}
      {field('title', t('auth.registration.companyTitle'), { labelInfo: optional, maxLength: 250 })}
      {field('taxOffice', t('auth.registration.taxOffice'), { labelInfo: optional, maxLength: 100 })}
      <FormGroup
        label={t('auth.registration.sector')}
        labelFor="register-sectorId"
        intent={errors[PATH.sectorId] ? 'danger' : 'none'}
        helperText={errors[PATH.sectorId] ? <span id="register-sectorId-error">{errors[PATH.sectorId]}</span> : undefined}
      >
        <HTMLSelect
          id="register-sectorId"
          fill
          value={values.sectorId}
          onChange={(e) => set('sectorId')(e.currentTarget.value)}
          aria-invalid={!!errors[PATH.sectorId]}
          aria-describedby={errors[PATH.sectorId] ? 'register-sectorId-error' : undefined}
          options={[{ value: '', label: '—', disabled: true }, ...sectors.map((s) => ({ value: String(s.id), label: sectorName(s) }))]}
        />
      </FormGroup>
      {field('companyPhone', t('auth.registration.companyPhone'), {
        labelInfo: optional, type: 'tel', inputMode: 'tel', maxLength: 20,
        onBlur: () => setValues((v) => ({ ...v, companyPhone: v.companyPhone.trim() && isValidPhone(v.companyPhone) ? tidyPhone(v.companyPhone) : v.companyPhone })),
      })}
      {field('companyEmail', t('auth.registration.companyEmail'), { labelInfo: optional, type: 'email' })}
    </div>
  );

  const show = (v: string) => v.trim() || t('auth.registration.empty');
  const sector = sectors.find((s) => String(s.id) === values.sectorId);
  const rows: [string, string][] = [
    [t('auth.nationalId'), show(values.login)],
    [t('auth.registration.firstName'), show(values.firstName)],
    [t('auth.registration.lastName'), show(values.lastName)],
    [t('auth.email'), show(values.email)],
    [t('auth.phone'), show(values.phone)],
    [t('auth.password'), '•'.repeat(Math.min(values.password.length, 12))],
  ];
  const companyRows: [string, string][] = [
    [t('auth.registration.companyType'), companyTypeName(values.companyType)],
    [taxLabel, show(values.taxNumber)],
    [t('auth.registration.companyName'), show(values.name)],
    [t('auth.registration.companyTitle'), show(values.title)],
    [t('auth.registration.taxOffice'), show(values.taxOffice)],
    [t('auth.registration.sector'), sector ? sectorName(sector) : t('auth.registration.empty')],
    [t('auth.registration.companyPhone'), show(values.companyPhone)],
    [t('auth.registration.companyEmail'), show(values.companyEmail)],
  ];
  const table = (caption: string, list: [string, string][]) => (
    <HTMLTable compact striped className="tz-register-summary" aria-label={caption}>
      <caption>{caption}</caption>
      <tbody>
        {list.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
  const summaryPanel = (
    <div>
      {table(t('auth.registration.userStep'), rows)}
      {table(t('auth.registration.companyStep'), companyRows)}
    </div>
  );

  const stepTitle = (i: number, key: 'userStep' | 'companyStep' | 'summaryStep') => `${i + 1}. ${t(`auth.registration.${key}`)}`;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.registration.title')}>
      <h2>{t('auth.registration.title')}</h2>
      {notice && <Callout intent="danger">{notice}</Callout>}
      <Tabs
        id="register-steps"
        selectedTabId={STEPS[step]}
        onChange={(id) => {
          const target = STEPS.indexOf(id as (typeof STEPS)[number]);
          if (target >= 0 && target < step) setStep(target as Step);
        }}
        renderActiveTabPanelOnly
      >
        <Tab id="user" title={stepTitle(0, 'userStep')} panel={userPanel} />
        <Tab id="company" title={stepTitle(1, 'companyStep')} panel={companyPanel} disabled={step < 1} />
        <Tab id="summary" title={stepTitle(2, 'summaryStep')} panel={summaryPanel} disabled={step < 2} />
      </Tabs>
      <div className="tz-auth-links">
        <Button text={t('common.back')} icon="arrow-left" disabled={step === 0 || busy} onClick={() => { setNotice(null); setStep((step - 1) as Step); }} />
        {step < 2 ? (
          <Button type="submit" intent="primary" text={t('common.next')} endIcon="arrow-right" loading={busy} />
        ) : (
          <Button type="submit" intent="primary" text={t('auth.registration.submit')} icon="tick" loading={busy} />
        )}
      </div>
      <div className="tz-auth-links">
        <Link to="/auth/login">{t('auth.registration.haveAccount')}</Link>
      </div>
    </form>
  );
}
