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
