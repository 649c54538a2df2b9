import { buildRoutes, form, group, page } from '../../../src/domain/route-map/route-builder.ts';

// Administration (docs/product.md §2 /general). Every page is the admin-only "General section".

const A = 'general' as const;

export const GENERAL_ROUTES = buildRoutes(
  group(
    '/general',
    'general',
    'Administration',
    'IconSettings',
    [
      page('/general/users', 'general.users', 'Users', 'IconUsers', A),
      page('/general/roles', 'general.roles', 'Roles', 'IconShieldLock', A),
      page(
        '/general/parameter_types',
        'general.parameter-types',
        'Parameter Types',
        'IconListDetails',
        A,
      ),
      page('/general/parameters', 'general.parameters', 'Parameters', 'IconAdjustments', A),
      page('/general/countries', 'general.countries', 'Countries', 'IconWorld', A),
      page('/general/provinces', 'general.provinces', 'Provinces', 'IconMap', A),
      page('/general/locations', 'general.locations', 'Locations', 'IconMapPin', A),
      page('/general/currencies', 'general.currencies', 'Currencies', 'IconCurrencyDollar', A),
      page('/general/customers', 'general.customers', 'Customers', 'IconAddressBook', A),
      form('/general/customer/:id?', 'general.customer', 'Customer', 'IconAddressBook', A),
      page('/general/tags', 'general.tags', 'Tags', 'IconTags', A),
      page('/general/tax_setups', 'general.tax-setups', 'Tax Setups', 'IconReceiptTax', A),
      form('/general/tax_setup/:id?', 'general.tax-setup', 'Tax Setup', 'IconReceiptTax', A),
      page(
        '/general/vaping_duty_rates',
        'general.vaping-duty-rates',
        'Vaping Duty Rates',
        'IconReceiptTax',
        A,
      ),
      page('/general/settings', 'general.settings', 'Settings', 'IconSettings', A),
      group('/general/accounting', 'general.accounting', 'Accounting', 'IconCalculator', [
        page(
          '/general/chart-of-accounts',
          'general.chart-of-accounts',
          'Chart of Accounts',
          'IconBinaryTree',
          A,
        ),
        page(
          '/general/accounting-mapping',
          'general.accounting-mapping',
          'Accounting Mapping',
          'IconArrowsExchange',
          A,
        ),
        page(
          '/general/reports/chart-of-accounts-list',
          'general.chart-of-accounts-list',
          'Chart of Accounts List',
          'IconReportAnalytics',
          A,
        ),
      ]),
    ],
    // The section row is a superset of every page's row, so it may gate the whole group.
    { module: 'general', area: A },
  ),
);
