import { ACCOUNT_MAPPINGS } from '../../../domain/entities/general/account-mappings.entity.ts';
import { CHART_OF_ACCOUNTS_LIST } from '../../../domain/entities/general/chart-of-accounts-list.entity.ts';
import { COUNTRIES } from '../../../domain/entities/general/countries.entity.ts';
import { CURRENCIES } from '../../../domain/entities/general/currencies.entity.ts';
import { CUSTOMERS } from '../../../domain/entities/general/customers.entity.ts';
import {
  CUSTOMER_ADDRESS_LINES,
  TAX_SETUP_LINES,
} from '../../../domain/entities/general/general-lines.ts';
import { GL_ACCOUNTS } from '../../../domain/entities/general/gl-accounts.entity.ts';
import { LOCATIONS } from '../../../domain/entities/general/locations.entity.ts';
import { PARAMETER_TYPES } from '../../../domain/entities/general/parameter-types.entity.ts';
import { PARAMETERS } from '../../../domain/entities/general/parameters.entity.ts';
import { PROVINCES } from '../../../domain/entities/general/provinces.entity.ts';
import { ROLES_LIST } from '../../../domain/entities/general/roles.entity.ts';
import { TAGS } from '../../../domain/entities/general/tags.entity.ts';
import { TAX_SETUPS } from '../../../domain/entities/general/tax-setups.entity.ts';
import { USERS } from '../../../domain/entities/general/users.entity.ts';
import { VAPING_DUTY_RATES } from '../../../domain/entities/general/vaping-duty-rates.entity.ts';
import { GENERAL_ROUTES } from '../../../domain/route-map/general.routes.ts';
import { entityFormScreen, entityScreen } from '../../common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';
import { SettingsScreen } from './settings-screen.tsx';
import { USER_PASSWORD } from './user-password.extra.tsx';
import { TraceLink } from '../../common/trace-link.tsx';

// Loaded lazily by the router, so Administration (and ag-grid with it) is a chunk of its own.
// Every screen is an entity screen derived from its declaration; customers and tax setups
// open their own form routes because they carry lines, the users form adds the password, and
// a setting's drawer edits its value alone.

/** Administration screens keyed by route name. */
export const generalPages: PageMap = {
  ...notBuiltPages([GENERAL_ROUTES]),
  'general.users': entityScreen(USERS, { extra: USER_PASSWORD }),
  'general.roles': entityScreen(ROLES_LIST),
  'general.parameter-types': entityScreen(PARAMETER_TYPES),
  'general.parameters': entityScreen(PARAMETERS),
  'general.countries': entityScreen(COUNTRIES),
  'general.provinces': entityScreen(PROVINCES),
  'general.locations': entityScreen(LOCATIONS),
  'general.currencies': entityScreen(CURRENCIES),
  'general.customers': entityScreen(CUSTOMERS, { formPath: '/general/customer' }),
  'general.customer': entityFormScreen(CUSTOMERS, {
    lines: CUSTOMER_ADDRESS_LINES,
    listPath: '/general/customers',
    toolbar: (row) => <TraceLink kind="customer" id={row.id} />,
  }),
  'general.tags': entityScreen(TAGS),
  'general.vaping-duty-rates': entityScreen(VAPING_DUTY_RATES),
  'general.tax-setups': entityScreen(TAX_SETUPS, { formPath: '/general/tax_setup' }),
  'general.tax-setup': entityFormScreen(TAX_SETUPS, {
    lines: TAX_SETUP_LINES,
    listPath: '/general/tax_setups',
  }),
  'general.settings': SettingsScreen,
  'general.chart-of-accounts': entityScreen(GL_ACCOUNTS),
  'general.accounting-mapping': entityScreen(ACCOUNT_MAPPINGS),
  'general.chart-of-accounts-list': entityScreen(CHART_OF_ACCOUNTS_LIST),
};
