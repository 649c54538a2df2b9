import { isRole, type Role } from './roles.ts';

// Roles as people read them, in screens and refusals: display code the route map (on the login
// page) does not need, so it lives apart from the list of roles.

/** Human name of a role, e.g. `qa_manager` → `QA Manager`, `rd_supervisor` → `R&D Supervisor`. */
export function roleLabel(role: Role): string {
  const spelled: Readonly<Record<string, string>> = { qa: 'QA', hplc: 'HPLC', rd: 'R&D' };
  return role
    .split('_')
    .map((w) => spelled[w] ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * Who may take a step, as a refusal tells a person: roles by their labels, never their codes.
 * `['admin', 'rd_supervisor']` → 'Only Admin or R&D Supervisor may do this'.
 */
export function onlyRolesMay(roles: readonly string[]): string {
  const names = [...new Set(roles)].map((r) => (isRole(r) ? roleLabel(r) : r));
  const who =
    names.length <= 1
      ? (names[0] ?? '')
      : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `Only ${who} may do this`;
}
