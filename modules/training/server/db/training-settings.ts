import {
  TRAINING_SETTING_DEFAULTS,
  type TrainingSettingKey,
} from '../../shared/entities/training-values.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { numberSetting } from '../../../../server/db/setting-value.ts';

/** A `training.*` setting, or its default while it was never saved. */
export function trainingSetting(db: Db | Tx, key: TrainingSettingKey): Promise<number> {
  return numberSetting(db, key, TRAINING_SETTING_DEFAULTS[key]);
}
