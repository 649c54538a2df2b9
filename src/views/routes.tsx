import {
  Navigate,
  Outlet,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router-dom';
import { useLoadingWhile } from './common/loading/use-loading.ts';
import { PageTitle, type RouteHandle } from './common/page-title.tsx';
import { NotAllowedPage } from './errors/not-allowed-page.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { LoginPage } from './login/login-page.tsx';
import { GuestOnly } from './session/guest-only.tsx';
import { RequireAuth } from './session/require-auth.tsx';
import { RedirectPage } from './shell/redirect-page.tsx';

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

/** The signed-in branch, which the route map's pages join once the first one is asked for. */
const SIGNED_IN = 'signed-in';

/**
 * The route table (docs/product.md §2): public pages, then the guard of the signed-in pages,
 * empty until `routerOptions` discovers them.
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
      { id: SIGNED_IN, element: <RequireAuth />, children: [] },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** The shell, with every page of the route map in it, lazily per module. */
const shellRoute = () =>
  import('./shell/route-objects.tsx').then(
    ({ buildRouteObjects }): RouteObject => ({
      // Its id makes a second patch a no-op: react-router keeps the route it already has.
      id: 'shell',
      // The shell is its own chunk too.
      lazy: () =>
        import('./shell/layout/shell-layout.tsx').then((m) => ({ Component: m.ShellLayout })),
      children: buildRouteObjects(),
    }),
  );

/**
 * The route map's pages are not part of the login page's download: the first navigation that
 * only a catch-all matches (the home page, any module page) loads them, adds them under the
 * guard and matches again; after that a path still unmatched is the catch-all's 404. Each
 * navigation patches again, as react-router skips the patch of one that was cancelled.
 */
export function routerOptions(): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  let shell: Promise<RouteObject> | undefined;
  return {
    patchRoutesOnNavigation: async ({ patch }) => {
      // A chunk that failed to load (the network dropped) is asked for again next time.
      shell ??= shellRoute().catch((error: unknown) => {
        shell = undefined;
        throw error;
      });
      patch(SIGNED_IN, [await shell]);
    },
  };
}
