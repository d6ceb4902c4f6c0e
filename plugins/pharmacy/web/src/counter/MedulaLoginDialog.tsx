import { useEffect, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { isValidTckn, SEED_TEXTS } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { call, PATHS, wordsOf } from '../api';
import { useTexts } from '../texts';
import { MedulaSteps, newProgressId, STEPS_OF } from './MedulaSteps';

export interface MedulaLogin { username: string; password: string; captcha: string; tckn: string; ereceteNo: string }
const FIELDS = ['username', 'password', 'captcha', 'tckn', 'ereceteNo'] as const;
type Field = (typeof FIELDS)[number];

/**
 * What is wrong with a Medula login (seeds 001 §5: user name, password, captcha, national ID and
 * e-prescription number are required); the national ID must also pass its check digits. Keys are
 * message keys of `medulaLogin.errors`.
 */
export function loginErrors(v: MedulaLogin): Partial<Record<Field, 'required' | 'tckn'>> {
  const out: Partial<Record<Field, 'required' | 'tckn'>> = {};
  for (const f of FIELDS) if (!v[f].trim()) out[f] = 'required';
  if (!out.tckn && !isValidTckn(v.tckn.trim())) out.tckn = 'tckn';
  return out;
}

/** The captcha as GET login-page gives it (medula.yaml MedulaLoginPage): the image (a data URL, or bare base64 PNG) and its token. */
export function captchaOf(x: unknown): { src: string; token: string | null } | null {
  const o = (x ?? {}) as { captchaImage?: unknown; captchaToken?: unknown };
  const v = typeof o.captchaImage === 'string' && o.captchaImage !== '' ? o.captchaImage : null;
  if (!v) return null;
  return { src: v.startsWith('data:') ? v : `data:image/png;base64,${v}`, token: typeof o.captchaToken === 'string' ? o.captchaToken : null };
}

/**
 * The Medula login (seeds 001 §2 "Medula login", §5, §8): user name (the stored one offered),
 * password, the login page's captcha, the patient's national ID and the e-prescription number.
 * On success `onLogged` runs (the counter reads the prescription again); a refusal says
 * 'Medulaya giriş işlemi başarısız oldu' and brings a fresh captcha.
 */
export function MedulaLoginDialog(props: { ereceteNo?: string; tckn?: string; username?: string | null; onLogged: () => void; onClose: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [v, setV] = useState<MedulaLogin>({ username: props.username ?? '', password: '', captcha: '', tckn: props.tckn ?? '', ereceteNo: props.ereceteNo ?? '' });
  const [tried, setTried] = useState(false);
  const [progressId, setProgressId] = useState<string | null>(null);
  // Each captcha is asked once: a new key per opening and per 'new captcha' (the last one stays until the next is there).
  const [captchaKey, setCaptchaKey] = useState(newProgressId);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const page = useApiData(['GET', PATHS.loginPage, { captcha: captchaKey }], (api) => call(api)('GET', PATHS.loginPage), { keepPrevious: true, staleTime: Infinity });
  const captcha = page.data === undefined ? null : captchaOf(page.data);
  // The company's Medula user (pharmacy settings) offered when none was given; who may not read the settings types it.
  const stored = useApiData(['GET', PATHS.settings], (api) => call(api)('GET', PATHS.settings), { enabled: !props.username, report: false }).data;
  const storedUser = props.username ? null : (stored as { medula?: { username?: string | null } } | null | undefined)?.medula?.username;
  useEffect(() => {
    if (storedUser) setV((x) => (x.username ? x : { ...x, username: storedUser }));
  }, [storedUser]);
  const errors = loginErrors(v);
  const show = (f: Field) => (tried && errors[f] ? t(`medulaLogin.errors.${errors[f]}`) : undefined);
  async function submit() {
    setTried(true);
    setFailed(null);
    if (Object.keys(loginErrors(v)).length > 0) return;
    setBusy(true);
    try {
      const id = newProgressId();
      setProgressId(id);
      const body = { ...v, username: v.username.trim(), tckn: v.tckn.trim(), ereceteNo: v.ereceteNo.trim().toUpperCase(), captcha: v.captcha.trim(), ...(captcha?.token ? { captchaToken: captcha.token } : {}) };
      const r = await call(shell.api)('POST', PATHS.medulaLogin, { params: { query: { progressId: id } }, body }) as { state?: string } | null;
      if (r && r.state && r.state !== 'LOGGED') throw new Error(SEED_TEXTS.MEDULA_LOGIN_FAILED);
      props.onLogged();
    } catch (e) {
      const words = wordsOf(e);
      setFailed(words && words !== SEED_TEXTS.MEDULA_LOGIN_FAILED ? `${SEED_TEXTS.MEDULA_LOGIN_FAILED} (${words})` : SEED_TEXTS.MEDULA_LOGIN_FAILED);
      setV((x) => ({ ...x, captcha: '' }));
      setCaptchaKey(newProgressId());
    } finally {
      setBusy(false);
      setProgressId(null);
    }
  }
  const input = (f: Field, type = 'text', extra: object = {}) => (
    <FormGroup label={t(`medulaLogin.${f}`)} labelFor={`medula-login-${f}`} labelInfo="*" intent={show(f) ? 'danger' : 'none'} helperText={show(f)}>
      <InputGroup
        id={`medula-login-${f}`} type={type} value={v[f]} intent={show(f) ? 'danger' : 'none'} aria-invalid={Boolean(show(f))}
        onChange={(e) => { const value = e.currentTarget.value; setV((x) => ({ ...x, [f]: value })); }} {...extra}
      />
    </FormGroup>
  );
  return (
    <Dialog isOpen title={t('medulaLogin.title')} onClose={props.onClose} canOutsideClickClose={false} style={{ maxWidth: '96vw' }}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <DialogBody>
          {failed && <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>{failed}</Callout>}
          {input('username', 'text', { autoFocus: !v.username, autoComplete: 'username', maxLength: 50 })}
          {input('password', 'password', { autoFocus: Boolean(v.username), autoComplete: 'current-password', maxLength: 100 })}
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
            {captcha ? <img src={captcha.src} alt={t('medulaLogin.captchaImage')} style={{ height: 40, border: '1px solid #ccc' }} /> : <span className="bp6-text-muted">{t('medulaLogin.captchaLoading')}</span>}
            <Button variant="minimal" icon="refresh" aria-label={t('medulaLogin.newCaptcha')} title={t('medulaLogin.newCaptcha')} onClick={() => setCaptchaKey(newProgressId())} />
          </div>
          {input('captcha', 'text', { autoComplete: 'off', maxLength: 20 })}
          {input('tckn', 'text', { inputMode: 'numeric', maxLength: 11 })}
          {input('ereceteNo', 'text', { maxLength: 7 })}
          {busy && <MedulaSteps steps={STEPS_OF.login} progressId={progressId} />}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel')} onClick={props.onClose} />
          <Button type="submit" intent="primary" icon="log-in" text={t('medulaLogin.submit')} loading={busy} />
        </>} />
      </form>
    </Dialog>
  );
}
