import type { FormExtra } from '../../../src/views/common/entity-form/form-extra.ts';

// A new child row (a task, an item, a time record) takes its parent from the page it is
// created on: the parent's id is the form's value of its (ownInput) field, never typed, so the
// declared `required` holds and the payload carries it.

export function parentExtra(field: string, parentId: number): FormExtra {
  return {
    values: { [field]: parentId },
    validate: () => ({}),
    payload: () => ({}),
    render: () => null,
  };
}
