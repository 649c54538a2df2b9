import { lazy, Suspense } from 'react';
import { CORE_ROUTES } from '../../../domain/route-map/core.routes.ts';
import { DashboardPage } from '../../dashboard/dashboard-page.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// The screens outside any module, loaded lazily like the modules.

// The profile and its form library are a chunk of their own: this file is part of what every
// signed-in page downloads first (the shell's bundle budget), and few visits open the profile.
const LazyProfilePage = lazy(() =>
  import('../../profile/profile-page.tsx').then(({ ProfilePage }) => ({ default: ProfilePage })),
);

// The approval inbox and its workflows (every decision's buttons) are a chunk of their own too.
const LazyApprovalsPage = lazy(() =>
  import('../../approvals/approvals-page.tsx').then(({ ApprovalsPage }) => ({
    default: ApprovalsPage,
  })),
);

function ApprovalsRoute() {
  return (
    <Suspense fallback={null}>
      <LazyApprovalsPage />
    </Suspense>
  );
}

function ProfileRoute() {
  return (
    <Suspense fallback={null}>
      <LazyProfilePage />
    </Suspense>
  );
}

/** Core screens keyed by route name. */
export const corePages: PageMap = {
  ...notBuiltPages(CORE_ROUTES),
  dashboard: DashboardPage,
  'profile.index': ProfileRoute,
  approvals: ApprovalsRoute,
};
