import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBus, isGateOpen, Theme, type Gate, type GateContext, type SessionSnapshot, type TezgahBus, type WorkbenchHost } from '@tezgah/core';
import type { Account, TezgahPromiseApi, UserCompany } from '@tezgah/sdk';
import { createNotifier, leavePage, pasteOverflow, type Notifier } from '../notify/notify';
import { updateSettings, useSettings } from '../settings/settings';
import { afterSignInTarget, afterSwitchTarget, isPermitted, rootTarget } from './landing';
import type { Registry } from './registry';
import { createQueryClient, forgetSession, invalidationMiddleware } from '../data/query';

export type SessionStatus = 'loading' | 'anonymous' | 'signed-in';

/** The shell's view of the session: the account, its companies and what can be done with it. */
export interface Shell {
  status: SessionStatus;
  account: Account | null;
  companies: UserCompany[];
  session: SessionSnapshot | null;
  gate: GateContext;
  theme: Theme;
  registry: Registry;
  api: TezgahPromiseApi;
  bus: TezgahBus;
  notify: Notifier;
  host: WorkbenchHost;
  /** Signs in and moves to the landing page; throws the SDK's tagged error on failure. */
  signIn(username: string, password: string, rememberMe: boolean): Promise<void>;
  signOut(): Promise<void>;
  switchCompany(companyId: number): Promise<void>;
  impersonate(login: string): Promise<void>;
  exitImpersonation(): Promise<void>;
  refresh(): Promise<void>;
  /** The session is locked ("Ekranı kilitle"): every path shows the lock screen until unlock. */
  locked: boolean;
  /** Locks the session on the server (POST /api/account/lock) and shows the lock screen. */
  lock(): Promise<void>;
  /** Unlocks with the password and goes back to the page the person was on; throws the SDK's tagged error. */
  unlock(password: string): Promise<void>;
  /** Where `/` leads for this session. */
  rootPath(): string;
}

const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside <HostProvider>');
  return shell;
}

/** The host as plugins get it (also passed to every contributed component as `host`). */
export function useHost(): WorkbenchHost {
  return useShell().host;
}

function snapshot(a: Account): SessionSnapshot {
  return {
    login: a.login, firstName: a.firstName, lastName: a.lastName, companyId: a.companyId, companyName: a.company.name,
    sectorKey: a.company.sectorKey, erpType: a.company.companyProfile.erpType ?? null, authorities: a.authorities,
    roles: a.roles, impersonating: a.impersonate, previousLogin: a.previousLogin ?? null,
  };
}

/** What the gates need to know about an account (none: nothing is open but module-less items). */
export function gateOf(account: Account | null, themeChoice: Theme | null): GateContext {
  return {
    authorities: account?.authorities ?? [],
    companyId: account?.companyId ?? null,
    theme: effectiveTheme(themeChoice, account?.company.sectorKey),
    erpType: account?.company.companyProfile.erpType ?? null,
    role: account?.role ?? null,
  };
}

/** The theme in force: the person's choice, else pharmacy for pharmacy-sector companies, else default. */
export function effectiveTheme(choice: Theme | null, sectorKey: string | undefined): Theme {
  if (choice) return choice;
  return sectorKey === 'ECZ' ? Theme.PHARMACY : Theme.DEFAULT;
}

