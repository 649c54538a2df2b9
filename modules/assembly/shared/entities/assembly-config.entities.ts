import {
  declareEntity,
  type EntityDeclaration,
} from '../../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';
import type { LineItems } from '../../../../src/domain/entity/line-fields.ts';
import {
  FLOW_ACTION_LINES,
  FLOWS,
} from '../../../../src/domain/entities/production/flows.entity.ts';
import { MACHINES } from '../../../../src/domain/entities/production/machines.entity.ts';
import { OPERATIONS } from '../../../../src/domain/entities/production/operations.entity.ts';
import { PHASES } from '../../../../src/domain/entities/production/phases.entity.ts';
import { SKIDS } from '../../../../src/domain/entities/production/skids.entity.ts';
import { SETTINGS } from '../../../general/shared/entities/settings.entity.ts';

// Assembly's configuration (docs/domain/assembly.md §4 decision): Production's phases, operations,
// flows, machines and skids with module 'assembly'. Each is Production's declaration seen through
// the module: its own API (the binding scopes reads and writes to the module), the Assembly
// area, and references to the assembly phases and operations, so a picker offers only them.

/** Production's references that have an assembly twin. */
const TWINS: Readonly<Record<string, string>> = {
  phases: 'assembly_phases',
  operations: 'assembly_operations',
};

const scoped = (f: EntityField): EntityField => {
  if (f.name === 'module') {
    return { ...f, enumValues: ['assembly'], defaultValue: 'assembly', hidden: true };
  }
  const twin = f.ref ? TWINS[f.ref.entity] : undefined;
  return f.ref && twin ? { ...f, ref: { ...f.ref, entity: twin } } : f;
};

function assemblyView(entity: EntityDeclaration, path: string): EntityDeclaration {
  return {
    ...entity,
    name: `assembly_${entity.name}`,
    api: `/api/assembly/${path}`,
    area: 'assembly',
    writeArea: undefined,
    pickerAreas: undefined,
    channel: `private-assembly.${path}`,
    searchable: undefined,
    fields: entity.fields.map(scoped),
  };
}

export const ASSEMBLY_PHASES = assemblyView(PHASES, 'phases');
export const ASSEMBLY_OPERATIONS = assemblyView(OPERATIONS, 'operations');
export const ASSEMBLY_FLOWS = assemblyView(FLOWS, 'flows');
export const ASSEMBLY_MACHINES = assemblyView(MACHINES, 'machines');
export const ASSEMBLY_SKIDS = assemblyView(SKIDS, 'skids');

/** The `assembly.*` settings, edited on Assembly's own settings screen. */
export const ASSEMBLY_SETTINGS = declareEntity({
  ...SETTINGS,
  name: 'assembly_settings',
  api: '/api/assembly/settings',
  area: 'assembly',
  channel: 'private-assembly.settings',
});

/** The assembly skids shipping waits for (closed or received), read-only on its dashboard. */
export const ASSEMBLY_SHIPPING_SKIDS = declareEntity({
  ...ASSEMBLY_SKIDS,
  name: 'assembly_shipping_skids',
  api: '/api/assembly/shipping/skids',
  area: 'assembly_shipping',
  channel: 'private-assembly.shipping',
  writable: false,
});

/** An assembly flow's steps: assembly phases and operations only. */
export const ASSEMBLY_FLOW_ACTION_LINES: LineItems = {
  ...FLOW_ACTION_LINES,
  fields: FLOW_ACTION_LINES.fields.map(scoped),
};

export const ASSEMBLY_CONFIG_ENTITIES: readonly EntityDeclaration[] = [
  ASSEMBLY_PHASES,
  ASSEMBLY_OPERATIONS,
  ASSEMBLY_FLOWS,
  ASSEMBLY_MACHINES,
  ASSEMBLY_SKIDS,
  ASSEMBLY_SHIPPING_SKIDS,
  ASSEMBLY_SETTINGS,
];
