import { describe, expect, it } from 'vitest';
import { onlyRolesMay, roleLabel } from '../../../src/domain/role-labels.ts';

// Roles as people read them: in a refusal's tooltip and on the user screens, by label.

describe('roles in words', () => {
  it('names a role by its label', () => {
    expect(roleLabel('qa_manager')).toBe('QA Manager');
    expect(roleLabel('rd_supervisor')).toBe('R&D Supervisor');
    expect(roleLabel('automation_tech')).toBe('Automation Tech');
  });

  it('says who may take a step, never by the role codes', () => {
    expect(onlyRolesMay(['admin', 'rd_supervisor'])).toBe(
      'Only Admin or R&D Supervisor may do this',
    );
    expect(onlyRolesMay(['admin', 'batcher', 'head_batcher', 'batcher'])).toBe(
      'Only Admin, Batcher or Head Batcher may do this',
    );
    expect(onlyRolesMay(['planning'])).toBe('Only Planning may do this');
  });
});
