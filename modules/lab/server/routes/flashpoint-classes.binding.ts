import { FLASHPOINT_CLASSES } from '../../shared/entities/flashpoint-classes.entity.ts';
import { overlappingClass } from '../db/flashpoint-classes.ts';
import { flashpointClasses } from '../db/lab-receiving.schema.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import type { EntityBinding } from '../../../../server/http/entity/entity-binding.ts';

// Flashpoint classes on the entity pattern; a range that is upside down or meets another
// class's range is refused with the class it clashes with, so the person can fix one of them.

const celsius = (n: number) => `${n.toFixed(1)} °C`;

export const flashpointClassesBinding: EntityBinding = {
  entity: FLASHPOINT_CLASSES,
  table: flashpointClasses,
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      const minC = Number(values.min_c ?? before?.min_c);
      const maxC = Number(values.max_c ?? before?.max_c);
      if (minC > maxC) throw ruleError('max_c', 'Max °C must be at least Min °C');
      const clash = await overlappingClass(tx, minC, maxC, before?.id ?? null);
      if (clash) {
        throw ruleError(
          'min_c',
          `This range overlaps class ${clash.code} (${celsius(clash.min_c)} to ${celsius(clash.max_c)})`,
        );
      }
    },
  },
};
