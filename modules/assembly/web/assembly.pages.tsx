import { ASSEMBLY_ROUTES } from '../shared/assembly.route-tree.ts';
import {
  ASSEMBLY_FLOW_ACTION_LINES,
  ASSEMBLY_FLOWS,
  ASSEMBLY_MACHINES,
  ASSEMBLY_OPERATIONS,
  ASSEMBLY_PHASES,
  ASSEMBLY_SETTINGS,
  ASSEMBLY_SKIDS,
} from '../shared/entities/assembly-config.entities.ts';
import {
  ASSEMBLY_ORDERS,
  assemblyOrderDoc,
  KIT_COMPONENTS,
} from '../shared/entities/assembly-orders.entity.ts';
import {
  ASSEMBLY_DAMAGED_STAMPS,
  ASSEMBLY_REELS_SUMMARY,
  ASSEMBLY_STAMPING_REPORT,
} from '../shared/entities/assembly-reports.entity.ts';
import { STAMP_REELS } from '../../../src/domain/entities/production/stamp-reels.entity.ts';
import { ADMIN_EVENTS, assemblyRowActions } from '../shared/machines/assembly-order.row.ts';
import { entityScreen } from '../../../src/views/common/entity/entity-screen.tsx';
import { SettingsScreen } from '../../general/web/settings-screen.tsx';
import { notBuiltPages, type PageMap } from '../../../src/views/modules/page-map.ts';
import { StampReelPage } from '../../../src/views/modules/production/reels/stamp-reel.page.tsx';
import { AssemblyDashboardPage } from './assembly-dashboard.page.tsx';
import { AssemblyShippingDashboardPage } from './assembly-shipping-dashboard.page.tsx';
import { AssemblyOrderComponents } from './order-components.tsx';

// Loaded lazily by the router, so Assembly is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.
// Configuration is Production's screens over the assembly rows (docs/domain/assembly.md §4); a
// flow's actions are lines of its drawer form, as on Production's flows, so flow-actions opens the
// flows with that flow's drawer open.

const flowsScreen = (openParam?: string) =>
  entityScreen(ASSEMBLY_FLOWS, { lines: ASSEMBLY_FLOW_ACTION_LINES, openParam });

function AssemblySettingsScreen() {
  return <SettingsScreen entity={ASSEMBLY_SETTINGS} />;
}

/** Assembly screens keyed by route name. */
export const pages: PageMap = {
  ...notBuiltPages([ASSEMBLY_ROUTES]),
  'assembly.flows': flowsScreen(),
  'assembly.flow-actions': flowsScreen('flow_id'),
  'assembly.operations': entityScreen(ASSEMBLY_OPERATIONS),
  'assembly.phases': entityScreen(ASSEMBLY_PHASES),
  'assembly.machines': entityScreen(ASSEMBLY_MACHINES),
  'assembly.reels': entityScreen(STAMP_REELS, { formPath: '/assembly/reel' }),
  'assembly.reel': StampReelPage,
  'assembly.skids': entityScreen(ASSEMBLY_SKIDS),
  'assembly.kit-components': entityScreen(KIT_COMPONENTS),
  'assembly.settings': AssemblySettingsScreen,
  'assembly.assembly-orders': entityScreen(ASSEMBLY_ORDERS, {
    allowed: assemblyRowActions(ADMIN_EVENTS),
    details: (row) => <AssemblyOrderComponents row={assemblyOrderDoc(row)} />,
  }),
  'assembly.dashboard': AssemblyDashboardPage,
  'assembly.shipping-dashboard': AssemblyShippingDashboardPage,
  'assembly.stamping-report': entityScreen(ASSEMBLY_STAMPING_REPORT),
  'assembly.reels-summary': entityScreen(ASSEMBLY_REELS_SUMMARY),
  'assembly.damaged-stamps': entityScreen(ASSEMBLY_DAMAGED_STAMPS),
};
