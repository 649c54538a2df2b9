import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { DocumentLines } from '../../../src/domain/entity/line-fields.ts';
import { CUSTOMER_ADDRESS_LINES, TAX_SETUP_LINES } from './entities/general-lines.ts';
import { ACCOUNT_MAPPINGS } from './entities/account-mappings.entity.ts';
import { CHART_OF_ACCOUNTS_LIST } from './entities/chart-of-accounts-list.entity.ts';
import { COUNTRIES } from './entities/countries.entity.ts';
import { CURRENCIES } from './entities/currencies.entity.ts';
import { CUSTOMERS } from './entities/customers.entity.ts';
import { GL_ACCOUNTS } from './entities/gl-accounts.entity.ts';
import { LOCATIONS } from './entities/locations.entity.ts';
import { PARAMETER_TYPES } from './entities/parameter-types.entity.ts';
import { PARAMETERS } from './entities/parameters.entity.ts';
import { PROVINCES } from './entities/provinces.entity.ts';
import { ROLES_LIST } from './entities/roles.entity.ts';
import { SETTINGS } from './entities/settings.entity.ts';
import { TAGS } from './entities/tags.entity.ts';
import { TAX_SETUPS } from './entities/tax-setups.entity.ts';
import { USERS } from './entities/users.entity.ts';
import { VAPING_DUTY_RATES } from './entities/vaping-duty-rates.entity.ts';

/** Administration's declared entities (docs/domain/general.md §1). */
export const entities: readonly EntityDeclaration[] = [
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

/** A customer's addresses and a tax setup's taxes, edited on their forms. */
export const documentLines: readonly DocumentLines[] = [
  { entity: CUSTOMERS, lines: CUSTOMER_ADDRESS_LINES },
  { entity: TAX_SETUPS, lines: TAX_SETUP_LINES },
];
