import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { FORECAST_ALLOCATIONS } from './forecast/forecast-allocations.entity.ts';
import { FORECAST_PERIODS } from './forecast/forecast-periods.entity.ts';
import { FORECAST_PRODUCTION_PLANS } from './forecast/forecast-production-plans.entity.ts';
import { FORECAST_QTY_RANGES } from './forecast/forecast-qty-ranges.entity.ts';

/** Forecast's declared entities (docs/domain/forecast.md §11). */
export const FORECAST_ENTITIES: readonly EntityDeclaration[] = [
  FORECAST_PERIODS,
  FORECAST_ALLOCATIONS,
  FORECAST_PRODUCTION_PLANS,
  FORECAST_QTY_RANGES,
];
