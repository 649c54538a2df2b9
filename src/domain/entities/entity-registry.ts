import { MODULE_MANIFESTS } from '../../../modules/modules.ts';
import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import type { DocumentLines } from '../entity/line-fields.ts';
import type { PickerForm } from '../entity/picker-form.ts';
import { INVENTORY_ENTITIES } from './inventory.entities.ts';
import { PRODUCTION_ENTITIES } from './production.entities.ts';
import { STAMP_REEL_ENTITIES } from './production/stamp-reel.entities.ts';
import { STAMPING_ORDER_ENTITIES } from './production/stamping-order.entities.ts';
import { STAMPING_REPORT_ENTITIES } from './production/stamping-reports.entity.ts';
import { DISTRIBUTION_CENTER_ENTITIES } from './production/distribution-center.entities.ts';
import { STOCK_ENTITIES } from './stock.entities.ts';
import { PRODUCTION_REPORT_ENTITIES } from './production/production-reports.entity.ts';
import { FLOOR_REPORT_ENTITIES } from './production/floor-reports.entity.ts';
import { PRODUCTION_ORDER_VIEW_ENTITIES } from './production/production-order-views.entity.ts';
import { PRODUCTION_TRANSFER_ENTITIES } from './production/production-transfers.entity.ts';
import { PRODUCTION_TRANSFER_REPORT_ENTITIES } from './production/production-transfer-reports.entity.ts';
import { DAILY_ORDER_ENTITIES } from './production/daily-order-reports.entity.ts';
import { PURCHASE_ENTITIES } from './purchase.entities.ts';

// Every declared entity by name, so a `ref` field can find the entity it points at (its API
// for picker options, its label).

const ALL: EntityDeclaration[] = [
  ...INVENTORY_ENTITIES,
  ...STOCK_ENTITIES,
  ...PRODUCTION_ENTITIES,
  ...STAMP_REEL_ENTITIES,
  ...STAMPING_ORDER_ENTITIES,
  ...STAMPING_REPORT_ENTITIES,
  ...DISTRIBUTION_CENTER_ENTITIES,
  ...PRODUCTION_REPORT_ENTITIES,
  ...FLOOR_REPORT_ENTITIES,
  ...PRODUCTION_ORDER_VIEW_ENTITIES,
  ...PRODUCTION_TRANSFER_ENTITIES,
  ...PRODUCTION_TRANSFER_REPORT_ENTITIES,
  ...DAILY_ORDER_ENTITIES,
  ...PURCHASE_ENTITIES,
];

const BY_NAME = new Map(ALL.map((e) => [e.name, e]));
const FORMS: PickerForm[] = [];
const LINES: DocumentLines[] = [];

let moduleEntities: Promise<void> | undefined;
let complete = false;

/**
 * Adds the entities of the modules built as slices, from each one's
 * `modules/<name>/shared/<name>.entities.ts` (`entities`, `documentLines` for its documents'
 * line editors, and `forms` where the module asks for fields outside both), loaded apart so the
 * shell's route map, which reads their manifests, carries none of them. The server awaits it in buildApp, the browser
 * before a page (route-objects.tsx), the test suites in their setup.
 */
export function loadModuleEntities(): Promise<void> {
  moduleEntities ??= Promise.all(
    MODULE_MANIFESTS.map(
      ({ name }) =>
        import(`../../../modules/${name}/shared/${name}.entities.ts`) as Promise<{
          entities: readonly EntityDeclaration[];
          forms?: readonly PickerForm[];
          documentLines?: readonly DocumentLines[];
        }>,
    ),
  ).then((loaded) => {
    for (const entity of loaded.flatMap((module) => module.entities)) {
      ALL.push(entity);
      BY_NAME.set(entity.name, entity);
    }
    FORMS.push(...loaded.flatMap((module) => module.forms ?? []));
    LINES.push(...loaded.flatMap((module) => module.documentLines ?? []));
    complete = true;
  });
  return moduleEntities;
}

/** A lookup before the load would miss the modules' entities without a word, so it fails. */
function loaded(): void {
  if (!complete) {
    throw new Error("The modules' entities are not loaded: await loadModuleEntities() first");
  }
}

export function entityNamed(name: string): EntityDeclaration | undefined {
  loaded();
  return BY_NAME.get(name);
}

export function allEntities(): readonly EntityDeclaration[] {
  loaded();
  return ALL;
}

/** The slices' forms outside their entities (`forms` of their entities file). */
export function allModuleForms(): readonly PickerForm[] {
  loaded();
  return FORMS;
}

/** The slices' line editors (`documentLines` of their entities file). */
export function allModuleDocumentLines(): readonly DocumentLines[] {
  loaded();
  return LINES;
}
