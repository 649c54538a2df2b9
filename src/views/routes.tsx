import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PageTitle, type RouteHandle } from './common/page-title.tsx';
import { DashboardPage } from './dashboard/dashboard-page.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { LoginPage } from './login/login-page.tsx';
import { GuestOnly } from './session/guest-only.tsx';
import { RequireAuth } from './session/require-auth.tsx';

const handle = (title: string): RouteHandle => ({ title });

function Root() {
  return (
    <>
      <PageTitle />
      <Outlet />
    </>
  );
}

/** The spine's route table (spec §2); the shell issue grows it from the module route map. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/login',
        handle: handle('Login'),
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: '/404', handle: handle('Page Not Found'), element: <NotFoundPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <Navigate to="/dashboard" replace /> },
          { path: '/dashboard', handle: handle('Dashboard'), element: <DashboardPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
