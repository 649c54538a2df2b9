import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import { FORECAST_ALLOCATIONS } from './entities/forecast-allocations.entity.ts';
import { FORECAST_PERIODS } from './entities/forecast-periods.entity.ts';
import { FORECAST_PRODUCTION_PLANS } from './entities/forecast-production-plans.entity.ts';
import { FORECAST_QTY_RANGES } from './entities/forecast-qty-ranges.entity.ts';

/** Forecast's declared entities (docs/domain/forecast.md §11). */
export const entities: readonly EntityDeclaration[] = [
  FORECAST_PERIODS,
  FORECAST_ALLOCATIONS,
  FORECAST_PRODUCTION_PLANS,
  FORECAST_QTY_RANGES,
];
