import { z } from 'zod';

// What GET production-orders/:id/story answers: a production order's story beyond its own
// row (its lab samples, label checks, stamping orders, skids and transfers), for the order's
// detail page and the route's OpenAPI schema. Times are ISO 8601 strings; quantities are
// numbers; a verdict is 1/0 as every boolean on the wire.

const flag = z.literal([0, 1]);

export const productionOrderStorySchema = z.object({
  hplc: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      sample_no: z.number().int(),
      /** initial, retest, rework. */
      reason: z.string(),
      status: z.string(),
      sampled_at: z.string().nullable(),
      /** The result's fields are null while the sample waits for the lab. */
      nominal_mg: z.number().nullable(),
      measured_mg: z.number().nullable(),
      percent_of_claim: z.number().nullable(),
      min_pct: z.number().nullable(),
      max_pct: z.number().nullable(),
      passed: flag.nullable(),
      override_passed: flag.nullable(),
      override_reason: z.string().nullable(),
      tested_at: z.string().nullable(),
      analyst_name: z.string().nullable(),
    }),
  ),
  label_checks: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      scanned_code: z.string(),
      expected_code: z.string().nullable(),
      lot_no_scanned: z.string().nullable(),
      /** pass or fail. */
      result: z.string(),
      by_name: z.string().nullable(),
    }),
  ),
  stamping: z.array(
    z.object({
      id: z.number().int(),
      number: z.string().nullable(),
      status: z.string(),
      planned_units: z.number(),
      applied_stamps: z.number(),
      wasted_stamps: z.number(),
      damaged_stamps: z.number(),
      stamped_units: z.number(),
      wasted_bottles: z.number(),
      started_at: z.string().nullable(),
      finished_at: z.string().nullable(),
    }),
  ),
  skids: z.array(
    z.object({
      id: z.number().int(),
      skid_code: z.string(),
      skid_status: z.string(),
      units: z.number(),
      cases: z.number(),
      lot_no: z.string(),
      transfer_id: z.number().int().nullable(),
      transfer_number: z.string().nullable(),
      transfer_status: z.string().nullable(),
      to_location: z.string().nullable(),
      shipped_at: z.string().nullable(),
      received_at: z.string().nullable(),
      loaded_at: z.string(),
    }),
  ),
});

export type ProductionOrderStory = z.infer<typeof productionOrderStorySchema>;
