import { sql, type SQL } from 'drizzle-orm';
import { productionSetting } from '../../../../src/domain/entities/production/production-settings.ts';
import { plantTime } from '../../../db/plant-time.ts';

// Which `report.shifts` shift a moment falls in (docs/domain/production.md §3.6 "Filters: …
// shift"), in the plant's time (COMPANY_TIMEZONE, like the reports' days). A shift whose end is
// before its start runs past midnight; one whose end equals its start takes the whole day. The
// shifts are the saved setting, or the ones the settings screen shows while it was never saved.

const FALLBACK = JSON.stringify(productionSetting('report.shifts')?.fallback ?? []);

/** The code of the shift `moment` (a timestamptz expression) falls in, or null. */
export function shiftOf(moment: SQL): SQL<string | null> {
  const time = sql`${plantTime(moment)}::time`;
  const start = sql`(s.shift ->> 'start')::time`;
  const end = sql`(s.shift ->> 'end')::time`;
  return sql<string | null>`(select s.shift ->> 'code'
      from jsonb_array_elements(coalesce(
             (select st.value from settings st
               where st.key = 'report.shifts' and jsonb_typeof(st.value) = 'array'),
             ${FALLBACK}::jsonb)) with ordinality as s(shift, n)
     where case when ${start} < ${end} then ${time} >= ${start} and ${time} < ${end}
                when ${start} > ${end} then ${time} >= ${start} or ${time} < ${end}
                else true end
     order by s.n limit 1)`;
}
