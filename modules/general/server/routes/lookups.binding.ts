import { PARAMETER_TYPES } from '../../shared/entities/parameter-types.entity.ts';
import { PARAMETERS } from '../../shared/entities/parameters.entity.ts';
import { TAG_COLOR, TAGS } from '../../shared/entities/tags.entity.ts';
import { parameters, parameterTypes, tags } from '../../../../server/db/schema/general.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import { sql } from 'drizzle-orm';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';

// Lookup families and their values, and the tags other entities carry.

export const parameterTypesBinding: EntityBinding = {
  entity: PARAMETER_TYPES,
  table: parameterTypes,
};

export const parametersBinding: EntityBinding = {
  entity: PARAMETERS,
  table: parameters,
  computed: { parameter_type_name: refLabel(parameters.parameterTypeId, parameterTypes) },
  // A picker of one family (stamp jurisdictions) names its type code, declared on the field.
  optionsOfType: (code) =>
    sql`${qualified(parameters.parameterTypeId)} in (select t.id from parameter_types t where t.code = ${code})`,
};

export const tagsBinding: EntityBinding = {
  entity: TAGS,
  table: tags,
  hooks: {
    beforeWrite: async ({ values }) => {
      if (values.color === undefined) return;
      if (values.color === null) return { color: '#409EFF' };
      if (typeof values.color !== 'string' || !TAG_COLOR.test(values.color)) {
        throw ruleError('color', 'Use a colour such as #409EFF');
      }
      return { color: values.color.toUpperCase() };
    },
  },
};
