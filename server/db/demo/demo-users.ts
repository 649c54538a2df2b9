import { MODULES } from '../../../src/domain/modules.ts';
import { ROLES, type Role } from '../../../src/domain/roles.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Tx } from '../client.ts';
import { insertUser } from '../users.commands.ts';

/** Every demo account signs in with this password; the login page lists them. */
export const DEMO_PASSWORD = 'plantline';

export const DEMO_COMPANY = 'Northern Vapour Labs Inc.';

// One person per role, username = role name, so anyone can try the product as each role.
const PEOPLE: Record<Role, string> = {
  admin: 'Alexandra Moreau',
  inventory: 'Priya Natarajan',
  product_approval_admin: 'Daniel Okafor',
  supervisor: 'Marc-André Tremblay',
  warehouse: 'Kevin Lam',
  planning: 'Sofia Rossi',
  requester: 'Owen MacLeod',
  batcher: 'Jasmine Singh',
  bottler: 'Luca Bianchi',
  labeler: 'Hannah Kowalski',
  transfer: 'Mateo García',
  shipping: 'Ethan Roy',
  recovery: 'Chloé Gagnon',
  stamper: 'Noah Wilson',
  manager: 'Isabelle Fortin',
  qa_manager: 'Dr. Amara Nwosu',
  hplc_tech: 'Yuki Tanaka',
  supervisor_batcher: 'Gabriel Côté',
  supervisor_production: 'Emily Chen',
  stamp_inventory: 'Ryan Pelletier',
  recipes: 'Olivia Martin',
  recipe_approval: 'Samuel Bouchard',
  production_reports: 'Grace Anderson',
  sealer: 'Liam Murphy',
  cartoner: 'Ava Thompson',
  director: 'Catherine Lavoie',
  purchase: 'Benjamin Lee',
  sale: 'Zoé Bergeron',
  rd_requester: 'Arjun Mehta',
  rd_supervisor: 'Dr. Claire Dubois',
  rd_flavorist: 'Rafael Costa',
  rd_quality_control: 'Mei Wong',
  head_batcher: 'Victor Nguyen',
  training_supervisor: 'Sarah Campbell',
  trainer: 'Jacob Fraser',
  automation_tech: 'Felix Wagner',
};

export async function seedDemoUsers(tx: Tx, timezone: string): Promise<void> {
  // One hash for all: every demo account shares the published demo password anyway, and
  // hashing 36 times would add seconds to every first start.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const role of ROLES) {
    await insertUser(tx, {
      username: role,
      passwordHash,
      name: PEOPLE[role],
      email: `${role.replaceAll('_', '.')}@northernvapour.example`,
      company: DEMO_COMPANY,
      timezone,
      isDemo: true,
      roles: [role],
      modules: MODULES,
    });
  }
}
