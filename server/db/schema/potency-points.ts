import { bigint, check, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import {
  CHART_SUBJECTS,
  type ChartSubject,
} from '../../../src/domain/entities/production/potency-chart-values.ts';
import { checkInList } from './check-in-list.ts';
import { hplcResults } from './production-orders.ts';

/**
 * The points of the potency control charts (docs/domain/production.md "Potency control
 * charts"): one row per HPLC result with a % of claim and per chart it is drawn on, its
 * order's product, its recipe and every batcher who ran the order's batching step, with the
 * result's test time. A chart's newest results are then the first rows of one index instead of
 * the subject's whole history joined through orders, requests and results and sorted. Written
 * only by the database's own triggers, in the transaction of the change it follows (result
 * recorded, order's product or recipe changed, batching step reassigned; hand-written
 * migration 0059_label_keys_sql).
 */
export const potencyPoints = pgTable(
  'potency_points',
  {
    hplcResultId: bigint({ mode: 'number' })
      .notNull()
      .references(() => hplcResults.id, { onDelete: 'cascade' }),
    subject: varchar({ length: 10 }).notNull().$type<ChartSubject>(),
    subjectId: bigint({ mode: 'number' }).notNull(),
    testedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hplcResultId, t.subject, t.subjectId] }),
    check('potency_points_subject_ck', checkInList('subject', CHART_SUBJECTS)),
    // A chart's newest CHART_WINDOW results in the order it is read (`tested_at desc, id
    // desc`), and a subject's count of results off the index alone.
    index('potency_points_chart_idx').on(
      t.subject,
      t.subjectId,
      t.testedAt.desc(),
      t.hplcResultId.desc(),
    ),
  ],
);
