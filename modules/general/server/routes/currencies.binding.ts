import { BASE_CURRENCY, CURRENCIES } from '../../shared/entities/currencies.entity.ts';
import { currencies } from '../../../../server/db/schema/general.ts';
import { ApiError, ruleError } from '../../../../server/errors/api-error.ts';
import type { EntityBinding } from '../../../../server/http/entity/entity-binding.ts';

// Exactly one base currency, and it is CAD: every rate is "to CAD" (docs/product.md §9 formats
// money as CAD). A second base, un-basing CAD or deleting it is refused; the partial unique index
// `currencies_one_base_uk` holds the line against concurrent writers.

export const currenciesBinding: EntityBinding = {
  entity: CURRENCIES,
  table: currencies,
  hooks: {
    beforeWrite: async ({ values, before }) => {
      const given = values.code ?? before?.code;
      const code = typeof given === 'string' ? given.toUpperCase() : '';
      if (!/^[A-Z]{3}$/.test(code)) {
        throw ruleError('code', 'Use the three-letter ISO code (CAD, USD, EUR…)');
      }
      const wasBase = before?.is_base === true;
      const isBase = values.is_base ?? wasBase;
      if (wasBase && (isBase !== true || code !== BASE_CURRENCY)) {
        throw ruleError(
          isBase !== true ? 'is_base' : 'code',
          `${BASE_CURRENCY} is the base currency and stays so; every rate is to ${BASE_CURRENCY}`,
        );
      }
      if (isBase === true && !wasBase) {
        throw ruleError(
          'is_base',
          code === BASE_CURRENCY
            ? `${BASE_CURRENCY} is already the base currency`
            : `Only ${BASE_CURRENCY} is the base currency; there is exactly one`,
        );
      }
      const rate = Number(values.rate_to_cad ?? before?.rate_to_cad);
      if (isBase === true && rate !== 1) {
        throw ruleError('rate_to_cad', 'The base currency converts to itself at 1');
      }
      return values.code === undefined ? undefined : { code };
    },
    beforeDelete: async ({ before }) => {
      if (before.is_base === true) {
        throw new ApiError('no_privileges', {
          is_base: `${BASE_CURRENCY} is the base currency and cannot be deleted`,
        });
      }
    },
  },
};
