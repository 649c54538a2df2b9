// The 36 roles of docs/product.md §6. A user holds one or more; `admin` bypasses role filtering.
export const ROLES = [
  'admin',
  'inventory',
  'product_approval_admin',
  'supervisor',
  'warehouse',
  'planning',
  'requester',
  'batcher',
  'bottler',
  'labeler',
  'transfer',
  'shipping',
  'recovery',
  'stamper',
  'manager',
  'qa_manager',
  'hplc_tech',
  'supervisor_batcher',
  'supervisor_production',
  'stamp_inventory',
  'recipes',
  'recipe_approval',
  'production_reports',
  'sealer',
  'cartoner',
  'director',
  'purchase',
  'sale',
  'rd_requester',
  'rd_supervisor',
  'rd_flavorist',
  'rd_quality_control',
  'head_batcher',
  'training_supervisor',
  'trainer',
  'automation_tech',
] as const;

export type Role = (typeof ROLES)[number];

const roleSet: ReadonlySet<string> = new Set(ROLES);

export function isRole(value: string): value is Role {
  return roleSet.has(value);
}

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
