import { eq } from 'drizzle-orm';
import { COMPANY_SETTING_KEY } from '../../modules/general/shared/entities/company-setting.ts';
import type { Letterhead } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import type { Db } from './client.ts';
import { settings } from './schema/general.ts';

// The company's letterhead for printed documents (a PO, its PDF, a packing slip): read by the
// server so the people who print need not read the Administration settings (admin only).

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export async function readLetterhead(db: Db): Promise<Letterhead> {
  const [setting] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, COMPANY_SETTING_KEY));
  const value = (setting?.value ?? {}) as Record<string, unknown>;
  return {
    name: text(value.name) ?? 'Plantline',
    address: text(value.address),
    phone: text(value.phone),
    business_number: text(value.business_number),
    excise_licence: text(value.excise_licence),
  };
}
