/**
 * `/`: the dashboard for the accounts that may view it (Dashboard › Dashboard › View). Anyone else lands on the
 * first menu page they may open, and an account that may open none sees the access-denied page.
 */
import { Navigate } from 'react-router-dom';
import { PAGE_ACCESS } from '../auth/access.ts';
import { ACCESS_DENIED_ROUTE, AUTHENTICATION_ERROR_ROUTE } from '../auth/denial.ts';
import { denialOf } from '../auth/RequireAccess.tsx';
import { useAccess } from '../auth/use-access.ts';
import { Dashboard } from '../dashboard/Dashboard.tsx';
import { useVisibleMenu } from '../layout/AppMenu.tsx';
import { menuLinks } from '../layout/menu.ts';

const DASHBOARD = PAGE_ACCESS.dashboard!;

export function Home() {
  const { isPending, error, can } = useAccess();
  const menu = useVisibleMenu();
  if (isPending) return null;
  if (error) return <Navigate to={AUTHENTICATION_ERROR_ROUTE} replace />;
  if (can(DASHBOARD)) return <Dashboard />;
  const first = menuLinks(menu).find((link) => link.to !== '/' && (link.permission || link.adminOnly));
  if (first) return <Navigate to={first.to} replace />;
  return (
    <Navigate to={ACCESS_DENIED_ROUTE} replace state={{ denial: denialOf(DASHBOARD, 'View', 'the Dashboard', '/') }} />
  );
}
