import type { EntityRow } from '../domain/entities/entity-row.ts';

/**
 * A save the server did not apply but turned into a change request for an approver
 * (202 `change_requested`: an inventory user's new product or edit of an active one). Thrown by
 * the data provider so a form cannot mistake the request for the record it saved.
 */
export class ChangeRequested extends Error {
  constructor(readonly request: EntityRow) {
    super('change_requested');
    this.name = 'ChangeRequested';
  }
}

/** The message the server answers a save with when it opened a change request instead. */
export const CHANGE_REQUESTED = 'change_requested';
