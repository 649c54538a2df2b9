import { COUNTRIES } from '../../../modules/general/shared/entities/countries.entity.ts';
import { PROVINCES } from '../../../modules/general/shared/entities/provinces.entity.ts';
import { describeEntityCrud, type EntityApiClient } from '../../support/entity-crud.ts';

// Two-letter codes from a counter, so every test row is unique: AA, AB, …
const code = (n: number) => String.fromCharCode(65 + (Math.floor(n / 26) % 26), 65 + (n % 26));

async function anyCountry(api: EntityApiClient): Promise<number> {
  const reply = await api.get<{ rows: { id: number }[] }>(COUNTRIES.api);
  const first = reply.data.rows[0];
  if (!first) throw new Error('no country');
  return first.id;
}

describeEntityCrud({
  entity: COUNTRIES,
  valid: (n) => ({ iso2: code(n + 30), name: `Country ${n}` }),
  change: { name: 'Renamed country' },
  invalid: { body: { iso2: 'TOO LONG', name: '' }, codes: { iso2: 'max', name: 'required' } },
  outsider: 'inventory',
  referenced: async (api) => {
    const country = await api.create(COUNTRIES, { iso2: 'ZZ', name: 'Zedland' });
    await api.create(PROVINCES, { country_id: country.id, code: 'ZA', name: 'Zed Province' });
    return country.id;
  },
});

describeEntityCrud({
  entity: PROVINCES,
  valid: async (n, api) => ({
    country_id: await anyCountry(api),
    code: code(n + 100),
    name: `Province ${n}`,
  }),
  change: { name: 'Renamed province' },
  invalid: {
    body: { country_id: 999999, code: 'QQ', name: 'Nowhere' },
    codes: { country_id: 'exists' },
  },
  outsider: 'batcher',
});
