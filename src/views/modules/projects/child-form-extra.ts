import type { FormExtra } from '../../common/entity-form/form-extra.ts';

// A new child row (a task, an item, a time record) takes its parent from the page it is
// created on: the parent's id goes with the create, never as an input.

export function parentExtra(field: string, parentId: number): FormExtra {
  return {
    values: {},
    validate: () => ({}),
    payload: (_values, creating) => (creating ? { [field]: parentId } : {}),
    render: () => null,
  };
}
