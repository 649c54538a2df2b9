import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { useLoadingWhile } from './common/loading/use-loading.ts';
import { PageTitle, type RouteHandle } from './common/page-title.tsx';
import { NotAllowedPage } from './errors/not-allowed-page.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { LoginPage } from './login/login-page.tsx';
import { GuestOnly } from './session/guest-only.tsx';
import { RequireAuth } from './session/require-auth.tsx';
import { RedirectPage } from './shell/redirect-page.tsx';
import { buildRouteObjects } from './shell/route-objects.tsx';

const handle = (title: string): RouteHandle => ({ title });

/** While the first page's lazy chunks load, the shared loading overlay covers the screen. */
function FirstLoad() {
  useLoadingWhile(true);
  return null;
}

function Root() {
  return (
    <>
      <PageTitle />
      <Outlet />
    </>
  );
}

/**
 * The route table (docs/product.md §2): public pages, then the whole route map behind the guards.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: FirstLoad,
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
      {
        path: '/register',
        handle: handle('Register'),
        // Rarely visited, so a chunk of its own rather than part of the login page's load.
        lazy: () =>
          import('./register/register-page.tsx').then(({ RegisterPage }) => ({
            Component: () => (
              <GuestOnly>
                <RegisterPage />
              </GuestOnly>
            ),
          })),
      },
      { path: '/404', handle: handle('Page Not Found'), element: <NotFoundPage /> },
      { path: '/401', handle: handle('Not Allowed'), element: <NotAllowedPage /> },
      // The redirect helper: /redirect/a/b?q goes to /a/b?q, replacing itself in history.
      { path: '/redirect/*', element: <RedirectPage /> },
      {
        element: <RequireAuth />,
        children: [
          // Every page of every module (docs/product.md §2), lazily per module, in the shell, which
          // applies route visibility to navigation.
          {
            // The shell is its own chunk: the login page does not download it.
            lazy: () =>
              import('./shell/layout/shell-layout.tsx').then((m) => ({ Component: m.ShellLayout })),
            children: buildRouteObjects(),
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
