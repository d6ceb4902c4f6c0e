import { Outlet } from 'react-router';

/** The public layout: `/` only (it redirects). */
export function PublicLayout() {
  return <Outlet />;
}
