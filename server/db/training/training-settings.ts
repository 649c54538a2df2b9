import {
  TRAINING_SETTING_DEFAULTS,
  type TrainingSettingKey,
} from '../../../src/domain/entities/training/training-values.ts';
import type { Db, Tx } from '../client.ts';
import { numberSetting } from '../setting-value.ts';

/** A `training.*` setting, or its default while it was never saved. */
export function trainingSetting(db: Db | Tx, key: TrainingSettingKey): Promise<number> {
  return numberSetting(db, key, TRAINING_SETTING_DEFAULTS[key]);
}
