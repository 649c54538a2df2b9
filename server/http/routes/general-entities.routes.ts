import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { COUNTRIES } from '../../../src/domain/entities/general/countries.entity.ts';
import { PROVINCES } from '../../../src/domain/entities/general/provinces.entity.ts';
import { ROLES_LIST } from '../../../src/domain/entities/general/roles.entity.ts';
import type { AppDeps } from '../../app-deps.ts';
import { countries, provinces } from '../../db/schema/general.ts';
import { roles } from '../../db/schema/users.ts';
import { qualified, refLabel } from '../entity/entity-binding.ts';
import { registerEntityRoutes } from '../entity/entity-routes.ts';
import {
  accountMappingsBinding,
  chartOfAccountsListBinding,
  glAccountsBinding,
} from './general/accounting.binding.ts';
import { currenciesBinding } from './general/currencies.binding.ts';
import { customersBinding } from './general/customers.binding.ts';
import { locationsBinding } from './general/locations.binding.ts';
import {
  parametersBinding,
  parameterTypesBinding,
  tagsBinding,
} from './general/lookups.binding.ts';
import { registerSettingsRoutes } from './general/settings.binding.ts';
import { taxSetupsBinding } from './general/tax-setups.binding.ts';
import { vapingDutyRatesBinding } from './general/vaping-duty-rates.binding.ts';

// Administration's master data (docs/domain/general.md §1) on the entity pattern.

export function registerGeneralEntityRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, { entity: COUNTRIES, table: countries });
  registerEntityRoutes(app, deps, {
    entity: PROVINCES,
    table: provinces,
    computed: { country_name: refLabel(provinces.countryId, countries) },
  });
  // Roles are the access table's: seeded on every start, read-only here.
  registerEntityRoutes(app, deps, {
    entity: ROLES_LIST,
    table: roles,
    computed: {
      users_count:
        sql<number>`(select count(*)::int from user_roles ur where ur.role_id = ${qualified(roles.id)})`.mapWith(
          Number,
        ),
    },
  });
  for (const binding of [
    parameterTypesBinding,
    parametersBinding,
    locationsBinding,
    currenciesBinding,
    customersBinding,
    tagsBinding,
    taxSetupsBinding,
    vapingDutyRatesBinding,
    glAccountsBinding,
    accountMappingsBinding,
    chartOfAccountsListBinding,
  ]) {
    registerEntityRoutes(app, deps, binding);
  }
  registerSettingsRoutes(app, deps);
}
