import { and, ne, sql } from 'drizzle-orm';
import { FORECAST_QTY_RANGES } from '../../shared/entities/forecast-qty-ranges.entity.ts';
import { overlappingRanges } from '../../shared/entities/forecast-arithmetic.ts';
import { forecastProductionQtyRanges as ranges } from '../db/forecast.schema.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import type { EntityBinding } from '../../../../server/http/entity/entity-binding.ts';

// Production quantity ranges on the entity pattern. A planned quantity is rounded by the one
// range it falls in, so a range that meets another is refused, naming the one it meets.

const shown = (min: number, max: number | null) =>
  max === null ? `${min} and up` : `${min}–${max}`;

export const qtyRangesBinding: EntityBinding = {
  entity: FORECAST_QTY_RANGES,
  table: ranges,
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      const merged = { ...(before ?? {}), ...values };
      const min = Number(merged.min_units);
      const max =
        merged.max_units === null || merged.max_units === undefined
          ? null
          : Number(merged.max_units);
      if (max !== null && max < min)
        throw ruleError('max_units', 'To units must be at least From units');
      await tx.execute(sql`lock table forecast_production_qty_ranges in share row exclusive mode`);
      const others = await tx
        .select({ min: ranges.minUnits, max: ranges.maxUnits, roundTo: ranges.roundToUnits })
        .from(ranges)
        .where(and(before ? ne(ranges.id, before.id) : undefined))
        .orderBy(ranges.minUnits);
      const candidate = { min_units: min, max_units: max, round_to_units: 1 };
      const clash = others.find(
        (o) =>
          overlappingRanges([
            candidate,
            { min_units: o.min, max_units: o.max, round_to_units: o.roundTo },
          ]).length > 0,
      );
      if (clash) {
        throw ruleError(
          'min_units',
          `This range overlaps the range ${shown(clash.min, clash.max)}`,
        );
      }
    },
  },
};
