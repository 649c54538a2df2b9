import type { Area } from '../access.ts';
import type { EntityField } from './entity-field.ts';

/**
 * Fields a module asks for outside its entities' own forms (a promotion's questions, a dialog's
 * picker), with the area whose roles fill them in: their references' pickers open to that area
 * (options-access.ts), as an entity's own fields open to its area.
 */
export type PickerForm = { readonly area: Area; readonly fields: readonly EntityField[] };
