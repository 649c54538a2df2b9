import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { ACCOUNT_MAPPINGS } from './general/account-mappings.entity.ts';
import { CHART_OF_ACCOUNTS_LIST } from './general/chart-of-accounts-list.entity.ts';
import { COUNTRIES } from './general/countries.entity.ts';
import { CURRENCIES } from './general/currencies.entity.ts';
import { CUSTOMERS } from './general/customers.entity.ts';
import { GL_ACCOUNTS } from './general/gl-accounts.entity.ts';
import { LOCATIONS } from './general/locations.entity.ts';
import { PARAMETER_TYPES } from './general/parameter-types.entity.ts';
import { PARAMETERS } from './general/parameters.entity.ts';
import { PROVINCES } from './general/provinces.entity.ts';
import { ROLES_LIST } from './general/roles.entity.ts';
import { SETTINGS } from './general/settings.entity.ts';
import { TAGS } from './general/tags.entity.ts';
import { TAX_SETUPS } from './general/tax-setups.entity.ts';
import { USERS } from './general/users.entity.ts';
import { VAPING_DUTY_RATES } from './general/vaping-duty-rates.entity.ts';

/** Administration's declared entities (docs/domain/general.md §1). */
export const GENERAL_ENTITIES: readonly EntityDeclaration[] = [
  USERS,
  COUNTRIES,
  PROVINCES,
  ROLES_LIST,
  PARAMETER_TYPES,
  PARAMETERS,
  LOCATIONS,
  CURRENCIES,
  CUSTOMERS,
  TAGS,
  TAX_SETUPS,
  VAPING_DUTY_RATES,
  SETTINGS,
  GL_ACCOUNTS,
  ACCOUNT_MAPPINGS,
  CHART_OF_ACCOUNTS_LIST,
];
