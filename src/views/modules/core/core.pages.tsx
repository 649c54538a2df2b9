import { CORE_ROUTES } from '../../../domain/route-map/core.routes.ts';
import { DashboardPage } from '../../dashboard/dashboard-page.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// The screens outside any module, loaded lazily like the modules.

/** Core screens keyed by route name: the dashboard is built, the profile is not yet. */
export const corePages: PageMap = { ...notBuiltPages(CORE_ROUTES), dashboard: DashboardPage };
