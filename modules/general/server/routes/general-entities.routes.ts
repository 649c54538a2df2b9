import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { COUNTRIES } from '../../shared/entities/countries.entity.ts';
import { PROVINCES } from '../../shared/entities/provinces.entity.ts';
import { ROLES_LIST } from '../../shared/entities/roles.entity.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { countries, provinces } from '../../../../server/db/schema/general.ts';
import { roles } from '../../../../server/db/schema/users.ts';
import { qualified, refLabel } from '../../../../server/http/entity/entity-binding.ts';
import { registerEntityRoutes } from '../../../../server/http/entity/entity-routes.ts';
import {
  accountMappingsBinding,
  chartOfAccountsListBinding,
  glAccountsBinding,
} from './accounting.binding.ts';
import { currenciesBinding } from './currencies.binding.ts';
import { customersBinding } from './customers.binding.ts';
import { locationsBinding } from './locations.binding.ts';
import { parametersBinding, parameterTypesBinding, tagsBinding } from './lookups.binding.ts';
import { registerSettingsRoutes } from './settings.binding.ts';
import { taxSetupsBinding } from './tax-setups.binding.ts';
import { vapingDutyRatesBinding } from './vaping-duty-rates.binding.ts';

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
