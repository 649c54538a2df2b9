import { buildRoutes, group, page } from './route-builder.ts';
import type { RouteMeta } from './route-meta.ts';

// The authenticated routes outside any module (spec §2). No roles: every signed-in user.

export const CORE_ROUTES: readonly RouteMeta[] = [
  buildRoutes(
    page('/', 'root', 'Dashboard', 'IconHome', undefined, {
      redirect: '/dashboard',
      hidden: true,
      breadcrumb: false,
    }),
  ),
  // A pinned tab: it survives close-others and close-all.
  buildRoutes(
    page('/dashboard', 'dashboard', 'Dashboard', 'IconLayoutDashboard', undefined, { affix: true }),
  ),
  // Reached from the top-bar menu, not the sidebar.
  buildRoutes(
    group(
      '/profile',
      'profile',
      'Profile',
      'IconUser',
      [
        page('/profile/index', 'profile.index', 'Profile', 'IconUser', undefined, {
          noCache: true,
        }),
      ],
      { redirect: '/profile/index', hidden: true, breadcrumb: false },
    ),
  ),
];
