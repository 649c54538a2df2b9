import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PageTitle, type RouteHandle } from './common/page-title.tsx';
import { NotAllowedPage } from './errors/not-allowed-page.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { LoginPage } from './login/login-page.tsx';
import { GuestOnly } from './session/guest-only.tsx';
import { RequireAuth } from './session/require-auth.tsx';
import { RequireRouteAccess } from './session/require-route-access.tsx';
import { buildRouteObjects } from './shell/route-objects.tsx';

const handle = (title: string): RouteHandle => ({ title });

function Root() {
  return (
    <>
      <PageTitle />
      <Outlet />
    </>
  );
}

/** The route table (spec §2): public pages, then the whole route map behind the guards. */
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
      { path: '/401', handle: handle('Not Allowed'), element: <NotAllowedPage /> },
      {
        element: <RequireAuth />,
        children: [
          // Every page of every module (spec §2), lazily per module, behind route visibility.
          { element: <RequireRouteAccess />, children: buildRouteObjects() },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
