import { sql, type SQLWrapper } from 'drizzle-orm';

// The company's time zone (COMPANY_TIMEZONE) in SQL. Days in reports and dashboards are the
// plant's days, not UTC's: a batch finished at 21:00 in Toronto belongs to that evening. Each
// connection of a server is told the zone when it opens (client.ts), so bindings built once
// at load still follow the configuration of the server that runs them.

/** The session setting every connection of a server carries (client.ts sets it). */
export const PLANT_TIME_ZONE_SETTING = 'plantline.time_zone';

const zone = sql.raw(`current_setting('${PLANT_TIME_ZONE_SETTING}')`);

/** A timestamptz as the plant's wall-clock time (a timestamp without zone). */
export const plantTime = (moment: SQLWrapper) => sql`(${moment} at time zone ${zone})`;

/** A timestamptz's day at the plant. */
export const plantDay = (moment: SQLWrapper) => sql`${plantTime(moment)}::date`;

/** Today at the plant. */
export const plantToday = sql`(now() at time zone ${zone})::date`;

/** The moment today began at the plant (a timestamptz). */
export const plantDayStart = sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;

/** The moment the plant's day `day` (a date expression) ends: its next midnight there. */
export const plantDayEnd = (day: SQLWrapper) => sql`((${day} + 1)::timestamp at time zone ${zone})`;
