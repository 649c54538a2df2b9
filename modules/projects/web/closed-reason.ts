import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// Why a project or task form is read-only: finished work is changed by its workflow only.

export function closedReason(label: string, closed: readonly string[]) {
  return (row: EntityRow): string | null => {
    const status = String(row.status);
    if (!closed.includes(status)) return null;
    return `This ${label} is ${status.replaceAll('_', ' ')}: only its workflow changes it now.`;
  };
}