export function HostProvider(props: { registry: Registry; api: TezgahPromiseApi; hasToken: () => boolean; queryClient?: QueryClient; children: ReactNode }) {
  const { registry, api } = props;
  // The data layer's cache: one per host, emptied when the session or its company changes.
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  useEffect(() => {
    // Every write through the SDK refreshes the reads of its collection (see data/query).
    const middleware = invalidationMiddleware(queryClient);
    api.client.use(middleware);
    return () => api.client.eject(middleware);
  }, [api, queryClient]);
  const navigate = useNavigate();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const [status, setStatus] = useState<SessionStatus>(props.hasToken() ? 'loading' : 'anonymous');
  const [account, setAccount] = useState<Account | null>(null);
  const [companies, setCompanies] = useState<UserCompany[]>([]);
  const bus = useMemo(() => createBus(), []);
  const notify = useMemo(() => createNotifier(t), [t]);
  const session = useMemo(() => (account ? snapshot(account) : null), [account]);
  const gate = useMemo(() => gateOf(account, settings.theme), [account, settings.theme]);
  const theme = gate.theme;

  const load = useCallback(async (): Promise<Account | null> => {
    try {
      // A locked session may read its account but not its companies (423): the lock screen needs none.
      // A deferred registry's plugins load alongside: the shell needs them from its first page on.
      const [a, cs] = await Promise.all([api.account(), api.userCompanies().then((list) => ({ list }), (error: unknown) => ({ error })), registry.ready?.()]);
      if ('error' in cs && !a.locked) throw cs.error;
      setAccount(a);
      setCompanies('list' in cs ? cs.list : []);
      setStatus('signed-in');
      return a;
    } catch {
      queryClient.clear();
      setAccount(null);
      setCompanies([]);
      setStatus('anonymous');
      return null;
    }
  }, [api, registry, queryClient]);

  useEffect(() => {
    if (props.hasToken()) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (i18n.language !== settings.language) void i18n.changeLanguage(settings.language);
    // The SDK sends the page's language as Accept-Language: the server's problems follow the UI.
    if (typeof document !== 'undefined') document.documentElement.lang = settings.language;
  }, [i18n, settings.language]);

  // A paste the field's maxLength cuts is said, not silently shortened (every form of every plugin).
  useEffect(() => {
    if (typeof document === 'undefined') return undefined;
    const onPaste = (e: ClipboardEvent) => {
      const el = e.target;
      if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return;
      const lost = pasteOverflow(el, e.clipboardData?.getData('text') ?? '');
      if (lost > 0) notify.warning(t('notify.pasteCut', { max: el.maxLength, lost }));
    };
    document.addEventListener('paste', onPaste, true);
    return () => document.removeEventListener('paste', onPaste, true);
  }, [notify, t]);

  // No error or warning outlives its page: a new path takes down those shown before it (a layout
  // effect, so before the new page's own effects can show anything).
  useLayoutEffect(() => { leavePage(); }, [location.pathname]);

  // A freshly loaded account's gate, before state has caught up with it.
  const gateFor = (a: Account) => gateOf(a, settings.theme);

  const host: WorkbenchHost = useMemo(() => ({
    session, bus,
    notify: { success: notify.success, warning: notify.warning, error: notify.error },
    navigate: (path: string) => navigate(path),
    can: (g: Gate) => isGateOpen(g, gate),
    language: settings.language,
    theme,
    apiBase: typeof window !== 'undefined' ? window.location.origin : '',
  }), [session, bus, notify, navigate, gate, settings.language, theme]);

  const shell: Shell = {
    status, account, companies, session, gate, theme, registry, api, bus, notify, host,
    locked: status === 'signed-in' && account?.locked === true,
    async signIn(username, password, rememberMe) {
      await api.authenticate({ username, password, rememberMe });
      // A new sign-in starts from nothing (a former session may have ended without a sign-out).
      queryClient.clear();
      const a = await load();
      if (!a) return;
      bus.emit('shell.session.changed', { login: a.login, impersonating: a.impersonate });
      notify.success(t('auth.welcome', { name: `${a.firstName} ${a.lastName}` }));
      // Back to the page the visitor was sent away from, if this session may see it.
      const from = (location.state as { from?: string } | null)?.from;
      const g = gateFor(a);
      navigate(afterSignInTarget(registry, g, from && isPermitted(registry, from, g) ? from : settings.lastRoute), { replace: true });
    },
    async signOut() {
      takeLockedFrom();
      try { await api.logout(); } catch { /* the session may already be gone */ }
      queryClient.clear();
      setAccount(null);
      setCompanies([]);
      setStatus('anonymous');
      bus.emit('shell.session.ended', { reason: 'logout' });
      navigate('/auth/login', { replace: true });
    },
    async switchCompany(companyId) {
      const from = account?.companyId ?? null;
      await api.companyAuthenticate(companyId);
      // Nothing read for the former company may show under the new one.
      forgetSession(queryClient);
      const a = await load();
      if (!a) return;
      bus.emit('shell.company.switched', { from, to: a.companyId });
      navigate(afterSwitchTarget(registry, gateFor(a), a.company.sectorKey), { replace: true });
    },
    async impersonate(login) {
      await api.impersonate(login, account?.login);
      forgetSession(queryClient);
      const a = await load();
      if (!a) return;
      bus.emit('shell.session.changed', { login: a.login, impersonating: true });
      navigate(afterSignInTarget(registry, gateFor(a), null), { replace: true });
    },
    async exitImpersonation() {
      if (!account?.previousLogin) return;
      await api.logoutImpersonate({ login: account.login, previousLogin: account.previousLogin });
      forgetSession(queryClient);
      const a = await load();
      if (!a) return;
      bus.emit('shell.session.changed', { login: a.login, impersonating: false });
      navigate(afterSignInTarget(registry, gateFor(a), null), { replace: true });
    },
    async refresh() { await load(); },
    async lock() {
      rememberLockedFrom(location.pathname + location.search);
      await api.lockSession();
      setAccount((a) => (a ? { ...a, locked: true } : a));
      navigate('/auth/lockscreen');
    },
    async unlock(password) {
      await api.unlockSession(password);
      const a = await load();
      if (!a) return;
      const from = takeLockedFrom();
      const g = gateFor(a);
      navigate(from && isPermitted(registry, from.split('?')[0]!, g) ? from : afterSignInTarget(registry, g, settings.lastRoute), { replace: true });
    },
    rootPath: () => (account ? rootTarget(registry, gate, account.company.sectorKey) : '/auth/login'),
  };

  // Plugins' setup hooks run once, with the host as it is then (again when a deferred registry's
  // plugins have come in: its list of plugins is then a new one).
  useEffect(() => {
    const cleanups = registry.plugins.map((p) => p.setup?.(host)).filter((c): c is () => void => typeof c === 'function');
    return () => cleanups.forEach((c) => c());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [registry, registry.plugins]);

  return (
    <QueryClientProvider client={queryClient}>
      <ShellContext.Provider value={shell}>{props.children}</ShellContext.Provider>
    </QueryClientProvider>
  );
}

const LOCKED_FROM = 'tezgah.lockedFrom';

/**
 * Remembers the page the person was on when the screen locked (kept for the tab, so a reload on
 * the lock screen still returns there); the first one wins, auth pages are not remembered.
 */
export function rememberLockedFrom(path: string): void {
  if (typeof sessionStorage === 'undefined' || path.startsWith('/auth/')) return;
  if (!sessionStorage.getItem(LOCKED_FROM)) sessionStorage.setItem(LOCKED_FROM, path);
}

/** The page to go back to after unlocking (and forgets it). */
export function takeLockedFrom(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  const from = sessionStorage.getItem(LOCKED_FROM);
  sessionStorage.removeItem(LOCKED_FROM);
  return from;
}

/** Remembers the last menu page for the routing after the next sign-in. */
export function rememberRoute(path: string): void {
  updateSettings({ lastRoute: path });
}
