import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useShell, rememberLockedFrom, rememberRoute } from '../host/HostProvider';
import { Contribution, Loading } from '../host/Contribution';
import { isPermitted } from '../host/landing';
import { AuthLayout } from '../layouts/AuthLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { authRoutes } from '../screens/auth/routes';
import { NotFound, ServerError } from '../screens/errors/ErrorScreens';
import { useDialogCloseLabels } from './dialogCloseLabels';

// The shell loads only once someone is signed in: the sign-in page stays light.
const MainLayout = lazy(() => import('../layouts/MainLayout').then((m) => ({ default: m.MainLayout })));

/** Main paths need a session: nothing renders while it loads; without one, the sign-in page. */
function RequireSession(props: { children: ReactNode }) {
  const shell = useShell();
  const location = useLocation();
  if (shell.status === 'loading') return null;
  if (shell.status === 'anonymous') return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return <>{props.children}</>;
}

/**
 * A locked session (shell.lock, or GET /api/account saying locked after a reload) sees the lock
 * screen on every path until the password is given; the server refuses its calls meanwhile (423).
 */
function LockGuard(props: { children: ReactNode }) {
  const shell = useShell();
  const { pathname, search } = useLocation();
  if (shell.locked && pathname !== LOCKSCREEN) {
    rememberLockedFrom(pathname + search);
    return <Navigate to={LOCKSCREEN} replace />;
  }
  return <>{props.children}</>;
}

const LOCKSCREEN = '/auth/lockscreen';

/** `/`: the sector's page for a session, the sign-in page otherwise. */
function Root() {
  const shell = useShell();
  if (shell.status === 'loading') return null;
  if (shell.status === 'anonymous') return <Navigate to="/auth/login" replace />;
  return <Navigate to={shell.rootPath()} replace />;
}

/** A plugin's page, if the session may see it. */
function PluginPage() {
  const shell = useShell();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = shell.registry.route(pathname);
  const allowed = route ? isPermitted(shell.registry, pathname, shell.gate) : false;
  useEffect(() => {
    if (allowed && shell.registry.trail(pathname).length) rememberRoute(pathname);
  }, [allowed, pathname, shell.registry]);
  if (!route) return <Navigate to="/auth/404" replace />;
  if (!allowed) return <NonIdealState icon="lock" title={t('notify.forbiddenTitle')} description={t('notify.forbidden')} />;
  return <Contribution key={pathname} load={route.load} params={shell.registry.params(pathname)} />;
}

export function App() {
  const { t } = useTranslation();
  useDialogCloseLabels(t('shell.closeDialog'));
  return (
    <Suspense fallback={<Loading />}>
      <LockGuard>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<Root />} />
          </Route>
          <Route path="/auth" element={<AuthLayout />}>
            {authRoutes()}
            <Route path="404" element={<NotFound />} />
            <Route path="500" element={<ServerError />} />
            <Route path="*" element={<Navigate to="/auth/404" replace />} />
          </Route>
          {authRoutes('/account')}
          <Route element={<RequireSession><MainLayout /></RequireSession>}>
            <Route path="*" element={<PluginPage />} />
          </Route>
        </Routes>
      </LockGuard>
    </Suspense>
  );
}

