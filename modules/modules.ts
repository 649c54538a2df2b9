import type { ModuleManifest } from '../src/domain/module-manifest.ts';
import { ASSEMBLY_MODULE } from './assembly/assembly.module.ts';
import { FORECAST_MODULE } from './forecast/forecast.module.ts';
import { GENERAL_MODULE } from './general/general.module.ts';
import { LAB_MODULE } from './lab/lab.module.ts';
import { PROJECTS_MODULE } from './projects/projects.module.ts';
import { RD_MODULE } from './rd/rd.module.ts';
import { SALES_MODULE } from './sales/sales.module.ts';
import { TRAINING_MODULE } from './training/training.module.ts';

// The modules built as slices, one line each (modules/README.md). The registries iterate this
// list; the modules not yet moved here still register in their layer folders.

export const MODULE_MANIFESTS = [
  GENERAL_MODULE,
  ASSEMBLY_MODULE,
  PROJECTS_MODULE,
  FORECAST_MODULE,
  SALES_MODULE,
  LAB_MODULE,
  RD_MODULE,
  TRAINING_MODULE,
] as const satisfies readonly ModuleManifest[];

/** The folder name of a module built as a slice. */
export type SliceName = (typeof MODULE_MANIFESTS)[number]['name'];
