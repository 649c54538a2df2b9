import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { CARTS } from './production/carts.entity.ts';
import { FLOWS } from './production/flows.entity.ts';
import { HPLC_CATEGORIES } from './production/hplc-categories.entity.ts';
import { HPLC_REQUESTS } from './production/hplc-requests.entity.ts';
import { ISSUE_DETAILS, ISSUE_SECTIONS } from './production/issues.entity.ts';
import { MACHINES, STAMPING_MACHINES } from './production/machines.entity.ts';
import { OPERATIONS } from './production/operations.entity.ts';
import { PAILS } from './production/pails.entity.ts';
import { PHASES } from './production/phases.entity.ts';
import { PRODUCTION_ORDERS } from './production/production-orders.entity.ts';
import { PRODUCTION_ORDER_CORRECTIONS } from './production/production-order-corrections.entity.ts';
import { PRODUCTION_RECOVERIES } from './production/production-recoveries.entity.ts';
import { RECIPES } from './production/recipes.entity.ts';
import { RECIPE_IMPORT_JOBS } from './production/recipe-import-jobs.entity.ts';
import { SKIDS } from './production/skids.entity.ts';
import {
  MAINTENANCE_ASSIGNEES,
  WORK_ORDER_COMMENTS_REPORT,
  WORK_ORDERS,
} from './production/work-orders.entity.ts';

/** Production's declared entities (docs/domain/production.md §3), as its screens are built. */
export const PRODUCTION_ENTITIES: readonly EntityDeclaration[] = [
  HPLC_CATEGORIES,
  PHASES,
  OPERATIONS,
  FLOWS,
  MACHINES,
  STAMPING_MACHINES,
  CARTS,
  SKIDS,
  PAILS,
  RECIPES,
  RECIPE_IMPORT_JOBS,
  PRODUCTION_ORDERS,
  PRODUCTION_ORDER_CORRECTIONS,
  PRODUCTION_RECOVERIES,
  HPLC_REQUESTS,
  ISSUE_SECTIONS,
  ISSUE_DETAILS,
  WORK_ORDERS,
  MAINTENANCE_ASSIGNEES,
  WORK_ORDER_COMMENTS_REPORT,
];
