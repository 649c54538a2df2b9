import { buildRoutes, group, page } from './route-builder.ts';
import type { RouteMeta } from './route-meta.ts';

// The authenticated routes outside any module (docs/product.md §2): every signed-in user's, but the
// approval inbox, which is its approvers'.

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
  // Everything waiting for the person's decision, across modules; the top bar counts it live.
  buildRoutes(page('/approvals', 'approvals', 'Approvals', 'IconChecklist', 'approvals')),
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
