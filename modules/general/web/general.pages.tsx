import { ACCOUNT_MAPPINGS } from '../shared/entities/account-mappings.entity.ts';
import { CHART_OF_ACCOUNTS_LIST } from '../shared/entities/chart-of-accounts-list.entity.ts';
import { COUNTRIES } from '../shared/entities/countries.entity.ts';
import { CURRENCIES } from '../shared/entities/currencies.entity.ts';
import { CUSTOMERS } from '../shared/entities/customers.entity.ts';
import { CUSTOMER_ADDRESS_LINES, TAX_SETUP_LINES } from '../shared/entities/general-lines.ts';
import { GL_ACCOUNTS } from '../shared/entities/gl-accounts.entity.ts';
import { LOCATIONS } from '../shared/entities/locations.entity.ts';
import { PARAMETER_TYPES } from '../shared/entities/parameter-types.entity.ts';
import { PARAMETERS } from '../shared/entities/parameters.entity.ts';
import { PROVINCES } from '../shared/entities/provinces.entity.ts';
import { ROLES_LIST } from '../shared/entities/roles.entity.ts';
import { TAGS } from '../shared/entities/tags.entity.ts';
import { TAX_SETUPS } from '../shared/entities/tax-setups.entity.ts';
import { USERS } from '../shared/entities/users.entity.ts';
import { VAPING_DUTY_RATES } from '../shared/entities/vaping-duty-rates.entity.ts';
import { GENERAL_ROUTES } from '../shared/general.route-tree.ts';
import { entityFormScreen, entityScreen } from '../../../src/views/common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../../../src/views/modules/page-map.ts';
import { SettingsScreen } from './settings-screen.tsx';
import { USER_PASSWORD } from './user-password.extra.tsx';
import { TraceLink } from '../../../src/views/common/trace-link.tsx';

// Loaded lazily by the router, so Administration (and ag-grid with it) is a chunk of its own.
// Every screen is an entity screen derived from its declaration; customers and tax setups
// open their own form routes because they carry lines, the users form adds the password, and
// a setting's drawer edits its value alone.

/** Administration screens keyed by route name. */
export const pages: PageMap = {
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
